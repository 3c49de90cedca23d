#include "index/import/import_batch.h"

#include <algorithm>
#include <cstring>

#include "core/literal_codec.h"
#include "core/vocab.h"

namespace cairn::index {

using core::TermKind;
namespace otype = core::otype;

// Local ids in rows are 1-based (interner id + 1) so that 0 keeps meaning "no node" (the default
// graph), as final dictionary ids do.
uint64_t ImportBatch::iriId(std::string_view iri) { return uint64_t{iris_.intern(iri)} + 1; }
uint64_t ImportBatch::stringId(std::string_view s) { return uint64_t{strings_.intern(s)} + 1; }

uint64_t ImportBatch::nodeId(const core::TermView& term, BlankNodeScope& scope) {
  if (term.kind == TermKind::kBlank) return scope.idOf(term.value);
  return iriId(term.value);
}

uint64_t ImportBatch::predicateId(std::string_view iri) {
  uint64_t tail = 0;
  std::memcpy(&tail, iri.data() + (iri.size() >= 8 ? iri.size() - 8 : 0), std::min<size_t>(8, iri.size()));
  size_t slot = ((tail * 0x9E3779B97F4A7C15ULL) >> 58) ^ (iri.size() & (kPredicateCacheSize - 1));
  CachedPredicate& cached = predicateCache_[slot % kPredicateCacheSize];
  if (cached.id != 0 && cached.iri == iri) return cached.id;
  cached.id = iriId(iri);
  cached.iri.assign(iri);
  return cached.id;
}

uint16_t ImportBatch::cachedCode(std::unordered_map<std::string, uint16_t>& cache,
                                 SharedCodeTable& table, std::string_view s) {
  // Tags and datatypes are few; a per-batch cache keeps workers off the shared table's mutex.
  auto it = cache.find(std::string(s));
  if (it != cache.end()) return it->second;
  uint16_t code = table.codeOf(s);
  if (code != 0) cache.emplace(std::string(s), code);
  return code;
}

core::Status ImportBatch::encodeObject(const core::TermView& term, BlankNodeScope& scope,
                                       QuadRow& row) {
  switch (term.kind) {
    case TermKind::kIri:
      row.ot = otype::kIri;
      row.ok = iriId(term.value);
      return core::Status::ok();
    case TermKind::kBlank:
      row.ot = otype::kBlank;
      row.ok = scope.idOf(term.value);
      return core::Status::ok();
    case TermKind::kLiteral:
      break;
  }
  if (!term.language.empty()) {
    uint16_t code = cachedCode(languageCache_, tables_.languages, term.language);
    if (code == 0) {
      return core::Status::invalidArgument("more than " +
                                           std::to_string(otype::kMaxLanguageCode) +
                                           " distinct language tags");
    }
    row.ot = core::langStringType(code);
    row.ok = stringId(term.value);
    return core::Status::ok();
  }
  if (term.datatype.empty() || term.datatype == core::vocab::kXsdString) {
    row.ot = otype::kString;
    row.ok = stringId(term.value);
    return core::Status::ok();
  }
  if (auto builtin = core::builtinTypeForDatatype(term.datatype)) {
    if (auto key = core::encodeInline(*builtin, term.value)) {
      row.ot = *builtin;
      row.ok = *key;
    } else {
      // Non-canonical or ill-typed: kept exactly as written.
      row.ot = core::lexicalTypeOf(*builtin);
      row.ok = stringId(term.value);
    }
    return core::Status::ok();
  }
  uint16_t code = cachedCode(datatypeCache_, tables_.datatypes, term.datatype);
  if (code == 0) {
    return core::Status::invalidArgument("more than " + std::to_string(otype::kMaxDatatypeCode) +
                                         " distinct literal datatypes");
  }
  row.ot = core::otherDatatypeType(code);
  row.ok = stringId(term.value);
  return core::Status::ok();
}

core::Status ImportBatch::add(const core::rdf::StatementView& st, BlankNodeScope& scope,
                              std::optional<std::string_view> graphOverride) {
  QuadRow row;
  if (st.subject.kind == TermKind::kIri && st.subject.value == lastSubject_ &&
      lastSubjectId_ != UINT64_MAX) {
    row.s = lastSubjectId_;
  } else {
    row.s = nodeId(st.subject, scope);
    if (st.subject.kind == TermKind::kIri) {
      lastSubject_.assign(st.subject.value);
      lastSubjectId_ = row.s;
    }
  }
  row.p = predicateId(st.predicate.value);
  CAIRN_RETURN_IF_ERROR(encodeObject(st.object, scope, row));
  if (st.graph) {
    row.g = nodeId(*st.graph, scope);
  } else if (graphOverride) {
    row.g = iriId(*graphOverride);
  } else {
    row.g = core::kNoNode;
  }
  if (rowChunks_.empty() || rowChunks_.back().size() == kChunkRows) {
    rowChunks_.emplace_back().reserve(kChunkRows);
  }
  rowChunks_.back().push_back(row);
  ++rowCount_;
  return core::Status::ok();
}

void ImportBatch::releaseVocabularies() {
  iris_ = StringInterner();
  strings_ = StringInterner();
}

uint64_t ImportBatch::memoryBytes() const {
  return rowChunks_.size() * kChunkRows * sizeof(QuadRow) + iris_.memoryBytes() +
         strings_.memoryBytes();
}

}  // namespace cairn::index
