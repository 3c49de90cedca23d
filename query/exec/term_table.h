#pragma once
// TermTable: the per-query translation between RDF terms and ValueIds. Encoding looks a term up
// in the ledger first (inline literals encode without a lookup, dictionary hits give the stored
// id), so a computed term equal to a stored one gets the stored id; only terms the store never
// saw are interned locally under kLocalTermType. Decoding caches every term it materializes, so
// a value shown or read by many expressions is decoded once per query. Result cells, which are
// mostly shown once, decode instead through decodeInto with a per-column cursor
// (exec/column_decoder.h) and are neither cached nor charged here.
//
// Returned references stay valid for the table's lifetime (node-based maps). Single-threaded.
// The table reads one snapshot of the ledger, so what findStored() found stays true for it.

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/term.h"
#include "index/ledger/ledger.h"
#include "query/exec/value_id.h"

namespace cairn::query {

// What planning learned about terms, for the runs of a kept plan on the same snapshot: the
// local terms it interned (their ids are in the plan's operators) and its dictionary lookups.
// Immutable; shared by every run.
struct TermSeed {
  std::vector<core::Term> locals;  // local id i is locals[i]
  std::map<core::Term, uint64_t> localIds;
  std::map<core::Term, std::optional<ValueId>> found;
};

class TermTable {
 public:
  explicit TermTable(const index::Ledger& ledger) : ledger_(ledger) {}

  // Starts this (unused) table from `seed`: its local terms keep their ids, its lookups hold.
  void startFrom(std::shared_ptr<const TermSeed> seed);
  // The seed of a table that starts where this one is now.
  std::shared_ptr<const TermSeed> seedForRuns() const;

  // The id of `term`: the stored id when the ledger has it, else a local id.
  ValueId encode(const core::Term& term);
  // The id of `term` if the ledger stores it (local ids are never found here).
  std::optional<ValueId> findStored(const core::Term& term) const;
  // The term of a bound id. Throws core::Error(kStorageError) when the store fails.
  const core::Term& decode(ValueId id);
  // Decodes into `out` without adding to the cache (for values shown once, e.g. result cells
  // of a large answer, so the cache does not grow with the result). `out` keeps the capacity of
  // its strings. The second form decodes stored ids through the caller's cursor, which makes a
  // sorted or clustered stream of ids cheap (index::DictionaryCursor).
  void decodeInto(ValueId id, core::Term& out);
  void decodeInto(ValueId id, index::Ledger::DecodeCursor& cursor, core::Term& out);

  const index::Ledger& ledger() const { return ledger_; }

  // Bytes held by the decode cache and local terms (charged to the query's memory).
  size_t retainedBytes() const { return bytes_; }

 private:
  std::optional<ValueId> findStoredUncached(const core::Term& term) const;
  const core::Term& local(uint64_t id) const;

  struct TermHash {
    size_t operator()(const core::Term& t) const;
  };

  const index::Ledger& ledger_;
  // findStored() answers per query: the planner's estimates and the scans it builds ask for the
  // same constants, and each ask is a dictionary search.
  static constexpr size_t kMaxFound = 256;
  mutable std::unordered_map<core::Term, std::optional<ValueId>, TermHash> found_;
  std::unique_ptr<index::Ledger::DecodeCursor> cursor_;  // for decode(), made on first use
  // Local ids below seedLocals() are the seed's; this table's own start there.
  uint64_t seedLocals() const { return seed_ ? seed_->locals.size() : 0; }
  std::shared_ptr<const TermSeed> seed_;
  std::deque<core::Term> locals_;  // deque: decode() hands out stable references
  std::map<core::Term, uint64_t> localIds_;
  std::unordered_map<ValueId, core::Term, ValueIdHash> decoded_;
  size_t bytes_ = 0;
};

}  // namespace cairn::query
