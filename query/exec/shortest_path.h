#pragma once
// ShortestPath: Cypher's shortestPath / allShortestPaths between two nodes every input row binds
// (algebra ExpandNode with `shortest`). Per row, a bidirectional breadth-first search: one
// frontier grows from `from` along the pattern's direction, the other from `to` against it,
// always the smaller one by a whole level, until they meet or the hop bound is spent. Each
// reached node remembers every relationship that reached it at its depth, so when the frontiers
// meet, the shortest paths are exactly the joins of a path from `from` to a meeting node and a
// path from it on to `to`: one of them for shortestPath, all of them for allShortestPaths. A
// search visits about the sum of two half-radius balls instead of the ball of the full radius
// a one-sided search (or the path enumeration of a variable-length expansion) would walk.
//
// The relationship column holds the path's relationships in order from `from`; relationships
// the row's other pattern relationships bind are not walked (relationship uniqueness). `from`
// equal to `to` gives the path of length 0 when minHops is 0, none otherwise (Neo4j's rule).

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "query/algebra/algebra.h"
#include "query/exec/operator.h"
#include "query/exec/relationship_reader.h"
#include "query/exec/row_fan_out.h"

namespace cairn::query {

class CypherRuntime;

class ShortestPath final : public Operator {
 public:
  ShortestPath(ExecContext& ctx, OperatorPtr input, const ExpandNode& node);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get()}; }
  bool canRestart() const override { return true; }
  void restart() override;

 private:
  // A relationship one side of the search crossed, from `from` (nearer that side's root) to the
  // node it reached.
  struct Arc {
    RelationshipStep step;
    core::NodeId from = 0;
  };
  // One side of the search: the depth each reached node was first reached at and the arcs that
  // reached it at that depth (only the first one for shortestPath).
  struct Side {
    ExpandDirection direction = ExpandDirection::kOutgoing;
    std::unordered_map<core::NodeId, uint32_t> depth;
    std::unordered_map<core::NodeId, std::vector<uint32_t>> reachedBy;  // indices into arcs
    std::vector<Arc> arcs;
    std::vector<ValueId> frontier;
    uint32_t level = 0;  // depth of the frontier
  };

  void searchRow(const Batch& in, size_t row);
  // Grows `side` by one level; the nodes of the new level `other` has reached go to `meeting`.
  void growLevel(Side& side, const Side& other, std::vector<core::NodeId>& meeting);
  // Emits the paths through each meeting node (one in all for shortestPath).
  void emitPaths(const std::vector<core::NodeId>& meeting);
  // The arc lists leading from `side`'s root to `node`, appended to `out` (each in root-to-node
  // order); stops after one when only one path is wanted.
  void pathsTo(const Side& side, core::NodeId node, std::vector<uint32_t>& prefix,
               std::vector<std::vector<uint32_t>>& out);
  ValueId pathValue(const std::vector<uint32_t>& forward, const std::vector<uint32_t>& backward);
  void releaseSearch();

  OperatorPtr input_;
  CypherRuntime& runtime_;
  ExpandNode node_;
  RelationshipReader relationships_;
  int fromColumn_ = -1;
  int toColumn_ = -1;
  int relationshipColumn_ = -1;  // output column of the relationship list, or -1
  std::vector<int> distinctColumns_;
  std::vector<uint64_t> rowRelationships_;  // identities the row's other relationships use
  Side forward_, backward_;
  std::vector<RelationshipStep> steps_;
  int64_t charged_ = 0;

  RowFanOut rows_;  // own value: the path's relationship list
};

}  // namespace cairn::query
