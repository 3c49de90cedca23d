#include "query/exec/sort.h"

#include <algorithm>

namespace cairn::query {

Sort::Sort(ExecContext& ctx, OperatorPtr input, const std::vector<OrderCondition>& order,
           const GraphScope& scope)
    : Operator(ctx, "Sort", input->variables()),
      input_(std::move(input)),
      keys_(ctx, order, input_->variables(), scope) {
  addDetail("keys", keys_.describe());
}

bool Sort::produce(Batch& out) {
  if (!sorted_) {
    Batch in;
    uint64_t sequence = 0;
    while (input_->next(in)) {
      for (size_t r = 0; r < in.rows; ++r) {
        SortRow row{in.row(r), keys_.keysOf(in, r), sequence++};
        charge(sortRowBytes(row));
        rows_.push_back(std::move(row));
      }
    }
    std::sort(rows_.begin(), rows_.end(),
              [&](const SortRow& a, const SortRow& b) { return keys_.less(a, b); });
    sorted_ = true;
  }
  while (next_ < rows_.size() && out.rows < ctx_.batchRows()) out.appendRow(rows_[next_++].values);
  return next_ < rows_.size();
}

}  // namespace cairn::query
