#pragma once
// Expand: the property-graph traversal (algebra ExpandNode). For each input row, the node in
// column `from` is expanded along its relationships (read by RelationshipReader). A
// variable-length expansion walks depth-first from the node, a relationship at most once per
// path (Cypher's relationship uniqueness), and emits each path whose length is within the
// bounds; its relationship column holds the list.
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

#include "query/algebra/algebra.h"
#include "query/exec/operator.h"
#include "query/exec/relationship_reader.h"
#include "query/exec/row_fan_out.h"

namespace cairn::query {

class CypherRuntime;

// The expansion as a Cypher pattern, for EXPLAIN: (a)-[r:<T>*1..3]->(b).
std::string expandPatternText(const ExpandNode& node);

class Expand final : public Operator {
 public:
  Expand(ExecContext& ctx, OperatorPtr input, const ExpandNode& node);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get()}; }
  bool canRestart() const override { return true; }
  void restart() override;

 private:
  using Step = RelationshipStep;
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
  RelationshipReader relationships_;
  RowFanOut rows_;  // own values: the relationship (or list), the node reached
};

}  // namespace cairn::query
