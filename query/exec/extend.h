#pragma once
// Extend: binds variables to expressions' values per row (BIND, SELECT expressions); an
// expression error leaves its variable unbound (§18.5 Extend). Consecutive Extends of the
// algebra run as one operator, in order (a later expression sees the earlier variables), so one
// solution is one solution for BNODE("x") (§17.4.2.9) across all of them. Values get their
// canonical ids from the term table, so they join and compare with stored values by id.

#include <utility>

#include "query/algebra/expr.h"
#include "query/exec/operator.h"
#include "query/exec/row_values.h"

namespace cairn::query {

class Extend final : public Operator {
 public:
  using Binding = std::pair<std::string, Expr>;  // variable := expression

  Extend(ExecContext& ctx, OperatorPtr input, const std::vector<Binding>& bindings,
         const GraphScope& scope);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {input_.get()}; }

 private:
  OperatorPtr input_;
  GraphScope scope_;
  std::vector<int> targets_;  // output column per binding
  std::vector<expr::ExpressionProgram> programs_;
  std::optional<BatchRowValues> row_;
  Batch in_;
};

}  // namespace cairn::query
