// property-join against the bind joins it replaces: random stars on the few subjects a constant
// pattern selects (single- and multi-valued predicates, constant objects, objects the input
// another pattern binds, and objects an OPTIONAL binds in some rows only), over subjects that
// are IRIs and blank nodes, on indexed data and over novelty, with tiny leaflets and batches of
// one or two rows so every star crosses batch boundaries. The property join must be chosen and
// answer exactly as the plan without it.

#include <gtest/gtest.h>

#include <random>

#include "tests/unit/query/engine/live_fixture.h"

namespace cairn::testing {
namespace {

TEST(PropertyJoinTest, RandomStarsMatchTheBindJoins) {
  RewriteComparison counts;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    std::mt19937_64 rng(seed);
    auto subject = [&] {
      return rng() % 6 == 0 ? "_:b" + std::to_string(rng() % 5)
                            : "ex:s" + std::to_string(rng() % 25);
    };
    auto predicate = [&] { return "ex:p" + std::to_string(rng() % 6); };
    auto object = [&] {
      return rng() % 3 == 0 ? "ex:s" + std::to_string(rng() % 6) : std::to_string(rng() % 4);
    };
    std::string data;
    for (int i = 0; i < 700; ++i) data += subject() + " " + predicate() + " " + object() + " .\n";
    // The anchors: a few subjects each, so the star is bind-joined onto a small input.
    for (int i = 0; i < 6; ++i) data += subject() + " ex:sel ex:k" + std::to_string(i % 2) + " .\n";
    for (int i = 0; i < 60; ++i)
      data += subject() + " ex:ref ex:s" + std::to_string(rng() % 8) + " .\n";
    LiveFixture f(data, /*tiny=*/true);
    ASSERT_TRUE(f.live);
    std::string insert;
    for (int i = 0; i < 25; ++i) {
      insert += "ex:s" + std::to_string(rng() % 30) + " " + predicate() + " " + object() + " . ";
    }
    f.update("INSERT DATA { " + insert + "}");
    if (seed % 2 == 0) {
      f.update("DELETE WHERE { ?s ex:p" + std::to_string(rng() % 6) + " \"1\" }");
    }

    for (int q = 0; q < 12; ++q) {
      std::string body = "?x ex:sel ex:k" + std::to_string(rng() % 2) + " . ";
      const int arms = 2 + static_cast<int>(rng() % 4);
      for (int i = 0; i < arms; ++i) {
        const int kind = static_cast<int>(rng() % 6);
        std::string obj = kind == 0 ? object() : kind == 1 ? "?shared" : "?o" + std::to_string(i);
        body += "?x " + predicate() + " " + obj + " . ";
      }
      std::string sparql;
      switch (q % 3) {
        case 0:
          sparql = "SELECT * WHERE { " + body + "}";
          break;
        case 1:  // ?shared bound before the star in every row
          sparql = "SELECT * WHERE { ?x ex:ref ?shared . " + body + "}";
          break;
        default:  // ?shared bound in some rows only
          sparql = "SELECT * WHERE { ?x ex:sel ?k OPTIONAL { ?x " + predicate() + " ?shared } " +
                   body + "}";
          break;
      }
      compareWithoutRewrite(f, sparql, "property-join", "PropertyJoin",
                            "seed " + std::to_string(seed) + "\n" + data, counts);
    }
  }
  // Most stars qualify; some do not (two arms sharing ?shared only, empty answers planned away).
  EXPECT_GT(counts.chosen, counts.runs / 2) << counts.chosen << " of " << counts.runs;
}

// A star over a subject with many rows of other predicates between its arms is cut into
// ranges (ex:p1 and ex:p2 read together, ex:p9 on its own): the answers stay exact.
TEST(PropertyJoinTest, RangesSkipOtherPredicatesRows) {
  std::string data = "ex:a ex:sel ex:k . ex:b ex:sel ex:k .\n";
  // Other subjects with the arms' predicates, so that a scan of either costs more than probes.
  for (int i = 0; i < 200; ++i) {
    data += "ex:f" + std::to_string(i) + " ex:p1 \"1\" ; ex:p2 \"2\" ; ex:p9 \"9\" .\n";
  }
  for (const char* s : {"ex:a", "ex:b"}) {
    data += std::string(s) + " ex:p1 \"1\" ; ex:p2 \"2\" ; ex:p9 \"9\" .\n";
    for (int i = 0; i < 300; ++i)
      data += std::string(s) + " ex:p5 \"" + std::to_string(i) + "\" .\n";
  }
  TestLedger ledger = exampleLedger(data, /*tiny=*/true);
  RunResult run = runQuery(
      ledger,
      "SELECT ?x ?a ?b ?c WHERE { ?x ex:sel ex:k . ?x ex:p1 ?a . ?x ex:p2 ?b . ?x ex:p9 ?c }");
  EXPECT_EQ(sortedRows(run.result).size(), 2u);
  const query::PlanInfo* op = findOp(run.report.plan, "PropertyJoin");
  ASSERT_NE(op, nullptr);
  bool twoRanges = false;
  for (const auto& [key, value] : op->details) {
    if (key == "algorithm") twoRanges = value.find("(2 ranges for 3") != std::string::npos;
  }
  EXPECT_TRUE(twoRanges) << "ex:p5's 300 rows per subject lie between ex:p2 and ex:p9\n"
                         << query::renderPlanText(run.report.plan);
}

// A subject the input leaves unbound (VALUES ... UNDEF) matches every subject: no property
// join, which reads one subject's rows, may take such a row.
TEST(PropertyJoinTest, AnUnboundSubjectIsNotReadAsOne) {
  std::string data = "ex:a ex:p1 \"1\" ; ex:p2 \"2\" .\n";
  for (int i = 0; i < 300; ++i)
    data += "ex:f" + std::to_string(i) + " ex:p1 \"1\" ; ex:p2 \"2\" .\n";
  TestLedger ledger = exampleLedger(data, /*tiny=*/true);
  const std::string sparql =
      "SELECT (COUNT(*) AS ?n) WHERE { { SELECT * WHERE { VALUES ?x { UNDEF ex:a } "
      "?x ex:p1 ?a . ?x ex:p2 ?b } } }";
  RunResult run = runQuery(ledger, sparql);
  query::QueryOptions off;
  off.disabledRewrites = {"property-join"};
  EXPECT_EQ(sortedRows(run.result), sortedRows(runQuery(ledger, sparql, off).result));
  EXPECT_EQ(sortedRows(run.result), std::vector<std::string>{intLit(302)});
  // With ?x bound in every row, the star is read per subject.
  RunResult bound =
      runQuery(ledger, "SELECT * WHERE { VALUES ?x { ex:a ex:f1 } ?x ex:p1 ?a . ?x ex:p2 ?b }");
  EXPECT_NE(findOp(bound.report.plan, "PropertyJoin"), nullptr)
      << query::renderPlanText(bound.report.plan);
  EXPECT_EQ(bound.result.rows.size(), 2u);
  // ?y unbound in one row: the two arms reading it must agree on it, so only one of them joins
  // the star (with ex:p3, which binds ?c); the other is bind-joined after it.
  const std::string shared =
      "SELECT ?x ?y ?c WHERE { VALUES (?x ?y) { (ex:a UNDEF) (ex:f1 \"1\") } "
      "?x ex:p1 ?y . ?x ex:p2 ?y . ?x ex:p3 ?c }";
  std::string more = data + "ex:a ex:p1 \"3\" ; ex:p2 \"1\", \"3\" ; ex:p3 \"c\" .\n";
  for (int i = 0; i < 300; ++i) more += "ex:f" + std::to_string(i) + " ex:p3 \"c\" .\n";
  TestLedger two = exampleLedger(more, /*tiny=*/true);
  RunResult star = runQuery(two, shared);
  EXPECT_NE(findOp(star.report.plan, "PropertyJoin"), nullptr)
      << query::renderPlanText(star.report.plan);
  EXPECT_EQ(sortedRows(star.result), sortedRows(runQuery(two, shared, off).result));
  EXPECT_EQ(star.result.rows.size(), 2u);  // (ex:a "1" "c") and (ex:a "3" "c")
}

}  // namespace
}  // namespace cairn::testing
