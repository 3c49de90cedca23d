// The HeadStore contract (compare-and-set, delete, list), run against every backend.

#include <gtest/gtest.h>

#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "tests/unit/storage/store_backends.h"

namespace cairn::storage {
namespace {

using core::StatusCode;
using testing::Backend;
using testing::StoreUnderTest;

const ContentId kNull{};
const ContentId kA = ContentId::of("root a");
const ContentId kB = ContentId::of("root b");
const ContentId kC = ContentId::of("root c");

class HeadStoreContractTest : public ::testing::TestWithParam<Backend> {
 protected:
  StoreUnderTest store_{GetParam()};
  HeadStore& heads() { return store_.heads(); }

  void expectHead(std::string_view name, const ContentId& id) {
    auto got = heads().getHead(name);
    ASSERT_TRUE(got.isOk()) << got.status().toString();
    EXPECT_EQ(*got, id) << got->shortHex() << " vs " << id.shortHex();
  }
  void expectNoHead(std::string_view name) {
    auto got = heads().getHead(name);
    ASSERT_FALSE(got.isOk());
    EXPECT_EQ(got.status().code(), StatusCode::kNotFound);
    EXPECT_NE(got.status().message().find(name), std::string::npos) << got.status().toString();
  }
};

TEST_P(HeadStoreContractTest, MissingHeadIsNotFound) { expectNoHead("ledger"); }

TEST_P(HeadStoreContractTest, NullExpectedCreatesOnlyIfAbsent) {
  ASSERT_TRUE(heads().compareAndSetHead("ledger", kNull, kA).isOk());
  expectHead("ledger", kA);
  const core::Status again = heads().compareAndSetHead("ledger", kNull, kB);
  EXPECT_EQ(again.code(), StatusCode::kAlreadyExists) << again.toString();
  EXPECT_NE(again.message().find("ledger"), std::string::npos);
  expectHead("ledger", kA);
}

TEST_P(HeadStoreContractTest, AdvancesOnlyFromTheExpectedValue) {
  ASSERT_TRUE(heads().compareAndSetHead("ledger", kNull, kA).isOk());
  ASSERT_TRUE(heads().compareAndSetHead("ledger", kA, kB).isOk());
  expectHead("ledger", kB);
  // A writer that still believes the head is at A loses.
  const core::Status stale = heads().compareAndSetHead("ledger", kA, kC);
  EXPECT_EQ(stale.code(), StatusCode::kAlreadyExists) << stale.toString();
  EXPECT_NE(stale.message().find(kB.shortHex()), std::string::npos) << stale.toString();
  expectHead("ledger", kB);
  // Setting the value it already has is a valid (no-op) transition.
  ASSERT_TRUE(heads().compareAndSetHead("ledger", kB, kB).isOk());
  expectHead("ledger", kB);
}

// The deferred update follows the same compare-and-set rules, is seen at once, and is there
// after syncHeads().
TEST_P(HeadStoreContractTest, DeferredUpdatesCompareAndSetAndAreSeenAtOnce) {
  ASSERT_TRUE(heads().compareAndSetHeadDeferred("ledger", kNull, kA).isOk());
  expectHead("ledger", kA);
  ASSERT_TRUE(heads().compareAndSetHeadDeferred("ledger", kA, kB).isOk());
  const core::Status stale = heads().compareAndSetHeadDeferred("ledger", kA, kC);
  EXPECT_EQ(stale.code(), StatusCode::kAlreadyExists) << stale.toString();
  EXPECT_EQ(heads().compareAndSetHeadDeferred("other", kA, kB).code(), StatusCode::kNotFound);
  EXPECT_EQ(heads().compareAndSetHeadDeferred("ledger", kB, kNull).code(),
            StatusCode::kInvalidArgument);
  ASSERT_TRUE(heads().syncHeads().isOk());
  expectHead("ledger", kB);
}

TEST_P(HeadStoreContractTest, ExpectingAValueOfAnAbsentHeadIsNotFound) {
  const core::Status status = heads().compareAndSetHead("ledger", kA, kB);
  EXPECT_EQ(status.code(), StatusCode::kNotFound) << status.toString();
  expectNoHead("ledger");
}

TEST_P(HeadStoreContractTest, RejectsEmptyNamesAndNullTargets) {
  EXPECT_EQ(heads().compareAndSetHead("", kNull, kA).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(heads().compareAndSetHead("ledger", kNull, kNull).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(heads().getHead("").status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(heads().deleteHead("").code(), StatusCode::kInvalidArgument);
  expectNoHead("ledger");
}

TEST_P(HeadStoreContractTest, DeleteRemovesAndThenReportsNotFound) {
  ASSERT_TRUE(heads().compareAndSetHead("ledger", kNull, kA).isOk());
  ASSERT_TRUE(heads().compareAndSetHead("other", kNull, kB).isOk());
  ASSERT_TRUE(heads().deleteHead("ledger").isOk());
  expectNoHead("ledger");
  expectHead("other", kB);
  EXPECT_EQ(heads().deleteHead("ledger").code(), StatusCode::kNotFound);
  // A deleted head can be created again from scratch.
  ASSERT_TRUE(heads().compareAndSetHead("ledger", kNull, kC).isOk());
  expectHead("ledger", kC);
}

TEST_P(HeadStoreContractTest, ListsNamesInByteOrder) {
  auto empty = heads().listHeads();
  ASSERT_TRUE(empty.isOk());
  EXPECT_TRUE(empty->empty());
  const std::vector<std::string> names = {"zeta",       "Alpha",     "alpha",
                                          "alpha/main", "\xff-high", std::string("nul\0byte", 8)};
  for (const std::string& name : names) {
    ASSERT_TRUE(heads().compareAndSetHead(name, kNull, ContentId::of(name)).isOk());
  }
  ASSERT_TRUE(heads().deleteHead("zeta").isOk());
  auto listed = heads().listHeads();
  ASSERT_TRUE(listed.isOk()) << listed.status().toString();
  const std::vector<std::string> expected = {"Alpha", "alpha", "alpha/main",
                                             std::string("nul\0byte", 8), "\xff-high"};
  EXPECT_EQ(*listed, expected);
  for (const std::string& name : expected) expectHead(name, ContentId::of(name));
}

TEST_P(HeadStoreContractTest, ConcurrentWritersNeverLoseAnUpdate) {
  // Each thread advances one shared head a fixed number of times, re-reading after a conflict.
  // Winners record (new -> old); walking back from the final head must visit every win, which
  // fails if two writers ever both succeeded from the same old value.
  constexpr int kThreads = 4;
  constexpr int kWinsPerThread = 10;
  const ContentId start = ContentId::of("start");
  ASSERT_TRUE(heads().compareAndSetHead("ledger", kNull, start).isOk());
  std::mutex parentsMutex;
  std::map<ContentId, ContentId> parentOf;
  std::vector<std::string> failures(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int wins = 0, attempt = 0; wins < kWinsPerThread; ++attempt) {
        auto current = heads().getHead("ledger");
        if (!current.isOk()) {
          failures[t] = current.status().toString();
          return;
        }
        const ContentId next = ContentId::of(current->toHex() + "/" + std::to_string(t) + "/" +
                                             std::to_string(attempt));
        const core::Status status = heads().compareAndSetHead("ledger", *current, next);
        if (status.isOk()) {
          std::lock_guard lock(parentsMutex);
          parentOf.emplace(next, *current);
          ++wins;
        } else if (status.code() != StatusCode::kAlreadyExists) {
          failures[t] = status.toString();
          return;
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) ASSERT_EQ(failures[t], "") << "thread " << t;

  auto last = heads().getHead("ledger");
  ASSERT_TRUE(last.isOk());
  int steps = 0;
  for (ContentId at = *last; at != start; ++steps) {
    auto parent = parentOf.find(at);
    ASSERT_NE(parent, parentOf.end()) << "head " << at.shortHex() << " was never published";
    at = parent->second;
  }
  EXPECT_EQ(steps, kThreads * kWinsPerThread);
  EXPECT_EQ(parentOf.size(), size_t{kThreads * kWinsPerThread});
}

INSTANTIATE_TEST_SUITE_P(Backends, HeadStoreContractTest,
                         ::testing::Values(Backend::kMemory, Backend::kRocksDb),
                         [](const auto& info) { return testing::backendName(info.param); });

}  // namespace
}  // namespace cairn::storage
