// IndexCache: hits and misses, second-chance (CLOCK) eviction within the byte budget, oversize
// entries, and concurrent use.

#include "index/tree/index_cache.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

namespace cairn::index {
namespace {

IndexCache::Key keyFor(int n, IndexCache::Kind kind = IndexCache::Kind::kLeafletBytes) {
  return IndexCache::key(storage::ContentId::of(std::to_string(n)), kind);
}

std::shared_ptr<const std::string> value(int n) {
  return std::make_shared<const std::string>("value " + std::to_string(n));
}

TEST(IndexCacheTest, FindsWhatWasInserted) {
  IndexCache cache(1 << 20);
  EXPECT_EQ(cache.find(keyFor(1)), nullptr);
  cache.insert(keyFor(1), value(1), 100);
  auto got = cache.findAs<std::string>(keyFor(1));
  ASSERT_NE(got, nullptr);
  EXPECT_EQ(*got, "value 1");
  // Same id, other kind: another entry.
  EXPECT_EQ(cache.find(keyFor(1, IndexCache::Kind::kLeaf)), nullptr);
  EXPECT_EQ(cache.find(IndexCache::columnKey(storage::ContentId::of("1"), Column::kS)), nullptr);
  EXPECT_EQ(cache.bytesUsed(), 100u);
  EXPECT_EQ(cache.stats().hits, 1u);
  EXPECT_EQ(cache.stats().misses, 3u);
}

TEST(IndexCacheTest, EvictsEntriesNotRecentlyUsedWithinBudget) {
  IndexCache cache(1000);  // one shard
  for (int n = 0; n < 10; ++n) cache.insert(keyFor(n), value(n), 100);
  EXPECT_EQ(cache.bytesUsed(), 1000u);
  ASSERT_NE(cache.find(keyFor(0)), nullptr);  // 0 gets a second chance
  cache.insert(keyFor(10), value(10), 250);   // evicts 1, 2, 3
  EXPECT_LE(cache.bytesUsed(), 1000u);
  EXPECT_NE(cache.find(keyFor(0)), nullptr);
  EXPECT_EQ(cache.find(keyFor(1)), nullptr);
  EXPECT_EQ(cache.find(keyFor(2)), nullptr);
  EXPECT_EQ(cache.find(keyFor(3)), nullptr);
  EXPECT_NE(cache.find(keyFor(4)), nullptr);
  EXPECT_NE(cache.find(keyFor(10)), nullptr);
  EXPECT_EQ(cache.stats().evictions, 3u);
}

TEST(IndexCacheTest, AHitProtectsAnEntryForOneSweepOnly) {
  IndexCache cache(300);  // one shard, three entries of 100
  for (int n = 0; n < 3; ++n) cache.insert(keyFor(n), value(n), 100);
  ASSERT_NE(cache.find(keyFor(0)), nullptr);
  cache.insert(keyFor(3), value(3), 100);  // the hand passes 0 (clearing it), evicts 1
  EXPECT_NE(cache.find(keyFor(0)), nullptr);
  EXPECT_EQ(cache.find(keyFor(1)), nullptr);
  cache.insert(keyFor(4), value(4), 100);  // evicts 2, the next one not used
  EXPECT_EQ(cache.find(keyFor(2)), nullptr);
  EXPECT_NE(cache.find(keyFor(0)), nullptr);
  EXPECT_NE(cache.find(keyFor(3)), nullptr);
  EXPECT_NE(cache.find(keyFor(4)), nullptr);
  EXPECT_EQ(cache.stats().evictions, 2u);
}

TEST(IndexCacheTest, ReplacingAnEntryReleasesItsBytes) {
  IndexCache cache(1000);
  cache.insert(keyFor(1), value(1), 400);
  cache.insert(keyFor(1), value(2), 300);
  EXPECT_EQ(cache.bytesUsed(), 300u);
  EXPECT_EQ(*cache.findAs<std::string>(keyFor(1)), "value 2");
}

TEST(IndexCacheTest, OversizeEntriesAndZeroBudgetAreNotRetained) {
  IndexCache small(100);
  small.insert(keyFor(1), value(1), 101);
  EXPECT_EQ(small.find(keyFor(1)), nullptr);
  IndexCache none(0);
  none.insert(keyFor(1), value(1), 1);
  EXPECT_EQ(none.find(keyFor(1)), nullptr);
  EXPECT_EQ(none.bytesUsed(), 0u);
}

TEST(IndexCacheTest, EvictedValuesStayAliveForTheirHolders) {
  IndexCache cache(100);
  cache.insert(keyFor(1), value(1), 100);
  auto held = cache.findAs<std::string>(keyFor(1));
  cache.insert(keyFor(2), value(2), 100);
  EXPECT_EQ(cache.find(keyFor(1)), nullptr);
  EXPECT_EQ(*held, "value 1");
}

TEST(IndexCacheTest, ConcurrentUseStaysWithinBudget) {
  const size_t budget = size_t{32} << 20;  // sharded
  IndexCache cache(budget);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&cache, t] {
      for (int n = 0; n < 4000; ++n) {
        // Each key twice in a row: the second look finds what the first inserted unless 32 inserts
        // into its shard came between, so hits do not hang on how the threads interleave (with
        // one look per key they did: a thread only hit keys another had used just before).
        const int k = (n / 2 * 7 + t) % 1500;
        if (auto got = cache.findAs<std::string>(keyFor(k))) {
          EXPECT_EQ(*got, "value " + std::to_string(k));
        } else {
          cache.insert(keyFor(k), value(k), 64 << 10);
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_LE(cache.bytesUsed(), budget);
  EXPECT_GT(cache.stats().hits, 0u);
  EXPECT_GT(cache.stats().evictions, 0u);
}

}  // namespace
}  // namespace cairn::index
