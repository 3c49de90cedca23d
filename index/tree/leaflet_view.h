#pragma once
// LeafletView: the rows of one leaflet as a reader sees them. Constant columns come from the
// directory entry; the others are decoded on demand, one column at a time, through the cache
// (keyed by leaflet id + column), so a scan pays only for the columns it uses. Internal to
// index/tree.
//
// Range boundaries inside a leaflet are binary searches over the decoded leading key columns,
// one column at a time; the leading key column carries a sample of every 64th value so the
// first, leaflet-wide search touches few cold cache lines.

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/status.h"
#include "index/leaflet/leaflet_entry.h"
#include "index/tree/column_batch.h"
#include "index/tree/scan_stats.h"
#include "index/tree/tree_access.h"

namespace cairn::index {

class LeafletView {
 public:
  // Starts viewing `entry` (copied) of permutation `perm`; drops the previous columns.
  void reset(Permutation perm, const LeafletEntry& entry);

  // Makes the columns in `mask` available. Fetches the leaflet blob only if a needed column is
  // neither constant nor cached.
  core::Status load(const TreeAccess& tree, ColumnMask mask, ScanStats& stats);

  const LeafletEntry& entry() const { return entry_; }
  uint32_t rows() const { return entry_.rowCount; }
  bool isConstant(Column c) const { return entry_.isConstant(c); }
  uint64_t constant(Column c) const { return entry_.block(c).reference; }
  // Decoded values of a loaded, non-constant column (rows() of them).
  const uint64_t* data(Column c) const { return data_[static_cast<int>(c)]; }

  // The key of `row` (every key column must be loaded or constant).
  RowKey keyAt(uint32_t row) const;

  // First row whose first n key columns are >= low's (the key columns involved must be loaded).
  uint32_t lowerBound(const RowKey& low, int n) const;
  // First row at or after `from` whose first n key columns are > high's. `from` must not be past
  // the answer (a lowerBound of a range's low end is fine).
  uint32_t upperBound(const RowKey& high, int n, uint32_t from = 0) const;

 private:
  // Rows in [lo, hi) whose key column k equals value, given that [lo, hi) is sorted by it.
  // `nearLo`: the rows sought are expected near lo (gallop rather than bisect).
  std::pair<uint32_t, uint32_t> equalRange(int k, uint32_t lo, uint32_t hi, uint64_t value,
                                           bool nearLo) const;

  LeafletEntry entry_;
  std::array<Column, kKeyColumnCount> keyCols_{};
  std::array<std::shared_ptr<const std::vector<uint64_t>>, kColumnCount> columns_;
  std::array<const uint64_t*, kColumnCount> data_{};
  std::array<const uint64_t*, kKeyColumnCount> keyData_{};
  std::array<uint64_t, kKeyColumnCount> keyConstant_{};
  std::shared_ptr<const std::string> bytes_;
  const uint64_t* samples_ = nullptr;  // every 64th value of the leading key column, if cached
  uint32_t sampleCount_ = 0;
};

}  // namespace cairn::index
