#include "server/service/memory_release_schedule.h"

#include <gtest/gtest.h>

namespace cairn::server {
namespace {

using std::chrono::milliseconds;
using Clock = MemoryReleaseSchedule::Clock;

constexpr uint64_t kMiB = uint64_t{1} << 20;

class MemoryReleaseScheduleTest : public ::testing::Test {
 protected:
  MemoryReleasePolicy policy() const {
    MemoryReleasePolicy p;
    p.idle = milliseconds(1000);
    p.minimumBytes = 16 * kMiB;
    p.regrowthBytes = 64 * kMiB;
    return p;
  }
  Clock::time_point at(int64_t ms) const { return start_ + milliseconds(ms); }

  const Clock::time_point start_ = Clock::now();
};

TEST_F(MemoryReleaseScheduleTest, ReleasesOnceAfterTheIdleTime) {
  MemoryReleaseSchedule schedule(policy(), at(0));
  EXPECT_FALSE(schedule.due(0, 0, 500 * kMiB, at(999)));
  ASSERT_TRUE(schedule.due(0, 0, 500 * kMiB, at(1000)));
  schedule.released(0, at(1000));
  // The same quiet spell: nothing more to give back.
  EXPECT_FALSE(schedule.due(0, 0, 10 * kMiB, at(5000)));
  EXPECT_FALSE(schedule.due(0, 0, 63 * kMiB, at(9000)));
}

TEST_F(MemoryReleaseScheduleTest, ActivityStartsTheIdleTimeAgain) {
  MemoryReleaseSchedule schedule(policy(), at(0));
  EXPECT_FALSE(schedule.due(0, 0, 500 * kMiB, at(600)));
  EXPECT_FALSE(schedule.due(2, 0, 500 * kMiB, at(900)));  // a request came and went
  EXPECT_FALSE(schedule.due(2, 0, 500 * kMiB, at(1800)));
  EXPECT_TRUE(schedule.due(2, 0, 500 * kMiB, at(1900)));
}

TEST_F(MemoryReleaseScheduleTest, ARunningRequestIsNotIdle) {
  MemoryReleaseSchedule schedule(policy(), at(0));
  EXPECT_FALSE(schedule.due(1, 1, 500 * kMiB, at(100)));
  EXPECT_FALSE(schedule.due(1, 1, 500 * kMiB, at(5000)));  // a long query: no new activity
  EXPECT_FALSE(schedule.due(2, 0, 500 * kMiB, at(6000)));  // it ended
  EXPECT_FALSE(schedule.due(2, 0, 500 * kMiB, at(6999)));
  EXPECT_TRUE(schedule.due(2, 0, 500 * kMiB, at(7000)));
}

TEST_F(MemoryReleaseScheduleTest, ANewQuietSpellReleasesAgain) {
  MemoryReleaseSchedule schedule(policy(), at(0));
  ASSERT_TRUE(schedule.due(0, 0, 500 * kMiB, at(1000)));
  schedule.released(0, at(1000));
  EXPECT_FALSE(schedule.due(4, 0, 200 * kMiB, at(2000)));
  EXPECT_FALSE(schedule.due(4, 0, 200 * kMiB, at(2500)));
  EXPECT_TRUE(schedule.due(4, 0, 200 * kMiB, at(3000)));
}

TEST_F(MemoryReleaseScheduleTest, BackgroundWorkThatFreesMoreIsReleasedToo) {
  MemoryReleaseSchedule schedule(policy(), at(0));
  ASSERT_TRUE(schedule.due(0, 0, 500 * kMiB, at(1000)));
  schedule.released(2 * kMiB, at(1000));
  // The indexer freed 100 MiB after the release, with no request: again, once `idle` has passed.
  EXPECT_FALSE(schedule.due(0, 0, 102 * kMiB, at(1500)));
  EXPECT_FALSE(schedule.due(0, 0, (2 + 63) * kMiB, at(2500)));
  ASSERT_TRUE(schedule.due(0, 0, 102 * kMiB, at(2500)));
  schedule.released(1 * kMiB, at(2500));
  EXPECT_FALSE(schedule.due(0, 0, 60 * kMiB, at(9000)));
}

TEST_F(MemoryReleaseScheduleTest, TooLittleRetainedIsNotWorthAFault) {
  MemoryReleaseSchedule schedule(policy(), at(0));
  EXPECT_FALSE(schedule.due(0, 0, 15 * kMiB, at(1000)));
  EXPECT_FALSE(schedule.due(0, 0, 0, at(5000)));
  EXPECT_TRUE(schedule.due(0, 0, 16 * kMiB, at(5001)));
}

TEST_F(MemoryReleaseScheduleTest, AnAllocatorThatCannotSayIsReleasedOncePerQuietSpell) {
  MemoryReleaseSchedule schedule(policy(), at(0));
  ASSERT_TRUE(schedule.due(0, 0, std::nullopt, at(1000)));
  schedule.released(std::nullopt, at(1000));
  EXPECT_FALSE(schedule.due(0, 0, std::nullopt, at(60000)));
  EXPECT_FALSE(schedule.due(1, 0, std::nullopt, at(60001)));
  EXPECT_TRUE(schedule.due(1, 0, std::nullopt, at(61001)));
}

}  // namespace
}  // namespace cairn::server
