// The indexer (LiveLedger::indexNow, buildIndexRoot, the background thread): an indexed root
// holds exactly the facts of the snapshot it was built from, with its statistics, dictionaries
// and history; it reuses the old root's blobs; commits made while it runs survive the switch;
// reopening replays only what came after it; backpressure bounds the novelty. Delta runs persist
// the commits as segments, merge them size-tiered, cost about their own size, and fold into the
// trees when asked or past the threshold.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <functional>
#include <future>
#include <map>
#include <set>
#include <span>
#include <string_view>
#include <thread>

#include "core/vocab.h"
#include "index/commit/commit_record.h"
#include "index/delta/delta_manifest.h"
#include "index/history/history_manifest.h"
#include "index/ledger/ledger_name.h"
#include "index/write/commit_time.h"
#include "index/write/live_ledger.h"
#include "tests/support/hooked_blob_store.h"
#include "tests/support/test_ledger.h"

namespace cairn::index {
namespace {

using core::Term;
using testing::Quad;

Term iri(const std::string& local) { return Term::iri("http://example.org/" + local); }

TxQuad fact(Term s, Term p, Term o) {
  return TxQuad{TxTerm::of(std::move(s)), TxTerm::of(std::move(p)), TxTerm::of(std::move(o)),
                std::nullopt};
}

std::vector<Quad> baseQuads(int n) {
  std::vector<Quad> quads;
  for (int i = 0; i < n; ++i) {
    quads.push_back({iri("s" + std::to_string(i)), iri("p" + std::to_string(i % 7)),
                     Term::literal(std::to_string(i), std::string(core::vocab::kXsd) + "integer"),
                     std::nullopt});
  }
  return quads;
}

// Every row of SPOT in the default graph at asOf, as text for comparison.
std::multiset<std::string> rowsAt(const Ledger& ledger, uint64_t asOf = UINT64_MAX) {
  std::multiset<std::string> rows;
  auto reader = ledger.reader(core::kNoNode, Permutation::kSPOT);
  if (!reader) return rows;
  auto cursor = reader->scan(ScanRange::all(), kAllColumns, asOf);
  ColumnBatch batch;
  while (true) {
    auto more = cursor.next(batch);
    EXPECT_TRUE(more.isOk()) << more.status().toString();
    if (!more.isOk() || !*more) break;
    for (size_t r = 0; r < batch.rows; ++r) {
      const IndexRow row = rowAt(batch, r);
      rows.insert(std::to_string(row.s) + " " + std::to_string(row.p) + " " +
                  std::to_string(row.ot) + " " + std::to_string(row.ok) + " @" +
                  std::to_string(row.t));
    }
  }
  return rows;
}

IndexBuildOptions withMode(IndexBuildOptions::Mode mode) {
  IndexBuildOptions options;
  options.mode = mode;
  options.foldThreads = 4;  // the permutations fold in parallel whatever the machine
  return options;
}
const IndexBuildOptions kFold = withMode(IndexBuildOptions::Mode::kFold);
const IndexBuildOptions kDelta = withMode(IndexBuildOptions::Mode::kDelta);

struct Fixture {
  testing::TestLedger base;
  std::shared_ptr<LiveLedger> live;
  IndexConfig config;

