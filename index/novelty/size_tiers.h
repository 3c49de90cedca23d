#pragma once
// The size-tiered merge rule that keeps a list of sorted pieces short: the in-memory novelty
// runs (PermutationNovelty::with), the delta layer's segments and the history segments a fold
// compacts (index/write/index_builder.cpp) all follow it. The newest pieces merge while the
// newest has outgrown the one before it (a higher tier; tiers are a factor of 4 apart) or four
// share a tier. So an item is rewritten about log4(total / piece) times, and a list keeps about
// three pieces per tier (a reader's cost: one look per piece).

#include <bit>
#include <cstdint>
#include <vector>

namespace cairn::index {

// Size tier: sizes within a factor of 4 share one.
inline int sizeTierOf(uint64_t size) { return (std::bit_width(size) - 1) / 2; }

// How many of the newest of `sizes` (oldest first) merge into one under the rule — 1 (or 0 for
// no sizes) when none does. No merge makes a piece larger than `maxMerged`: the rule stops
// before it, keeping the merges decided so far.
inline size_t tieredMergeCount(std::vector<uint64_t> sizes, uint64_t maxMerged = UINT64_MAX) {
  constexpr size_t kPiecesPerMerge = 4;
  if (sizes.empty()) return 0;
  size_t merged = 1;
  while (sizes.size() >= 2) {
    const size_t n = sizes.size();
    size_t take = 0;
    if (sizeTierOf(sizes[n - 1]) > sizeTierOf(sizes[n - 2])) {
      take = 2;
    } else if (n >= kPiecesPerMerge) {
      take = kPiecesPerMerge;
      for (size_t i = n - kPiecesPerMerge; i < n; ++i) {
        if (sizeTierOf(sizes[i]) != sizeTierOf(sizes[n - 1])) take = 0;
      }
    }
    if (take == 0) break;
    uint64_t total = 0;
    for (size_t i = n - take; i < n; ++i) total += sizes[i];
    if (total > maxMerged) break;
    sizes.resize(n - take);
    sizes.push_back(total);
    merged += take - 1;
  }
  return merged;
}

}  // namespace cairn::index
