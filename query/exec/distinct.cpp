#include "query/exec/distinct.h"

namespace cairn::query {

Distinct::Distinct(ExecContext& ctx, OperatorPtr input)
    : Operator(ctx, "Distinct", input->variables()), input_(std::move(input)) {}

bool Distinct::produce(Batch& out) {
  if (!input_->next(in_)) return false;
  const int64_t rowBytes = static_cast<int64_t>(in_.columns.size() * sizeof(ValueId) + 48);
  for (size_t r = 0; r < in_.rows; ++r) {
    if (seen_.insert(in_.row(r)).second) {
      charge(rowBytes);
      out.appendFrom(in_, r);
    }
  }
  return true;
}

}  // namespace cairn::query
