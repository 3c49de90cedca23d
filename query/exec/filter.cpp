#include "query/exec/filter.h"

namespace cairn::query {

Filter::Filter(ExecContext& ctx, OperatorPtr input, const std::vector<Expr>& conditions,
               const GraphScope& scope)
    : Operator(ctx, "Filter", input->variables()),
      input_(std::move(input)),
      scope_(scope),
      row_(ctx, variables(), scope_) {
  std::string text;
  for (const Expr& c : conditions) {
    conditions_.push_back(compileFor(c, variables()));
    text += (text.empty() ? "" : " && ") + toString(c);
  }
  addDetail("condition", text);
}

bool Filter::produce(Batch& out) {
  if (!input_->next(in_)) return false;
  for (size_t r = 0; r < in_.rows; ++r) {
    row_.bind(in_, r);
    bool keep = true;
    for (const auto& c : conditions_) {
      auto v = c.evaluateCondition(row_, ctx_.functions());
      if (!v || !*v) {
        keep = false;
        break;
      }
    }
    if (keep) out.appendFrom(in_, r);
  }
  return true;
}

}  // namespace cairn::query
