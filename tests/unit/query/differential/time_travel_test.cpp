// Randomized time-travel test: for many seeds, a random dataset (tests/support/random_queries.h)
// is split into a bulk-imported base and a random sequence of commits that insert and delete
// facts (base facts and committed ones, with no-op inserts and deletes mixed in). The seed's
// random query then runs at every t — through the snapshot's index + novelty merge — and must
// equal the naive evaluator's answer over the facts present at that t. Seeds rotate through three
// indexing schedules: never (everything stays in novelty), once after the last commit, and
// between random commits — so reads at an old t go through the history sidecar and reads at a
// recent one through a rebuilt tree plus novelty. The ledger is then reopened (commits since the
// last root replayed from the store) and checked again, indexed once more, and checked again.
//
// CAIRN_TIME_TRAVEL_SEEDS=N runs N seeds instead of the default; CAIRN_TIME_TRAVEL_FIRST_SEED
// starts elsewhere.

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "core/error.h"
#include "index/write/live_ledger.h"
#include "query/engine/query_engine.h"
#include "sparql/parser/sparql_parser.h"
#include "sparql/results/collecting_sink.h"
#include "tests/support/answer_compare.h"
#include "tests/support/naive_evaluator.h"
#include "tests/support/random_queries.h"
#include "tests/support/test_ledger.h"

