#include "query/exec/run_stream.h"

#include <algorithm>

namespace cairn::query {

RunStream::RunStream(ExecContext& ctx, const index::SnapshotReader* reader,
                     const index::ScanRange& range, index::Column key)
    : ctx_(ctx), keyColumn_(key) {
  if (reader) cursor_.emplace(reader->scan(range, index::columnBit(key), ctx.asOf()));
  advance();
}

void RunStream::seekFurther(uint64_t target) {
  while (true) {
    // A batch that ends before the target is skipped whole; else a gallop from pos_: merges of
    // dense runs seek a few rows ahead, where a binary search over the whole batch cost most of
    // a star count's time.
    if (count_ > 0 && keys_[count_ - 1] >= target) {
      size_t low = pos_, step = 1;
      while (low + step < count_ && keys_[low + step] < target) {
        low += step;
        step <<= 1;
      }
      const size_t high = std::min(low + step + 1, count_);
      pos_ = static_cast<size_t>(std::lower_bound(keys_ + low, keys_ + high, target) - keys_);
      break;
    }
    if (!load()) {
      done_ = true;
      return;
    }
  }
  advance();
}

bool RunStream::load() {
  pos_ = 0;
  count_ = 0;
  keys_ = nullptr;
  if (!cursor_) return false;
  auto more = cursor_->next(batch_);
  if (!more.isOk()) throwStorageError(more.status());
  if (!more.value()) {
    cursor_.reset();
    return false;
  }
  ctx_.checkLimits();
  keys_ = batch_.column(keyColumn_).data();
  count_ = batch_.rows;
  return true;
}

// The batch's key column and size are kept in members, not re-read through the batch per row.
void RunStream::advanceSlow() {
  if (pos_ >= count_ && !load()) {
    done_ = true;
    return;
  }
  key_ = keys_[pos_];
  size_t end = pos_ + 1;
  while (end < count_ && keys_[end] == key_) ++end;
  uint64_t n = end - pos_;
  pos_ = end;
  while (pos_ == count_ && load() && keys_[0] == key_) {  // the run goes on
    end = 1;
    while (end < count_ && keys_[end] == key_) ++end;
    n += end;
    pos_ = end;
  }
  rows_ = n;
}

}  // namespace cairn::query
