#include "index/tree/key_probe.h"

#include <span>

#include "index/tree/column_batch.h"
#include "index/tree/scan_cursor.h"
#include "index/tree/tree_access.h"

namespace cairn::index {
namespace {

// Whether [range.low, range.high] lies inside [first, last].
bool inside(const ScanRange& range, const RowKey& first, const RowKey& last) {
  return !rowKeyLess(range.low, first) && !rowKeyLess(last, range.high);
}

}  // namespace

KeyProbe::KeyProbe(std::shared_ptr<const TreeAccess> tree) : tree_(std::move(tree)) {}
KeyProbe::KeyProbe(KeyProbe&&) noexcept = default;
KeyProbe& KeyProbe::operator=(KeyProbe&&) noexcept = default;
KeyProbe::~KeyProbe() = default;

core::Result<bool> KeyProbe::openIn(const LeafNode& leaf, const ScanRange& range, uint64_t asOf,
                                    bool& spans) {
  const auto [first, last] = entryWindow(leaf.entries, range);
  if (first == last) return false;
  if (last - first > 1) {
    spans = true;
    return false;
  }
  const LeafletEntry& entry = leaf.entries[first];
  if (entry.minT > asOf) return false;  // every row is newer than the snapshot
  if (viewOpen_ && view_.entry().leaflet == entry.leaflet) return true;
  viewOpen_ = false;
  view_.reset(tree_->perm(), entry);
  ++stats_.leafletsVisited;
  CAIRN_RETURN_IF_ERROR(view_.load(*tree_, kKeyColumns, stats_));
  viewOpen_ = true;
  return true;
}

core::Result<bool> KeyProbe::locate(const ScanRange& range, uint64_t asOf, bool& spans) {
  spans = false;
  // Inside the last leaflet: no other leaflet can hold a row of the range.
  if (viewOpen_ && inside(range, view_.entry().firstKey, view_.entry().lastKey)) {
    return view_.entry().minT <= asOf;
  }
  if (leaf_ != nullptr &&
      inside(range, leaf_->entries.front().firstKey, leaf_->entries.back().lastKey)) {
    return openIn(*leaf_, range, asOf, spans);
  }
  const TreeAccess& t = *tree_;
  if (t.root().empty()) return false;
  leaf_.reset();
  if (t.root().height == 0) {
    CAIRN_ASSIGN_OR_RETURN(leaf_, t.leaf(t.root().root, stats_));
    return openIn(*leaf_, range, asOf, spans);
  }
  CAIRN_ASSIGN_OR_RETURN(auto node, t.branch(t.root().root, t.root().height, stats_));
  while (true) {
    const auto [first, last] = entryWindow(node->entries, range);
    if (first == last) return false;
    if (last - first > 1) {
      spans = true;
      return false;
    }
    const BranchEntry& child = node->entries[first];
    if (child.minT > asOf) return false;
    if (node->level == 1) {
      CAIRN_ASSIGN_OR_RETURN(leaf_, t.leaf(child.child, stats_));
      return openIn(*leaf_, range, asOf, spans);
    }
    CAIRN_ASSIGN_OR_RETURN(node, t.branch(child.child, node->level - 1u, stats_));
  }
}

core::Status KeyProbe::scanRows(const ScanRange& range, uint64_t asOf, std::vector<IndexRow>& out) {
  ScanCursor cursor(tree_, range, kAllColumns, asOf);
  ColumnBatch batch;
  while (true) {
    CAIRN_ASSIGN_OR_RETURN(bool more, cursor.next(batch));
    for (size_t r = 0; r < batch.rows; ++r) {
      IndexRow row = rowAt(batch, r);
      row.t = 0;  // as rows() promises
      out.push_back(row);
    }
    if (!more) return core::Status::ok();
  }
}

core::Status KeyProbe::rows(const RowKey& prefix, int n, uint64_t asOf,
                            std::vector<IndexRow>& out) {
  const ScanRange range = ScanRange::prefix(std::span(prefix.data(), n));
  bool spans = false;
  CAIRN_ASSIGN_OR_RETURN(bool located, locate(range, asOf, spans));
  if (spans) return scanRows(range, asOf, out);
  if (!located) return core::Status::ok();
  const bool filterT = view_.entry().maxT > asOf;
  if (filterT) CAIRN_RETURN_IF_ERROR(view_.load(*tree_, columnBit(Column::kT), stats_));
  const uint32_t lo = view_.lowerBound(range.low, n);
  const uint32_t hi = view_.upperBound(range.high, n, lo);
  const Permutation perm = tree_->perm();
  for (uint32_t r = lo; r < hi; ++r) {
    if (filterT && view_.data(Column::kT)[r] > asOf) continue;
    out.push_back(rowOfKey(perm, view_.keyAt(r)));
  }
  return core::Status::ok();
}

core::Result<bool> KeyProbe::contains(const RowKey& key, uint64_t asOf) {
  const ScanRange range{key, key};
  bool spans = false;
  CAIRN_ASSIGN_OR_RETURN(bool located, locate(range, asOf, spans));
  // Leaflets are disjoint, so one key cannot span two; a corrupt directory could say so.
  if (spans) {
    std::vector<IndexRow> found;
    CAIRN_RETURN_IF_ERROR(scanRows(range, asOf, found));
    return !found.empty();
  }
  if (!located) return false;
  const uint32_t r = view_.lowerBound(key, kKeyColumnCount);
  if (r >= view_.rows() || !rowKeyEqual(view_.keyAt(r), key)) return false;
  if (view_.entry().maxT <= asOf) return true;
  CAIRN_RETURN_IF_ERROR(view_.load(*tree_, columnBit(Column::kT), stats_));
  return view_.data(Column::kT)[r] <= asOf;
}

}  // namespace cairn::index
