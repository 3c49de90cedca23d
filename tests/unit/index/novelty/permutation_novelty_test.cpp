// PermutationNovelty: random commits of random sizes, checked after each one against a plain list
// of every change — the merged runs hold exactly the changes, in order; changesAt answers like a
// naive scan at any t and range, and netRowsAt sums to what those answers count; and the
// size-tiered merging keeps the run count logarithmic.
// The same with persisted delta runs (index/delta) under the in-memory ones, as an index root's
// delta layer puts them there.

#include "index/novelty/permutation_novelty.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "index/delta/delta_run.h"
#include "storage/memory_blob_store.h"

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
    // Absent at the root and at asOf: changes nothing, not reported.
    if (!deciding->assert && changes.front().assert) continue;
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

// `persistEvery` > 0: every that many commits, the in-memory runs are written as one delta run
// (tiny blocks, so ranges cross block boundaries) and the novelty restarts from the persisted runs
// — what opening a root with a delta layer gives.
void runRandomCommits(int persistEvery) {
  std::mt19937_64 random(20261201 + persistEvery);
  storage::MemoryBlobStore store;
  auto cache = std::make_shared<IndexCache>(size_t{1} << 20);
  std::vector<std::shared_ptr<const DeltaRun>> persisted;
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
    if (persistEvery > 0 && commit % persistEvery == persistEvery - 1) {
      DeltaRunWriter writer(store, Permutation::kSPOT, IndexConfig::tiny());
      for (const NoveltyEntry& e : novelty.memoryEntries()) ASSERT_TRUE(writer.add(e).isOk());
      auto ref = writer.finish();
      ASSERT_TRUE(ref.isOk()) << ref.status().message();
      auto run = DeltaRun::open(store, ref->id, Permutation::kSPOT, cache);
      ASSERT_TRUE(run.isOk()) << run.status().message();
      persisted.push_back(*run);
      novelty = PermutationNovelty::persisted(persisted);
      ASSERT_EQ(novelty.memorySize(), 0u);
    }

    ASSERT_EQ(novelty.size(), all.size());
    // At most three runs per size tier (a tier spans a factor of 4), plus the newest.
    const int tiers = (std::bit_width(all.size()) - 1) / 2 + 1;
    EXPECT_LE(novelty.runCount(), static_cast<size_t>(3 * tiers + 1)) << "commit " << commit;

    std::vector<NoveltyEntry> expected = all;
    std::sort(expected.begin(), expected.end(), noveltyEntryLess);
    ASSERT_EQ(novelty.allEntries().value(), expected) << "commit " << commit;

    for (int probe = 0; probe < 4; ++probe) {
      uint64_t a1 = random() % 40, a2 = random() % 40;
      if (a1 > a2) std::swap(a1, a2);
      const ScanRange range{keyOf(a1, random() % 40), keyOf(a2, 39)};
      if (rowKeyLess(range.high, range.low)) continue;
      // Half the probes read the latest state (where runs skip their transient keys).
      const uint64_t asOf = probe % 2 == 0 ? t : 100 + random() % (t - 99);
      std::vector<KeyChange> got;
      ASSERT_TRUE(novelty.changesAt(range, asOf, got).isOk());
      EXPECT_TRUE(sameChanges(got, naiveChangesAt(all, range.low, range.high, asOf)))
          << "commit " << commit << " asOf " << asOf;
      // netRowsAt sums the entries instead of merging the runs: the same net rows.
      int64_t net = 0;
      for (const KeyChange& change : naiveChangesAt(all, range.low, range.high, asOf)) {
        net += static_cast<int64_t>(change.present) - static_cast<int64_t>(change.inBase);
      }
      auto summed = novelty.netRowsAt(range, asOf);
      ASSERT_TRUE(summed.isOk());
      EXPECT_EQ(*summed, net) << "commit " << commit << " asOf " << asOf;
    }
    // Windows (what SnapshotReader::seek reads): from a random key on they tile the key space in
    // order, each bounded by n entries per run, and the last one ends at the largest key.
    for (const size_t n : {size_t{1}, size_t{3}, size_t{50}}) {
      RowKey low = keyOf(random() % 40, random() % 40);
      const size_t runs = novelty.runCount() + novelty.persistedRuns().size();
      for (int windows = 0;; ++windows) {
        ASSERT_LE(windows, static_cast<int>(all.size()) + 1) << "windows do not advance";
        auto end = novelty.windowEnd(low, n);
        ASSERT_TRUE(end.isOk());
        ASSERT_FALSE(rowKeyLess(*end, low));
        // Entries with low <= key <= end, counted by bisecting the key-sorted list (a linear count
        // per window made this test quadratic in the number of changes).
        const auto first =
            std::partition_point(expected.begin(), expected.end(),
                                 [&](const NoveltyEntry& e) { return rowKeyLess(e.key, low); });
        const auto past = std::partition_point(
            first, expected.end(), [&](const NoveltyEntry& e) { return !rowKeyLess(*end, e.key); });
        const auto inWindow = past - first;
        // A window of one key may hold more (a key's changes are never split).
        if (!rowKeyEqual(*end, low)) {
          EXPECT_LE(static_cast<size_t>(inWindow), n * runs);
        }
        if (rowKeyEqual(*end, kMaxRowKey)) break;
        low = nextRowKey(*end);
      }
    }
    // A persisted run's entries, limited: the first ones of the unlimited list.
    for (const auto& run : novelty.persistedRuns()) {
      const RowKey low = keyOf(random() % 40, random() % 40);
      std::vector<NoveltyEntry> every, first;
      ASSERT_TRUE(run->entriesIn(low, kMaxRowKey, every).isOk());
      const size_t limit = random() % 8;
      ASSERT_TRUE(run->entriesIn(low, kMaxRowKey, first, limit).isOk());
      every.resize(std::min(every.size(), limit));
      EXPECT_EQ(first, every);
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
    EXPECT_EQ(snapshots[i].allEntries().value(), expected) << "snapshot " << i;
  }
}

