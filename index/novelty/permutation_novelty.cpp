#include "index/novelty/permutation_novelty.h"

#include <algorithm>
#include <span>

namespace cairn::index {

PermutationNovelty PermutationNovelty::with(std::vector<NoveltyEntry> entries) const {
  PermutationNovelty next = *this;
  if (entries.empty()) return next;
  next.size_ += entries.size();
  next.runs_.push_back(std::make_shared<const NoveltyRun>(std::move(entries)));
  auto& runs = next.runs_;
  while (runs.size() >= 2 && runs[runs.size() - 1]->size() * 2 >= runs[runs.size() - 2]->size()) {
    auto merged = NoveltyRun::merge(*runs[runs.size() - 2], *runs[runs.size() - 1]);
    runs.pop_back();
    runs.back() = std::move(merged);
  }
  return next;
}

bool PermutationNovelty::touches(const ScanRange& range) const {
  if (range.isEmpty()) return false;
  for (const auto& run : runs_) {
    if (!run->range(range.low, range.high).empty()) return true;
  }
  return false;
}

std::vector<NoveltyEntry> PermutationNovelty::allEntries() const {
  std::vector<NoveltyEntry> out;
  out.reserve(size_);
  for (const auto& run : runs_) {
    const size_t before = out.size();
    out.insert(out.end(), run->entries().begin(), run->entries().end());
    std::inplace_merge(out.begin(), out.begin() + static_cast<ptrdiff_t>(before), out.end(),
                       noveltyEntryLess);
  }
  return out;
}

void PermutationNovelty::entriesIn(const ScanRange& range, std::vector<NoveltyEntry>& out) const {
  if (range.isEmpty()) return;
  const size_t start = out.size();
  for (const auto& run : runs_) {
    auto part = run->range(range.low, range.high);
    out.insert(out.end(), part.begin(), part.end());
  }
  std::sort(out.begin() + static_cast<ptrdiff_t>(start), out.end(), noveltyEntryLess);
}

void PermutationNovelty::changesAt(const ScanRange& range, uint64_t asOf,
                                   std::vector<KeyChange>& out) const {
  if (runs_.empty() || range.isEmpty()) return;
  // One cursor per run that has entries in range; runs are in time order (oldest first), and
  // within a run a key's entries are newest first.
  std::vector<std::span<const NoveltyEntry>> heads;
  heads.reserve(runs_.size());
  for (const auto& run : runs_) {
    auto part = run->range(range.low, range.high);
    if (!part.empty()) heads.push_back(part);
  }
  while (true) {
    const RowKey* smallest = nullptr;
    for (const auto& head : heads) {
      if (!head.empty() && (smallest == nullptr || head.front().key < *smallest)) {
        smallest = &head.front().key;
      }
    }
    if (smallest == nullptr) return;
    const RowKey key = *smallest;
    const NoveltyEntry* deciding = nullptr;
    const NoveltyEntry* oldest = nullptr;
    for (auto& head : heads) {  // oldest run first
      size_t n = 0;
      while (n < head.size() && head[n].key == key) ++n;
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
    if (deciding != nullptr) {
      out.push_back(KeyChange{key, deciding->t, deciding->assert, !oldest->assert});
    }
  }
}

}  // namespace cairn::index
