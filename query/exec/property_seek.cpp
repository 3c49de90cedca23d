#include "query/exec/property_seek.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "query/exec/cypher_row_view.h"
#include "query/exec/cypher_runtime.h"
#include "query/graph/value_terms.h"

namespace cairn::query {

namespace {

CypherRuntime& runtimeOf(ExecContext& ctx) {
  CypherRuntime* runtime = ctx.cypher();
  if (runtime == nullptr) {
    throw core::Error(core::ErrorCode::kUnsupported,
                      "PropertySeek runs only in a Cypher statement");
  }
  return *runtime;
}

bool isIntegerType(core::ObjectType t) {
  return t >= core::otype::kInteger && t <= core::otype::kUnsignedByte;
}

bool isTemporalType(core::ObjectType t) {
  return t >= core::otype::kDateTime && t <= core::otype::kDateTimeStamp;
}

bool isTemporal(value::ValueKind k) {
  using K = value::ValueKind;
  return k == K::kDate || k == K::kLocalTime || k == K::kTime || k == K::kLocalDateTime ||
         k == K::kDateTime || k == K::kDuration;
}

// The integer a number equals, if it equals one.
std::optional<int64_t> integralValue(const value::Value& v) {
  if (v.kind() == value::ValueKind::kInteger) return v.asInteger();
  const double f = v.asFloat();
  // 2^63 is exact as a double; every double below it in magnitude that is integral fits.
  if (!std::isfinite(f) || std::trunc(f) != f || std::fabs(f) >= 9223372036854775808.0) {
    return std::nullopt;
  }
  return static_cast<int64_t>(f);
}

// The double a number equals exactly, if there is one.
std::optional<double> exactDouble(const value::Value& v) {
  if (v.kind() == value::ValueKind::kFloat) return v.asFloat();
  const int64_t i = v.asInteger();
  const auto d = static_cast<double>(i);
  if (d >= 9223372036854775808.0 || static_cast<int64_t>(d) != i) return std::nullopt;
  return d;
}

}  // namespace

PropertySeek::PropertySeek(ExecContext& ctx, std::string node, const std::string& keyIri,
                           const Expr& value)
    : Operator(ctx, "PropertySeek", {std::move(node)}),
      runtime_(runtimeOf(ctx)),
      value_(compileCypher(value, {})) {
  if (auto id = ctx.terms().findStored(core::Term::iri(keyIri)); id && core::isNode(id->type)) {
    predicate_ = id->key;
  }
  if (!ctx.defaultScope().graphs.empty()) graph_ = ctx.defaultScope().graphs.front();
  if (ctx.describesPlan()) {
    addDetail("property", "?" + variables()[0] + " " + core::toNTriples(core::Term::iri(keyIri)) +
                              " = " + toString(value));
    addDetail("access", "POST seek per object type the property holds");
  }
}

PropertySeek::Read PropertySeek::planType(core::ObjectType type, uint64_t& key) {
  using K = value::ValueKind;
  const K kind = v_.kind();
  if (!core::isLiteral(type)) return Read::kNothing;  // relationships, not properties
  if (kind == K::kList) return Read::kWholeType;
  if (core::isLexicalBuiltin(type)) {
    // Non-canonical or ill-typed forms ("01"^^xsd:integer): values without a key to seek.
    return kind == K::kString || kind == K::kInteger || kind == K::kFloat || kind == K::kBoolean ||
                   isTemporal(kind)
               ? Read::kWholeType
               : Read::kNothing;
  }
  if (kind == K::kString) {
    // xsd:string, language strings and other datatypes key their lexical form; a string equals
    // no inline value.
    if (!core::keyIsString(type) || !stringKey_) return Read::kNothing;
    key = *stringKey_;
    return Read::kExactKey;
  }
  auto exactIn = [&](const value::Value& as) {
    auto term = graph::valueToTerm(as);
    if (!term) return Read::kNothing;
    auto id = ctx_.terms().findStored(*term);
    if (!id || id->type != type) return Read::kNothing;
    key = id->key;
    return Read::kExactKey;
  };
  if (kind == K::kInteger || kind == K::kFloat) {
    if (isIntegerType(type)) {
      auto i = integralValue(v_);
      if (!i) return Read::kNothing;
      if (type == core::otype::kInteger) return exactIn(value::Value::integer(*i));
      auto id = ctx_.terms().findStored(
          core::Term::literal(std::to_string(*i), std::string(core::datatypeOfBuiltin(type))));
      if (!id || id->type != type) return Read::kNothing;  // out of the type's range
      key = id->key;
      return Read::kExactKey;
    }
    if (type == core::otype::kDouble) {
      auto d = exactDouble(v_);
      return d ? exactIn(value::Value::floating(*d)) : Read::kWholeType;
    }
    return type == core::otype::kDecimal || type == core::otype::kFloat ? Read::kWholeType
                                                                        : Read::kNothing;
  }
  if (kind == K::kBoolean) {
    return type == core::otype::kBoolean ? exactIn(v_) : Read::kNothing;
  }
  if (isTemporal(kind)) {
    // Zoned and local forms, xsd and sys: datatypes: compared by value above, not by key.
    return isTemporalType(type) || core::isOtherDatatype(type) ? Read::kWholeType : Read::kNothing;
  }
  return Read::kNothing;  // maps, graph entities: never a property's value
}

void PropertySeek::readRange(core::ObjectType type, uint64_t lowKey, uint64_t highKey) {
  const index::SnapshotReader* reader = ctx_.reader(graph_, index::Permutation::kPOST);
  if (reader == nullptr) return;
  index::ScanRange range;
  range.low = {*predicate_, type, lowKey, 0, 0};
  range.high = {*predicate_, type, highKey, UINT64_MAX, UINT64_MAX};
  index::SnapshotCursor cursor =
      reader->scan(range, index::columnBit(index::Column::kS), ctx_.asOf());
  index::ColumnBatch batch;
  while (true) {
    auto more = cursor.next(batch);
    if (!more.isOk()) throwStorageError(more.status());
    const auto& s = batch.column(index::Column::kS);
    const auto bytes = static_cast<int64_t>(batch.rows * sizeof(core::NodeId));
    charge(bytes);
    charged_ += bytes;
    subjects_.insert(subjects_.end(), s.begin(),
                     s.begin() + static_cast<std::ptrdiff_t>(batch.rows));
    if (!*more) break;
  }
}

void PropertySeek::collect() {
  collected_ = true;
  const value::SpanRow noRow({});
  v_ = value_.evaluate(noRow, runtime_.eval());
  if (!predicate_ || v_.isNull()) return;
  const index::SnapshotReader* reader = ctx_.reader(graph_, index::Permutation::kPOST);
  if (reader == nullptr) return;
  stringKey_.reset();
  if (v_.kind() == value::ValueKind::kString) {
    auto id = ctx_.ledger().encodeString(v_.asString());
    if (!id.isOk()) throwStorageError(id.status());
    stringKey_ = *id;
  }
  // One seek finds the next object type the predicate holds; each type is read as planned.
  uint64_t type = 0;
  while (type <= UINT16_MAX) {
    auto row = reader->seek({*predicate_, type, 0, 0, 0}, ctx_.asOf());
    if (!row.isOk()) throwStorageError(row.status());
    if (!*row || (*row)->p != *predicate_) break;
    const core::ObjectType present = (*row)->ot;
    uint64_t key = 0;
    switch (planType(present, key)) {
      case Read::kExactKey:
        readRange(present, key, key);
        break;
      case Read::kWholeType:
        readRange(present, 0, UINT64_MAX);
        break;
      case Read::kNothing:
        break;
    }
    type = uint64_t{present} + 1;
  }
  std::sort(subjects_.begin(), subjects_.end());
  subjects_.erase(std::unique(subjects_.begin(), subjects_.end()), subjects_.end());
}

bool PropertySeek::produce(Batch& out) {
  if (!collected_) collect();
  while (pos_ < subjects_.size() && out.rows < ctx_.batchRows()) {
    out.columns[0].push_back(ValueId::node(subjects_[pos_++]));
    ++out.rows;
  }
  return pos_ < subjects_.size();
}

void PropertySeek::restart() {
  charge(-charged_);
  charged_ = 0;
  subjects_.clear();
  pos_ = 0;
  collected_ = false;
}

}  // namespace cairn::query
