#include "index/tree/permutation_reader.h"

#include "index/tree/key_probe.h"
#include "index/tree/leaflet_view.h"
#include "index/tree/tree_access.h"

namespace cairn::index {
namespace {

// One count() call: walks only the parts of the tree the directories cannot answer.
class Counter {
 public:
  Counter(const TreeAccess& tree, const ScanRange& range, uint64_t asOf, ScanStats& stats)
      : tree_(tree), range_(range), asOf_(asOf), stats_(stats) {}

  core::Result<uint64_t> countRoot() {
    const PermutationRoot& root = tree_.root();
    if (root.empty() || range_.isEmpty()) return uint64_t{0};
    if (root.height == 0) return countLeaf(root.root);
    return countBranch(root.root, root.height);
  }

  // The key of the first of the last `rows` rows of the range (range.low when the range has
  // fewer): directory counts walked from the end backwards, then one leaflet's key columns.
  core::Result<RowKey> tailStart(uint64_t rows) {
    remaining_ = rows;
    tailLow_ = range_.low;
    const PermutationRoot& root = tree_.root();
    if (rows == 0 || root.empty() || range_.isEmpty()) return range_.low;
    if (root.height == 0) {
      CAIRN_RETURN_IF_ERROR(tailLeaf(root.root).status());
    } else {
      CAIRN_RETURN_IF_ERROR(tailBranch(root.root, root.height).status());
    }
    return tailLow_;
  }

 private:
  bool inside(const RowKey& first, const RowKey& last) const {
    return range_.low <= first && last <= range_.high;
  }

  core::Result<uint64_t> countBranch(const storage::ContentId& id, uint32_t level) {
    CAIRN_ASSIGN_OR_RETURN(auto node, tree_.branch(id, level, stats_));
    const auto [first, last] = entryWindow(node->entries, range_);
    uint64_t total = 0;
    for (size_t e = first; e < last; ++e) {
      const BranchEntry& entry = node->entries[e];
      if (entry.minT > asOf_) continue;
      if (entry.maxT <= asOf_ && inside(entry.firstKey, entry.lastKey)) {
        total += entry.rowCount;
        continue;
      }
      CAIRN_ASSIGN_OR_RETURN(uint64_t below, level == 1 ? countLeaf(entry.child)
                                                        : countBranch(entry.child, level - 1));
      total += below;
    }
    return total;
  }

  core::Result<uint64_t> countLeaf(const storage::ContentId& id) {
    CAIRN_ASSIGN_OR_RETURN(auto leaf, tree_.leaf(id, stats_));
    const auto [first, last] = entryWindow(leaf->entries, range_);
    uint64_t total = 0;
    for (size_t e = first; e < last; ++e) {
      const LeafletEntry& entry = leaf->entries[e];
      ++stats_.leafletsVisited;
      if (entry.minT > asOf_) continue;
      if (entry.maxT <= asOf_ && inside(entry.firstKey, entry.lastKey)) {
        ++stats_.leafletsFromDirectory;
        total += entry.rowCount;
        continue;
      }
      CAIRN_ASSIGN_OR_RETURN(uint64_t rows, countLeaflet(entry));
      total += rows;
    }
    return total;
  }

  core::Result<bool> tailBranch(const storage::ContentId& id, uint32_t level) {
    CAIRN_ASSIGN_OR_RETURN(auto node, tree_.branch(id, level, stats_));
    const auto [first, last] = entryWindow(node->entries, range_);
    for (size_t e = last; e-- > first;) {
      const BranchEntry& entry = node->entries[e];
      if (entry.minT > asOf_) continue;
      // A subtree wholly inside with fewer rows than still needed is skipped by its count.
      if (entry.maxT <= asOf_ && inside(entry.firstKey, entry.lastKey) &&
          entry.rowCount < remaining_) {
        remaining_ -= entry.rowCount;
        continue;
      }
      CAIRN_ASSIGN_OR_RETURN(
          bool done, level == 1 ? tailLeaf(entry.child) : tailBranch(entry.child, level - 1));
      if (done) return true;
    }
    return false;
  }

  core::Result<bool> tailLeaf(const storage::ContentId& id) {
    CAIRN_ASSIGN_OR_RETURN(auto leaf, tree_.leaf(id, stats_));
    const auto [first, last] = entryWindow(leaf->entries, range_);
    for (size_t e = last; e-- > first;) {
      const LeafletEntry& entry = leaf->entries[e];
      if (entry.minT > asOf_) continue;
      uint64_t rows = entry.rowCount;
      if (!(entry.maxT <= asOf_ && inside(entry.firstKey, entry.lastKey))) {
        CAIRN_ASSIGN_OR_RETURN(rows, countLeaflet(entry));
      }
      if (rows >= remaining_) {
        CAIRN_ASSIGN_OR_RETURN(tailLow_, keyOfTailRow(entry, remaining_));
        return true;
      }
      remaining_ -= rows;
    }
    return false;
  }

