// LiveLedger's pipelined group commit: transactions that come in while a batch syncs are applied
// meanwhile and made durable together by the next sync; a failed sync fails its batch and every
// transaction applied on top of it, leaving the ledger, its terms and its commit chain as they
// were; an index run waits for the batches in flight. commitAsync(): every callback called once,
// failures reported through it, and closing the ledger finishes what is in flight. The sync is held
// at the head update by a gate in the head store, so each step is observed, not timed.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <set>
#include <thread>

#include "index/write/live_ledger.h"
#include "tests/support/test_ledger.h"

namespace cairn::index {
namespace group_commit_test {

using core::Term;
using testing::Quad;

constexpr std::string_view kEx = "http://example.org/";

Term iri(std::string_view local) { return Term::iri(std::string(kEx) + std::string(local)); }

Transaction insertOne(std::string_view subject) {
  Transaction tx;
  tx.inserts.push_back(TxQuad{TxTerm::of(iri(subject)), TxTerm::of(iri("p")),
                              TxTerm::of(iri(std::string(subject) + "-o")), std::nullopt});
  return tx;
}

// Forwards to a head store; when closed, each head update waits at the gate until opened, and
// the next one can be made to fail.
class GatedHeads final : public storage::HeadStore {
 public:
  explicit GatedHeads(storage::HeadStore& inner) : inner_(inner) {}

  core::Result<storage::ContentId> getHead(std::string_view name) const override {
    return inner_.getHead(name);
  }
  core::Status compareAndSetHead(std::string_view name, const storage::ContentId& expected,
                                 const storage::ContentId& desired) override {
    bool fail = false;
    {
      std::unique_lock lock(mutex_);
      ++arrived_;
      changed_.notify_all();
      changed_.wait(lock, [&] { return open_; });
      fail = std::exchange(failNext_, false);
      ++updates_;
    }
    if (fail) return core::Status(core::StatusCode::kInternal, "the disk is gone");
    return inner_.compareAndSetHead(name, expected, desired);
  }
  core::Status deleteHead(std::string_view name) override { return inner_.deleteHead(name); }
  core::Result<std::vector<std::string>> listHeads() const override { return inner_.listHeads(); }

  void close() {
    std::lock_guard lock(mutex_);
    open_ = false;
  }
  void open() {
    std::lock_guard lock(mutex_);
    open_ = true;
    changed_.notify_all();
  }
  void failNext() {
    std::lock_guard lock(mutex_);
    failNext_ = true;
  }
  // Waits until `n` head updates in all have reached the gate.
  void awaitArrivals(int n) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return arrived_ >= n; });
  }
  int updates() const {
    std::lock_guard lock(mutex_);
    return updates_;
  }

 private:
  storage::HeadStore& inner_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  bool open_ = true;
  bool failNext_ = false;
  int arrived_ = 0;
  int updates_ = 0;
};

struct Fixture {
  testing::TestLedger base =
      testing::makeTestLedger({Quad{iri("a"), iri("p"), iri("b"), std::nullopt}});
  GatedHeads heads{*base.heads};
  std::shared_ptr<LiveLedger> live = open();

