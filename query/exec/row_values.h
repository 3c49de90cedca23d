#pragma once
// BatchRowValues: one row of a Batch as an expression sees it (expr::RowValues). Values are
// decoded through the query's term table only when an expression reads them; EXISTS patterns
// are evaluated by the context's exists evaluator with this row's bindings substituted.

#include <string>
#include <vector>

#include "query/exec/exec_context.h"
#include "query/expr/expression_program.h"

namespace cairn::query {

class BatchRowValues final : public expr::RowValues {
 public:
  BatchRowValues(ExecContext& ctx, const std::vector<std::string>& variables,
                 const GraphScope& scope)
      : ctx_(ctx), variables_(variables), scope_(scope) {}

  void bind(const Batch& batch, size_t row) {
    batch_ = &batch;
    row_ = row;
  }
  const core::Term* value(int slot) const override;
  bool exists(const Algebra& pattern) const override;

 private:
  ExecContext& ctx_;
  const std::vector<std::string>& variables_;
  const GraphScope& scope_;
  const Batch* batch_ = nullptr;
  size_t row_ = 0;
};

// Compiles `expr` against the columns of `variables`.
expr::ExpressionProgram compileFor(const Expr& expr, const std::vector<std::string>& variables);

}  // namespace cairn::query
