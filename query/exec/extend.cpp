#include "query/exec/extend.h"

namespace cairn::query {

namespace {
std::vector<std::string> withVariables(std::vector<std::string> vars,
                                       const std::vector<Extend::Binding>& bindings) {
  for (const auto& [v, e] : bindings) {
    if (std::find(vars.begin(), vars.end(), v) == vars.end()) vars.push_back(v);
  }
  return vars;
}
}  // namespace

Extend::Extend(ExecContext& ctx, OperatorPtr input, const std::vector<Binding>& bindings,
               const GraphScope& scope)
    : Operator(ctx, "Extend", withVariables(input->variables(), bindings)),
      input_(std::move(input)),
      scope_(scope) {
  for (const auto& [v, e] : bindings) {
    targets_.push_back(column(v));
    programs_.push_back(compileFor(e, variables()));
    addDetail("bind", "?" + v + " := " + toString(e));
  }
  row_.emplace(ctx, variables(), scope_);
}

bool Extend::produce(Batch& out) {
  if (!input_->next(in_)) return false;
  const size_t inWidth = in_.columns.size();
  for (size_t c = 0; c < inWidth; ++c) out.columns[c] = in_.columns[c];
  for (size_t c = inWidth; c < out.columns.size(); ++c) out.columns[c].assign(in_.rows, ValueId{});
  out.rows = in_.rows;
  for (size_t r = 0; r < in_.rows; ++r) {
    ctx_.functions().nextSolution();
    row_->bind(out, r);
    for (size_t b = 0; b < programs_.size(); ++b) {
      // BIND of a variable the row already binds is rejected by the translator; keep the value.
      if (out.columns[targets_[b]][r].isBound()) continue;
      auto value = programs_[b].evaluate(*row_, ctx_.functions());
      if (value) out.columns[targets_[b]][r] = ctx_.terms().encode(*value);
    }
  }
  return true;
}

}  // namespace cairn::query
