#pragma once
// CypherFilter: WHERE with openCypher's semantics. Keeps the rows where every condition (a
// conjunction, FilterNode::filters) is true; false and null drop the row, and a condition that
// is neither a boolean nor null, or whose evaluation fails, fails the statement (core::Error
// from value::ValueProgram) instead of dropping the row as SPARQL's Filter does. Conditions are
// evaluated in the given order and the first that is not true decides, so a later condition is
// not evaluated (and cannot fail) for a row an earlier one dropped. Decodes only the columns the
// conditions read, through the query's CypherRuntime. Retains nothing beyond one input batch.

#include <vector>

#include "query/algebra/expr.h"
#include "query/exec/cypher_row_view.h"
#include "query/exec/operator.h"

namespace cairn::query {

class CypherFilter final : public Operator {
 public:
  // `ctx` must have Cypher enabled (ExecContext::cypher()). Output columns: the input's.
  CypherFilter(ExecContext& ctx, OperatorPtr input, const std::vector<Expr>& conditions);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get()}; }
  bool canRestart() const override { return true; }
  void restart() override { input_->rewind(); }

 private:
  OperatorPtr input_;
  CypherRuntime& runtime_;
  std::vector<value::ValueProgram> conditions_;
  CypherRowView row_;
  Batch in_;
};

}  // namespace cairn::query
