#pragma once
// CypherExtend: binds variables to the values of Cypher expressions, row by row (the
// projections of WITH and RETURN that compute something, after UNWIND's and MATCH's variables).
// Bindings run in the given order and a later one sees the earlier ones' values, so consecutive
// ExtendNodes of the algebra run as one operator. Values become ValueIds through the query's
// CypherRuntime (so a computed 42 and a stored 42 are one id); null becomes the unbound id.
//
// Unlike SPARQL's Extend, an evaluation error fails the statement (core::Error), and a binding
// of a variable the row already has REPLACES that column's value, in place, for the later
// bindings and for the output: Cypher rebinds names (WITH x + 1 AS x), while renaming and
// dropping columns (WITH a AS b) is Project's job. A binding that reads a variable bound by a
// later binding of the same operator sees its old value (null for a new column).
//
// Decodes only the columns the expressions read; retains nothing beyond one input batch.

#include <string>
#include <utility>
#include <vector>

#include "query/algebra/expr.h"
#include "query/exec/cypher_row_view.h"
#include "query/exec/operator.h"

namespace cairn::query {

class CypherExtend final : public Operator {
 public:
  using Binding = std::pair<std::string, Expr>;  // variable := expression

  // `ctx` must have Cypher enabled (ExecContext::cypher()). Output columns: the input's, in
  // order, then each bound variable the input lacks, in order of first binding.
  CypherExtend(ExecContext& ctx, OperatorPtr input, const std::vector<Binding>& bindings);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get()}; }
  bool canRestart() const override { return true; }
  void restart() override { input_->rewind(); }

 private:
  OperatorPtr input_;
  CypherRuntime& runtime_;
  std::vector<int> targets_;  // output column per binding
  std::vector<value::ValueProgram> programs_;
  CypherRowView row_;
  Batch in_;
};

}  // namespace cairn::query
