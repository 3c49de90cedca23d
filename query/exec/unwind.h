#pragma once
// Unwind: openCypher's UNWIND list AS variable. For each input row it evaluates the list
// expression and emits one row per element, the input row's columns plus the element bound to
// `variable` (null elements included, as null). A null list gives no row; a value that is not
// a list gives one row binding that value (openCypher: UNWIND 1 AS x is one row, x = 1). An
// evaluation error fails the statement (core::Error).
//
// A list longer than a batch is emitted across several batches: the operator keeps the list
// being unwound (charged to the memory budget while held) and the position in it. If the input
// already has `variable`, its column is replaced, as CypherExtend does (the translator normally
// rejects such a rebinding). Decodes only the columns the list expression reads.

#include <string>
#include <vector>

#include "query/algebra/expr.h"
#include "query/exec/cypher_row_view.h"
#include "query/exec/operator.h"

namespace cairn::query {

class Unwind final : public Operator {
 public:
  // `ctx` must have Cypher enabled (ExecContext::cypher()). `list`: an expression over the
  // input's variables (UnwindNode::expr). Output columns: the input's, in order, then
  // `variable` (unless the input has it; then in that column).
  Unwind(ExecContext& ctx, OperatorPtr input, const std::string& variable, const Expr& list);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get()}; }

 private:
  // Forgets the value being unwound and releases its charge.
  void releaseCurrent();

  OperatorPtr input_;
  CypherRuntime& runtime_;
  value::ValueProgram list_;
  int target_ = -1;  // output column of the variable
  CypherRowView row_;
  Batch in_;
  size_t nextRow_ = 0;     // the next input row of in_ to evaluate
  size_t currentRow_ = 0;  // the input row being unwound
  value::Value current_;   // its value: a list, or one non-list value
  size_t position_ = 0;    // the next element of current_ to emit
  size_t length_ = 0;      // its number of elements (0: nothing left)
  int64_t charged_ = 0;    // for current_
};

}  // namespace cairn::query
