#include "index/tree/scan_cursor.h"

#include <algorithm>
#include <cstring>
#include <tuple>
#include <vector>

#include "index/tree/leaflet_view.h"
#include "index/tree/tree_access.h"

namespace cairn::index {

struct ScanCursor::State {
  enum class Phase { kStart, kRunning, kDone };
  struct Frame {
    std::shared_ptr<const BranchNode> node;
    size_t next = 0;
    size_t end = 0;
  };

  std::shared_ptr<const TreeAccess> tree;
  ScanRange range;
  ColumnMask columns = 0;
  uint64_t asOf = UINT64_MAX;
  ColumnMask lowKeyMask = 0;   // key columns deciding the low boundary
  ColumnMask highKeyMask = 0;  // key columns deciding the high boundary
  Phase phase = Phase::kStart;
  core::Status failure;
  ScanStats stats;

  std::vector<Frame> stack;  // branches from the root down to the level above the leaves
  std::shared_ptr<const LeafNode> leaf;
  size_t nextLeaflet = 0;
  size_t endLeaflet = 0;

  // The open leaflet: rows [lo, hi), or selection[] when asOf drops some of them.
  LeafletView view;
  bool open = false;
  uint32_t lo = 0;
  uint32_t hi = 0;
  bool selected = false;
  std::vector<uint32_t> selection;
  size_t pos = 0;  // rows of the open leaflet already emitted

  size_t available() const { return (selected ? selection.size() : size_t{hi - lo}) - pos; }

