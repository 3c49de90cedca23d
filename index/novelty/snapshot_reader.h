#pragma once
// SnapshotReader: one permutation of one graph as a ledger snapshot sees it — the index root's
// tree (PermutationReader) merged with the novelty overlay, at any t. It has the tree reader's
// interface (scan, count, seek, tailStart), so every operator above it reads one consistent
// snapshot without knowing whether a fact came from the index or from a recent commit.
//
// Where the novelty has no change inside a range, scans and counts are the tree's own, with no
// extra work: current-state queries over indexed data pay nothing for the overlay.
//
// Before the root's t the novelty has nothing to say; there the tree's rows asserted by asOf are
// merged with the history rows visible at asOf (index/history), facts retracted since. A history
// row never shares its key with a tree row visible at the same asOf (one fact's intervals are
// disjoint), so the merge only adds rows. Reads at or after the root's t never open history.
//
// Thread-safety: as PermutationReader. The snapshot's novelty is kept alive by the reader and
// by every cursor made from it.

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/status.h"
#include "index/history/history_manifest.h"
#include "index/novelty/novelty.h"
#include "index/tree/column_batch.h"
#include "index/tree/key_probe.h"
#include "index/tree/permutation_reader.h"
#include "index/tree/scan_cursor.h"
#include "index/tree/scan_range.h"
#include "index/tree/scan_stats.h"

namespace cairn::index {

// Where a scan's changes come from, read a window at a time: the novelty at or after the index
// root's t, the history before it.
struct ChangeWindows {
  const PermutationNovelty* novelty = nullptr;  // null: the history
  std::shared_ptr<const HistoryView> history;
  core::NodeId graph = core::kNoNode;
  Permutation perm = Permutation::kSPOT;
  uint64_t asOf = 0;

  // Appends the deciding change at asOf of each key in a window from `low`: about `entries`
  // changes per novelty run (history: visible rows per segment), not past `high`. Returns the
  // window's last key.
  core::Result<RowKey> read(const RowKey& low, const RowKey& high, size_t entries,
                            std::vector<KeyChange>& out) const;
};

class SnapshotCursor {
 public:
  // Replaces `out` with the next batch (only the requested columns filled); false, with an
  // empty batch, at the end. After an error next() keeps returning it.
  core::Result<bool> next(ColumnBatch& out);
  core::Result<bool> next(ColumnBatch& out, size_t maxRows);
  const ScanStats& stats() const;

 private:
  friend class SnapshotReader;
  SnapshotCursor() = default;

  core::Result<bool> nextMerged(ColumnBatch& out, size_t maxRows);
  // Replaces changes_ with those of the window from `low` (of window_ entries per run, which then
  // grows for the next); drops windows_ once the window reaches the range's end.
  core::Status loadWindow(const RowKey& low);
  RowKey baseKey(size_t row) const;
  // Base rows [basePos_, end) into `out`, a column at a time.
  void emitBaseRun(ColumnBatch& out, size_t end);
  // The end of the run of base rows from basePos_ that no change decides and that the window
  // read so far covers, at most `room` rows long (at least one row: basePos_'s).
  size_t baseRunEnd(size_t room) const;
  void emitChange(ColumnBatch& out, const KeyChange& change) const;

  Permutation perm_ = Permutation::kSPOT;
  ColumnMask columns_ = 0;
  size_t batchRows_ = 0;
  std::optional<ScanCursor> base_;
  std::shared_ptr<const Novelty> keepAlive_;
  bool merging_ = false;            // false: the base cursor's batches pass through
  std::vector<KeyChange> changes_;  // of the range up to windowHigh_ (all of it when no windows_)
  core::Status error_;              // finding the changes failed (a block read): next() says so
  size_t nextChange_ = 0;
  // The changes still to read, a window at a time (none once the last window is loaded).
  std::optional<ChangeWindows> windows_;
  RowKey windowHigh_{};
  RowKey rangeHigh_{};
  size_t window_ = 0;  // entries per run in the next window
  ColumnBatch baseBatch_;
  size_t basePos_ = 0;
  // Base rows the next read takes at least: a LIMIT's few rows read little, a long scan's reads
  // grow to full batches (each read fills every column of its rows).
  size_t baseRead_ = 0;
  bool baseDone_ = false;
  ScanStats stats_;  // rows emitted when merging; base stats are added in stats()
  mutable ScanStats reported_;
};

class SnapshotReader {
 public:
  // `base` is the tree of the index root (nullopt when the graph is not in the root);
  // `changes` this graph's and permutation's novelty (null when none), owned by `novelty`.
  // `history` (may be null) holds what was retracted before the root's t `rootT`, for graph
  // `graph`.
  SnapshotReader(Permutation perm, std::optional<PermutationReader> base,
                 std::shared_ptr<const Novelty> novelty, const PermutationNovelty* changes,
                 uint32_t batchRows, std::shared_ptr<const HistoryView> history = nullptr,
                 core::NodeId graph = core::kNoNode, uint64_t rootT = 0);

