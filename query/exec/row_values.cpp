#include "query/exec/row_values.h"

#include "core/check.h"

namespace cairn::query {

const core::Term* BatchRowValues::value(int slot) const {
  if (slot < 0 || static_cast<size_t>(slot) >= batch_->columns.size()) return nullptr;
  ValueId v = batch_->columns[slot][row_];
  if (!v.isBound()) return nullptr;
  return &ctx_.terms().decode(v);
}

bool BatchRowValues::exists(const Algebra& pattern) const {
  CAIRN_CHECK(static_cast<bool>(ctx_.existsEvaluator()), "no EXISTS evaluator installed");
  return ctx_.existsEvaluator()(pattern, scope_, variables_, batch_->row(row_));
}

expr::ExpressionProgram compileFor(const Expr& expr, const std::vector<std::string>& variables) {
  return expr::ExpressionProgram::compile(expr, [&](std::string_view name) {
    for (size_t i = 0; i < variables.size(); ++i) {
      if (variables[i] == name) return static_cast<int>(i);
    }
    return -1;
  });
}

}  // namespace cairn::query
