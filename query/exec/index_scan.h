#pragma once
// IndexScan: the solutions of one triple pattern over a graph scope, read from the permutation
// whose key prefix covers the pattern's constants (exec/triple_source.h). Repeated variables
// (?x :p ?x) are checked per row. Streams: a LIMIT above it stops the scan early, and its batches
// start small and grow (64 rows, 4x each, up to the batch size), so a LIMIT 10 reads a few dozen
// rows, not a whole batch (of the tree, or of a large unindexed novelty).

#include "query/algebra/term_pattern.h"
#include "query/exec/operator.h"
#include "query/exec/pattern_slots.h"
#include "query/exec/triple_source.h"

namespace cairn::query {

class IndexScan final : public Operator {
 public:
  // `objectOrder`: with only the predicate constant, read POST so rows come ordered by object.
  // `range`: a narrower key range inside the pattern's prefix range (TripleAccess::range).
  IndexScan(ExecContext& ctx, const TriplePattern& pattern, const GraphScope& scope,
            bool objectOrder = false, std::optional<index::ScanRange> range = std::nullopt);

  const PatternSlots& slots() const { return slots_; }
  // Exact row count from the directories when the pattern has no repeated variable.
  std::optional<uint64_t> exactCount() const;

 protected:
  bool produce(Batch& out) override;

 private:
  PatternSlots slots_;
  TripleSource source_;
  std::vector<ValueId> s_, p_, o_;
  size_t nextRows_;  // rows to ask for next
};

}  // namespace cairn::query
