#pragma once
// ScanCursor: the rows of one permutation in a key range, as of a commit t, in key order, as
// column batches. Made by PermutationReader::scan.
//
// The cursor walks the tree lazily: it prunes branch and leaf entries by their key spans and
// t bounds, decodes only the requested columns of each leaflet plus, in the (at most two)
// leaflets the range boundary cuts, the leading key columns that decide the boundary, plus t
// where a leaflet holds rows newer than asOf. Interior leaflets decode no key column.
//
// A cursor is single-threaded. It shares the reader's store and cache (the store must outlive
// it). After an error next() keeps returning that error.

#include <cstddef>
#include <memory>

#include "core/status.h"
#include "index/tree/column_batch.h"
#include "index/tree/scan_range.h"
#include "index/tree/scan_stats.h"

namespace cairn::index {

class TreeAccess;

class ScanCursor {
 public:
  ScanCursor(ScanCursor&&) noexcept;
  ScanCursor& operator=(ScanCursor&&) noexcept;
  ~ScanCursor();

  // Replaces `out` with the next batch of up to config.batchRows rows (only the requested
  // columns filled); false, with an empty batch, at the end.
  core::Result<bool> next(ColumnBatch& out);
  // Same with at most `maxRows` rows (>= 1) in this batch.
  core::Result<bool> next(ColumnBatch& out, size_t maxRows);

  const ScanStats& stats() const;

 private:
  friend class PermutationReader;
  friend class KeyProbe;
  ScanCursor(std::shared_ptr<const TreeAccess> tree, const ScanRange& range, ColumnMask columns,
             uint64_t asOf);

  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace cairn::index
