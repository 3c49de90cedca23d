#include "server/service/query_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>

namespace cairn::server {
namespace {

TEST(QueryPool, RunsEverythingSubmitted) {
  QueryPool pool(3, 1000);
  std::atomic<int> done{0};
  for (int i = 0; i < 500; ++i) ASSERT_TRUE(pool.trySubmit([&] { done.fetch_add(1); }));
  pool.shutdown();
  EXPECT_EQ(done.load(), 500);
}

TEST(QueryPool, RefusesBeyondWorkersPlusQueue) {
  QueryPool pool(2, 1);
  std::promise<void> release;
  std::shared_future<void> gate = release.get_future().share();
  std::atomic<int> started{0};
  auto blocker = [&] {
    started.fetch_add(1);
    gate.wait();
  };
  ASSERT_TRUE(pool.trySubmit(blocker));
  ASSERT_TRUE(pool.trySubmit(blocker));
  while (started.load() < 2) std::this_thread::yield();
  EXPECT_EQ(pool.running(), 2u);
  EXPECT_TRUE(pool.trySubmit(blocker));   // the one queue place
  EXPECT_FALSE(pool.trySubmit(blocker));  // full
  EXPECT_EQ(pool.queued(), 1u);
  release.set_value();
  pool.shutdown();
  EXPECT_EQ(started.load(), 3);
  EXPECT_FALSE(pool.trySubmit([] {}));  // after shutdown
}

}  // namespace
}  // namespace cairn::server