TEST(PermutationNovelty, RandomCommitsAgreeWithAPlainListOfChanges) { runRandomCommits(0); }

TEST(PermutationNovelty, PersistedRunsUnderCommitsAgreeWithAPlainListOfChanges) {
  runRandomCommits(7);
}

TEST(PermutationNovelty, ACounterRewrittenEveryCommitReadsAsTwoChanges) {
  // Key (1, v): the root holds v = 0; commit t retracts v = t - 1 and asserts v = t.
  PermutationNovelty novelty;
  const uint64_t commits = 3000;
  for (uint64_t t = 1; t <= commits; ++t) {
    std::vector<NoveltyEntry> entries = {NoveltyEntry{keyOf(1, t - 1), t, false},
                                         NoveltyEntry{keyOf(1, t), t, true}};
    novelty = novelty.with(entries);
  }
  const ScanRange counter{keyOf(1, 0), keyOf(1, UINT64_MAX)};
  for (uint64_t asOf : {commits, commits - 1, uint64_t{1700}, uint64_t{1}}) {
    std::vector<KeyChange> got;
    ASSERT_TRUE(novelty.changesAt(counter, asOf, got).isOk());
    ASSERT_EQ(got.size(), 2u) << "asOf " << asOf;
    EXPECT_EQ(got[0].key, keyOf(1, 0));  // the root's value, retracted
    EXPECT_FALSE(got[0].present);
    EXPECT_TRUE(got[0].inBase);
    EXPECT_EQ(got[0].t, 1u);
    EXPECT_EQ(got[1].key, keyOf(1, asOf));  // the value at asOf
    EXPECT_TRUE(got[1].present);
    EXPECT_FALSE(got[1].inBase);
    EXPECT_EQ(got[1].t, asOf);
  }
  // Every change is still there for history and the indexer.
  EXPECT_EQ(novelty.allEntries().value().size(), 2 * commits);
}

TEST(PermutationNovelty, ADamagedPersistedBlockIsAnErrorNamingIt) {
  storage::MemoryBlobStore store;
  DeltaRunWriter writer(store, Permutation::kSPOT, IndexConfig::tiny());
  for (uint64_t k = 0; k < 20; ++k) {
    ASSERT_TRUE(writer.add(NoveltyEntry{keyOf(k, 0), 5, true}).isOk());
  }
  auto ref = writer.finish();
  ASSERT_TRUE(ref.isOk());
  auto run = DeltaRun::open(store, ref->id, Permutation::kSPOT, nullptr);
  ASSERT_TRUE(run.isOk());
  ASSERT_GT((*run)->blocks().size(), 2u);
  const storage::ContentId victim = (*run)->blocks()[1].id;
  ASSERT_TRUE(store.corruptForTesting(victim));
  PermutationNovelty novelty = PermutationNovelty::persisted({*run});
  std::vector<KeyChange> got;
  core::Status status = novelty.changesAt(ScanRange::all(), UINT64_MAX, got);
  EXPECT_EQ(status.code(), core::StatusCode::kCorruption);
  EXPECT_NE(status.message().find(victim.shortHex()), std::string::npos) << status.message();
  // A range that misses the damaged block reads fine.
  got.clear();
  ASSERT_TRUE(novelty.changesAt(ScanRange{keyOf(0, 0), keyOf(0, 0)}, UINT64_MAX, got).isOk());
  EXPECT_EQ(got.size(), 1u);
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
  std::vector<NoveltyEntry> all = novelty.allEntries().value();
  EXPECT_TRUE(std::is_sorted(all.begin(), all.end(), noveltyEntryLess));
  // 1.2M entries in runs of 160K (four 40K runs merged) and smaller: 7 full runs plus at most
  // three per lower tier.
  EXPECT_GE(novelty.runCount(), 7u);
  EXPECT_LE(novelty.runCount(), 7u + 3 * 3 + 1);
}

}  // namespace permutation_novelty_test
}  // namespace cairn::index
