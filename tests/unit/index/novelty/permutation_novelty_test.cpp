// PermutationNovelty: random commits of random sizes, checked after each one against a plain list
// of every change — the merged runs hold exactly the changes, in order; changesAt answers like a
// naive scan at any t and range; and the size-tiered merging keeps the run count logarithmic.

#include "index/novelty/permutation_novelty.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <map>
#include <random>
#include <set>
#include <vector>

namespace cairn::index {
namespace permutation_novelty_test {

RowKey keyOf(uint64_t a, uint64_t b) { return RowKey{a, b, 0, 0, 0}; }

// What changesAt must say about each key in [low, high] at asOf, from the list of all changes.
std::vector<KeyChange> naiveChangesAt(const std::vector<NoveltyEntry>& all, const RowKey& low,
                                      const RowKey& high, uint64_t asOf) {
  std::map<RowKey, std::vector<NoveltyEntry>> byKey;
  for (const NoveltyEntry& e : all) {
    if (!rowKeyLess(e.key, low) && !rowKeyLess(high, e.key)) byKey[e.key].push_back(e);
  }
  std::vector<KeyChange> out;
  for (auto& [key, changes] : byKey) {
    std::sort(changes.begin(), changes.end(),
              [](const NoveltyEntry& a, const NoveltyEntry& b) { return a.t < b.t; });
    const NoveltyEntry* deciding = nullptr;
    for (const NoveltyEntry& e : changes) {
      if (e.t <= asOf) deciding = &e;
    }
    if (deciding == nullptr) continue;
    out.push_back(KeyChange{key, deciding->t, deciding->assert, !changes.front().assert});
  }
  return out;
}

bool sameChanges(const std::vector<KeyChange>& a, const std::vector<KeyChange>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].key != b[i].key || a[i].t != b[i].t || a[i].present != b[i].present ||
        a[i].inBase != b[i].inBase) {
      return false;
    }
  }
  return true;
}

TEST(PermutationNovelty, RandomCommitsAgreeWithAPlainListOfChanges) {
  std::mt19937_64 random(20261201);
  PermutationNovelty novelty;
  std::vector<NoveltyEntry> all;
  std::map<RowKey, bool> present;  // each key's presence after the latest change
  std::set<RowKey> inBase;         // keys present at the (imaginary) index root
  for (uint64_t a = 0; a < 40; ++a) {
    for (uint64_t b = 0; b < 40; ++b) {
      if (random() % 3 == 0) inBase.insert(keyOf(a, b));
    }
  }
  std::vector<PermutationNovelty> snapshots;  // every fifth one, to check sharing leaves them be
  std::vector<size_t> snapshotSizes;
  uint64_t t = 100;
  for (int commit = 0; commit < 160; ++commit) {
    ++t;
    // Mostly small commits, now and then a large one: the tiers see both.
    const size_t want = random() % 10 == 0 ? 200 + random() % 600 : 1 + random() % 40;
    std::set<RowKey> keys;
    while (keys.size() < want) keys.insert(keyOf(random() % 40, random() % 40));
    std::vector<NoveltyEntry> entries;
    for (const RowKey& key : keys) {
      auto [it, fresh] = present.try_emplace(key, inBase.count(key) > 0);
      it->second = !it->second;  // every change flips the key (the writer's invariant)
      entries.push_back(NoveltyEntry{key, t, it->second});
    }
    all.insert(all.end(), entries.begin(), entries.end());
    novelty = novelty.with(entries);

    ASSERT_EQ(novelty.size(), all.size());
    // At most three runs per size tier (a tier spans a factor of 4), plus the newest.
    const int tiers = (std::bit_width(all.size()) - 1) / 2 + 1;
    EXPECT_LE(novelty.runCount(), static_cast<size_t>(3 * tiers + 1)) << "commit " << commit;

    std::vector<NoveltyEntry> expected = all;
    std::sort(expected.begin(), expected.end(), noveltyEntryLess);
    ASSERT_EQ(novelty.allEntries(), expected) << "commit " << commit;

    for (int probe = 0; probe < 4; ++probe) {
      uint64_t a1 = random() % 40, a2 = random() % 40;
      if (a1 > a2) std::swap(a1, a2);
      const ScanRange range{keyOf(a1, random() % 40), keyOf(a2, 39)};
      if (rowKeyLess(range.high, range.low)) continue;
      const uint64_t asOf = 100 + random() % (t - 99);
      std::vector<KeyChange> got;
      novelty.changesAt(range, asOf, got);
      EXPECT_TRUE(sameChanges(got, naiveChangesAt(all, range.low, range.high, asOf)))
          << "commit " << commit << " asOf " << asOf;
    }
    if (commit % 5 == 0) {
      snapshots.push_back(novelty);
      snapshotSizes.push_back(all.size());
    }
  }
  // Older snapshots still hold exactly the changes they had: merging made new runs.
  for (size_t i = 0; i < snapshots.size(); ++i) {
    std::vector<NoveltyEntry> expected(all.begin(),
                                       all.begin() + static_cast<ptrdiff_t>(snapshotSizes[i]));
    std::sort(expected.begin(), expected.end(), noveltyEntryLess);
    EXPECT_EQ(snapshots[i].allEntries(), expected) << "snapshot " << i;
  }
}

TEST(PermutationNovelty, EqualCommitsMergeFourAtATime) {
  PermutationNovelty novelty;
  uint64_t t = 0;
  auto commit = [&](size_t n) {
    std::vector<NoveltyEntry> entries;
    ++t;
    for (size_t i = 0; i < n; ++i) entries.push_back(NoveltyEntry{keyOf(t, i), t, true});
    novelty = novelty.with(entries);
  };
  for (int i = 0; i < 3; ++i) commit(100);
  EXPECT_EQ(novelty.runCount(), 3u);  // one tier, three runs: no merge yet
  commit(100);
  EXPECT_EQ(novelty.runCount(), 1u);  // the fourth merges them
  commit(10);
  EXPECT_EQ(novelty.runCount(), 2u);  // a smaller run waits behind a larger one
  commit(2000);
  EXPECT_EQ(novelty.runCount(), 1u);  // a run larger than the ones before it absorbs them
  EXPECT_EQ(novelty.size(), 2410u);
}

TEST(PermutationNovelty, RunsStopGrowingAtTheMergeCap) {
  // 10K-entry commits, as a bulk writer makes them while the indexer lags: no merge copies more
  // than the cap, and the run count grows by about one per cap-sized stretch, not per commit.
  PermutationNovelty novelty;
  constexpr size_t kCommit = 10000;
  constexpr size_t kCommits = 120;
  for (uint64_t t = 1; t <= kCommits; ++t) {
    std::vector<NoveltyEntry> entries;
    for (size_t i = 0; i < kCommit; ++i) entries.push_back(NoveltyEntry{keyOf(t, i), t, true});
    novelty = novelty.with(std::move(entries));
  }
  EXPECT_EQ(novelty.size(), kCommit * kCommits);
  std::vector<NoveltyEntry> all = novelty.allEntries();
  EXPECT_TRUE(std::is_sorted(all.begin(), all.end(), noveltyEntryLess));
  // 1.2M entries in runs of 160K (four 40K runs merged) and smaller: 7 full runs plus at most
  // three per lower tier.
  EXPECT_GE(novelty.runCount(), 7u);
  EXPECT_LE(novelty.runCount(), 7u + 3 * 3 + 1);
}

}  // namespace permutation_novelty_test
}  // namespace cairn::index
