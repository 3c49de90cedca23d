#include "query/exec/term_table.h"

#include <algorithm>
#include <cctype>

#include "core/error.h"

namespace cairn::query {

namespace {
size_t termBytes(const core::Term& t) {
  return sizeof(core::Term) + t.value.size() + t.datatype.size() + t.language.size() + 32;
}
}  // namespace

size_t TermTable::TermHash::operator()(const core::Term& t) const {
  std::hash<std::string_view> h;
  return h(t.value) ^ (h(t.datatype) * 31) ^ (h(t.language) * 131) ^ static_cast<size_t>(t.kind);
}

void TermTable::startFrom(std::shared_ptr<const TermSeed> seed) { seed_ = std::move(seed); }

std::shared_ptr<const TermSeed> TermTable::seedForRuns() const {
  auto seed = std::make_shared<TermSeed>();
  if (seed_) *seed = *seed_;
  for (const core::Term& t : locals_) {
    seed->localIds.emplace(t, seed->locals.size());
    seed->locals.push_back(t);
  }
  for (const auto& [term, id] : found_) seed->found.emplace(term, id);
  return seed;
}

std::optional<ValueId> TermTable::findStored(const core::Term& term) const {
  if (auto it = found_.find(term); it != found_.end()) return it->second;
  if (seed_) {
    if (auto it = seed_->found.find(term); it != seed_->found.end()) return it->second;
  }
  std::optional<ValueId> id = findStoredUncached(term);
  // Bounded: expressions encode computed terms per row, and the planner's few constants come
  // first anyway.
  if (found_.size() < kMaxFound) found_.emplace(term, id);
  return id;
}

std::optional<ValueId> TermTable::findStoredUncached(const core::Term& term) const {
  // Language tags match case-insensitively (RDF 1.1 §3.3); the store keeps them lowercased.
  if (!term.language.empty() && std::any_of(term.language.begin(), term.language.end(),
                                            [](char c) { return c >= 'A' && c <= 'Z'; })) {
    core::Term lowered = term;
    for (char& c : lowered.language)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (auto found = findStoredUncached(lowered)) return found;
  }
  auto encoded = ledger_.encodeObject(term);
  if (!encoded.isOk()) {
    throw core::Error(core::ErrorCode::kStorageError, encoded.status().toString());
  }
  if (!encoded.value()) return std::nullopt;
  return ValueId{encoded.value()->key, encoded.value()->type};
}

const core::Term& TermTable::local(uint64_t id) const {
  const uint64_t seeded = seedLocals();
  if (id < seeded) return seed_->locals[id];
  return locals_.at(id - seeded);
}

ValueId TermTable::encode(const core::Term& term) {
  if (auto stored = findStored(term)) return *stored;
  if (seed_) {
    if (auto it = seed_->localIds.find(term); it != seed_->localIds.end()) {
      return {it->second, kLocalTermType};
    }
  }
  auto it = localIds_.find(term);
  if (it != localIds_.end()) return {it->second, kLocalTermType};
  uint64_t id = seedLocals() + locals_.size();
  locals_.push_back(term);
  localIds_.emplace(term, id);
  bytes_ += 2 * termBytes(term);
  return {id, kLocalTermType};
}

void TermTable::decodeInto(ValueId id, index::Ledger::DecodeCursor& cursor, core::Term& out) {
  if (id.type == kLocalTermType) {
    out = local(id.key);
    return;
  }
  core::Status status = ledger_.decodeInto(core::EncodedObject{id.type, id.key}, cursor, out);
  if (!status.isOk()) throw core::Error(core::ErrorCode::kStorageError, status.toString());
}

void TermTable::decodeInto(ValueId id, core::Term& out) {
  if (id.type != kLocalTermType) {
    if (auto it = decoded_.find(id); it != decoded_.end()) {
      out = it->second;
      return;
    }
  }
  if (!cursor_) cursor_ = std::make_unique<index::Ledger::DecodeCursor>(ledger_);
  decodeInto(id, *cursor_, out);
}

const core::Term& TermTable::decode(ValueId id) {
  if (id.type == kLocalTermType) return local(id.key);
  auto it = decoded_.find(id);
  if (it != decoded_.end()) return it->second;
  core::Term term;
  if (!cursor_) cursor_ = std::make_unique<index::Ledger::DecodeCursor>(ledger_);
  decodeInto(id, *cursor_, term);
  bytes_ += termBytes(term);
  return decoded_.emplace(id, std::move(term)).first->second;
}

}  // namespace cairn::query
