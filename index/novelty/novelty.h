#pragma once
// Novelty: what one snapshot of a ledger holds beyond its permutation trees — per graph and
// permutation the changes of every commit since the trees' t: those of the index root's persisted
// delta layer (index/delta), then those of the commits since the root, held in memory — and the
// latest t. Immutable: a commit makes a new Novelty sharing all unchanged runs (withCommit), so a
// reader keeps the snapshot it started with while writers go on.

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <vector>

#include "core/object_type.h"
#include "index/novelty/flake.h"
#include "index/novelty/permutation_novelty.h"
#include "index/novelty/predicate_row_deltas.h"

namespace cairn::index {

class Novelty {
 public:
  // No changes; t() is the index root's t.
  explicit Novelty(uint64_t rootT) : t_(rootT) {}

  // One graph's share of an index root's delta layer, its runs opened.
  struct PersistedGraph {
    core::NodeId graph = core::kNoNode;
    std::array<std::vector<std::shared_ptr<const DeltaRun>>, 4> runs;  // by Permutation
    uint64_t flakes = 0;
    int64_t rowDelta = 0;
    std::map<uint64_t, int64_t> predicateRows;
  };
  // The delta layer of a root at `rootT` and no commit since.
  Novelty(uint64_t rootT, std::vector<PersistedGraph> persisted);

  uint64_t t() const { return t_; }  // the latest commit
  // Changes of the commits since the index root, held in memory, over all graphs (what the
  // indexer's thresholds count).
  uint64_t flakeCount() const { return flakes_; }
  bool empty() const { return flakes_ == 0; }
  uint64_t persistedFlakeCount() const { return persistedFlakes_; }  // in the root's delta layer

  // The changes of one permutation of one graph; null when the graph has none.
  const PermutationNovelty* find(core::NodeId graph, Permutation perm) const;
  // Graphs with changes, ascending.
  std::vector<core::NodeId> graphs() const;

  // Net rows each predicate gained (negative: lost) in `graph` since the trees' t, and over
  // all predicates: what planners add to the root's statistics. Null / 0 when the graph has no
  // change. Exact, since commits hold net changes.
  const PredicateRowDeltas* predicateRows(core::NodeId graph) const;
  int64_t rowDelta(core::NodeId graph) const;

  // This novelty plus commit t's flakes (every flake's row.t == t > this->t()).
  std::shared_ptr<const Novelty> withCommit(uint64_t t, std::span<const Flake> flakes) const;

 private:
  uint64_t t_ = 0;
  uint64_t flakes_ = 0;
  uint64_t persistedFlakes_ = 0;
  // One graph's changes. Shared, never changed once built: a commit copies the map of graphs
  // (one pointer each) and builds anew only the graphs it touches.
  struct GraphNovelty {
    std::array<PermutationNovelty, 4> perms;  // by Permutation
    int64_t rowDelta = 0;
    PredicateRowDeltas predicateRows;
  };
  std::map<core::NodeId, std::shared_ptr<const GraphNovelty>> graphs_;
};

}  // namespace cairn::index
