#pragma once
// NoveltyRun: an immutable sorted run of the changes of one permutation since the index root.
// Entries are in key order and, for one key, newest first, so the change that decides a key at
// some t is the first of its entries at or below t.
//
// Runs are what the novelty overlay is made of (PermutationNovelty): each commit adds a small run
// and runs of similar size merge, so a snapshot is a short list of shared immutable runs and a
// commit never copies the whole overlay.

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "index/permutation.h"

namespace cairn::index {

struct NoveltyEntry {
  RowKey key{};  // the permutation's five key columns
  uint64_t t = 0;
  bool assert = true;

  bool operator==(const NoveltyEntry&) const = default;
};

// Key ascending, then t descending (newest change of a key first).
inline bool noveltyEntryLess(const NoveltyEntry& a, const NoveltyEntry& b) {
  for (int k = 0; k < kKeyColumnCount; ++k) {
    if (a.key[k] != b.key[k]) return a.key[k] < b.key[k];
  }
  return a.t > b.t;
}
// noveltyEntryLess as a type, for std::sort and merges: called through a function pointer the
// comparison is not inlined (a commit sorts three permutations' entries).
struct NoveltyEntryOrder {
  bool operator()(const NoveltyEntry& a, const NoveltyEntry& b) const {
    return noveltyEntryLess(a, b);
  }
};

// The row an entry stands for in permutation p (t included).
IndexRow rowOfEntry(Permutation p, const NoveltyEntry& entry);

class NoveltyRun {
 public:
  // `entries` must be sorted by noveltyEntryLess.
  explicit NoveltyRun(std::vector<NoveltyEntry> entries);

  // One run holding all of `runs`, which are in time order (each run's changes are all later
  // than those of the runs before it).
  static std::shared_ptr<const NoveltyRun> merge(std::span<const NoveltyRun* const> runs);

  size_t size() const { return entries_.size(); }
  std::span<const NoveltyEntry> entries() const { return entries_; }
  uint64_t maxT() const { return maxT_; }
  // The entries whose key lies in [low, high].
  std::span<const NoveltyEntry> range(const RowKey& low, const RowKey& high) const;
  // The same, for a reader at or after maxT(): without the keys asserted and retracted again
  // inside this run (absent before it and after it, so they decide nothing for such a reader).
  // A fact rewritten by every commit (a counter) leaves one such key per commit; without this a
  // current-state read of it would walk them all.
  std::span<const NoveltyEntry> currentRange(const RowKey& low, const RowKey& high) const;
  // What a reader at asOf needs of [low, high]: currentRange at or after maxT(), else range.
  std::span<const NoveltyEntry> rangeAt(const RowKey& low, const RowKey& high,
                                        uint64_t asOf) const {
    return asOf >= maxT_ ? currentRange(low, high) : range(low, high);
  }

 private:
  std::vector<NoveltyEntry> entries_;
  // entries_ less the transient keys, kept only when that drops at least a quarter of them
  // (hasCurrentCopy_; a copy may be empty when every key is transient).
  std::vector<NoveltyEntry> current_;
  bool hasCurrentCopy_ = false;
  uint64_t maxT_ = 0;
};

}  // namespace cairn::index
