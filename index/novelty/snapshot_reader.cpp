#include "index/novelty/snapshot_reader.h"

#include <algorithm>

namespace cairn::index {

namespace {

// Novelty entries per run in the first window a scan reads (at most batchRows); each next
// window is 4 times larger, up to the last. Growing, the windows cost a scan of the whole range
// about a third more than one read of it, and the first rows little. History windows hold as
// many visible rows per segment, and a merging scan's first read of the tree as many rows.
constexpr size_t kFirstWindow = 64;
constexpr size_t kLastWindow = size_t{1} << 16;

void appendHistoryRows(Permutation perm, const std::vector<IndexRow>& rows,
                       std::vector<KeyChange>& out) {
  out.reserve(out.size() + rows.size());
  for (const IndexRow& row : rows) out.push_back(KeyChange{rowKey(perm, row), row.t, true, false});
}

void addStats(ScanStats& into, const ScanStats& from) {
  into.nodesVisited += from.nodesVisited;
  into.leafletsVisited += from.leafletsVisited;
  into.leafletsFromDirectory += from.leafletsFromDirectory;
  into.leafletsDecoded += from.leafletsDecoded;
  into.leafletBlobsRead += from.leafletBlobsRead;
  into.columnsLoaded += from.columnsLoaded;
  into.columnsDecoded += from.columnsDecoded;
  into.rowsEmitted += from.rowsEmitted;
}

}  // namespace

// ---- ChangeWindows ----

core::Result<RowKey> ChangeWindows::read(const RowKey& low, const RowKey& high, size_t entries,
                                         std::vector<KeyChange>& out) const {
  if (novelty == nullptr) {
    std::vector<IndexRow> rows;
    CAIRN_ASSIGN_OR_RETURN(
        const RowKey end,
        history->visibleWindow(graph, perm, ScanRange{low, high}, asOf, entries, rows));
    appendHistoryRows(perm, rows, out);
    return end;
  }
  CAIRN_ASSIGN_OR_RETURN(RowKey end, novelty->windowEnd(low, entries));
  if (rowKeyLess(high, end)) end = high;
  CAIRN_RETURN_IF_ERROR(novelty->changesAt(ScanRange{low, end}, asOf, out));
  return end;
}

// ---- SnapshotCursor ----

core::Result<bool> SnapshotCursor::next(ColumnBatch& out) { return next(out, batchRows_); }

core::Result<bool> SnapshotCursor::next(ColumnBatch& out, size_t maxRows) {
  maxRows = std::min(maxRows, batchRows_);  // the configured batch is the most a batch holds
  if (!error_.isOk()) {
    out.clear();
    return error_;
  }
  if (!merging_) {
    if (base_) return base_->next(out, maxRows);
    out.clear();
    return false;
  }
  return nextMerged(out, maxRows);
}

const ScanStats& SnapshotCursor::stats() const {
  if (!merging_ && base_) return base_->stats();
  reported_ = stats_;
  if (base_) {
    ScanStats base = base_->stats();
    base.rowsEmitted = 0;  // the merged count is in stats_
    addStats(reported_, base);
  }
  return reported_;
}

RowKey SnapshotCursor::baseKey(size_t row) const {
  RowKey key;
  const auto& columns = keyColumns(perm_);
  for (int k = 0; k < kKeyColumnCount; ++k) key[k] = baseBatch_.column(columns[k])[row];
  return key;
}

void SnapshotCursor::emitBaseRun(ColumnBatch& out, size_t end) {
  for (int c = 0; c < kColumnCount; ++c) {
    if (hasColumn(columns_, static_cast<Column>(c))) {
      const auto& from = baseBatch_.columns[c];
      out.columns[c].insert(out.columns[c].end(), from.begin() + basePos_, from.begin() + end);
    }
  }
  out.rows += end - basePos_;
  basePos_ = end;
}

size_t SnapshotCursor::baseRunEnd(size_t room) const {
  const size_t last = std::min(baseBatch_.rows, basePos_ + room);
  // Rows at or past `bound` wait: the next change decides them or comes before them (inclusive
  // false), or the next window must be read first (inclusive true: rows up to windowHigh_ go).
  const bool haveChange = nextChange_ < changes_.size();
  if (!haveChange && !windows_) return last;
  const RowKey& bound = haveChange ? changes_[nextChange_].key : windowHigh_;
  const bool inclusive = !haveChange;
  auto before = [&](size_t row) {
    const RowKey key = baseKey(row);
    return inclusive ? !rowKeyLess(bound, key) : rowKeyLess(key, bound);
  };
  if (before(last - 1)) return last;
  // basePos_ is before the bound (the caller checked); the first row that is not.
  size_t lo = basePos_ + 1;
  size_t hi = last - 1;
  while (lo < hi) {
    const size_t mid = lo + (hi - lo) / 2;
    if (before(mid)) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

void SnapshotCursor::emitChange(ColumnBatch& out, const KeyChange& change) const {
  const IndexRow row = rowOfEntry(perm_, NoveltyEntry{change.key, change.t, true});
  for (int c = 0; c < kColumnCount; ++c) {
    const Column column = static_cast<Column>(c);
    if (hasColumn(columns_, column)) out.columns[c].push_back(row.get(column));
  }
  ++out.rows;
}

core::Result<bool> SnapshotCursor::nextMerged(ColumnBatch& out, size_t maxRows) {
  out.clear();
  maxRows = std::max<size_t>(maxRows, 1);
  while (out.rows < maxRows) {
    if (basePos_ >= baseBatch_.rows && !baseDone_) {
      if (!base_) {
        baseDone_ = true;
      } else {
        const size_t read = std::min(batchRows_, std::max({maxRows, baseRead_, kFirstWindow}));
        baseRead_ = std::min(batchRows_, read * 4);
        CAIRN_ASSIGN_OR_RETURN(bool more, base_->next(baseBatch_, read));
        basePos_ = 0;
        if (!more) baseDone_ = true;
      }
      continue;
    }
    const bool haveBase = basePos_ < baseBatch_.rows;
    const RowKey key = haveBase ? baseKey(basePos_) : kMaxRowKey;
    if (nextChange_ == changes_.size() && windows_ && (!haveBase || rowKeyLess(windowHigh_, key))) {
      // No change of the window decides the next base row (or there is none): read on.
      if (core::Status loaded = loadWindow(nextRowKey(windowHigh_)); !loaded.isOk()) {
        error_ = loaded;
        out.clear();
        return error_;
      }
      continue;
    }
    const bool haveChange = nextChange_ < changes_.size();
    if (!haveBase && !haveChange) break;
    if (haveBase) {
      if (haveChange && changes_[nextChange_].key <= key) {
        const KeyChange& change = changes_[nextChange_++];
        if (change.key == key) ++basePos_;  // the change decides this key, not the base row
        if (change.present) emitChange(out, change);
        continue;
      }
      emitBaseRun(out, baseRunEnd(maxRows - out.rows));
      continue;
    }
    const KeyChange& change = changes_[nextChange_++];
    if (change.present) emitChange(out, change);
  }
  stats_.rowsEmitted += out.rows;
  return out.rows > 0;
}

core::Status SnapshotCursor::loadWindow(const RowKey& low) {
  changes_.clear();
  nextChange_ = 0;
  CAIRN_ASSIGN_OR_RETURN(windowHigh_, windows_->read(low, rangeHigh_, window_, changes_));
  if (!rowKeyLess(windowHigh_, rangeHigh_)) windows_.reset();
  window_ = std::min(window_ * 4, kLastWindow);
  return core::Status::ok();
}

// ---- SnapshotReader ----

SnapshotReader::SnapshotReader(Permutation perm, std::optional<PermutationReader> base,
                               std::shared_ptr<const Novelty> novelty,
                               const PermutationNovelty* changes, uint32_t batchRows,
                               std::shared_ptr<const HistoryView> history, core::NodeId graph,
                               uint64_t rootT)
    : perm_(perm),
      base_(std::move(base)),
      novelty_(std::move(novelty)),
      changes_(changes != nullptr && !changes->empty() ? changes : nullptr),
      batchRows_(batchRows),
      history_(std::move(history)),
      graph_(graph),
      rootT_(rootT) {}

core::Result<std::vector<KeyChange>> SnapshotReader::changesIn(const ScanRange& range,
                                                               uint64_t asOf) const {
  std::vector<KeyChange> out;
  if (readsHistory(asOf)) {
    // Every novelty change is after the root's t, so before it only history adds rows.
    std::vector<IndexRow> rows;
    CAIRN_RETURN_IF_ERROR(history_->visibleAt(graph_, perm_, range, asOf, rows));
    appendHistoryRows(perm_, rows, out);
    return out;
  }
  if (changes_ != nullptr) CAIRN_RETURN_IF_ERROR(changes_->changesAt(range, asOf, out));
  return out;
}

SnapshotCursor SnapshotReader::scan(const ScanRange& range, ColumnMask columns,
                                    uint64_t asOf) const {
  SnapshotCursor cursor;
  cursor.perm_ = perm_;
  cursor.columns_ = columns;
  cursor.batchRows_ = batchRows_;
  const bool history = readsHistory(asOf);
  if ((changes_ != nullptr || history) && range.low != range.high && !range.isEmpty()) {
    // The first window; nextMerged() reads the others as the merge reaches them.
    cursor.windows_ = ChangeWindows{history ? nullptr : changes_, history ? history_ : nullptr,
                                    graph_, perm_, asOf};
    cursor.rangeHigh_ = range.high;
    cursor.window_ = std::min<size_t>(batchRows_, kFirstWindow);
    if (core::Status loaded = cursor.loadWindow(range.low); !loaded.isOk()) {
      cursor.error_ = loaded;
      return cursor;
    }
  } else {
    auto changes = changesIn(range, asOf);
    if (!changes.isOk()) {
      cursor.error_ = changes.status();
      return cursor;
    }
    cursor.changes_ = std::move(changes).value();
  }
  cursor.merging_ = !cursor.changes_.empty() || cursor.windows_.has_value();
  if (cursor.merging_) {
    cursor.keepAlive_ = novelty_;
    // Merging compares keys, so the tree must yield its key columns too.
    columns |= kKeyColumns;
  }
  if (base_) cursor.base_.emplace(base_->scan(range, columns, asOf));
  return cursor;
}

core::Result<uint64_t> SnapshotReader::count(const ScanRange& range, uint64_t asOf,
                                             ScanStats* stats) const {
  uint64_t rows = 0;
  if (base_) {
    CAIRN_ASSIGN_OR_RETURN(rows, base_->count(range, asOf, stats));
  }
  if (std::optional<int64_t> delta = currentStateDelta(range, asOf)) {
    return static_cast<uint64_t>(static_cast<int64_t>(rows) + *delta);
  }
  int64_t delta = 0;
  if (readsHistory(asOf)) {
    // Before the root only history adds rows (changesIn reads them as changes).
    CAIRN_ASSIGN_OR_RETURN(const std::vector<KeyChange> changes, changesIn(range, asOf));
    for (const KeyChange& change : changes) {
      delta += static_cast<int64_t>(change.present) - static_cast<int64_t>(change.inBase);
    }
  } else if (changes_ != nullptr) {
    // The base counted a key iff it was in the root; the novelty's net change covers the rest.
    CAIRN_ASSIGN_OR_RETURN(delta, changes_->netRowsAt(range, asOf));
  }
  return static_cast<uint64_t>(static_cast<int64_t>(rows) + delta);
}

core::Result<uint64_t> SnapshotReader::estimateCount(const ScanRange& range, uint64_t asOf) const {
  if (!readsHistory(asOf)) return count(range, asOf);
  uint64_t rows = 0;
  if (base_) {
    CAIRN_ASSIGN_OR_RETURN(rows, base_->count(range, asOf));
  }
  CAIRN_ASSIGN_OR_RETURN(const uint64_t history,
                         history_->visibleUpperBound(graph_, perm_, range, asOf));
  return rows + history;
}

std::optional<int64_t> SnapshotReader::currentStateDelta(const ScanRange& range,
                                                         uint64_t asOf) const {
  // At an earlier t the net deltas (which cover every commit since the root) do not apply; the
  // novelty's t is never below the root's.
  if (novelty_ == nullptr || asOf < novelty_->t()) return std::nullopt;
  if (changes_ == nullptr) return int64_t{0};
  if (range == ScanRange::all()) return novelty_->rowDelta(graph_);
  const bool predicateLeads = perm_ == Permutation::kPSOT || perm_ == Permutation::kPOST;
  if (!predicateLeads || range.low[0] != range.high[0] || range.lowColumns() > 1 ||
      range.highColumns() > 1) {
    return std::nullopt;
  }
  const PredicateRowDeltas* byPredicate = novelty_->predicateRows(graph_);
  return byPredicate == nullptr ? int64_t{0} : byPredicate->of(range.low[0]);
}

core::Result<RowKey> SnapshotReader::tailStart(const ScanRange& range, uint64_t rows,
                                               uint64_t asOf) const {
  if (!base_) return range.low;
  // Retracted base rows may hide some of the tail; starting that many rows earlier covers them,
  // and asserted rows only add to what the scan yields.
  uint64_t hidden = 0;
  CAIRN_ASSIGN_OR_RETURN(const std::vector<KeyChange> changes, changesIn(range, asOf));
  for (const KeyChange& change : changes) {
    if (!change.present && change.inBase) ++hidden;
  }
  return base_->tailStart(range, rows + hidden, asOf);
}

core::Result<bool> SnapshotReader::contains(const RowKey& key, uint64_t asOf) const {
  SnapshotCursor cursor = scan(ScanRange{key, key}, kKeyColumns, asOf);
  ColumnBatch batch;
  return cursor.next(batch, 1);
}

core::Result<std::optional<IndexRow>> SnapshotReader::seek(const RowKey& key, uint64_t asOf) const {
  if (changes_ == nullptr && !readsHistory(asOf)) {
    if (!base_) return std::optional<IndexRow>();
    return base_->seek(key, asOf);
  }
  SnapshotCursor cursor = scan(ScanRange{key, kMaxRowKey}, kAllColumns, asOf);
  ColumnBatch batch;
  CAIRN_ASSIGN_OR_RETURN(bool found, cursor.next(batch, 1));
  if (!found) return std::optional<IndexRow>();
  return std::optional<IndexRow>(rowAt(batch, 0));
}

// ---- SnapshotKeyProbe ----

SnapshotKeyProbe::SnapshotKeyProbe(const SnapshotReader& reader, uint64_t asOf)
    : reader_(reader), asOf_(asOf), history_(reader.readsHistory(asOf)) {
  if (!history_ && reader.base_) base_.emplace(reader.base_->probe());
}

core::Result<bool> SnapshotKeyProbe::contains(const RowKey& key) {
  if (history_) return reader_.contains(key, asOf_);
  if (reader_.changes_ != nullptr) {
    changes_.clear();
    CAIRN_RETURN_IF_ERROR(reader_.changes_->changesAt(ScanRange{key, key}, asOf_, changes_));
    if (!changes_.empty()) return changes_.front().present;
  }
  if (!base_) return false;
  return base_->contains(key, asOf_);
}

core::Status SnapshotKeyProbe::rows(const RowKey& prefix, int n, std::vector<IndexRow>& out) {
  const ScanRange range = ScanRange::prefix(std::span(prefix.data(), n));
  const Permutation perm = reader_.perm();
  if (history_) {
    SnapshotCursor cursor = reader_.scan(range, kAllColumns, asOf_);
    ColumnBatch batch;
    while (true) {
      CAIRN_ASSIGN_OR_RETURN(bool more, cursor.next(batch));
      for (size_t r = 0; r < batch.rows; ++r) {
        IndexRow row = rowAt(batch, r);
        row.t = 0;
        out.push_back(row);
      }
      if (!more) return core::Status::ok();
    }
  }
  changes_.clear();
  if (reader_.changes_ != nullptr) {
    CAIRN_RETURN_IF_ERROR(reader_.changes_->changesAt(range, asOf_, changes_));
  }
  if (changes_.empty()) return base_ ? base_->rows(prefix, n, asOf_, out) : core::Status::ok();
  // Both sorted by key: the base's rows, each replaced or dropped by its change, merged with
  // the changes' new keys.
  baseRows_.clear();
  if (base_) CAIRN_RETURN_IF_ERROR(base_->rows(prefix, n, asOf_, baseRows_));
  size_t c = 0;
  for (const IndexRow& row : baseRows_) {
    const RowKey key = rowKey(perm, row);
    for (; c < changes_.size() && rowKeyLess(changes_[c].key, key); ++c) {
      if (changes_[c].present) out.push_back(rowOfKey(perm, changes_[c].key));
    }
    if (c < changes_.size() && rowKeyEqual(changes_[c].key, key)) {
      if (changes_[c].present) out.push_back(row);
      ++c;
      continue;
    }
    out.push_back(row);
  }
  for (; c < changes_.size(); ++c) {
    if (changes_[c].present) out.push_back(rowOfKey(perm, changes_[c].key));
  }
  return core::Status::ok();
}

}  // namespace cairn::index
