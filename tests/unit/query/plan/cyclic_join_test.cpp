// cyclic-join against the binary joins it replaces: random cyclic BGPs (triangles, 4-cycles,
// 2-cycles, cycles with a tail, with and without one-variable patterns on their variables) over
// random graphs whose nodes are IRIs and blank nodes and whose objects include literals, on
// indexed data with novelty on top (inserts and deletes), with tiny leaflets and batches of one
// or two rows. The cyclic join must be chosen for most and answer exactly as the plan without it.

#include <gtest/gtest.h>

#include <random>

#include "core/error.h"
#include "query/exec/plan_info.h"
#include "tests/unit/query/engine/live_fixture.h"

namespace cairn::testing {
namespace {

TEST(CyclicJoinTest, RandomCyclesMatchTheBinaryJoins) {
  RewriteComparison counts;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    std::mt19937_64 rng(seed);
    auto node = [&] {
      return rng() % 8 == 0 ? "_:b" + std::to_string(rng() % 4)
                            : "ex:n" + std::to_string(rng() % 30);
    };
    auto predicate = [&] { return "ex:p" + std::to_string(rng() % 3); };
    std::string data;
    for (int i = 0; i < 400; ++i) {
      const std::string object = rng() % 10 == 0 ? std::to_string(rng() % 3) : node();
      data += node() + " " + predicate() + " " + object + " .\n";
    }
    for (int i = 0; i < 40; ++i) {
      data += node() + " a ex:C" + std::to_string(rng() % 2) + " .\n";
    }
    LiveFixture f(data, /*tiny=*/true);
    ASSERT_TRUE(f.live);
    std::string insert;
    for (int i = 0; i < 30; ++i) insert += node() + " " + predicate() + " " + node() + " . ";
    f.update("INSERT DATA { " + insert + "}");
    f.update("DELETE WHERE { ex:n" + std::to_string(rng() % 30) + " ?p ?o }");

    const std::vector<std::string> shapes = {
        "?a P ?b . ?b P ?c . ?c P ?a",
        "?a P ?b . ?b P ?c . ?a P ?c",
        "?a P ?b . ?b P ?c . ?c P ?d . ?d P ?a",
        "?a P ?b . ?b P ?a",
        "?a P ?b . ?b P ?c . ?c P ?a . ?c P ?d",
        "?a P ?b . ?b P ?c . ?c P ?a . ?a a ex:C0",
        "?a P ?b . ?b P ?c . ?c P ?a . ?a a ex:C0 . ?b a ex:C1 . ?c P ex:n3",
        "?a P ?b . ?b P ?c . ?c P ?a . ?a P ?c . ?b P ?a",
    };
    for (size_t shape = 0; shape < shapes.size(); ++shape) {
      std::string body;
      for (const char c : shapes[shape]) body += c == 'P' ? predicate() : std::string(1, c);
      for (const std::string& sparql :
           {"SELECT * WHERE { " + body + " }", "SELECT (COUNT(*) AS ?n) WHERE { " + body + " }"}) {
        compareWithoutRewrite(f, sparql, "cyclic-join", "CyclicJoin",
                              "seed " + std::to_string(seed), counts);
      }
    }
  }
  EXPECT_GT(counts.chosen, counts.runs / 2) << counts.chosen << " of " << counts.runs;
  EXPECT_GT(counts.nonEmpty, counts.runs / 2);
}

// `nodes` nodes that each know `friends` others, spread evenly (ex:knows).
std::string knowsGraph(int nodes, int friends) {
  std::string data;
  for (int i = 0; i < nodes; ++i) {
    for (int k = 1; k <= friends; ++k) {
      data += "ex:n" + std::to_string(i) + " ex:knows ex:n" +
              std::to_string((i * 7 + k * 13) % nodes) + " .\n";
    }
  }
  return data;
}

// A constant that pins a variable of the cycle keeps the binary joins (a few bind joins from
// one node) and a cycle over whole predicates takes the cyclic join; EXPLAIN says why.
TEST(CyclicJoinTest, ChosenByEstimatedWork) {
  std::string data = knowsGraph(200, 6) + "ex:n5 ex:name \"five\" .\n";
  TestLedger ledger = exampleLedger(data, /*tiny=*/true);
  RunResult all =
      runQuery(ledger, "SELECT * WHERE { ?a ex:knows ?b . ?b ex:knows ?c . ?c ex:knows ?a }");
  const query::PlanInfo* op = findOp(all.report.plan, "CyclicJoin");
  ASSERT_NE(op, nullptr) << query::renderPlanText(all.report.plan);
  bool why = false;
  for (const auto& [key, value] : op->details) why = why || key == "rejected";
  EXPECT_TRUE(why);
  RunResult pinned = runQuery(ledger,
                              "SELECT * WHERE { ?a ex:name \"five\" . ?a ex:knows ?b . "
                              "?b ex:knows ?c . ?c ex:knows ?a }");
  EXPECT_EQ(findOp(pinned.report.plan, "CyclicJoin"), nullptr)
      << query::renderPlanText(pinned.report.plan);
  // Pinned by a filter the same way.
  RunResult filtered = runQuery(ledger,
                                "SELECT * WHERE { ?a ex:knows ?b . ?b ex:knows ?c . ?c ex:knows ?a "
                                "FILTER(?a = ex:n5) }");
  EXPECT_EQ(findOp(filtered.report.plan, "CyclicJoin"), nullptr)
      << query::renderPlanText(filtered.report.plan);
}

// A cyclic join too large for the query's memory budget fails with kResourceExhausted (its
// tries are charged as they are read).
TEST(CyclicJoinTest, MemoryBudgetStopsTheTries) {
  TestLedger ledger = exampleLedger(knowsGraph(300, 8), /*tiny=*/false);
  const std::string triangle =
      "SELECT (COUNT(*) AS ?n) WHERE { ?a ex:knows ?b . ?b ex:knows ?c . ?c ex:knows ?a }";
  ASSERT_NE(findOp(runQuery(ledger, triangle).report.plan, "CyclicJoin"), nullptr);
  query::QueryOptions small;
  small.memoryBudgetBytes = 16 * 1024;
  try {
    runQuery(ledger, triangle, small);
    ADD_FAILURE() << "no error under a 16 KiB budget";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kResourceExhausted) << e.what();
  }
}

}  // namespace
}  // namespace cairn::testing
