#include "query/exec/slice.h"

namespace cairn::query {

Slice::Slice(ExecContext& ctx, OperatorPtr input, uint64_t offset, std::optional<uint64_t> limit)
    : Operator(ctx, "Slice", input->variables()),
      input_(std::move(input)),
      toSkip_(offset),
      remaining_(limit) {
  if (offset > 0) addDetail("offset", std::to_string(offset));
  if (limit) addDetail("limit", std::to_string(*limit));
}

bool Slice::produce(Batch& out) {
  if (remaining_ && *remaining_ == 0) return false;
  if (!input_->next(in_)) return false;
  for (size_t r = 0; r < in_.rows; ++r) {
    if (toSkip_ > 0) {
      --toSkip_;
      continue;
    }
    if (remaining_) {
      if (*remaining_ == 0) break;
      --*remaining_;
    }
    out.appendFrom(in_, r);
  }
  return !(remaining_ && *remaining_ == 0);
}

}  // namespace cairn::query
