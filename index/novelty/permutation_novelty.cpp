#include "index/novelty/permutation_novelty.h"

#include <algorithm>
#include <span>

#include "core/check.h"
#include "index/novelty/size_tiers.h"

namespace cairn::index {

PermutationNovelty PermutationNovelty::with(std::vector<NoveltyEntry> entries) const {
  PermutationNovelty next = *this;
  if (entries.empty()) return next;
  next.size_ += entries.size();
  auto& runs = next.runs_;
  runs.push_back(std::make_shared<const NoveltyRun>(std::move(entries)));
  // Size-tiered (size_tiers.h): the newest runs merge, in one k-way merge, when four share a
  // tier or the newest has outgrown the one before it. So an entry is copied about
  // log4(size / commit) times (a commit's cost), and runs stay oldest-and-largest first, at most
  // three per tier (a reader's cost: one binary search per run). No merge makes a run over
  // kMaxMergedRun entries, so no single commit pays for copying a large overlay while the
  // indexer lags; runs then stop at between a quarter of that and all of it, and their count
  // grows by one per such run until the indexer catches up.
  std::vector<uint64_t> sizes;
  for (const auto& run : runs) sizes.push_back(run->size());
  const size_t take = tieredMergeCount(std::move(sizes), kMaxMergedRun);
  if (take >= 2) {
    std::vector<const NoveltyRun*> parts;
    for (size_t i = runs.size() - take; i < runs.size(); ++i) parts.push_back(runs[i].get());
    auto merged = NoveltyRun::merge(parts);
    runs.resize(runs.size() - take);
    runs.push_back(std::move(merged));
  }
  return next;
}

PermutationNovelty PermutationNovelty::persisted(
    std::vector<std::shared_ptr<const DeltaRun>> runs) {
  PermutationNovelty out;
  for (const auto& run : runs) out.persistedSize_ += run->size();
  out.persisted_ = std::move(runs);
  return out;
}

std::vector<NoveltyEntry> PermutationNovelty::memoryEntries() const {
  std::vector<NoveltyEntry> out;
  out.reserve(size_);
  for (const auto& run : runs_) {
    const size_t before = out.size();
    out.insert(out.end(), run->entries().begin(), run->entries().end());
    std::inplace_merge(out.begin(), out.begin() + static_cast<ptrdiff_t>(before), out.end(),
                       NoveltyEntryOrder{});
  }
  return out;
}

core::Result<std::vector<NoveltyEntry>> PermutationNovelty::entriesFrom(
    size_t firstPersisted) const {
  CAIRN_CHECK(firstPersisted <= persisted_.size(), "persisted run index out of range");
  std::vector<NoveltyEntry> out;
  out.reserve(size());
  auto mergeTail = [&out](size_t before) {
    std::inplace_merge(out.begin(), out.begin() + static_cast<ptrdiff_t>(before), out.end(),
                       NoveltyEntryOrder{});
  };
  for (size_t r = firstPersisted; r < persisted_.size(); ++r) {
    const size_t before = out.size();
    CAIRN_RETURN_IF_ERROR(persisted_[r]->entriesIn(kMinRowKey, kMaxRowKey, out));
    mergeTail(before);
  }
  const std::vector<NoveltyEntry> memory = memoryEntries();
  const size_t before = out.size();
  out.insert(out.end(), memory.begin(), memory.end());
  mergeTail(before);
  return out;
}

core::Status PermutationNovelty::entriesIn(const ScanRange& range,
                                           std::vector<NoveltyEntry>& out) const {
  if (range.isEmpty()) return core::Status::ok();
  const size_t start = out.size();
  for (const auto& run : persisted_) {
    CAIRN_RETURN_IF_ERROR(run->entriesIn(range.low, range.high, out));
  }
  for (const auto& run : runs_) {
    auto part = run->range(range.low, range.high);
    out.insert(out.end(), part.begin(), part.end());
  }
  std::sort(out.begin() + static_cast<ptrdiff_t>(start), out.end(), NoveltyEntryOrder{});
  return core::Status::ok();
}

core::Result<RowKey> PermutationNovelty::windowEnd(const RowKey& low, size_t entries) const {
  CAIRN_CHECK(entries > 0, "a novelty window holds at least one entry");
  RowKey end = kMaxRowKey;
  // A run with more than `entries` entries from low on bounds the window just before its
  // (entries + 1)-th, so the window holds at most `entries` of each run's entries (fewer when
  // the next entries share that key).
  auto bound = [&](std::span<const NoveltyEntry> fromLow) {
    if (fromLow.size() <= entries) return;
    const RowKey& next = fromLow[entries].key;
    if (rowKeyLess(next, end)) end = next;
  };
  for (const auto& run : persisted_) {
    std::vector<NoveltyEntry> fetched;
    CAIRN_RETURN_IF_ERROR(run->entriesIn(low, kMaxRowKey, fetched, entries + 1));
    bound(fetched);
  }
  for (const auto& run : runs_) bound(run->range(low, kMaxRowKey));
  if (end == kMaxRowKey || rowKeyEqual(end, low)) return end;
  return previousRowKey(end);
}

core::Result<int64_t> PermutationNovelty::netRowsAt(const ScanRange& range, uint64_t asOf) const {
  if (empty() || range.isEmpty()) return int64_t{0};
  int64_t net = 0;
  auto add = [&](std::span<const NoveltyEntry> entries) {
    for (const NoveltyEntry& e : entries) {
      if (e.t <= asOf) net += e.assert ? 1 : -1;
    }
  };
  std::vector<NoveltyEntry> fetched;
  for (const auto& run : persisted_) {
    if (run->minT() > asOf) continue;
    fetched.clear();
    CAIRN_RETURN_IF_ERROR(run->entriesIn(range.low, range.high, fetched));
    add(fetched);
  }
  for (const auto& run : runs_) {
    add(run->rangeAt(range.low, range.high, asOf));
  }
  return net;
}

core::Status PermutationNovelty::changesAt(const ScanRange& range, uint64_t asOf,
                                           std::vector<KeyChange>& out) const {
  if (empty() || range.isEmpty()) return core::Status::ok();
  // One cursor per run that has entries in range; runs are in time order (oldest first, the
  // persisted ones before the in-memory ones), and within a run a key's entries are newest first.
  std::vector<std::vector<NoveltyEntry>> fetched(persisted_.size());
  std::vector<std::span<const NoveltyEntry>> heads;
  heads.reserve(persisted_.size() + runs_.size());
  for (size_t r = 0; r < persisted_.size(); ++r) {
    CAIRN_RETURN_IF_ERROR(persisted_[r]->entriesIn(range.low, range.high, fetched[r]));
    if (!fetched[r].empty()) heads.emplace_back(fetched[r]);
  }
  for (const auto& run : runs_) {
    auto part = run->rangeAt(range.low, range.high, asOf);
    if (!part.empty()) heads.push_back(part);
  }
  while (true) {
    const RowKey* smallest = nullptr;
    for (const auto& head : heads) {
      if (!head.empty() && (smallest == nullptr || rowKeyLess(head.front().key, *smallest))) {
        smallest = &head.front().key;
      }
    }
    if (smallest == nullptr) return core::Status::ok();
    const RowKey key = *smallest;
    const NoveltyEntry* deciding = nullptr;
    const NoveltyEntry* oldest = nullptr;
    for (auto& head : heads) {  // oldest run first
      size_t n = 0;
      while (n < head.size() && rowKeyEqual(head[n].key, key)) ++n;
      if (n == 0) continue;
      if (oldest == nullptr) oldest = &head[n - 1];
      for (size_t i = 0; i < n; ++i) {
        if (head[i].t <= asOf) {
          if (deciding == nullptr || head[i].t > deciding->t) deciding = &head[i];
          break;
        }
      }
      head = head.subspan(n);
    }
    // A retracted key that the root did not hold changes nothing: not reported.
    if (deciding != nullptr && (deciding->assert || !oldest->assert)) {
      out.push_back(KeyChange{key, deciding->t, deciding->assert, !oldest->assert});
    }
  }
}

}  // namespace cairn::index
