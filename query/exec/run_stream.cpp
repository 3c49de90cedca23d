#include "query/exec/run_stream.h"

#include <algorithm>

namespace cairn::query {

RunStream::RunStream(ExecContext& ctx, const index::SnapshotReader* reader,
                     const index::ScanRange& range, index::Column key)
    : ctx_(ctx), keyColumn_(key) {
  if (reader) cursor_.emplace(reader->scan(range, index::columnBit(key), ctx.asOf()));
  advance();
}

void RunStream::seek(uint64_t target) {
  if (done_ || key_ >= target) return;
  while (true) {
    pos_ = static_cast<size_t>(std::lower_bound(keys_ + pos_, keys_ + count_, target) - keys_);
    if (pos_ < count_) break;
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
void RunStream::advance() {
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
