#pragma once
// StatsBuilder computes LedgerStats in one pass over a ledger's rows (the importer feeds it every
// distinct row once, in any order). add() runs for each of tens of millions of rows, so it does
// no allocation per row and finds the row's predicate through a one-entry cache first: rows
// mostly arrive grouped by predicate (PSOT/POST order), so the hash map is rarely consulted.
//
// Several builders may run over disjoint row sets in parallel and their results be combined with
// LedgerStats::mergeFrom. Thread-safety: none; one thread per builder.

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "index/permutation.h"
#include "index/stats/ledger_stats.h"

namespace cairn::index {

class StatsBuilder {
 public:
  // rdfTypeIriId: the IRI id of rdf:type, whose rows also count instances per class; 0 if the
  // ledger has no rdf:type.
  explicit StatsBuilder(uint64_t rdfTypeIriId, int precision = HyperLogLog::kDefaultPrecision);

  void add(const IndexRow& row);
  // The statistics of the rows added; the builder is left empty (ready for a new row set).
  LedgerStats finish();

  uint64_t rows() const { return triples_; }

 private:
  struct Accumulator {
    PredicateStats stats;
    std::unordered_map<uint64_t, uint64_t> classCounts;
    size_t lastRange = 0;  // index into stats.ranges of the last inline type seen
  };

  Accumulator& accumulatorFor(uint64_t predicate);
  static void addToRange(Accumulator& acc, core::ObjectType type, uint64_t key);

  uint64_t rdfType_;
  int precision_;
  std::vector<std::unique_ptr<Accumulator>> accumulators_;
  std::unordered_map<uint64_t, Accumulator*> byPredicate_;
  Accumulator* last_ = nullptr;
  HyperLogLog subjects_;
  uint64_t triples_ = 0;
};

}  // namespace cairn::index
