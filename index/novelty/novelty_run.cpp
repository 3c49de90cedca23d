#include "index/novelty/novelty_run.h"

#include <algorithm>

#include "core/io/huge_pages.h"

namespace cairn::index {

IndexRow rowOfEntry(Permutation p, const NoveltyEntry& entry) {
  IndexRow row = rowOfKey(p, entry.key);
  row.t = entry.t;
  return row;
}

namespace {

// Keep a filtered copy for current-state readers only when it drops at least this share.
constexpr size_t kCurrentCopyMinDropShare = 4;  // 1/4

std::span<const NoveltyEntry> keyRange(std::span<const NoveltyEntry> entries, const RowKey& low,
                                       const RowKey& high) {
  auto first =
      std::lower_bound(entries.begin(), entries.end(), low,
                       [](const NoveltyEntry& e, const RowKey& k) { return rowKeyLess(e.key, k); });
  auto last =
      std::upper_bound(first, entries.end(), high,
                       [](const RowKey& k, const NoveltyEntry& e) { return rowKeyLess(k, e.key); });
  return {first, last};
}

}  // namespace

NoveltyRun::NoveltyRun(std::vector<NoveltyEntry> entries) : entries_(std::move(entries)) {
  // Calls visit(first, end, transient) for each key's entries [first, end), newest first. A key
  // is transient in this run when its oldest change asserts and its newest retracts (changes
  // alternate, so it was absent before the run and after it).
  auto forEachKey = [this](auto&& visit) {
    for (size_t i = 0; i < entries_.size();) {
      size_t end = i + 1;
      while (end < entries_.size() && rowKeyEqual(entries_[end].key, entries_[i].key)) ++end;
      const bool newestRetracts = !entries_[i].assert;
      const bool oldestAsserts = entries_[end - 1].assert;
      visit(i, end, oldestAsserts && newestRetracts);
      i = end;
    }
  };
  size_t transient = 0;
  for (const NoveltyEntry& e : entries_) maxT_ = std::max(maxT_, e.t);
  forEachKey([&](size_t first, size_t end, bool isTransient) {
    if (isTransient) transient += end - first;
  });
  if (transient == 0 || transient * kCurrentCopyMinDropShare < entries_.size()) return;
  hasCurrentCopy_ = true;
  current_.reserve(entries_.size() - transient);
  forEachKey([&](size_t first, size_t end, bool isTransient) {
    if (isTransient) return;
    current_.insert(current_.end(), entries_.begin() + static_cast<ptrdiff_t>(first),
                    entries_.begin() + static_cast<ptrdiff_t>(end));
  });
}

std::shared_ptr<const NoveltyRun> NoveltyRun::merge(std::span<const NoveltyRun* const> runs) {
  // A k-way merge by linear selection: k is small (a few runs; size_tiers.h).
  std::vector<std::span<const NoveltyEntry>> heads;
  size_t total = 0;
  for (const NoveltyRun* run : runs) {
    if (!run->entries_.empty()) heads.push_back(run->entries_);
    total += run->entries_.size();
  }
  std::vector<NoveltyEntry> merged;
  merged.reserve(total);
  core::adviseHugePages(merged.data(), total * sizeof(NoveltyEntry));  // large runs: fewer faults
  merged.resize(total);
  NoveltyEntry* out = merged.data();
  while (heads.size() > 1) {
    size_t best = 0;
    for (size_t i = 1; i < heads.size(); ++i) {
      if (noveltyEntryLess(heads[i].front(), heads[best].front())) best = i;
    }
    *out++ = heads[best].front();
    heads[best] = heads[best].subspan(1);
    if (heads[best].empty()) heads.erase(heads.begin() + static_cast<ptrdiff_t>(best));
  }
  if (!heads.empty()) std::copy(heads[0].begin(), heads[0].end(), out);
  return std::make_shared<const NoveltyRun>(std::move(merged));
}

std::span<const NoveltyEntry> NoveltyRun::range(const RowKey& low, const RowKey& high) const {
  return keyRange(entries_, low, high);
}

std::span<const NoveltyEntry> NoveltyRun::currentRange(const RowKey& low,
                                                       const RowKey& high) const {
  return keyRange(hasCurrentCopy_ ? std::span<const NoveltyEntry>(current_)
                                  : std::span<const NoveltyEntry>(entries_),
                  low, high);
}

}  // namespace cairn::index
