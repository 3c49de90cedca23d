#pragma once
// RunStream: one index range read in key order as runs (value, rows) of one key column — the
// subject in SPOT/PSOT, the object key within one object type in POST/OPST. Only that column is
// decoded. Counting merges (star_run_merge.h) and the scan of every node (node_scan.h) walk
// several of these side by side, skipping runs with seek().

#include <cstddef>
#include <cstdint>
#include <optional>

#include "index/novelty/snapshot_reader.h"
#include "query/exec/exec_context.h"

namespace cairn::query {

class RunStream {
 public:
  // Reads `range` of `reader` (nullptr: an empty stream) as of the query's t. Checks the
  // query's limits once per batch read.
  RunStream(ExecContext& ctx, const index::SnapshotReader* reader, const index::ScanRange& range,
            index::Column key);

  bool done() const { return done_; }
  // The current run's value and its number of rows.
  uint64_t key() const { return key_; }
  uint64_t rows() const { return rows_; }

  // To the next run.
  void next() { advance(); }

  // To the first run whose value is >= target (the current one when it is): a gallop within
  // the batch, batches that end before the target skipped whole, so runs skipped cost little.
  void seek(uint64_t target) {
    if (done_ || key_ >= target) return;
    // Dense merges mostly land a few rows ahead: look at those before galloping.
    const size_t near = pos_ + 4 < count_ ? pos_ + 4 : count_;
    for (size_t i = pos_; i < near; ++i) {
      if (keys_[i] >= target) {
        pos_ = i;
        advance();
        return;
      }
    }
    seekFurther(target);
  }

 private:
  void seekFurther(uint64_t target);
  // The next batch (pos_ at its start); false at the end.
  bool load();
  // Reads the run that starts at pos_ (it may continue into the next batches). Inline for the
  // common case, a run of one row inside the batch.
  void advance() {
    if (pos_ + 1 < count_ && keys_[pos_ + 1] != keys_[pos_]) {
      key_ = keys_[pos_++];
      rows_ = 1;
      return;
    }
    advanceSlow();
  }
  void advanceSlow();

  ExecContext& ctx_;
  index::Column keyColumn_;
  std::optional<index::SnapshotCursor> cursor_;
  index::ColumnBatch batch_;
  const uint64_t* keys_ = nullptr;  // batch_'s key column
  size_t count_ = 0;                // batch_'s rows
  size_t pos_ = 0;
  bool done_ = false;
  uint64_t key_ = 0;
  uint64_t rows_ = 0;
};

}  // namespace cairn::query
