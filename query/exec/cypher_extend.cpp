#include "query/exec/cypher_extend.h"

#include <algorithm>

#include "query/exec/cypher_runtime.h"

namespace cairn::query {

// Named, not anonymous: in unity batches this file shares a translation unit with others.
namespace cypher_extend_detail {
std::vector<std::string> cypherExtendVariables(std::vector<std::string> vars,
                                               const std::vector<CypherExtend::Binding>& bindings) {
  for (const auto& [v, e] : bindings) {
    if (std::find(vars.begin(), vars.end(), v) == vars.end()) vars.push_back(v);
  }
  return vars;
}
}  // namespace cypher_extend_detail

CypherExtend::CypherExtend(ExecContext& ctx, OperatorPtr input,
                           const std::vector<Binding>& bindings)
    : Operator(ctx, "CypherExtend",
               cypher_extend_detail::cypherExtendVariables(input->variables(), bindings)),
      input_(std::move(input)),
      runtime_(*ctx.cypher()),
      row_(runtime_) {
  for (const auto& [v, e] : bindings) {
    targets_.push_back(column(v));
    programs_.push_back(compileCypher(e, variables()));
    addDetail("bind", v + " := " + toString(e));
  }
}

bool CypherExtend::produce(Batch& out) {
  if (!input_->next(in_)) return false;
  const size_t inWidth = in_.columns.size();
  // The input's columns move over whole; `in_` gets the emptied vectors back for its next batch.
  for (size_t c = 0; c < inWidth; ++c) out.columns[c].swap(in_.columns[c]);
  for (size_t c = inWidth; c < out.columns.size(); ++c) out.columns[c].assign(in_.rows, ValueId{});
  out.rows = in_.rows;
  for (size_t r = 0; r < out.rows; ++r) {
    row_.bind(out, r);
    for (size_t b = 0; b < programs_.size(); ++b) {
      value::Value v = programs_[b].evaluate(row_, runtime_.eval());
      out.columns[targets_[b]][r] = runtime_.toId(v);
      row_.set(targets_[b], std::move(v));
    }
  }
  return true;
}

}  // namespace cairn::query