  explicit Fixture(int baseFacts, const IndexConfig& c = IndexConfig::tiny()) : config(c) {
    base = testing::makeTestLedger(baseQuads(baseFacts), config);
    live = reopen();
  }
  std::shared_ptr<LiveLedger> reopen() {
    auto opened = LiveLedger::open(*base.blobs, *base.heads, "test", nullptr, config);
    EXPECT_TRUE(opened.isOk()) << opened.status().toString();
    return opened.isOk() ? std::move(opened).value() : nullptr;
  }
  uint64_t commit(Transaction tx) {
    auto result = live->commit(std::move(tx));
    EXPECT_TRUE(result.isOk()) << result.status().toString();
    return result.isOk() ? result->t : 0;
  }
};

// Six commits of deletes, inserts and re-asserts, each followed by its rows at its t.
std::vector<uint64_t> commitMixedChanges(Fixture& f,
                                         std::map<uint64_t, std::multiset<std::string>>& expected,
                                         const std::function<void(int)>& afterCommit) {
  std::vector<uint64_t> ts{f.live->snapshot()->t()};
  expected[ts.back()] = rowsAt(*f.live->snapshot());
  for (int k = 0; k < 6; ++k) {
    Transaction tx;
    tx.deletes.push_back(
        fact(iri("s" + std::to_string(k * 3)), iri("p" + std::to_string(k * 3 % 7)),
             Term::literal(std::to_string(k * 3), std::string(core::vocab::kXsd) + "integer")));
    tx.inserts.push_back(
        fact(iri("new" + std::to_string(k)), iri("q"), Term::literal("v" + std::to_string(k))));
    // Re-assert what an earlier commit deleted: a fact with two intervals.
    if (k >= 2) {
      const int back = (k - 2) * 3;
      tx.inserts.push_back(
          fact(iri("s" + std::to_string(back)), iri("p" + std::to_string(back % 7)),
               Term::literal(std::to_string(back), std::string(core::vocab::kXsd) + "integer")));
    }
    ts.push_back(f.commit(std::move(tx)));
    expected[ts.back()] = rowsAt(*f.live->snapshot());
    afterCommit(k);
  }
  return ts;
}

uint64_t countAll(const Ledger& ledger) {
  auto count = ledger.reader(core::kNoNode, Permutation::kPSOT)->count(ScanRange::all());
  EXPECT_TRUE(count.isOk()) << count.status().toString();
  return count.isOk() ? *count : 0;
}

TEST(IndexerTest, IndexedRootHoldsTheSnapshotsFactsAtEveryT) {
  Fixture f(200);
  std::map<uint64_t, std::multiset<std::string>> expected;
  const std::vector<uint64_t> ts = commitMixedChanges(f, expected, [](int) {});

  auto report = f.live->indexNow(kFold);
  ASSERT_TRUE(report.isOk()) << report.status().toString();
  EXPECT_TRUE(report->folded);
  EXPECT_EQ(report->fromT, ts.front());
  EXPECT_EQ(report->toT, ts.back());
  EXPECT_GT(report->historyEntries, 0u);
  EXPECT_EQ(report->newIris, 7u);  // new0..new5 and q

  const auto after = f.live->snapshot();
  EXPECT_EQ(after->t(), ts.back());
  EXPECT_EQ(after->root().t, ts.back());
  EXPECT_TRUE(after->novelty().empty());
  EXPECT_FALSE(after->root().history.isNull());
  for (uint64_t t : ts) EXPECT_EQ(rowsAt(*after, t), expected[t]) << "at t=" << t;
  // Terms the commits added now live in the dictionaries.
  auto id = after->encodeNode(iri("new5"));
  ASSERT_TRUE(id.isOk());
  ASSERT_TRUE(id->has_value());
  auto back = after->decodeNode(**id);
  ASSERT_TRUE(back.isOk());
  EXPECT_EQ(back->value, "http://example.org/new5");
  // Statistics describe the new root exactly.
  auto stats = after->statistics(core::kNoNode);
  ASSERT_TRUE(stats.isOk()) << stats.status().toString();
  EXPECT_EQ((*stats)->triples, expected[ts.back()].size());
  auto q = after->encodeNode(iri("q"));
  ASSERT_TRUE(q.isOk() && q->has_value());
  const PredicateStats* qs = (*stats)->find(**q);
  ASSERT_NE(qs, nullptr);
  EXPECT_EQ(qs->rows, 6u);

  // Reopened from the store: the same facts at every t, nothing to replay.
  auto reopened = f.reopen();
  ASSERT_NE(reopened, nullptr);
  EXPECT_TRUE(reopened->snapshot()->novelty().empty());
  for (uint64_t t : ts) EXPECT_EQ(rowsAt(*reopened->snapshot(), t), expected[t]) << "at t=" << t;
}

TEST(IndexerTest, EmptyNoveltyIsANoOp) {
  Fixture f(10);
  const auto before = f.live->snapshot();
  auto report = f.live->indexNow();
  ASSERT_TRUE(report.isOk());
  EXPECT_EQ(report->fromT, report->toT);
  EXPECT_EQ(f.live->snapshot()->rootId(), before->rootId());
}

TEST(IndexerTest, RewritesOnlyWhatTheChangesTouch) {
  Fixture f(200000, IndexConfig{});  // production sizes, also in the tiny-leaflet pass
  const uint64_t indexBytes = f.base.blobs->byteCount();
  const uint64_t quadsBefore = f.live->snapshot()->root().quads;
  Transaction tx;
  for (int i = 0; i < 10; ++i) {
    tx.inserts.push_back(fact(iri("s1234"), iri("p1"), Term::literal("x" + std::to_string(i))));
  }
  f.commit(std::move(tx));
  auto report = f.live->indexNow(kFold);
  ASSERT_TRUE(report.isOk()) << report.status().toString();
  EXPECT_EQ(f.live->snapshot()->root().quads, quadsBefore + 10);
  // Ten facts of one subject and predicate touch one full leaflet per permutation (of ~13 per
  // permutation of 16K rows), which may split in two; every other leaflet is reused.
  EXPECT_LE(report->leafletsRewritten, 8u);
  EXPECT_GE(report->leafletsReused, 40u);
  EXPECT_LT(report->bytesWritten * 3, indexBytes) << report->bytesWritten << " of " << indexBytes;
}

TEST(IndexerTest, CommitsDuringIndexingSurviveTheSwitch) {
  Fixture f(500);
  std::atomic<bool> stop{false};
  std::atomic<int> committed{0};
  std::thread writer([&] {
    for (int i = 0; !stop && i < 400; ++i) {
      Transaction tx;
      tx.inserts.push_back(fact(iri("w" + std::to_string(i)), iri("by"), Term::literal("writer")));
      if (f.live->commit(std::move(tx)).isOk()) ++committed;
    }
  });
  for (int run = 0; run < 20; ++run) {
    auto report = f.live->indexNow(run % 3 == 2 ? kFold : kDelta);
    ASSERT_TRUE(report.isOk()) << report.status().toString();
  }
  stop = true;
  writer.join();
  const auto snap = f.live->snapshot();
  EXPECT_EQ(rowsAt(*snap).size(), 500u + static_cast<size_t>(committed.load()));
  auto reopened = f.reopen();
  ASSERT_NE(reopened, nullptr);
  EXPECT_EQ(rowsAt(*reopened->snapshot()), rowsAt(*snap));
  EXPECT_EQ(reopened->snapshot()->t(), snap->t());
}

TEST(IndexerTest, BackgroundIndexerRunsPastTheSoftThresholdAndBackpressureBoundsNovelty) {
  Fixture f(100);
  IndexerPolicy policy;
  policy.softFlakes = 20;
  policy.hardFlakes = 60;
  policy.build.foldFlakes = 150;  // delta runs, and now and then a fold
  f.live->startIndexer(policy);
  constexpr int kWriters = 4;
  std::atomic<uint64_t> maxNovelty{0};
  std::vector<std::thread> writers;
  for (int w = 0; w < kWriters; ++w) {
    writers.emplace_back([&, w] {
      for (int i = 0; i < 150; ++i) {
        Transaction tx;
        tx.inserts.push_back(fact(iri("bg" + std::to_string(w) + "_" + std::to_string(i)),
                                  iri("p0"), Term::literal("x")));
        auto result = f.live->commit(std::move(tx));
        ASSERT_TRUE(result.isOk()) << result.status().toString();
        const uint64_t n = f.live->snapshot()->novelty().flakeCount();
        uint64_t seen = maxNovelty.load();
        while (n > seen && !maxNovelty.compare_exchange_weak(seen, n)) {
        }
      }
    });
  }
  for (auto& w : writers) w.join();
  // Writers check the threshold before they queue, so at most one commit each passes it.
  EXPECT_LE(maxNovelty.load(), policy.hardFlakes + kWriters);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (f.live->indexerCounters().runs == 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  // The layer passed foldFlakes, so the fold thread folds it (while delta runs went on).
  while (f.live->indexerCounters().folds == 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  const IndexerCounters counters = f.live->indexerCounters();
  EXPECT_GT(counters.runs, counters.folds);
  EXPECT_GT(counters.folds, 0u);
  EXPECT_EQ(counters.failures, 0u) << counters.lastError;
  f.live->stopIndexer();
  EXPECT_EQ(rowsAt(*f.live->snapshot()).size(), 100u + kWriters * 150u);
  auto reopened = f.reopen();
  ASSERT_NE(reopened, nullptr);
  EXPECT_EQ(rowsAt(*reopened->snapshot()), rowsAt(*f.live->snapshot()));
}

// Whether any of `blobs` is part of a permutation tree, a delta run or history (the index
// blobs proper: their formats' magics all start "CN"; dictionaries, timelines and commits differ).
bool anyIndexBlob(std::span<const std::string_view> blobs) {
  return std::any_of(blobs.begin(), blobs.end(),
                     [](std::string_view blob) { return blob.substr(0, 2) == "CN"; });
}

// A ledger over a store that reports its writes, with scattered inserts and deletes in novelty:
// a fold of them rewrites most leaves of all four trees and writes history.
std::shared_ptr<LiveLedger> openHooked(Fixture& f, testing::HookedBlobStore& hooked) {
  f.live.reset();
  auto opened = LiveLedger::open(hooked, *f.base.heads, "test", nullptr, f.config);
  EXPECT_TRUE(opened.isOk()) << opened.status().toString();
  if (!opened.isOk()) return nullptr;
  std::shared_ptr<LiveLedger> live = std::move(opened).value();
  for (int k = 0; k < 40; ++k) {
    Transaction tx;
    tx.inserts.push_back(
        fact(iri("s" + std::to_string(k * 7)), iri("p9"), Term::literal("x" + std::to_string(k))));
    tx.deletes.push_back(
        fact(iri("s" + std::to_string(k * 5)), iri("p" + std::to_string(k * 5 % 7)),
             Term::literal(std::to_string(k * 5), std::string(core::vocab::kXsd) + "integer")));
    EXPECT_TRUE(live->commit(std::move(tx)).isOk());
  }
  return live;
}

// A run whose cancel flag is up writes no index blob, publishes nothing and counts no failure;
// delta runs, folds and folds of the layer alike.
TEST(IndexerTest, ARunWhoseCancelFlagIsUpWritesNoIndexBlobAndPublishesNothing) {
  Fixture f(300);
  testing::HookedBlobStore hooked(*f.base.blobs);
  const std::shared_ptr<LiveLedger> live = openHooked(f, hooked);
  ASSERT_NE(live, nullptr);
  std::atomic<bool> cancel{true};
  size_t indexWrites = 0;
  hooked.beforeWrite = [&](std::span<const std::string_view> blobs) {
    if (anyIndexBlob(blobs)) ++indexWrites;
    return core::Status::ok();
  };
  const auto before = live->snapshot();
  auto expectCancelled = [&](const core::Result<IndexBuildReport>& run, const char* what) {
    SCOPED_TRACE(what);
    ASSERT_FALSE(run.isOk());
    EXPECT_EQ(run.status().code(), core::StatusCode::kCancelled);
    EXPECT_EQ(indexWrites, 0u);
    EXPECT_EQ(live->snapshot()->rootId(), before->rootId());
    EXPECT_EQ(live->indexerCounters().failures, 0u);
  };
  for (IndexBuildOptions options : {kDelta, kFold}) {
    options.cancel = &cancel;
    expectCancelled(live->indexNow(options), options.mode == kFold.mode ? "fold" : "delta run");
  }
  // With the flag down the same runs go through; a fold of the layer is cancelled like them.
  ASSERT_TRUE(live->indexNow(kDelta).isOk());
  EXPECT_GT(indexWrites, 0u);
  const auto layered = live->snapshot();
  indexWrites = 0;
  IndexBuildOptions fold = kFold;
  fold.cancel = &cancel;
  auto folded = live->foldDeltaLayer(fold);
  ASSERT_FALSE(folded.isOk());
  EXPECT_EQ(folded.status().code(), core::StatusCode::kCancelled);
  EXPECT_EQ(indexWrites, 0u);
  EXPECT_EQ(live->snapshot()->rootId(), layered->rootId());
  ASSERT_TRUE(live->foldDeltaLayer(kFold).isOk());
  EXPECT_GT(indexWrites, 0u);
  EXPECT_TRUE(live->snapshot()->root().delta.isNull());
}

// Stopping the indexer cancels the run in progress rather than waiting for it. The background
// fold is held at its first write and a writer is held back at the hard threshold; stopping
// releases the writer, and the fold, let go once the writer's commit is done, writes no index
// blob and publishes nothing. A fold afterwards indexes everything.
TEST(IndexerTest, StoppingTheIndexerCancelsTheRunInProgress) {
  Fixture f(300);
  testing::HookedBlobStore hooked(*f.base.blobs);
  const std::shared_ptr<LiveLedger> live = openHooked(f, hooked);
  ASSERT_NE(live, nullptr);
  const auto before = live->snapshot();

  static thread_local bool writerThread = false;  // its commit's writes are not the fold's
  std::promise<void> holding;
  std::promise<void> letGo;
  std::shared_future<void> letGoSignal = letGo.get_future().share();
  std::atomic<bool> held{false};
  std::atomic<size_t> indexWrites{0};
  hooked.beforeWrite = [&](std::span<const std::string_view> blobs) {
    if (writerThread) return core::Status::ok();
    if (!held.exchange(true)) {
      holding.set_value();
      EXPECT_EQ(letGoSignal.wait_for(std::chrono::seconds(60)), std::future_status::ready);
    }
    if (anyIndexBlob(blobs)) ++indexWrites;
    return core::Status::ok();
  };
  IndexerPolicy policy;
  policy.softFlakes = 10;
  policy.hardFlakes = 20;
  policy.build = kFold;
  live->startIndexer(policy);
  holding.get_future().wait();

  std::thread writer([&] {
    writerThread = true;
    Transaction tx;
    tx.inserts.push_back(fact(iri("late"), iri("p9"), Term::literal("late")));
    auto result = live->commit(std::move(tx));  // waits: the novelty is past the hard threshold
    EXPECT_TRUE(result.isOk()) << result.status().toString();
    letGo.set_value();
  });
  live->stopIndexer();
  writer.join();

  EXPECT_EQ(indexWrites.load(), 0u);
  const IndexerCounters counters = live->indexerCounters();
  EXPECT_EQ(counters.runs, 0u);
  EXPECT_EQ(counters.failures, 0u) << counters.lastError;  // a cancelled run did not fail
  EXPECT_EQ(live->snapshot()->rootId(), before->rootId());
  EXPECT_EQ(live->snapshot()->t(), before->t() + 1);

  // The flag is down again once stopped: a fold runs to the end and rewrites the trees.
  const std::multiset<std::string> rows = rowsAt(*live->snapshot());
  auto folded = live->indexNow(kFold);
  ASSERT_TRUE(folded.isOk()) << folded.status().toString();
  EXPECT_GT(indexWrites.load(), 4u);
  EXPECT_NE(live->snapshot()->rootId(), before->rootId());
  EXPECT_EQ(rowsAt(*live->snapshot()), rows);
}

// In auto mode a thread of its own folds the delta layer (foldDeltaLayer); stopping the indexer
// cancels that fold too, and the delta run beside it. Both are held at their first write until
// the stop has raised the flag (a writer past the hard threshold is let go by the stop); after
// that neither writes again, and neither publishes.
TEST(IndexerTest, StoppingTheIndexerCancelsTheAutoModesFoldOfTheDeltaLayer) {
  Fixture f(300);
  testing::HookedBlobStore hooked(*f.base.blobs);
  const std::shared_ptr<LiveLedger> live = openHooked(f, hooked);
  ASSERT_NE(live, nullptr);
  ASSERT_TRUE(live->indexNow(kDelta).isOk());
  const auto before = live->snapshot();
  ASSERT_GT(before->novelty().persistedFlakeCount(), 0u);
  ASSERT_EQ(before->novelty().flakeCount(), 0u);  // only the fold is due when the indexer starts
  const uint64_t runsBefore = live->indexerCounters().runs;  // the delta run just made

  static thread_local bool writerThread = false;  // its commits' writes are not the runs'
  std::promise<void> holding;
  std::promise<void> letGo;
  std::shared_future<void> letGoSignal = letGo.get_future().share();
  std::atomic<bool> held{false};
  std::atomic<bool> released{false};
  std::atomic<size_t> writesAfterRelease{0};
  hooked.beforeWrite = [&](std::span<const std::string_view>) {
    if (writerThread) return core::Status::ok();
    if (released.load()) ++writesAfterRelease;
    if (!held.exchange(true)) holding.set_value();
    EXPECT_EQ(letGoSignal.wait_for(std::chrono::seconds(60)), std::future_status::ready);
    return core::Status::ok();
  };
  IndexerPolicy policy;
  policy.softFlakes = 20;
  policy.hardFlakes = 20;
  policy.build.mode = IndexBuildOptions::Mode::kAuto;
  policy.build.foldFlakes = 1;  // the delta layer is past it already
  live->startIndexer(policy);
  holding.get_future().wait();  // the fold is at its first write

  std::thread writer([&] {
    writerThread = true;
    // Past 20 changes the indexer's delta run starts (and is held at its first write), and
    // a commit waits: only the stop lets it go.
    for (int k = 0; k < 40; ++k) {
      Transaction tx;
      tx.inserts.push_back(fact(iri("late" + std::to_string(k)), iri("p9"), Term::literal("late")));
      auto result = live->commit(std::move(tx));
      EXPECT_TRUE(result.isOk()) << result.status().toString();
    }
    released.store(true);
    letGo.set_value();
  });
  live->stopIndexer();
  writer.join();

  EXPECT_EQ(writesAfterRelease.load(), 0u);
  const IndexerCounters counters = live->indexerCounters();
  EXPECT_EQ(counters.runs, runsBefore);
  EXPECT_EQ(counters.failures, 0u) << counters.lastError;
  EXPECT_EQ(live->snapshot()->rootId(), before->rootId());
  EXPECT_EQ(live->snapshot()->t(), before->t() + 40);
}

// A soft threshold above the hard one does not leave writers waiting for an indexer that never
// starts: the indexer starts at the lower of the two.
TEST(IndexerTest, ASoftThresholdAboveTheHardOneStillStartsTheIndexer) {
  Fixture f(10);
  IndexerPolicy policy;
  policy.softFlakes = 1'000'000;
  policy.hardFlakes = 20;
  f.live->startIndexer(policy);
  auto writes = std::async(std::launch::async, [&] {
    for (int i = 0; i < 60; ++i) {
      Transaction tx;
      tx.inserts.push_back(fact(iri("h" + std::to_string(i)), iri("p0"), Term::literal("x")));
      auto result = f.live->commit(std::move(tx));
      if (!result.isOk()) return result.status().toString();
    }
    return std::string();
  });
  if (writes.wait_for(std::chrono::seconds(30)) != std::future_status::ready) {
    ADD_FAILURE() << "the writers still wait for the indexer after 30 s";
    f.live->stopIndexer();  // releases them
  }
  EXPECT_EQ(writes.get(), "");
  const IndexerCounters counters = f.live->indexerCounters();
  EXPECT_GT(counters.runs, 0u);
  EXPECT_GT(counters.writerWaits, 0u);
  f.live->stopIndexer();
  EXPECT_EQ(rowsAt(*f.live->snapshot()).size(), 10u + 60u);
}

// As-of times resolve after indexing and reopening, from the root's timeline: the commit records
// it covers are not read again.
TEST(IndexerTest, AsOfTimesResolveAfterReopeningWithoutReadingTheIndexedCommits) {
  Fixture f(10);
  std::vector<std::pair<int64_t, uint64_t>> commits;  // (time ms, t)
  for (int i = 0; i < 9; ++i) {
    Transaction tx;
    tx.inserts.push_back(fact(iri("clock" + std::to_string(i)), iri("p0"), Term::literal("x")));
    auto result = f.live->commit(std::move(tx));
    ASSERT_TRUE(result.isOk());
    commits.emplace_back(*parseIsoTimeMillis(result->time), result->t);
    if (i % 3 == 2) {  // a delta run, a fold, a delta run: each extends the timeline
      ASSERT_TRUE(f.live->indexNow(i == 5 ? kFold : kDelta).isOk());
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  const IndexRoot& root = f.live->snapshot()->root();
  ASSERT_TRUE(root.timeline.has_value());
  ASSERT_FALSE(root.timeline->empty());
  EXPECT_EQ(root.timeline->back().lastT, root.t);
  EXPECT_EQ(root.timeline->front().firstT, f.base->root().t);  // from the origin on

  // The first commits' records are gone: a walk back through them would fail, the timeline
  // does not need them.
  auto head = f.base.heads->getHead(ledgerCommitHeadName("test"));
  ASSERT_TRUE(head.isOk());
  std::vector<storage::ContentId> chain;
  for (storage::ContentId id = *head; !id.isNull();) {
    chain.push_back(id);
    auto record = decodeCommitRecord(*f.base.blobs->get(id), id.shortHex());
    ASSERT_TRUE(record.isOk());
    id = record->previous;
  }
  ASSERT_EQ(chain.size(), commits.size());
  const std::vector<storage::ContentId> oldest(chain.end() - 3, chain.end());
  ASSERT_TRUE(f.base.blobs->removeMany(oldest).isOk());

  auto reopened = f.reopen();
  ASSERT_NE(reopened, nullptr);
  EXPECT_EQ(reopened->snapshot()->t(), commits.back().second);
  for (const auto& [millis, t] : commits) {
    EXPECT_EQ(reopened->tAtTime(millis), t);
    EXPECT_EQ(reopened->timeOfT(t), f.live->timeOfT(t));
  }
  EXPECT_EQ(reopened->tAtTime(commits.front().first - 1), f.base->root().t);
}

TEST(IndexerTest, DeltaRunsPersistTheCommitsAndAFoldMovesThemIntoTheTrees) {
  Fixture f(200);
  const IndexRoot baseRoot = f.live->snapshot()->root();
  std::map<uint64_t, std::multiset<std::string>> expected;
  const std::vector<uint64_t> ts = commitMixedChanges(f, expected, [&](int k) {
    if (k % 2 == 0) return;
    auto report = f.live->indexNow(kDelta);
    ASSERT_TRUE(report.isOk()) << report.status().toString();
    EXPECT_FALSE(report->folded);
    EXPECT_EQ(report->leafletsRewritten, 0u);
    EXPECT_GT(report->flakes, 0u);
  });
  ASSERT_TRUE(f.live->indexNow(kDelta).isOk());  // nothing new since the last run: a no-op

  // The trees, statistics and history are the import's; the commits are in the delta layer.
  auto check = [&](const Ledger& snap, const char* when) {
    SCOPED_TRACE(when);
    const IndexRoot& root = snap.root();
    EXPECT_EQ(root.t, ts.back());
    EXPECT_EQ(root.baseT, ts.front());
    EXPECT_FALSE(root.delta.isNull());
    EXPECT_TRUE(root.history.isNull());
    ASSERT_EQ(root.graphs.size(), baseRoot.graphs.size());
    for (Permutation p : kAllPermutations) {
      EXPECT_EQ(root.graphs[0].permutation(p).root, baseRoot.graphs[0].permutation(p).root);
    }
    EXPECT_EQ(snap.novelty().flakeCount(), 0u);
    EXPECT_GT(snap.novelty().persistedFlakeCount(), 0u);
    for (uint64_t t : ts) EXPECT_EQ(rowsAt(snap, t), expected[t]) << "at t=" << t;
    EXPECT_EQ(countAll(snap), expected[ts.back()].size());
    auto id = snap.encodeNode(iri("new5"));
    ASSERT_TRUE(id.isOk() && id->has_value());
    EXPECT_EQ(snap.decodeNode(**id)->value, "http://example.org/new5");
  };
  check(*f.live->snapshot(), "after the delta runs");
  auto reopened = f.reopen();
  ASSERT_NE(reopened, nullptr);
  check(*reopened->snapshot(), "reopened");

  auto report = reopened->indexNow(kFold);  // no commit since the root: folds the layer alone
  ASSERT_TRUE(report.isOk()) << report.status().toString();
  EXPECT_TRUE(report->folded);
  EXPECT_GT(report->historyEntries, 0u);
  const auto folded = reopened->snapshot();
  EXPECT_EQ(folded->root().baseT, ts.back());
  EXPECT_TRUE(folded->root().delta.isNull());
  EXPECT_FALSE(folded->root().history.isNull());
  EXPECT_EQ(folded->novelty().persistedFlakeCount(), 0u);
  for (uint64_t t : ts) EXPECT_EQ(rowsAt(*folded, t), expected[t]) << "at t=" << t;
  auto stats = folded->statistics(core::kNoNode);
  ASSERT_TRUE(stats.isOk()) << stats.status().toString();
  EXPECT_EQ((*stats)->triples, expected[ts.back()].size());
  auto q = folded->encodeNode(iri("q"));
  ASSERT_TRUE(q.isOk() && q->has_value());
  const PredicateStats* qs = (*stats)->find(**q);
  ASSERT_NE(qs, nullptr);
  EXPECT_EQ(qs->rows, 6u);
}

TEST(IndexerTest, ADeltaRunCostsAboutTheChangesNotTheLeafletsTheyLandIn) {
  Fixture f(200000, IndexConfig{});
  const uint64_t indexBytes = f.base.blobs->byteCount();
  Transaction tx;
  for (int i = 0; i < 200; ++i) {  // scattered over every permutation's key space
    const int s = i * 997 % 200000;
    tx.inserts.push_back(fact(iri("s" + std::to_string(s)), iri("p" + std::to_string(i % 7)),
                              Term::literal("x" + std::to_string(i))));
  }
  f.commit(std::move(tx));
  const auto snap = f.live->snapshot();
  auto delta = buildIndexRoot(*f.base.blobs, *snap, kDelta);
  ASSERT_TRUE(delta.isOk()) << delta.status().toString();
  auto fold = buildIndexRoot(*f.base.blobs, *snap, kFold);
  ASSERT_TRUE(fold.isOk()) << fold.status().toString();
  EXPECT_FALSE(delta->report.folded);
  EXPECT_TRUE(fold->report.folded);
  EXPECT_LT(delta->report.bytesWritten * 10, fold->report.bytesWritten)
      << delta->report.bytesWritten << " vs " << fold->report.bytesWritten;
  EXPECT_LT(delta->report.bytesWritten * 100, indexBytes)
      << delta->report.bytesWritten << " of " << indexBytes;
}

TEST(IndexerTest, SegmentsMergeSizeTieredAndAutoFoldsPastTheThreshold) {
  Fixture f(50);
  uint64_t facts = 50;
  for (int c = 0; c < 40; ++c) {
    Transaction tx;
    for (int i = 0; i < 3; ++i) {
      tx.inserts.push_back(fact(iri("seg" + std::to_string(c) + "_" + std::to_string(i)), iri("p1"),
                                Term::literal("x")));
    }
    f.commit(std::move(tx));
    facts += 3;
    auto report = f.live->indexNow(kDelta);
    ASSERT_TRUE(report.isOk()) << report.status().toString();
    const auto snap = f.live->snapshot();
    auto manifest = DeltaManifest::load(*f.base.blobs, snap->root().delta);
    ASSERT_TRUE(manifest.isOk()) << manifest.status().toString();
    ASSERT_EQ(manifest->graphs.size(), 1u);
    const std::vector<DeltaSegment>& segments = manifest->graphs[0].segments;
    EXPECT_EQ(manifest->flakes(), 3u * (c + 1));
    EXPECT_EQ(snap->novelty().persistedFlakeCount(), manifest->flakes());
    // At most three segments per size tier (a factor of 4), plus the newest.
    const int tiers = (std::bit_width(manifest->flakes()) - 1) / 2 + 1;
    EXPECT_LE(segments.size(), static_cast<size_t>(3 * tiers + 1)) << "commit " << c;
    EXPECT_EQ(segments.front().afterT, snap->root().baseT);
    EXPECT_EQ(segments.back().throughT, snap->t());
    for (size_t k = 1; k < segments.size(); ++k) {
      EXPECT_EQ(segments[k].afterT, segments[k - 1].throughT);
    }
    EXPECT_EQ(countAll(*snap), facts);
  }
  Transaction tx;
  tx.inserts.push_back(fact(iri("last"), iri("p1"), Term::literal("x")));
  f.commit(std::move(tx));
  IndexBuildOptions automatic;
  automatic.foldFlakes = 200;  // 121 changes stay under it
  auto report = f.live->indexNow(automatic);
  ASSERT_TRUE(report.isOk());
  EXPECT_FALSE(report->folded);
  automatic.foldFlakes = 100;  // now past it
  Transaction more;
  more.inserts.push_back(fact(iri("more"), iri("p1"), Term::literal("x")));
  f.commit(std::move(more));
  report = f.live->indexNow(automatic);
  ASSERT_TRUE(report.isOk());
  EXPECT_TRUE(report->folded);
  EXPECT_EQ(report->flakes, 122u);
  EXPECT_TRUE(f.live->snapshot()->root().delta.isNull());
  EXPECT_EQ(countAll(*f.live->snapshot()), facts + 2);
  EXPECT_EQ(f.live->snapshot()->root().quads, facts + 2);
}

// One commit that retracts base fact s<k> and adds late<k>; its rows go to expected.
uint64_t commitLate(Fixture& f, int k, std::map<uint64_t, std::multiset<std::string>>& expected) {
  Transaction tx;
  tx.deletes.push_back(
      fact(iri("s" + std::to_string(k)), iri("p" + std::to_string(k % 7)),
           Term::literal(std::to_string(k), std::string(core::vocab::kXsd) + "integer")));
  tx.inserts.push_back(fact(iri("late" + std::to_string(k)), iri("q"), Term::literal("x")));
  const uint64_t t = f.commit(std::move(tx));
  expected[t] = rowsAt(*f.live->snapshot());
  return t;
}

std::vector<DeltaSegment> segmentsOf(const Fixture& f, const Ledger& snap) {
  auto manifest = DeltaManifest::load(*f.base.blobs, snap.root().delta);
  EXPECT_TRUE(manifest.isOk()) << manifest.status().toString();
  if (!manifest.isOk() || manifest->graphs.empty()) return {};
  return manifest->graphs[0].segments;
}

TEST(IndexerTest, AFoldOfTheLayerLetsCommitsAndDeltaRunsGoOnAndKeepsWhatTheyAdded) {
  Fixture f(200);
  std::map<uint64_t, std::multiset<std::string>> expected;
  std::vector<uint64_t> ts =
      commitMixedChanges(f, expected, [&](int) { ASSERT_TRUE(f.live->indexNow(kDelta).isOk()); });
  const auto before = f.live->snapshot();
  const uint64_t foldedT = before->t();
  const std::vector<DeltaSegment> folding = segmentsOf(f, *before);
  ASSERT_FALSE(folding.empty());

  auto report = f.live->foldDeltaLayer(kFold, [&] {
    // While the fold is built: commits, delta runs (merging among themselves), one commit left
    // in memory. None of them may touch the segments being folded.
    for (int k = 100; k < 112; ++k) {
      ts.push_back(commitLate(f, k, expected));
      if (k == 111) break;
      auto run = f.live->indexNow(kDelta);
      ASSERT_TRUE(run.isOk()) << run.status().toString();
      const std::vector<DeltaSegment> now = segmentsOf(f, *f.live->snapshot());
      ASSERT_GT(now.size(), folding.size());
      for (size_t i = 0; i < folding.size(); ++i) EXPECT_EQ(now[i].runs, folding[i].runs);
    }
    EXPECT_GT(f.live->indexerCounters().runs, 0u);
  });
  ASSERT_TRUE(report.isOk()) << report.status().toString();
  EXPECT_TRUE(report->folded);
  EXPECT_FALSE(report->superseded);
  EXPECT_GT(report->historyEntries, 0u);

  auto check = [&](const Ledger& snap, const char* when) {
    SCOPED_TRACE(when);
    EXPECT_EQ(snap.root().baseT, foldedT);
    EXPECT_EQ(snap.root().t, ts[ts.size() - 2]);  // the last delta run's
    EXPECT_EQ(snap.t(), ts.back());
    const std::vector<DeltaSegment> layer = segmentsOf(f, snap);
    ASSERT_FALSE(layer.empty());
    EXPECT_EQ(layer.front().afterT, foldedT);
    EXPECT_EQ(layer.back().throughT, snap.root().t);
    EXPECT_EQ(snap.novelty().persistedFlakeCount(), 2u * 11);
    for (uint64_t t : ts) EXPECT_EQ(rowsAt(snap, t), expected[t]) << "at t=" << t;
    EXPECT_EQ(countAll(snap), expected[ts.back()].size());
    EXPECT_EQ(snap.root().quads, expected[foldedT].size());
    auto stats = snap.statistics(core::kNoNode);
    ASSERT_TRUE(stats.isOk()) << stats.status().toString();
    EXPECT_EQ((*stats)->triples, expected[foldedT].size());
  };
  check(*f.live->snapshot(), "published");
  auto reopened = f.reopen();
  ASSERT_NE(reopened, nullptr);
  check(*reopened->snapshot(), "reopened");

  // The next fold takes the carried segments and the commit still in memory into the trees.
  ASSERT_TRUE(reopened->indexNow(kFold).isOk());
  for (uint64_t t : ts) EXPECT_EQ(rowsAt(*reopened->snapshot(), t), expected[t]) << "at t=" << t;
  EXPECT_TRUE(reopened->snapshot()->root().delta.isNull());
}

TEST(IndexerTest, AFoldOvertakenByAnotherFoldPublishesNothing) {
  Fixture f(200);
  std::map<uint64_t, std::multiset<std::string>> expected;
  std::vector<uint64_t> ts =
      commitMixedChanges(f, expected, [&](int) { ASSERT_TRUE(f.live->indexNow(kDelta).isOk()); });
  storage::ContentId overtaking;
  auto report = f.live->foldDeltaLayer(kFold, [&] {
    ts.push_back(commitLate(f, 100, expected));
    ASSERT_TRUE(f.live->indexNow(kFold).isOk());
    overtaking = f.live->snapshot()->rootId();
  });
  ASSERT_TRUE(report.isOk()) << report.status().toString();
  EXPECT_TRUE(report->superseded);
  EXPECT_EQ(f.live->snapshot()->rootId(), overtaking);
  EXPECT_EQ(f.live->indexerCounters().failures, 0u);
  for (uint64_t t : ts) EXPECT_EQ(rowsAt(*f.live->snapshot(), t), expected[t]) << "at t=" << t;

  // Without a layer there is nothing to fold.
  auto nothing = f.live->foldDeltaLayer(kFold);
  ASSERT_TRUE(nothing.isOk());
  EXPECT_EQ(nothing->fromT, nothing->toT);
  EXPECT_FALSE(nothing->folded);
}

TEST(IndexerTest, HistorySegmentsCompactAsFoldsAddThem) {
  Fixture f(60);
  std::map<uint64_t, std::multiset<std::string>> expected;
  std::vector<uint64_t> ts{f.live->snapshot()->t()};
  expected[ts.back()] = rowsAt(*f.live->snapshot());
  for (int k = 0; k < 40; ++k) {  // each fold retracts a fact: one history segment per list
    ts.push_back(commitLate(f, k, expected));
    auto report = f.live->indexNow(kFold);
    ASSERT_TRUE(report.isOk()) << report.status().toString();
    auto manifest = HistoryManifest::load(*f.base.blobs, f.live->snapshot()->root().history);
    ASSERT_TRUE(manifest.isOk()) << manifest.status().toString();
    const GraphHistory* history = manifest->findGraph(core::kNoNode);
    ASSERT_NE(history, nullptr);
    for (Permutation perm : kAllPermutations) {
      uint64_t entries = 0;
      for (const HistorySegmentRef& ref : history->of(perm)) entries += ref.entries;
      EXPECT_EQ(entries, static_cast<uint64_t>(k + 1));  // compaction keeps every entry
      // At most three segments per size tier (a factor of 4), plus the newest.
      const int tiers = (std::bit_width(entries) - 1) / 2 + 1;
      EXPECT_LE(history->of(perm).size(), static_cast<size_t>(3 * tiers + 1)) << "fold " << k;
    }
  }
  for (uint64_t t : ts) EXPECT_EQ(rowsAt(*f.live->snapshot(), t), expected[t]) << "at t=" << t;
  auto reopened = f.reopen();
  ASSERT_NE(reopened, nullptr);
  for (uint64_t t : ts) EXPECT_EQ(rowsAt(*reopened->snapshot(), t), expected[t]) << "at t=" << t;
}

}  // namespace
}  // namespace cairn::index
