#include "index/novelty/snapshot_reader.h"

#include <algorithm>

namespace cairn::index {

namespace {

// Novelty entries per run in the first window SnapshotReader::seek reads (at most batchRows).
constexpr size_t kFirstSeekWindow = 64;

ColumnMask keyMask(Permutation perm) {
  ColumnMask mask = 0;
  for (Column c : keyColumns(perm)) mask |= columnBit(c);
  return mask;
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

// ---- SnapshotCursor ----

core::Result<bool> SnapshotCursor::next(ColumnBatch& out) { return next(out, batchRows_); }

core::Result<bool> SnapshotCursor::next(ColumnBatch& out, size_t maxRows) {
  if (!error_.isOk()) {
    out.clear();
    return error_;
  }
  if (changes_.empty()) {
    if (base_) return base_->next(out, maxRows);
    out.clear();
    return false;
  }
  return nextMerged(out, maxRows);
}

const ScanStats& SnapshotCursor::stats() const {
  if (changes_.empty() && base_) return base_->stats();
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

void SnapshotCursor::emitBase(ColumnBatch& out, size_t row) const {
  for (int c = 0; c < kColumnCount; ++c) {
    if (hasColumn(columns_, static_cast<Column>(c))) {
      out.columns[c].push_back(baseBatch_.columns[c][row]);
    }
  }
  ++out.rows;
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
        CAIRN_ASSIGN_OR_RETURN(bool more, base_->next(baseBatch_));
        basePos_ = 0;
        if (!more) baseDone_ = true;
      }
      continue;
    }
    const bool haveBase = basePos_ < baseBatch_.rows;
    const bool haveChange = nextChange_ < changes_.size();
    if (!haveBase && !haveChange) break;
    if (haveBase) {
      const RowKey key = baseKey(basePos_);
      if (haveChange && changes_[nextChange_].key <= key) {
        const KeyChange& change = changes_[nextChange_++];
        if (change.key == key) ++basePos_;  // the change decides this key, not the base row
        if (change.present) emitChange(out, change);
        continue;
      }
      emitBase(out, basePos_++);
      continue;
    }
    const KeyChange& change = changes_[nextChange_++];
    if (change.present) emitChange(out, change);
  }
  stats_.rowsEmitted += out.rows;
  return out.rows > 0;
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
    out.reserve(rows.size());
    for (const IndexRow& row : rows)
      out.push_back(KeyChange{rowKey(perm_, row), row.t, true, false});
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
  auto changes = changesIn(range, asOf);
  if (!changes.isOk()) {
    cursor.error_ = changes.status();
    return cursor;
  }
  cursor.changes_ = std::move(changes).value();
  if (!cursor.changes_.empty()) {
    cursor.keepAlive_ = novelty_;
    // Merging compares keys, so the tree must yield its key columns too.
    columns |= keyMask(perm_);
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
  // A change decides its key at asOf; the base counted the key iff it was in the root (a change
  // at or before asOf means asOf is past the root, where the base shows the root's state).
  int64_t delta = 0;
  CAIRN_ASSIGN_OR_RETURN(const std::vector<KeyChange> changes, changesIn(range, asOf));
  for (const KeyChange& change : changes) {
    delta += static_cast<int64_t>(change.present) - static_cast<int64_t>(change.inBase);
  }
  return static_cast<uint64_t>(static_cast<int64_t>(rows) + delta);
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
  const std::map<uint64_t, int64_t>* byPredicate = novelty_->predicateRows(graph_);
  if (byPredicate == nullptr) return int64_t{0};
  auto it = byPredicate->find(range.low[0]);
  return it == byPredicate->end() ? int64_t{0} : it->second;
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
  SnapshotCursor cursor = scan(ScanRange{key, key}, keyMask(perm_), asOf);
  ColumnBatch batch;
  return cursor.next(batch, 1);
}

core::Result<std::optional<IndexRow>> SnapshotReader::seek(const RowKey& key, uint64_t asOf) const {
  if (changes_ == nullptr && !readsHistory(asOf)) {
    if (!base_) return std::optional<IndexRow>();
    return base_->seek(key, asOf);
  }
  auto firstIn = [&](const ScanRange& range) -> core::Result<std::optional<IndexRow>> {
    SnapshotCursor cursor = scan(range, kAllColumns, asOf);
    ColumnBatch batch;
    CAIRN_ASSIGN_OR_RETURN(bool found, cursor.next(batch, 1));
    if (!found) return std::optional<IndexRow>();
    return std::optional<IndexRow>(rowAt(batch, 0));
  };
  if (readsHistory(asOf)) return firstIn(ScanRange{key, kMaxRowKey});
  // A scan gathers every novelty change of its range before its first row: read the novelty a
  // window at a time instead, growing, so the first row costs about the changes before it
  // rather than all those after `key` (a fresh ledger's whole novelty, for hasGraph at a past t).
  RowKey low = key;
  size_t window = std::min<size_t>(batchRows_, kFirstSeekWindow);
  while (true) {
    CAIRN_ASSIGN_OR_RETURN(const RowKey high, changes_->windowEnd(low, window));
    CAIRN_ASSIGN_OR_RETURN(std::optional<IndexRow> first, firstIn(ScanRange{low, high}));
    if (first || rowKeyEqual(high, kMaxRowKey)) return first;
    low = nextRowKey(high);
    window *= 4;
  }
}

}  // namespace cairn::index