  Permutation perm() const { return perm_; }
  // The index root's tree, null when the graph is not in it.
  const PermutationReader* base() const { return base_ ? &*base_ : nullptr; }

  // Rows with low <= key <= high present at asOf, in key order. The novelty (before the root's
  // t, the history) is read in windows that grow from a few dozen changes per run, each as the
  // merge reaches it, so the first rows cost about the changes before them, not every change in
  // the range (a LIMIT over a wide range of a large unindexed novelty, delta layer or history).
  // Point ranges gather their changes at once.
  SnapshotCursor scan(const ScanRange& range, ColumnMask columns, uint64_t asOf = UINT64_MAX) const;
  // The number of rows scan() would return; from directories plus the novelty's delta.
  core::Result<uint64_t> count(const ScanRange& range, uint64_t asOf = UINT64_MAX,
                               ScanStats* stats = nullptr) const;
  // count(), or, where that would read every row (at a t before the root's, where history has
  // no counts), an upper bound from the directories: for a planner's estimates.
  core::Result<uint64_t> estimateCount(const ScanRange& range, uint64_t asOf = UINT64_MAX) const;
  // As PermutationReader::tailStart: scanning from the returned key to range.high yields at
  // least the last `rows` rows of the range (all when it has fewer).
  core::Result<RowKey> tailStart(const ScanRange& range, uint64_t rows,
                                 uint64_t asOf = UINT64_MAX) const;
  // The first row with key >= `key` present at asOf: the first row of a scan from `key`, so it
  // reads the novelty (or history) only about up to that row. For whether one key is present,
  // contains() is cheaper still.
  core::Result<std::optional<IndexRow>> seek(const RowKey& key, uint64_t asOf = UINT64_MAX) const;
  // Whether the row with exactly this key is present at asOf: a point scan, so a binary search
  // in each novelty run and one descent of the tree.
  core::Result<bool> contains(const RowKey& key, uint64_t asOf = UINT64_MAX) const;

 private:
  friend class SnapshotKeyProbe;
  // The deciding change of every key in range at asOf: from the novelty at or after the root's
  // t, from history before it.
  core::Result<std::vector<KeyChange>> changesIn(const ScanRange& range, uint64_t asOf) const;
  bool readsHistory(uint64_t asOf) const { return history_ != nullptr && asOf < rootT_; }
  // The net row change since the root of a range holding a whole graph, or one whole predicate
  // in PSOT/POST, at the latest t: the novelty keeps these per predicate, so such a count needs no
  // look at each change (nor a base seek for each). nullopt for any other range or t.
  std::optional<int64_t> currentStateDelta(const ScanRange& range, uint64_t asOf) const;

  Permutation perm_;
  std::optional<PermutationReader> base_;
  std::shared_ptr<const Novelty> novelty_;
  const PermutationNovelty* changes_;  // null or non-empty
  uint32_t batchRows_;
  std::shared_ptr<const HistoryView> history_;  // null: no history
  core::NodeId graph_;
  uint64_t rootT_;
};

// Point reads of a snapshot that remember where the base tree's last one landed
// (index/tree/key_probe.h): a key the novelty changed is decided by its change, the rest by the
// base tree without a descent when they fall in the leaflet of the previous read. Reads before
// the root's t (history) go through SnapshotReader's scans. Single-threaded; the reader must
// outlive it.
class SnapshotKeyProbe {
 public:
  SnapshotKeyProbe(const SnapshotReader& reader, uint64_t asOf);

  // SnapshotReader::contains(key, asOf).
  core::Result<bool> contains(const RowKey& key);
  // Appends to `out`, in key order, the rows present at asOf whose first n key columns equal
  // prefix's (every column but t, which is 0).
  core::Status rows(const RowKey& prefix, int n, std::vector<IndexRow>& out);

 private:
  const SnapshotReader& reader_;
  uint64_t asOf_;
  bool history_;                  // asOf is before the root: scans decide
  std::optional<KeyProbe> base_;  // null when the graph is not in the root
  std::vector<KeyChange> changes_;
  std::vector<IndexRow> baseRows_;
};

}  // namespace cairn::index