  // The key of the n-th visible row of `entry` counted back from the range's end (the leaflet
  // holds at least n visible rows in range). Reading it costs the leaflet's key columns, which
  // the scan from that key loads anyway; starting there instead of at the leaflet's first key
  // keeps a DESC ... LIMIT k from reading up to a leaflet of rows it then skips.
  core::Result<RowKey> keyOfTailRow(const LeafletEntry& entry, uint64_t n) {
    CAIRN_ASSIGN_OR_RETURN(const RowSpan span,
                           openRows(entry, tree_.leadingKeyMask(kKeyColumnCount)));
    uint32_t row = span.hi;
    if (!span.filterT) {
      row = n <= span.hi - span.lo ? span.hi - static_cast<uint32_t>(n) : span.lo;
    } else {
      const uint64_t* ts = view_.data(Column::kT);
      for (uint64_t seen = 0; row > span.lo && seen < n;) seen += ts[--row] <= asOf_ ? 1 : 0;
    }
    if (row >= span.hi) return std::max(range_.low, entry.firstKey);  // none visible: never here
    return std::max(range_.low, view_.keyAt(row));
  }

  core::Result<uint64_t> countLeaflet(const LeafletEntry& entry) {
    CAIRN_ASSIGN_OR_RETURN(const RowSpan span, openRows(entry, 0));
    if (span.hi <= span.lo) return uint64_t{0};
    if (!span.filterT) return uint64_t{span.hi - span.lo};
    const uint64_t* ts = view_.data(Column::kT);
    uint64_t visible = 0;
    for (uint32_t r = span.lo; r < span.hi; ++r) visible += ts[r] <= asOf_ ? 1 : 0;
    return visible;
  }

  // The rows [lo, hi) of `entry` inside the range, with view_ holding `columns`, the key columns
  // the range's boundaries need, and t when asOf hides some rows (filterT).
  struct RowSpan {
    uint32_t lo = 0;
    uint32_t hi = 0;
    bool filterT = false;
  };
  core::Result<RowSpan> openRows(const LeafletEntry& entry, ColumnMask columns) {
    const bool cutLow = entry.firstKey < range_.low;
    const bool cutHigh = range_.high < entry.lastKey;
    RowSpan span;
    span.filterT = entry.maxT > asOf_;
    ColumnMask need = columns;
    if (cutLow) need |= tree_.leadingKeyMask(range_.lowColumns());
    if (cutHigh) need |= tree_.leadingKeyMask(range_.highColumns());
    if (span.filterT) need |= columnBit(Column::kT);
    view_.reset(tree_.perm(), entry);
    CAIRN_RETURN_IF_ERROR(view_.load(tree_, need, stats_));
    span.lo = cutLow ? view_.lowerBound(range_.low, range_.lowColumns()) : 0;
    span.hi = cutHigh ? view_.upperBound(range_.high, range_.highColumns(), span.lo) : view_.rows();
    return span;
  }

  const TreeAccess& tree_;
  const ScanRange& range_;
  uint64_t asOf_;
  ScanStats& stats_;
  LeafletView view_;
  uint64_t remaining_ = 0;  // tailStart: rows still to find
  RowKey tailLow_{};
};

}  // namespace

PermutationReader::PermutationReader(const storage::BlobStore& store, Permutation perm,
                                     PermutationRoot root, std::shared_ptr<IndexCache> cache,
                                     IndexConfig config) {
  CAIRN_CHECK(config.batchRows >= 1, "batchRows must be at least 1");
  if (cache == nullptr) cache = std::make_shared<IndexCache>(kPrivateCacheBytes);
  tree_ = std::make_shared<const TreeAccess>(store, perm, root, std::move(cache), config);
}

Permutation PermutationReader::perm() const { return tree_->perm(); }

const PermutationRoot& PermutationReader::root() const { return tree_->root(); }

ScanCursor PermutationReader::scan(const ScanRange& range, ColumnMask columns,
                                   uint64_t asOf) const {
  return ScanCursor(tree_, range, columns, asOf);
}

core::Result<uint64_t> PermutationReader::count(const ScanRange& range, uint64_t asOf,
                                                ScanStats* stats) const {
  ScanStats local;
  ScanStats& used = stats != nullptr ? *stats : local;
  Counter counter(*tree_, range, asOf, used);
  core::Result<uint64_t> total = counter.countRoot();
  if (total.isOk()) used.rowsEmitted += *total;
  return total;
}

core::Result<RowKey> PermutationReader::tailStart(const ScanRange& range, uint64_t rows,
                                                  uint64_t asOf) const {
  ScanStats stats;
  Counter counter(*tree_, range, asOf, stats);
  return counter.tailStart(rows);
}

KeyProbe PermutationReader::probe() const { return KeyProbe(tree_); }

core::Result<std::optional<IndexRow>> PermutationReader::seek(const RowKey& key,
                                                              uint64_t asOf) const {
  ScanCursor cursor = scan(ScanRange{key, kMaxRowKey}, kAllColumns, asOf);
  ColumnBatch batch;
  CAIRN_ASSIGN_OR_RETURN(bool found, cursor.next(batch, 1));
  if (!found) return std::optional<IndexRow>{};
  return std::optional<IndexRow>{rowAt(batch, 0)};
}

}  // namespace cairn::index