  core::Result<bool> nextLeaf();
  core::Result<bool> openNextLeaflet();
  core::Status openLeaflet(const LeafletEntry& entry);
  void emit(ColumnBatch& out, size_t count);
  core::Result<bool> fill(ColumnBatch& out, size_t maxRows);
};

core::Result<bool> ScanCursor::State::nextLeaf() {
  const TreeAccess& t = *tree;
  if (phase == Phase::kStart) {
    phase = Phase::kRunning;
    if (t.root().empty() || range.isEmpty()) return false;
    if (t.root().height == 0) {
      CAIRN_ASSIGN_OR_RETURN(leaf, t.leaf(t.root().root, stats));
      std::tie(nextLeaflet, endLeaflet) = entryWindow(leaf->entries, range);
      return true;
    }
    CAIRN_ASSIGN_OR_RETURN(auto root, t.branch(t.root().root, t.root().height, stats));
    auto [first, last] = entryWindow(root->entries, range);
    stack.push_back({std::move(root), first, last});
  }
  while (!stack.empty()) {
    Frame& top = stack.back();
    if (top.next == top.end) {
      stack.pop_back();
      continue;
    }
    const BranchEntry& child = top.node->entries[top.next++];
    if (child.minT > asOf) continue;  // every row of the subtree is newer than the snapshot
    if (top.node->level == 1) {
      CAIRN_ASSIGN_OR_RETURN(leaf, t.leaf(child.child, stats));
      std::tie(nextLeaflet, endLeaflet) = entryWindow(leaf->entries, range);
      return true;
    }
    CAIRN_ASSIGN_OR_RETURN(auto node, t.branch(child.child, top.node->level - 1u, stats));
    auto [first, last] = entryWindow(node->entries, range);
    stack.push_back({std::move(node), first, last});
  }
  leaf.reset();
  return false;
}

core::Status ScanCursor::State::openLeaflet(const LeafletEntry& entry) {
  const bool cutLow = entry.firstKey < range.low;
  const bool cutHigh = range.high < entry.lastKey;
  const bool filterT = entry.maxT > asOf;
  ColumnMask need = columns;
  if (cutLow) need |= lowKeyMask;
  if (cutHigh) need |= highKeyMask;
  if (filterT) need |= columnBit(Column::kT);
  view.reset(tree->perm(), entry);
  CAIRN_RETURN_IF_ERROR(view.load(*tree, need, stats));
  lo = cutLow ? view.lowerBound(range.low, range.lowColumns()) : 0;
  hi = cutHigh ? view.upperBound(range.high, range.highColumns(), lo) : view.rows();
  hi = std::max(hi, lo);
  pos = 0;
  selected = false;
  if (filterT && lo < hi) {
    // Here t is never constant: a constant t above asOf means minT > asOf, skipped earlier.
    selected = true;
    selection.clear();
    const uint64_t* ts = view.data(Column::kT);
    for (uint32_t r = lo; r < hi; ++r) {
      if (ts[r] <= asOf) selection.push_back(r);
    }
  }
  open = available() > 0;
  return core::Status::ok();
}

core::Result<bool> ScanCursor::State::openNextLeaflet() {
  while (true) {
    while (leaf != nullptr && nextLeaflet < endLeaflet) {
      const LeafletEntry& entry = leaf->entries[nextLeaflet++];
      ++stats.leafletsVisited;
      if (entry.minT > asOf) continue;
      CAIRN_RETURN_IF_ERROR(openLeaflet(entry));
      if (open) return true;
    }
    CAIRN_ASSIGN_OR_RETURN(bool more, nextLeaf());
    if (!more) return false;
  }
}

void ScanCursor::State::emit(ColumnBatch& out, size_t count) {
  const size_t base = out.rows;
  for (int c = 0; c < kColumnCount; ++c) {
    const auto column = static_cast<Column>(c);
    if (!hasColumn(columns, column)) continue;
    std::vector<uint64_t>& dst = out.columns[c];
    dst.resize(base + count);
    uint64_t* to = dst.data() + base;
    if (view.isConstant(column)) {
      std::fill(to, to + count, view.constant(column));
    } else if (selected) {
      const uint64_t* from = view.data(column);
      const uint32_t* rows = selection.data() + pos;
      for (size_t j = 0; j < count; ++j) to[j] = from[rows[j]];
    } else {
      std::memcpy(to, view.data(column) + lo + pos, count * sizeof(uint64_t));
    }
  }
  out.rows += count;
  pos += count;
  stats.rowsEmitted += count;
}

core::Result<bool> ScanCursor::State::fill(ColumnBatch& out, size_t maxRows) {
  out.clear();
  if (!failure.isOk()) return failure;
  while (out.rows < maxRows && phase != Phase::kDone) {
    if (!open || available() == 0) {
      open = false;
      core::Result<bool> more = openNextLeaflet();
      if (!more.isOk()) {
        failure = more.status();
        phase = Phase::kDone;
        out.clear();
        return failure;
      }
      if (!*more) {
        phase = Phase::kDone;
        break;
      }
    }
    emit(out, std::min(maxRows - out.rows, available()));
  }
  return out.rows > 0;
}

ScanCursor::ScanCursor(std::shared_ptr<const TreeAccess> tree, const ScanRange& range,
                       ColumnMask columns, uint64_t asOf)
    : state_(std::make_unique<State>()) {
  state_->range = range;
  state_->columns = columns & kAllColumns;
  state_->asOf = asOf;
  state_->lowKeyMask = tree->leadingKeyMask(range.lowColumns());
  state_->highKeyMask = tree->leadingKeyMask(range.highColumns());
  state_->tree = std::move(tree);
}

ScanCursor::ScanCursor(ScanCursor&&) noexcept = default;
ScanCursor& ScanCursor::operator=(ScanCursor&&) noexcept = default;
ScanCursor::~ScanCursor() = default;

core::Result<bool> ScanCursor::next(ColumnBatch& out) {
  return state_->fill(out, state_->tree->config().batchRows);
}

core::Result<bool> ScanCursor::next(ColumnBatch& out, size_t maxRows) {
  CAIRN_CHECK(maxRows >= 1, "next() with maxRows 0");
  return state_->fill(out, maxRows);
}

const ScanStats& ScanCursor::stats() const { return state_->stats; }

}  // namespace cairn::index
