#pragma once
// TrailEnds: the distinct end nodes of a fixed chain of single-relationship expansions
// (s)-[:A]->()-[:B]->()...-[:Z]->(n) under Cypher's relationship uniqueness (a trail: no
// relationship twice), for a consumer that needs only which ends exist per row — an aggregate
// over DISTINCT values, min or max (query/plan/trail_ends_planner.cpp decides). Per input row:
// a depth-first walk of the first k-1 hops (a node's relationships read once per depth), and for
// the last hop
// each node x keeps the relationships out of it not yet used to reach an end: a trail that
// arrives at x with relationships U emits the ends of those not in U and forgets them, so a
// later trail to x costs O(k) instead of a read and a walk of all of x's relationships. A node
// whose every relationship leads to such a spent node is spent itself, at any depth, so a trail
// arriving there stops at once: the walk costs about the distinct (node, depth) pairs times the
// degree rather than the number of trails. The
// chain of Expand operators it replaces emits every trail of length k (about degree^k rows);
// this emits each end once per row. Before walking, the nodes each depth can reach are found
// level by level and their relationships read together in node order, so a level that covers
// much of the graph is one sequential read of the type's range instead of a seek per node.
//
// Output: the input row with `to` bound, once per distinct end, ends in id order.

#include <string>
#include <unordered_map>
#include <vector>

#include "query/algebra/algebra.h"
#include "query/exec/node_set.h"
#include "query/exec/operator.h"
#include "query/exec/relationship_reader.h"
#include "query/exec/row_fan_out.h"

namespace cairn::query {

class TrailEnds final : public Operator {
 public:
  // `chain`: the expansions from the first (whose `from` the input binds) to the last (whose
  // `to` is the output), each fixed-length, each `from` the previous one's `to`.
  TrailEnds(ExecContext& ctx, OperatorPtr input, const std::vector<const ExpandNode*>& chain);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get()}; }
  bool canRestart() const override { return true; }
  void restart() override;

 private:
  // A node met at a depth (but the last): its relationships, and whether it is spent (every
  // relationship out of it leads to a spent node, so no trail through it emits a new end).
  struct Visited {
    const std::vector<RelationshipStep>* steps = nullptr;  // in read_
    bool spent = false;
  };
  struct Hop {
    ExpandDirection direction = ExpandDirection::kOutgoing;
    RelationshipReader reader;
  };

  void endsOf(ValueId from);
  // Reads the relationships of every node the walk can meet, a level at a time in node order
  // (RelationshipReader::readMany: one sequential read where a level is dense).
  void prefetch(ValueId from);
  void walk(ValueId node, size_t depth);
  Visited& visit(size_t depth, ValueId node);
  // The relationships of `node` for hop `depth`, read once per row for all hops alike.
  const std::vector<RelationshipStep>& relationshipsOf(size_t depth, ValueId node);
  // Whether `node` at `depth` can yield no new end (at the last hop: all its relationships
  // handed out).
  bool spent(size_t depth, core::NodeId node) const;
  void lastHop(ValueId node);

  OperatorPtr input_;
  std::vector<Hop> hops_;
  int fromColumn_ = -1;
  std::vector<uint64_t> used_;  // the relationships of the trail being walked
  // Last hop: per node, its relationships no trail has used to reach an end yet.
  std::unordered_map<core::NodeId, std::vector<RelationshipStep>> unused_;
  // Per hop, the hop whose reads it shares (the first one alike), and the reads per node.
  std::vector<size_t> readOf_;
  std::vector<std::unordered_map<core::NodeId, std::vector<RelationshipStep>>> read_;
  // Per depth but the last: the nodes met so far (this row).
  std::vector<std::unordered_map<core::NodeId, Visited>> adjacency_;
  NodeSet seen_;               // the ends found (this row)
  std::vector<ValueId> ends_;  // the ends found (this row), in discovery order until sorted
  uint64_t trails_ = 0;
  int64_t charged_ = 0;

  RowFanOut rows_;  // own value: the end node
};

}  // namespace cairn::query