  std::shared_ptr<LiveLedger> open() {
    auto opened =
        LiveLedger::open(*base.blobs, heads, "test", nullptr, IndexConfig::defaults(), nullptr);
    EXPECT_TRUE(opened.isOk()) << opened.status().toString();
    return opened.isOk() ? std::move(opened).value() : nullptr;
  }
  // Closes the ledger and opens it again on the stores, past the gate: what a restart finds.
  std::shared_ptr<LiveLedger> restart(ReplayReport& report) {
    live.reset();
    auto opened = LiveLedger::open(*base.blobs, *base.heads, "test", nullptr,
                                   IndexConfig::defaults(), &report);
    EXPECT_TRUE(opened.isOk()) << opened.status().toString();
    return opened.isOk() ? std::move(opened).value() : nullptr;
  }
  // How many of the terms a commit may add the shared term overlay holds: it grows when a
  // transaction is applied, before it is durable.
  uint64_t overlayIris() const { return live->snapshot()->termOverlay().iris.count(); }
  // Waits until `n` transactions are applied and wait for the sync, and the overlay holds
  // `iris` IRIs (theirs).
  bool awaitApplied(size_t n, uint64_t iris) const {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (live->commitsAwaitingSync() < n || overlayIris() < iris) {
      if (std::chrono::steady_clock::now() > deadline) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return true;
  }
  bool has(std::string_view subject) const {
    auto id = live->snapshot()->encodeNode(iri(subject));
    EXPECT_TRUE(id.isOk());
    return id.isOk() && id->has_value();
  }
};

TEST(GroupCommitTest, TransactionsAppliedDuringASyncShareTheNextSync) {
  Fixture f;
  const uint64_t t0 = f.live->snapshot()->t();
  const uint64_t iris0 = f.overlayIris();
  f.heads.close();
  auto first = std::async(std::launch::async, [&] { return f.live->commit(insertOne("s0")); });
  f.heads.awaitArrivals(1);  // s0's batch is syncing, held at the gate
  // Each adds two IRIs (subject, object); wait for each to be applied before the next starts,
  // so they queue one by one behind the held sync.
  std::vector<std::future<core::Result<CommitResult>>> later;
  for (int i = 1; i <= 3; ++i) {
    later.push_back(std::async(
        std::launch::async, [&, i] { return f.live->commit(insertOne("s" + std::to_string(i))); }));
    ASSERT_TRUE(f.awaitApplied(i, iris0 + 2 + 2 * i)) << "transaction " << i << " not applied";
  }
  // Applied, not yet durable: readers do not see them.
  EXPECT_EQ(f.live->snapshot()->t(), t0);
  EXPECT_FALSE(f.has("s1"));
  f.heads.open();

  auto r0 = first.get();
  ASSERT_TRUE(r0.isOk()) << r0.status().toString();
  EXPECT_EQ(r0->t, t0 + 1);
  std::set<uint64_t> ts;
  for (auto& fut : later) {
    auto r = fut.get();
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    ts.insert(r->t);
  }
  EXPECT_EQ(ts, (std::set<uint64_t>{t0 + 2, t0 + 3, t0 + 4}));
  // One head update for s0, one for the three applied while it synced.
  EXPECT_EQ(f.heads.updates(), 2);
  EXPECT_EQ(f.live->snapshot()->t(), t0 + 4);
  for (int i = 0; i <= 3; ++i) EXPECT_TRUE(f.has("s" + std::to_string(i))) << i;

  // The chain holds all four, in order.
  ReplayReport report;
  auto reopened = f.restart(report);
  ASSERT_NE(reopened, nullptr);
  EXPECT_EQ(report.commits, 4u);
  EXPECT_EQ(reopened->snapshot()->t(), t0 + 4);
}

TEST(GroupCommitTest, AFailedSyncFailsItsBatchAndEverythingAppliedOnIt) {
  Fixture f;
  ASSERT_TRUE(f.live->commit(insertOne("kept")).isOk());
  const uint64_t t0 = f.live->snapshot()->t();
  const uint64_t iris0 = f.overlayIris();
  f.heads.close();
  f.heads.failNext();
  auto first = std::async(std::launch::async, [&] { return f.live->commit(insertOne("x0")); });
  f.heads.awaitArrivals(2);  // "kept" made one; x0's is held
  auto second = std::async(std::launch::async, [&] { return f.live->commit(insertOne("x1")); });
  ASSERT_TRUE(f.awaitApplied(1, iris0 + 4));  // x1 applied on x0's unsynced state
  f.heads.open();

  auto r0 = first.get();
  auto r1 = second.get();
  ASSERT_FALSE(r0.isOk());
  ASSERT_FALSE(r1.isOk());
  EXPECT_EQ(r0.status().code(), core::StatusCode::kInternal);
  EXPECT_EQ(r1.status().code(), core::StatusCode::kInternal);
  // Nothing of either stands: not the facts, not the t's, not the terms.
  EXPECT_EQ(f.live->snapshot()->t(), t0);
  EXPECT_EQ(f.overlayIris(), iris0);
  EXPECT_FALSE(f.has("x0"));
  EXPECT_FALSE(f.has("x1"));
  EXPECT_TRUE(f.has("kept"));

  // The ledger goes on from where it was: the next commit takes the failed ones' t.
  auto next = f.live->commit(insertOne("y"));
  ASSERT_TRUE(next.isOk()) << next.status().toString();
  EXPECT_EQ(next->t, t0 + 1);
  EXPECT_TRUE(f.has("y"));
  ReplayReport report;
  auto reopened = f.restart(report);
  ASSERT_NE(reopened, nullptr);
  EXPECT_EQ(report.commits, 2u);  // "kept" and "y"
  EXPECT_EQ(reopened->snapshot()->t(), t0 + 1);
  EXPECT_FALSE((*reopened->snapshot()->encodeNode(iri("x1"))).has_value());
}

TEST(GroupCommitTest, AnIndexRunWaitsForTheBatchesInFlight) {
  Fixture f;
  ASSERT_TRUE(f.live->commit(insertOne("pre")).isOk());  // something for the run to index
  const uint64_t t0 = f.live->snapshot()->t();
  const uint64_t iris0 = f.overlayIris();
  f.heads.close();
  auto first = std::async(std::launch::async, [&] { return f.live->commit(insertOne("i0")); });
  f.heads.awaitArrivals(2);
  auto second = std::async(std::launch::async, [&] { return f.live->commit(insertOne("i1")); });
  ASSERT_TRUE(f.awaitApplied(1, iris0 + 4));
  // The run builds from the published snapshot (t0), then takes the lead for its switch, which
  // waits for both batches; its own head update then comes after theirs.
  std::atomic<bool> indexed{false};
  auto run = std::async(std::launch::async, [&] {
    auto report = f.live->indexNow();
    indexed = true;
    return report;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(indexed.load());
  f.heads.open();
  ASSERT_TRUE(first.get().isOk());
  ASSERT_TRUE(second.get().isOk());
  auto report = run.get();
  ASSERT_TRUE(report.isOk()) << report.status().toString();
  auto snap = f.live->snapshot();
  EXPECT_EQ(snap->t(), t0 + 2);
  EXPECT_EQ(report->toT, t0);  // what the published snapshot held when the run began
  EXPECT_EQ(snap->root().t, t0);
  EXPECT_TRUE(f.has("i0"));
  EXPECT_TRUE(f.has("i1"));
  // Commits go on after the switch, from the new root.
  auto after = f.live->commit(insertOne("i2"));
  ASSERT_TRUE(after.isOk()) << after.status().toString();
  EXPECT_EQ(after->t, t0 + 3);
  EXPECT_TRUE(f.has("i2"));
}

// commitAsync(): many commits in flight from two threads, none waiting; every callback is called
// once, the t's are distinct and consecutive, and every commit survives reopening.
TEST(GroupCommitTest, AsynchronousCommitsAllCompleteOnceInOrderOfT) {
  Fixture f;
  const uint64_t t0 = f.live->snapshot()->t();
  constexpr int kThreads = 2, kCommits = 300;
  std::mutex mutex;
  std::vector<uint64_t> ts;
  std::vector<std::string> errors;
  std::vector<std::thread> threads;
  for (int w = 0; w < kThreads; ++w) {
    threads.emplace_back([&, w] {
      for (int i = 0; i < kCommits; ++i) {
        f.live->commitAsync(insertOne("a" + std::to_string(w) + "-" + std::to_string(i)),
                            [&](core::Result<CommitResult> result) {
                              std::lock_guard lock(mutex);
                              if (result.isOk()) {
                                ts.push_back(result->t);
                              } else {
                                errors.push_back(result.status().toString());
                              }
                            });
      }
    });
  }
  for (auto& t : threads) t.join();
  f.live->awaitCommits();
  {
    std::lock_guard lock(mutex);
    EXPECT_TRUE(errors.empty()) << errors.front();
    ASSERT_EQ(ts.size(), size_t{kThreads * kCommits});
    std::sort(ts.begin(), ts.end());
    for (size_t i = 0; i < ts.size(); ++i) ASSERT_EQ(ts[i], t0 + 1 + i);
  }
  EXPECT_EQ(f.live->snapshot()->t(), t0 + kThreads * kCommits);
  // Fewer syncs than commits: the batches shared them.
  EXPECT_LT(f.heads.updates(), kThreads * kCommits);
  ReplayReport report;
  auto reopened = f.restart(report);
  ASSERT_NE(reopened, nullptr);
  EXPECT_EQ(report.commits, uint64_t{kThreads * kCommits});
}

// An asynchronous commit whose sync fails gets the error through its callback, as does one
// applied on it; a synchronous caller in the same pipeline too.
TEST(GroupCommitTest, AsynchronousCommitsLearnOfAFailedSync) {
  Fixture f;
  const uint64_t t0 = f.live->snapshot()->t();
  const uint64_t iris0 = f.overlayIris();
  f.heads.close();
  f.heads.failNext();
  std::promise<core::Result<CommitResult>> first, second;
  f.live->commitAsync(insertOne("q0"), [&](auto result) { first.set_value(std::move(result)); });
  f.heads.awaitArrivals(1);  // q0 synced by the committer thread, held at the gate
  f.live->commitAsync(insertOne("q1"), [&](auto result) { second.set_value(std::move(result)); });
  ASSERT_TRUE(f.awaitApplied(1, iris0 + 4));  // q1 applied (on this thread) on q0
  auto third = std::async(std::launch::async, [&] { return f.live->commit(insertOne("q2")); });
  ASSERT_TRUE(f.awaitApplied(2, iris0 + 6));
  f.heads.open();
  auto r0 = first.get_future().get();
  auto r1 = second.get_future().get();
  auto r2 = third.get();
  EXPECT_FALSE(r0.isOk());
  EXPECT_FALSE(r1.isOk());
  EXPECT_FALSE(r2.isOk());
  EXPECT_EQ(f.live->snapshot()->t(), t0);
  EXPECT_EQ(f.overlayIris(), iris0);
  EXPECT_FALSE(f.has("q1"));
  auto next = f.live->commit(insertOne("q3"));
  ASSERT_TRUE(next.isOk()) << next.status().toString();
  EXPECT_EQ(next->t, t0 + 1);
}

// Closing a ledger finishes the asynchronous commits in flight: each is durable and its callback
// called before the destructor returns.
TEST(GroupCommitTest, ClosingTheLedgerFinishesAsynchronousCommits) {
  Fixture f;
  const uint64_t t0 = f.live->snapshot()->t();
  std::atomic<int> called{0};
  for (int i = 0; i < 50; ++i) {
    f.live->commitAsync(insertOne("c" + std::to_string(i)), [&](auto result) {
      EXPECT_TRUE(result.isOk());
      ++called;
    });
  }
  f.live.reset();
  EXPECT_EQ(called.load(), 50);
  ReplayReport report;
  auto reopened = f.restart(report);
  ASSERT_NE(reopened, nullptr);
  EXPECT_EQ(reopened->snapshot()->t(), t0 + 50);
}

}  // namespace group_commit_test
}  // namespace cairn::index