namespace cairn::testing {
namespace time_travel_test {

uint64_t envOr(const char* name, uint64_t fallback) {
  const char* value = std::getenv(name);
  return value != nullptr ? std::strtoull(value, nullptr, 10) : fallback;
}

bool hasBlankNode(const Quad& q) {
  auto blank = [](const core::Term& t) { return t.kind == core::TermKind::kBlank; };
  return blank(q.subject) || blank(q.object) || (q.graph && blank(*q.graph));
}

index::TxQuad txQuad(const Quad& q) {
  index::TxQuad out{index::TxTerm::of(q.subject), index::TxTerm::of(q.predicate),
                    index::TxTerm::of(q.object), std::nullopt};
  if (q.graph) out.g = index::TxTerm::of(*q.graph);
  return out;
}

struct History {
  TestLedger base;
  std::shared_ptr<index::LiveLedger> live;
  std::map<uint64_t, std::vector<Quad>> stateAt;  // t → facts present
};

// Base = blank-node quads (commits name blank nodes only as new ones) plus a random part of the
// rest; then 2–6 commits of random deletes and inserts over the non-blank quads.
enum class Indexing { kNever, kAtEnd, kBetweenCommits };

// Index runs pick a delta run or a fold at random, so histories mix both: folds of a delta
// layer, delta segments over freshly folded trees, segments merging.
void indexNow(index::LiveLedger& live, std::mt19937_64& rng) {
  using Mode = index::IndexBuildOptions::Mode;
  index::IndexBuildOptions options;
  options.mode = rng() % 2 == 0 ? Mode::kDelta : Mode::kFold;
  options.foldThreads = 1 + static_cast<unsigned>(rng() % 4);  // serial and parallel folds
  auto report = live.indexNow(options);
  if (!report.isOk()) throw core::Error(core::ErrorCode::kStorageError, report.status().toString());
}

History makeHistory(const RandomCase& c, const index::IndexConfig& config, Indexing indexing,
                    std::mt19937_64& rng) {
  std::vector<Quad> mutableQuads;
  std::set<Quad> present;
  for (const Quad& q : c.data) {
    if (hasBlankNode(q) || rng() % 2 == 0) {
      present.insert(q);
    }
    if (!hasBlankNode(q)) mutableQuads.push_back(q);
  }
  History h;
  h.base = makeTestLedger(std::vector<Quad>(present.begin(), present.end()), config);
  auto live = index::LiveLedger::open(*h.base.blobs, *h.base.heads, "test", nullptr, config);
  if (!live.isOk()) throw core::Error(core::ErrorCode::kStorageError, live.status().toString());
  h.live = std::move(live).value();
  h.stateAt[h.live->snapshot()->t()] = {present.begin(), present.end()};
  if (mutableQuads.empty()) return h;
  const int commits = 2 + static_cast<int>(rng() % 5);
  int made = 0;
  auto commitNext = [&] {
    index::Transaction tx;
    std::set<Quad> next = present;
    const size_t changes = 1 + rng() % std::max<size_t>(1, mutableQuads.size() / 2);
    std::vector<Quad> deleted, inserted;
    for (size_t i = 0; i < changes; ++i) {
      const Quad& q = mutableQuads[rng() % mutableQuads.size()];
      if (rng() % 2 == 0) {
        tx.deletes.push_back(txQuad(q));  // may be absent: a no-op
        deleted.push_back(q);
      } else {
        tx.inserts.push_back(txQuad(q));  // may be present: a no-op
        inserted.push_back(q);
      }
    }
    // Deletes apply first, then inserts.
    for (const Quad& q : deleted) next.erase(q);
    for (const Quad& q : inserted) next.insert(q);
    auto result = h.live->commit(std::move(tx));
    if (!result.isOk())
      throw core::Error(core::ErrorCode::kStorageError, result.status().toString());
    present = std::move(next);
    h.stateAt[result->t] = {present.begin(), present.end()};
    ++made;
  };
  while (made < commits) {
    commitNext();
    if (indexing != Indexing::kBetweenCommits) continue;
    const uint64_t choice = rng() % 6;
    if (choice < 3) {
      indexNow(*h.live, rng);
    } else if (choice == 3) {
      // The background fold: the layer folded while the next commits, and delta runs that
      // merge their segments, go on; what they add is carried onto the folded trees.
      index::IndexBuildOptions options;
      options.foldThreads = 1 + static_cast<unsigned>(rng() % 4);
      auto report = h.live->foldDeltaLayer(options, [&] {
        const int during = 1 + static_cast<int>(rng() % 3);
        for (int i = 0; i < during && made < commits; ++i) {
          commitNext();
          if (rng() % 2 == 0) {
            options.mode = index::IndexBuildOptions::Mode::kDelta;
            auto run = h.live->indexNow(options);
            if (!run.isOk())
              throw core::Error(core::ErrorCode::kStorageError, run.status().toString());
          }
        }
      });
      if (!report.isOk())
        throw core::Error(core::ErrorCode::kStorageError, report.status().toString());
    }
  }
  if (indexing == Indexing::kAtEnd) indexNow(*h.live, rng);
  return h;
}

// Runs the case's query on `ledger` at every recorded t; empty when all agree.
std::string checkAllTimes(const RandomCase& c, const query::Query& query, const History& h,
                          const index::Ledger& ledger) {
  for (const auto& [t, facts] : h.stateAt) {
    NaiveResult expected = evaluateNaively(query, facts);
    query::QueryOptions options;
    options.asOf = t;
    sparql::results::CollectingSink sink;
    std::string problem;
    try {
      query::executeQuery(ledger, query, options, sink);
      problem = compareAnswers(c, expected, sink.result());
    } catch (const core::Error& e) {
      problem = std::string("engine threw: ") + e.what();
    }
    if (problem.empty()) continue;
    std::ostringstream message;
    message << "at t=" << t << " (latest t=" << ledger.t() << "): " << problem
            << "\n--- facts at t\n"
            << toNQuadsText(facts) << "--- query\n"
            << c.query << "\n--- expected\n"
            << answerText(expected) << "--- actual\n"
            << answerText(sink.result());
    return message.str();
  }
  return {};
}

TEST(TimeTravelTest, QueriesAtEveryTMatchTheOracle) {
  const uint64_t first = envOr("CAIRN_TIME_TRAVEL_FIRST_SEED", 1);
  const uint64_t seeds = envOr("CAIRN_TIME_TRAVEL_SEEDS", 200);
  int failures = 0;
  uint64_t commitsMade = 0;
  for (uint64_t seed = first; seed < first + seeds && failures < 3; ++seed) {
    RandomCase c = makeRandomCase(seed);
    query::Query query = sparql::parseQuery(c.query);
    std::mt19937_64 rng(seed * 7919);
    const index::IndexConfig config =
        seed % 2 == 0 ? index::IndexConfig::defaults() : index::IndexConfig::tiny();
    const auto indexing = static_cast<Indexing>(seed % 3);
    History h;
    try {
      h = makeHistory(c, config, indexing, rng);
    } catch (const core::Error& e) {
      ++failures;
      ADD_FAILURE() << "seed " << seed << ": writing the history failed: " << e.what();
      continue;
    }
    commitsMade += h.stateAt.size() - 1;
    std::string problem = checkAllTimes(c, query, h, *h.live->snapshot());
    if (problem.empty()) {
      // Reopen: the commits are replayed from their records into a fresh novelty overlay.
      auto reopened =
          index::LiveLedger::open(*h.base.blobs, *h.base.heads, "test", nullptr, config);
      ASSERT_TRUE(reopened.isOk()) << reopened.status().toString();
      EXPECT_EQ((*reopened)->snapshot()->t(), h.live->snapshot()->t());
      problem = checkAllTimes(c, query, h, *(*reopened)->snapshot());
      if (!problem.empty()) problem = "after reopening: " + problem;
      if (problem.empty()) {
        // A fold of whatever delta layer the history left.
        index::IndexBuildOptions fold;
        fold.mode = index::IndexBuildOptions::Mode::kFold;
        auto report = (*reopened)->indexNow(fold);
        ASSERT_TRUE(report.isOk()) << report.status().toString();
        problem = checkAllTimes(c, query, h, *(*reopened)->snapshot());
        if (!problem.empty()) problem = "after reopening and folding: " + problem;
      }
    }
    if (!problem.empty()) {
      ++failures;
      ADD_FAILURE() << "seed " << seed << " (indexing schedule " << static_cast<int>(indexing)
                    << ") " << problem;
    }
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(commitsMade, seeds);  // the histories are not trivial
}

}  // namespace time_travel_test
}  // namespace cairn::testing
