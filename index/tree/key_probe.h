#pragma once
// KeyProbe: point reads of one permutation tree — the rows of one key, or of one key prefix —
// that remember where the previous read landed. A read whose range lies inside the leaflet of
// the previous one searches that leaflet's decoded key columns directly, and one inside the
// previous leaf searches that leaf's directory: no descent, no cache lookup, no cursor. A read
// from scratch (a descent, then one leaflet) costs what a point scan does. Reads asked in
// ascending or clustered key order (label checks and property reads of an expansion's ends,
// which come sorted) mostly stay within one leaflet, where a point scan cost ~1–2 µs each.
//
// A range that spans leaflets (a subject whose facts cross a leaflet boundary) is read with a
// scan cursor. Made by PermutationReader::probe(); single-threaded; the reader's store and
// cache must outlive it.

#include <cstdint>
#include <memory>
#include <vector>

#include "core/status.h"
#include "index/permutation.h"
#include "index/tree/leaflet_view.h"
#include "index/tree/scan_range.h"
#include "index/tree/scan_stats.h"

namespace cairn::index {

class TreeAccess;
struct LeafNode;

class KeyProbe {
 public:
  explicit KeyProbe(std::shared_ptr<const TreeAccess> tree);
  KeyProbe(KeyProbe&&) noexcept;
  KeyProbe& operator=(KeyProbe&&) noexcept;
  ~KeyProbe();

  // Whether the row with exactly this key is in the tree with t <= asOf.
  core::Result<bool> contains(const RowKey& key, uint64_t asOf = UINT64_MAX);
  // Appends to `out` the rows (every column) whose first n key columns (1..5) equal prefix's,
  // with t <= asOf, in key order.
  core::Status rows(const RowKey& prefix, int n, uint64_t asOf, std::vector<IndexRow>& out);

  const ScanStats& stats() const { return stats_; }

 private:
  // Makes the view hold the one leaflet that can hold [range.low, range.high]: true when it
  // does, false when no leaflet can (the range lies between leaflets, or every row of the
  // leaflet is newer than asOf) or when the range spans several (`spans` then says so).
  core::Result<bool> locate(const ScanRange& range, uint64_t asOf, bool& spans);
  core::Result<bool> openIn(const LeafNode& leaf, const ScanRange& range, uint64_t asOf,
                            bool& spans);
  core::Status scanRows(const ScanRange& range, uint64_t asOf, std::vector<IndexRow>& out);

  std::shared_ptr<const TreeAccess> tree_;
  std::shared_ptr<const LeafNode> leaf_;  // the leaf of the last descent
  LeafletView view_;
  bool viewOpen_ = false;  // view_ holds a leaflet with its key columns and t loaded
  ScanStats stats_;
};

}  // namespace cairn::index
