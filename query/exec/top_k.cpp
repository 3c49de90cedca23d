#include "query/exec/top_k.h"

#include <algorithm>

namespace cairn::query {

TopK::TopK(ExecContext& ctx, OperatorPtr input, const std::vector<OrderCondition>& order,
           uint64_t k, const GraphScope& scope)
    : Operator(ctx, "TopK", input->variables()),
      input_(std::move(input)),
      keys_(ctx, order, input_->variables(), scope),
      k_(k) {
  addDetail("keys", keys_.describe());
  addDetail("k", std::to_string(k));
}

// Keeps the best k rows (amortized: called when the buffer holds 2k).
void TopK::trim() {
  auto less = [&](const SortRow& a, const SortRow& b) { return keys_.less(a, b); };
  if (rows_.size() > k_) {
    std::nth_element(rows_.begin(), rows_.begin() + static_cast<ptrdiff_t>(k_), rows_.end(), less);
    int64_t released = 0;
    for (size_t i = k_; i < rows_.size(); ++i) released += sortRowBytes(rows_[i]);
    rows_.resize(k_);
    charge(-released);
  }
}

bool TopK::produce(Batch& out) {
  if (!sorted_) {
    Batch in;
    uint64_t sequence = 0;
    while (k_ > 0 && input_->next(in)) {
      for (size_t r = 0; r < in.rows; ++r) {
        SortRow row{in.row(r), keys_.keysOf(in, r), sequence++};
        charge(sortRowBytes(row));
        rows_.push_back(std::move(row));
        if (rows_.size() >= 2 * k_ + 16) trim();
      }
    }
    trim();
    std::sort(rows_.begin(), rows_.end(),
              [&](const SortRow& a, const SortRow& b) { return keys_.less(a, b); });
    sorted_ = true;
  }
  while (next_ < rows_.size() && out.rows < ctx_.batchRows()) out.appendRow(rows_[next_++].values);
  return next_ < rows_.size();
}

}  // namespace cairn::query
