#pragma once
// PermutationNovelty: the changes of one permutation of one graph since the permutation trees'
// t, as a short list of immutable runs, oldest first: first the persisted runs of the index
// root's delta layer (index/delta, read block by block through the cache), then the in-memory
// runs of the commits since the root (oldest and largest first). Adding a commit makes a new
// value that shares every run but the newest few, so snapshots are cheap to keep and to publish.
//
// Invariant (kept by the writer): the changes of one key alternate between assert and retract,
// the first of them flipping the key's presence in the trees. So a key's presence there is the
// opposite of its oldest change, and counts need no look-up in the trees.

#include <cstdint>
#include <memory>
#include <vector>

#include "core/status.h"
#include "index/delta/delta_run.h"
#include "index/novelty/novelty_run.h"
#include "index/tree/scan_range.h"

namespace cairn::index {

// What the novelty says about one key at some t.
struct KeyChange {
  RowKey key{};
  uint64_t t = 0;        // the deciding change (the newest at or before the snapshot's t)
  bool present = false;  // that change was an assert
  bool inBase = false;   // the key was present at the index root
};

class PermutationNovelty {
 public:
  // Changes of the persisted runs `runs` (oldest first, all older than any commit added later).
  static PermutationNovelty persisted(std::vector<std::shared_ptr<const DeltaRun>> runs);

  bool empty() const { return runs_.empty() && persisted_.empty(); }
  size_t size() const { return size_ + persistedSize_; }
  size_t memorySize() const { return size_; }  // the in-memory runs' changes
  size_t runCount() const { return runs_.size(); }
  const std::vector<std::shared_ptr<const DeltaRun>>& persistedRuns() const { return persisted_; }

  // A copy with `entries` (one commit's changes, sorted by noveltyEntryLess, newer than every
  // change already here) added. Runs merge size-tiered (see the .cpp): at most about
  // 3 * log4(size) runs, each entry copied about log4(size / commit size) times.
  PermutationNovelty with(std::vector<NoveltyEntry> entries) const;

  // Appends to `out`, in key order, one KeyChange per key in `range` that has a change at or
  // before asOf, except keys absent both at the root and at asOf (they change nothing). Fails
  // only when a persisted block cannot be read (Corruption naming it).
  core::Status changesAt(const ScanRange& range, uint64_t asOf, std::vector<KeyChange>& out) const;
  // The net number of rows the keys in `range` gained at asOf since the trees' t (negative: lost)
  // — what changesAt's KeyChanges add up to (present - inBase), without merging the runs. By the
  // invariant above a key's changes up to any t alternate, starting with the one that flips its
  // presence in the trees, so they sum to that key's net change: +1 per assert, -1 per retract.
  // Fails only when a persisted block cannot be read.
  core::Result<int64_t> netRowsAt(const ScanRange& range, uint64_t asOf) const;
  // Every change, of every key and t, sorted by noveltyEntryLess (what the indexer folds in).
  core::Result<std::vector<NoveltyEntry>> allEntries() const { return entriesFrom(0); }
  // The changes of the persisted runs from `firstPersisted` on (<= persistedRuns().size()) and of
  // the in-memory runs, sorted by noveltyEntryLess (what a delta run writes as one segment when it
  // merges the newest persisted ones).
  core::Result<std::vector<NoveltyEntry>> entriesFrom(size_t firstPersisted) const;
  // The changes of the in-memory runs alone, sorted by noveltyEntryLess (what the indexer
  // persists as a delta segment).
  std::vector<NoveltyEntry> memoryEntries() const;
  // The end of a window of at most about `entries` changes per run from `low` on: the largest
  // key K such that no run holds more than `entries` entries in [low, K]; kMaxRowKey when none
  // holds more than that from `low` to the end. What a SnapshotReader scan reads a piece at a
  // time. Fails only when a persisted block cannot be read.
  core::Result<RowKey> windowEnd(const RowKey& low, size_t entries) const;
  // Every change (any t) of the keys in `range`, appended in noveltyEntryLess order.
  core::Status entriesIn(const ScanRange& range, std::vector<NoveltyEntry>& out) const;

 private:
  static constexpr size_t kMaxMergedRun = size_t{1} << 18;  // 14 MiB of entries

  std::vector<std::shared_ptr<const DeltaRun>> persisted_;  // oldest first
  size_t persistedSize_ = 0;
  std::vector<std::shared_ptr<const NoveltyRun>> runs_;  // oldest first, newer than persisted_
  size_t size_ = 0;
};

}  // namespace cairn::index
