#include "query/exec/cypher_filter.h"

#include "query/exec/cypher_runtime.h"

namespace cairn::query {

CypherFilter::CypherFilter(ExecContext& ctx, OperatorPtr input, const std::vector<Expr>& conditions)
    : Operator(ctx, "CypherFilter", input->variables()),
      input_(std::move(input)),
      runtime_(*ctx.cypher()),
      row_(runtime_) {
  std::string text;
  for (const Expr& c : conditions) {
    conditions_.push_back(compileCypher(c, variables()));
    text += (text.empty() ? "" : " AND ") + toString(c);
  }
  addDetail("condition", text);
}

bool CypherFilter::produce(Batch& out) {
  if (!input_->next(in_)) return false;
  for (size_t r = 0; r < in_.rows; ++r) {
    row_.bind(in_, r);
    bool keep = true;
    for (const auto& c : conditions_) {
      if (!c.evaluatePredicate(row_, runtime_.eval())) {
        keep = false;
        break;
      }
    }
    if (keep) out.appendFrom(in_, r);
  }
  return true;
}

}  // namespace cairn::query
