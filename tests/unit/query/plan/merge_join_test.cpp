// merge-join against the hash join it replaces: random stars (2-4 patterns on one subject,
// multi-valued predicates, constant objects) over subjects that are IRIs and blank nodes (whose
// ids sort after every IRI's), on indexed data and over novelty, with tiny leaflets and batches
// of one or two rows so every group crosses batch boundaries. The merge must be chosen and
// answer exactly as the plan without it.

#include <gtest/gtest.h>

#include <random>

#include "tests/unit/query/engine/live_fixture.h"

namespace cairn::testing {
namespace {

TEST(MergeJoinTest, RandomStarsMatchTheHashJoin) {
  int merged = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    std::mt19937_64 rng(seed);
    auto subject = [&] {
      return rng() % 5 == 0 ? "_:b" + std::to_string(rng() % 6)
                            : "ex:s" + std::to_string(rng() % 30);
    };
    auto predicate = [&] { return "ex:p" + std::to_string(rng() % 4); };
    auto object = [&] { return std::to_string(rng() % 5); };
    std::string data;
    for (int i = 0; i < 150; ++i) data += subject() + " " + predicate() + " " + object() + " .\n";
    LiveFixture f(data, /*tiny=*/true);
    ASSERT_TRUE(f.live);
    std::string insert;
    for (int i = 0; i < 20; ++i) {
      insert += "ex:s" + std::to_string(rng() % 40) + " " + predicate() + " " + object() + " . ";
    }
    f.update("INSERT DATA { " + insert + "}");

    for (int q = 0; q < 10; ++q) {
      std::string body;
      const int patterns = 2 + static_cast<int>(rng() % 3);
      for (int i = 0; i < patterns; ++i) {
        body += "?x " + predicate() + " " + (rng() % 4 == 0 ? object() : "?o" + std::to_string(i)) +
                " . ";
      }
      const std::string sparql = "SELECT * WHERE { " + body + "}";
      for (size_t batchRows : {size_t{0}, size_t{1}, size_t{2}}) {
        query::QueryOptions options;
        options.batchRows = batchRows;
        // Hash joins, not bind joins, where the merge is not chosen: the two compared plans
        // differ only in the join algorithm.
        options.disabledRewrites = {"bind-join"};
        query::QueryOptions without = options;
        without.disabledRewrites.insert("merge-join");
        RunResult a = f.run(sparql, options);
        RunResult b = f.run(sparql, without);
        merged += findOp(a.report.plan, "MergeJoin") != nullptr;
        EXPECT_EQ(sortedRows(a.result), sortedRows(b.result))
            << "seed " << seed << " batchRows " << batchRows << "\n"
            << sparql << "\n"
            << data;
      }
    }
  }
  EXPECT_GT(merged, 600);
}

}  // namespace
}  // namespace cairn::testing
