#pragma once
// Filter: keeps the rows where every condition (a conjunction) has effective boolean value true
// (§17.2: an error drops the row). Reads only the columns the conditions use.

#include "query/algebra/expr.h"
#include "query/exec/operator.h"
#include "query/exec/row_values.h"

namespace cairn::query {

class Filter final : public Operator {
 public:
  Filter(ExecContext& ctx, OperatorPtr input, const std::vector<Expr>& conditions,
         const GraphScope& scope);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get()}; }

 private:
  OperatorPtr input_;
  GraphScope scope_;
  std::vector<expr::ExpressionProgram> conditions_;
  BatchRowValues row_;
  Batch in_;
};

}  // namespace cairn::query
