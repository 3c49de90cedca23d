#include "query/exec/minus.h"

namespace cairn::query {

Minus::Minus(ExecContext& ctx, OperatorPtr left, OperatorPtr right)
    : Operator(ctx, "Minus", left->variables()),
      left_(std::move(left)),
      right_(std::move(right)),
      table_(ctx, "Minus", columnsOf(*right_, sharedVariables(*left_, *right_))) {
  auto shared = sharedVariables(*left_, *right_);
  leftKeys_ = columnsOf(*left_, shared);
  rightKeys_ = columnsOf(*right_, shared);
  if (shared.empty()) addDetail("note", "no shared variable: removes nothing");
}

bool Minus::produce(Batch& out) {
  if (!built_) {
    if (!leftKeys_.empty()) table_.build(*right_);
    built_ = true;
  }
  if (!left_->next(in_)) return false;
  ValueRow key(leftKeys_.size());
  for (size_t r = 0; r < in_.rows; ++r) {
    bool removed = false;
    if (table_.size() > 0) {
      for (size_t k = 0; k < leftKeys_.size(); ++k) key[k] = in_.columns[leftKeys_[k]][r];
      table_.candidates(key, candidates_);
      for (size_t b : candidates_) {
        if (!table_.compatible(b, key)) continue;
        // The domains must share a variable bound on both sides.
        const auto row = table_.row(b);
        for (size_t k = 0; k < key.size() && !removed; ++k) {
          removed = key[k].isBound() && row[rightKeys_[k]].isBound();
        }
        if (removed) break;
      }
    }
    if (!removed) out.appendFrom(in_, r);
  }
  return true;
}

}  // namespace cairn::query
