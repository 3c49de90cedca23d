#pragma once
// Expand: the property-graph traversal (algebra ExpandNode). For each input row, the node in
// column `from` is expanded along relationships as the store keeps them (query/graph/
// property_graph_vocabulary.h: a relationship is the fact (a, T, b) with its identity in `i`):
// outgoing ones are one SPOT seek (from, T), incoming ones one OPST seek (from as object, T), an
// untyped expansion reads all of the node's facts and keeps those whose object is a node (the
// rdf:type facts are labels, not relationships). A variable-length expansion walks depth-first
// from the node, a relationship at most once per path (Cypher's relationship uniqueness), and
// emits each path whose length is within the bounds; its relationship column holds the list.
//
// Relationships become values through the query's CypherRuntime (interned: one id per
// relationship), so they compare, group and join by id — but only those a row emits: steps
// are read as (identity, start, type, end) and uniqueness is checked on identities, so reading a
// node's relationships interns nothing. Expand-into (the end already bound) with named types
// seeks exactly (from, T, to) instead of reading all of the node's T relationships. Rows whose
// `from` is null or not a node expand to nothing.
//
// A relationship variable bound before (`MATCH ()-[r]->() WITH r MATCH (a)-[r]->(b)`, or a list
// of them for a variable-length pattern) is not read from the index: the row's relationship (or
// list, walked in order from `from`) must leave `from` in the pattern's direction, have one of
// its types, and the list's length be within the bounds; `to` is where it ends.

#include <optional>
#include <string>
#include <vector>

#include "index/tree/column_batch.h"
#include "query/algebra/algebra.h"
#include "query/exec/operator.h"

namespace cairn::query {

class CypherRuntime;

class Expand final : public Operator {
 public:
  Expand(ExecContext& ctx, OperatorPtr input, const ExpandNode& node);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get()}; }
  bool canRestart() const override { return true; }
  void restart() override;

 private:
  // One relationship as read from the index.
  struct Step {
    uint64_t identity = 0;  // the fact's i (0 for a plain RDF triple)
    core::NodeId start = 0;
    core::NodeId type = 0;
    ValueId end;  // the node reached
    core::NodeId endNode = 0;
    core::NodeId object = 0;  // the fact's object (start and object: the stored direction)
  };
  struct Pending {
    ValueId relationship;  // the relationship, or the list of them
    ValueId to;
  };

  // The relationships of `node` in the node's direction(s), appended to `out`; with `target`,
  // only those that end at it (exact seeks when the types are named).
  void stepsFrom(ValueId node, std::vector<Step>& out,
                 std::optional<ValueId> target = std::nullopt);
  void scanSteps(index::Permutation perm, const index::ScanRange& range, bool outgoing,
                 std::vector<Step>& out);
  void expandRow(const Batch& in, size_t row);
  void followBound(const Batch& in, size_t row, ValueId from);
  void walk(ValueId node, uint32_t depth, std::vector<Step>& path, const Batch& in, size_t row);
  // The identities of the relationships row `row` binds in distinctColumns_ (relationship
  // uniqueness), into rowRelationships_.
  void collectRowRelationships(const Batch& in, size_t row);
  // Whether the row already uses the relationship with this identity elsewhere in its pattern.
  bool clashes(uint64_t identity) const;
  ValueId relationshipValue(const Step& step);
  void emit(const std::vector<Step>& path, ValueId end, const Batch& in, size_t row);

  OperatorPtr input_;
  CypherRuntime& runtime_;
  ExpandNode node_;
  int fromColumn_ = -1;
  int toInputColumn_ = -1;            // expand-into: the input already binds `to`
  int relationshipColumn_ = -1;       // output column of the relationship, or -1
  int boundRelationshipColumn_ = -1;  // the input binds the relationship (or list) already
  int toColumn_ = -1;                 // output column of `to`
  std::vector<int> distinctColumns_;
  std::vector<uint64_t> rowRelationships_;  // identities the current row already uses
  std::vector<core::NodeId> typeIds_;       // resolved `types`; empty with !anyType_: none stored
  bool anyType_ = false;
  bool impossible_ = false;   // a named type the store does not have
  core::NodeId rdfType_ = 0;  // rdf:type's id (0: not stored)
  core::NodeId defaultGraph_ = core::kNoNode;
  uint64_t stepsRead_ = 0;

  Batch in_;
  size_t inRow_ = 0;
  bool inputDone_ = false;
  std::vector<std::pair<size_t, Pending>> pending_;  // (input row, expansion) not yet emitted
  size_t pendingPos_ = 0;
  index::ColumnBatch scan_;
};

}  // namespace cairn::query
