// The commit timeline's segments: times round-trip exactly, out-of-order input is refused,
// appends merge size-tiered without losing a time, and damaged or mismatched blobs are a
// Corruption naming the blob.

#include "index/commit/commit_timeline.h"

#include <gtest/gtest.h>

#include <bit>
#include <random>

#include "storage/memory_blob_store.h"

namespace cairn::index {
namespace {

std::vector<CommitTime> randomTimes(std::mt19937_64& rng, uint64_t firstT, size_t n) {
  std::vector<CommitTime> times;
  uint64_t t = firstT;
  int64_t millis = 1'700'000'000'000 + static_cast<int64_t>(rng() % 1000);
  for (size_t k = 0; k < n; ++k) {
    times.push_back({t, millis});
    t += 1 + (rng() % 4 == 0 ? rng() % 1000 : 0);  // mostly consecutive, now and then a gap
    millis += static_cast<int64_t>(rng() % 3 == 0 ? 0 : rng() % 100'000);
  }
  return times;
}

TEST(CommitTimelineTest, ASegmentRoundTripsExactly) {
  auto store = std::make_unique<storage::MemoryBlobStore>();
  std::mt19937_64 rng(7);
  for (size_t n : {1u, 2u, 100u, 5000u}) {
    const std::vector<CommitTime> times = randomTimes(rng, 1 + rng() % 50, n);
    auto ref = writeTimelineSegment(*store, times);
    ASSERT_TRUE(ref.isOk()) << ref.status().toString();
    EXPECT_EQ(ref->firstT, times.front().t);
    EXPECT_EQ(ref->lastT, times.back().t);
    EXPECT_EQ(ref->count, n);
    auto back = readTimelineSegment(*store, *ref);
    ASSERT_TRUE(back.isOk()) << back.status().toString();
    EXPECT_EQ(*back, times);
  }
  // A few bytes a commit: t and time are stored as deltas.
  const std::vector<CommitTime> dense = randomTimes(rng, 1, 10'000);
  const uint64_t before = store->byteCount();
  ASSERT_TRUE(writeTimelineSegment(*store, dense).isOk());
  EXPECT_LT(store->byteCount() - before, 10'000u * 5);
}

TEST(CommitTimelineTest, TimesOutOfOrderAreRefused) {
  auto store = std::make_unique<storage::MemoryBlobStore>();
  const std::vector<std::vector<CommitTime>> bad = {
      {},
      {{5, 100}, {5, 200}},  // t repeats
      {{5, 100}, {4, 200}},  // t goes back
      {{5, 100}, {6, 99}},   // time goes back
  };
  for (const auto& times : bad) {
    auto ref = writeTimelineSegment(*store, times);
    ASSERT_FALSE(ref.isOk());
    EXPECT_EQ(ref.status().code(), core::StatusCode::kInvalidArgument);
  }
  auto first = appendToTimeline(*store, {}, std::vector<CommitTime>{{1, 10}, {2, 20}});
  ASSERT_TRUE(first.isOk());
  auto overlapping = appendToTimeline(*store, *first, std::vector<CommitTime>{{2, 30}});
  EXPECT_EQ(overlapping.status().code(), core::StatusCode::kInvalidArgument);
}

TEST(CommitTimelineTest, AppendsMergeSizeTieredAndKeepEveryTime) {
  auto store = std::make_unique<storage::MemoryBlobStore>();
  std::mt19937_64 rng(11);
  std::vector<TimelineSegmentRef> segments;
  std::vector<CommitTime> all;
  uint64_t nextT = 1;
  for (int run = 0; run < 200; ++run) {
    std::vector<CommitTime> times = randomTimes(rng, nextT, 1 + rng() % 40);
    if (!all.empty()) {  // times never go back across runs either
      const int64_t shift = all.back().millis - times.front().millis + 1;
      for (CommitTime& time : times) time.millis += shift;
    }
    nextT = times.back().t + 1;
    all.insert(all.end(), times.begin(), times.end());
    auto appended = appendToTimeline(*store, segments, times);
    ASSERT_TRUE(appended.isOk()) << appended.status().toString();
    segments = *appended;
    const int tiers = (std::bit_width(all.size()) - 1) / 2 + 1;
    EXPECT_LE(segments.size(), static_cast<size_t>(3 * tiers + 1)) << "run " << run;
  }
  EXPECT_LT(segments.size(), 20u);
  auto read = readTimeline(*store, segments);
  ASSERT_TRUE(read.isOk()) << read.status().toString();
  EXPECT_EQ(*read, all);
  auto same = appendToTimeline(*store, segments, {});
  ASSERT_TRUE(same.isOk());
  EXPECT_EQ(*same, segments);
}

TEST(CommitTimelineTest, DamagedOrMismatchedSegmentsAreCorruptionNamingTheBlob) {
  auto store = std::make_unique<storage::MemoryBlobStore>();
  std::mt19937_64 rng(3);
  const std::vector<CommitTime> times = randomTimes(rng, 10, 50);
  auto ref = writeTimelineSegment(*store, times);
  ASSERT_TRUE(ref.isOk());
  auto blob = store->get(ref->id);
  ASSERT_TRUE(blob.isOk());

  std::vector<std::string> damaged;
  damaged.push_back(blob->substr(0, blob->size() - 1));  // truncated
  damaged.push_back(*blob + "x");                        // trailing bytes
  std::string magic = *blob;
  magic[0] = 'X';
  damaged.push_back(magic);
  std::string count = *blob;
  count[6] = static_cast<char>(0x7f);  // an entry count the blob cannot hold
  damaged.push_back(count);
  for (const std::string& bytes : damaged) {
    auto id = store->put(bytes);
    ASSERT_TRUE(id.isOk());
    TimelineSegmentRef wrong = *ref;
    wrong.id = *id;
    auto read = readTimelineSegment(*store, wrong);
    ASSERT_FALSE(read.isOk());
    EXPECT_EQ(read.status().code(), core::StatusCode::kCorruption) << read.status().toString();
    EXPECT_NE(read.status().message().find(id->shortHex()), std::string::npos)
        << read.status().toString();
  }
  // Intact bytes, but not what the root says they hold.
  TimelineSegmentRef mismatched = *ref;
  mismatched.lastT += 1;
  auto read = readTimelineSegment(*store, mismatched);
  EXPECT_EQ(read.status().code(), core::StatusCode::kCorruption) << read.status().toString();
  // Segments that do not follow each other.
  const std::vector<TimelineSegmentRef> twice = {*ref, *ref};
  EXPECT_EQ(readTimeline(*store, twice).status().code(), core::StatusCode::kCorruption);
}

}  // namespace
}  // namespace cairn::index
