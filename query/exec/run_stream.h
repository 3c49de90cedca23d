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

  // To the first run whose value is >= target (the current one when it is): a binary search
  // in each batch the target lies beyond, so runs skipped cost nothing per row.
  void seek(uint64_t target);

 private:
  // The next batch (pos_ at its start); false at the end.
  bool load();
  // Reads the run that starts at pos_ (it may continue into the next batches).
  void advance();

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
