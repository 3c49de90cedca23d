// Planner choices: greedy order, bind vs hash join, filter placement, and the fast paths — each
// shown to fire (in the plan) and to give the generic path's answer when switched off.

#include "query/plan/planner.h"

#include <gtest/gtest.h>

#include "tests/unit/query/engine/engine_test_support.h"

namespace cairn::testing {
namespace {

// 200 people with an age each; 1 of them is ex:p7's friend; every one has type ex:Person.
std::string socialData() {
  std::string d;
  for (int i = 0; i < 200; ++i) {
    std::string p = "ex:p" + std::to_string(i);
    d += p + " a ex:Person ; ex:age " + std::to_string(20 + (i * 37) % 60) + " ; ex:name \"n" +
         std::to_string(i) + "\" .\n";
    if (i % 10 == 0) d += p + " ex:likes ex:p" + std::to_string((i + 1) % 200) + " .\n";
  }
  d += "ex:p7 ex:friend ex:p42 .\n";
  return d;
}

// Results with and without `rewrite`, as sorted rows (or ordered when `ordered`).
void expectSameWithout(const TestLedger& ledger, const std::string& sparql,
                       const std::string& rewrite, bool ordered = false) {
  query::QueryOptions off;
  off.disabledRewrites = {rewrite};
  auto a = runQuery(ledger, sparql);
  auto b = runQuery(ledger, sparql, off);
  if (ordered) {
    EXPECT_EQ(orderedRows(a.result), orderedRows(b.result)) << sparql;
  } else {
    EXPECT_EQ(sortedRows(a.result), sortedRows(b.result)) << sparql;
  }
  EXPECT_FALSE(planHasDetail(b.report.plan, "rewrite", rewrite)) << sparql;
}

TEST(Planner, ReducerPlacedFirstDespiteWrittenOrder) {
  TestLedger ledger = exampleLedger(socialData());
  query::Query q =
      parseExample("SELECT ?n WHERE { ?x ex:name ?n . ?x ex:age ?a . ex:p7 ex:friend ?x }");
  // Bind joins, not the property join that reads both attributes at once (tested below).
  query::QueryOptions noStar;
  noStar.disabledRewrites = {"property-join"};
  query::PlanInfo plan = query::explainQuery(*ledger.ledger, q, noStar);
  // The innermost (first placed) scan is the one-row friend pattern.
  const query::PlanInfo* node = &plan;
  while (!node->children.empty()) node = &node->children[0];
  EXPECT_EQ(node->op, "IndexScan");
  EXPECT_NE(detailOf(*node, "pattern").find("friend"), std::string::npos)
      << query::renderPlanText(plan);
  // The rest is probed per row (bind joins), and the hash join alternative is explained.
  const query::PlanInfo* bind = findOp(plan, "BindJoin");
  ASSERT_NE(bind, nullptr) << query::renderPlanText(plan);
  EXPECT_NE(detailOf(*bind, "rejected").find("hash join"), std::string::npos);
  auto r =
      runQuery(ledger, "SELECT ?n WHERE { ?x ex:name ?n . ?x ex:age ?a . ex:p7 ex:friend ?x }");
  EXPECT_EQ(sortedRows(r.result), std::vector<std::string>{"\"n42\""});
  expectSameWithout(ledger, "SELECT ?n WHERE { ?x ex:name ?n . ?x ex:age ?a . ex:p7 ex:friend ?x }",
                    "greedy-join-order");
  // With the property join, both attributes come from one SPOT read of ?x.
  query::PlanInfo star = query::explainQuery(*ledger.ledger, q, {});
  const query::PlanInfo* join = findOp(star, "PropertyJoin");
  ASSERT_NE(join, nullptr) << query::renderPlanText(star);
  EXPECT_EQ(findOp(star, "BindJoin"), nullptr) << query::renderPlanText(star);
  EXPECT_NE(detailOf(*join, "rejected").find("2 bind joins"), std::string::npos);
  expectSameWithout(ledger, "SELECT ?n WHERE { ?x ex:name ?n . ?x ex:age ?a . ex:p7 ex:friend ?x }",
                    "property-join");
}

TEST(Planner, HashJoinWhenBothSidesAreLarge) {
  TestLedger ledger = exampleLedger(socialData());
  query::Query q = parseExample("SELECT * WHERE { ?x ex:name ?n . ?x ex:age ?a }");
  query::QueryOptions noMerge;
  noMerge.disabledRewrites = {"merge-join"};
  query::PlanInfo plan = query::explainQuery(*ledger.ledger, q, noMerge);
  const query::PlanInfo* join = findOp(plan, "HashJoin");
  ASSERT_NE(join, nullptr) << query::renderPlanText(plan);
  EXPECT_NE(detailOf(*join, "rejected").find("bind join"), std::string::npos);
  EXPECT_EQ(findOp(plan, "BindJoin"), nullptr);
}

TEST(Planner, MergeJoinForAStarInSubjectOrder) {
  TestLedger ledger = exampleLedger(socialData(), /*tiny=*/true);
  const std::string star = "SELECT * WHERE { ?x ex:name ?n . ?x ex:age ?a . ?x ex:likes ?y }";
  auto r = runQuery(ledger, star);
  const query::PlanInfo* join = findOp(r.report.plan, "MergeJoin");
  ASSERT_NE(join, nullptr) << query::renderPlanText(r.report.plan);
  EXPECT_EQ(findOp(r.report.plan, "HashJoin"), nullptr) << query::renderPlanText(r.report.plan);
  expectSameWithout(ledger, star, "merge-join");
  // A second shared variable (?n on both sides) is not a merge on the subject alone.
  auto two = runQuery(ledger, "SELECT * WHERE { ?x ex:name ?n . ?x ex:nick ?n }");
  EXPECT_EQ(findOp(two.report.plan, "MergeJoin"), nullptr);
}

TEST(Planner, BindJoinSwitchOffGivesSameAnswer) {
  TestLedger ledger = exampleLedger(socialData());
  const std::string sparql =
      "SELECT ?n ?a WHERE { ex:p7 ex:friend ?x . ?x ex:name ?n . ?x ex:age ?a }";
  query::QueryOptions on;
  on.disabledRewrites = {"property-join"};
  auto fast = runQuery(ledger, sparql, on);
  EXPECT_NE(findOp(fast.report.plan, "BindJoin"), nullptr);
  query::QueryOptions off;
  off.disabledRewrites = {"bind-join"};
  auto slow = runQuery(ledger, sparql, off);
  EXPECT_EQ(findOp(slow.report.plan, "BindJoin"), nullptr);
  EXPECT_EQ(sortedRows(fast.result), sortedRows(slow.result));
  EXPECT_EQ(fast.result.rows.size(), 1u);
}

TEST(Planner, FilterPlacedAsSoonAsItsVariablesAreBound) {
  TestLedger ledger = exampleLedger(socialData());
  const std::string sparql =
      "SELECT ?x ?n WHERE { ?x ex:age ?a . ?x ex:name ?n . FILTER(?a > 75) }";
  query::PlanInfo plan = query::explainQuery(*ledger.ledger, parseExample(sparql), {});
  // The filter sits directly on the scan that binds ?a, below the join.
  const query::PlanInfo* filter = findOp(plan, "Filter");
  ASSERT_NE(filter, nullptr);
  ASSERT_EQ(filter->children.size(), 1u);
  EXPECT_EQ(filter->children[0].op, "IndexScan") << query::renderPlanText(plan);
  expectSameWithout(ledger, sparql, "filter-pushdown");
}

TEST(Planner, CountFromDirectoryFiresAndMatchesGenericPath) {
  TestLedger ledger = exampleLedger(socialData(), /*tiny=*/true);
  const std::string sparql = "SELECT (COUNT(*) AS ?n) WHERE { ?x a ex:Person }";
  auto r = runQuery(ledger, sparql);
  EXPECT_NE(findOp(r.report.plan, "CountFromDirectory"), nullptr)
      << query::renderPlanText(r.report.plan);
  EXPECT_TRUE(planHasDetail(r.report.plan, "rewrite", "count-from-directory"));
  EXPECT_EQ(sortedRows(r.result), std::vector<std::string>{intLit(200)});
  expectSameWithout(ledger, sparql, "count-from-directory");
  expectSameWithout(ledger, "SELECT (COUNT(?x) AS ?n) WHERE { ?x ex:likes ?y }",
                    "count-from-directory");
  // A repeated variable needs the rows: no fast path.
  auto rep = runQuery(ledger, "SELECT (COUNT(*) AS ?n) WHERE { ?x ex:likes ?x }");
  EXPECT_EQ(findOp(rep.report.plan, "CountFromDirectory"), nullptr);
}

TEST(Planner, TopKFromIndexReadsAboutKRows) {
  TestLedger ledger = exampleLedger(socialData(), /*tiny=*/true);
  const std::string sparql = "SELECT ?x ?a WHERE { ?x ex:age ?a } ORDER BY ?a LIMIT 3";
  query::QueryOptions options;
  options.analyze = true;
  options.batchRows = 2;
  auto r = runQuery(ledger, sparql, options);
  EXPECT_TRUE(planHasDetail(r.report.plan, "rewrite", "top-k-from-index"))
      << query::renderPlanText(r.report.plan);
  const query::PlanInfo* scan = findOp(r.report.plan, "IndexScan");
  ASSERT_NE(scan, nullptr);
  EXPECT_EQ(detailOf(*scan, "permutation"), "POST");
  EXPECT_LE(scan->actual->rows, 4u);
  ASSERT_EQ(r.result.rows.size(), 3u);
  EXPECT_EQ(r.result.rows[0][1]->value, "20");
  // The ages are not unique: compare the key column in order.
  query::QueryOptions off;
  off.disabledRewrites = {"top-k-from-index"};
  auto generic = runQuery(ledger, sparql, off);
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(r.result.rows[i][1], generic.result.rows[i][1]);
  EXPECT_NE(findOp(generic.report.plan, "TopK"), nullptr);
}

TEST(Planner, TopKFromIndexMergesMixedTypes) {
  TestLedger ledger =
      exampleLedger("ex:a ex:v 10 . ex:b ex:v 2.5 . ex:c ex:v 7 . ex:d ex:v 1 . ex:e ex:v 12 .");
  const std::string sparql = "SELECT ?x WHERE { ?x ex:v ?v } ORDER BY ?v LIMIT 2";
  auto r = runQuery(ledger, sparql);
  EXPECT_TRUE(planHasDetail(r.report.plan, "rewrite", "top-k-from-index-mixed"));
  EXPECT_EQ(orderedRows(r.result),
            (std::vector<std::string>{"<http://example.org/d>", "<http://example.org/b>"}));
  query::QueryOptions off;
  off.disabledRewrites = {"top-k-from-index-mixed"};
  auto generic = runQuery(ledger, sparql, off);
  EXPECT_FALSE(planHasDetail(generic.report.plan, "rewrite", "top-k-from-index-mixed"));
  EXPECT_FALSE(planHasDetail(generic.report.plan, "rewrite", "top-k-from-index"));
  EXPECT_EQ(orderedRows(generic.result), orderedRows(r.result));
}

TEST(Planner, TopKFromIndexDescendingReadsTheTail) {
  // Enough rows that the tail is a small part of the predicate's leaflets.
  std::string data;
  for (int i = 0; i < 300; ++i) {
    data += "ex:s" + std::to_string(i) + " ex:v " + std::to_string((i * 37) % 1000) + " . ";
  }
  TestLedger ledger = exampleLedger(data);
  for (const char* modifiers : {"LIMIT 5", "LIMIT 3 OFFSET 4", "LIMIT 400"}) {
    const std::string sparql =
        std::string("SELECT ?x ?v WHERE { ?x ex:v ?v } ORDER BY DESC(?v) ") + modifiers;
    auto r = runQuery(ledger, sparql);
    EXPECT_TRUE(planHasDetail(r.report.plan, "rewrite", "top-k-from-index-desc")) << modifiers;
    query::QueryOptions off;
    off.disabledRewrites = {"top-k-from-index-desc"};
    auto generic = runQuery(ledger, sparql, off);
    EXPECT_FALSE(planHasDetail(generic.report.plan, "rewrite", "top-k-from-index-desc"));
    EXPECT_EQ(orderedRows(r.result), orderedRows(generic.result)) << modifiers;
    EXPECT_FALSE(r.result.rows.empty());
  }
}

TEST(Planner, TopKFromIndexDescendingWithOtherTypes) {
  TestLedger ledger = exampleLedger(
      "ex:a ex:v 10 . ex:b ex:v 2.5 . ex:c ex:v 7 . ex:d ex:v ex:iri . ex:e ex:v 12 .");
  const std::string sparql = "SELECT ?x WHERE { ?x ex:v ?v } ORDER BY DESC(?v) LIMIT 3";
  auto r = runQuery(ledger, sparql);
  EXPECT_TRUE(planHasDetail(r.report.plan, "rewrite", "top-k-from-index-desc"));
  EXPECT_TRUE(planHasDetail(r.report.plan, "rewrite", "top-k-from-index-mixed"));
  query::QueryOptions off;
  off.disabledRewrites = {"top-k-from-index"};
  auto generic = runQuery(ledger, sparql, off);
  EXPECT_EQ(orderedRows(r.result), orderedRows(generic.result));
  EXPECT_EQ(orderedRows(r.result),
            (std::vector<std::string>{"<http://example.org/e>", "<http://example.org/a>",
                                      "<http://example.org/c>"}));
}

// More rows of other types than k: only the k nearest of them (sorted once per snapshot) meet
// the main type's k rows, in both directions; the answers equal the generic path's.
TEST(Planner, TopKFromIndexMixedTakesTheNearestOtherRows) {
  std::string data;
  for (int i = 0; i < 120; ++i) {
    data += "ex:i" + std::to_string(i) + " ex:v " + std::to_string(i * 10) + " .\n";
  }
  // Non-canonical integers (stored lexically) between and beyond the inline values.
  for (int i = 0; i < 40; ++i) {
    data += "ex:l" + std::to_string(i) + " ex:v \"+" + std::to_string(i * 31 + 5) +
            "\"^^xsd:integer .\n";
  }
  data += "ex:big ex:v \"+5000\"^^xsd:integer . ex:small ex:v \"-07\"^^xsd:integer .\n";
  TestLedger ledger =
      exampleLedger("@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n" + data, /*tiny=*/true);
  for (const char* modifiers : {"ORDER BY ?v LIMIT 5", "ORDER BY DESC(?v) LIMIT 5",
                                "ORDER BY DESC(?v) LIMIT 3 OFFSET 4", "ORDER BY ?v LIMIT 60"}) {
    const std::string sparql = std::string("SELECT ?x ?v WHERE { ?x ex:v ?v } ") + modifiers;
    query::QueryOptions options;
    options.analyze = true;
    auto r = runQuery(ledger, sparql, options);
    EXPECT_TRUE(planHasDetail(r.report.plan, "rewrite", "top-k-from-index-mixed")) << modifiers;
    const query::PlanInfo* values = findOp(r.report.plan, "Values");
    ASSERT_NE(values, nullptr) << query::renderPlanText(r.report.plan);
    EXPECT_LE(values->actual->rows, 60u) << modifiers;
    auto again = runQuery(ledger, sparql);  // from the snapshot's kept order
    query::QueryOptions off;
    off.disabledRewrites = {"top-k-from-index"};
    auto generic = runQuery(ledger, sparql, off);
    EXPECT_EQ(orderedRows(r.result), orderedRows(generic.result)) << modifiers;
    EXPECT_EQ(orderedRows(again.result), orderedRows(generic.result)) << modifiers;
  }
  auto top = runQuery(ledger, "SELECT ?x WHERE { ?x ex:v ?v } ORDER BY DESC(?v) LIMIT 2");
  EXPECT_EQ(orderedRows(top.result),
            (std::vector<std::string>{"<http://example.org/big>", "<http://example.org/l39>"}));
  auto bottom = runQuery(ledger, "SELECT ?x WHERE { ?x ex:v ?v } ORDER BY ?v LIMIT 3");
  EXPECT_EQ(orderedRows(bottom.result),
            (std::vector<std::string>{"<http://example.org/small>", "<http://example.org/i0>",
                                      "<http://example.org/l0>"}));
}

TEST(Planner, TopKMatchesFullSort) {
  TestLedger ledger = exampleLedger(socialData());
  expectSameWithout(ledger,
                    "SELECT ?x ?a WHERE { ?x ex:age ?a . ?x ex:name ?n } ORDER BY DESC(?a) ?x "
                    "LIMIT 7 OFFSET 3",
                    "top-k", /*ordered=*/true);
  auto r = runQuery(ledger,
                    "SELECT ?x WHERE { ?x ex:age ?a . ?x ex:name ?n } ORDER BY DESC(?a) LIMIT 7");
  EXPECT_NE(findOp(r.report.plan, "TopK"), nullptr);
}

TEST(Planner, LimitWithoutOrderStopsScansEarly) {
  TestLedger ledger = exampleLedger(socialData(), /*tiny=*/true);
  query::QueryOptions options;
  options.analyze = true;
  options.batchRows = 4;
  auto r = runQuery(ledger, "SELECT ?x ?n WHERE { ?x ex:name ?n . ?x ex:age ?a } LIMIT 5", options);
  EXPECT_EQ(r.result.rows.size(), 5u);
  // Both sides of the merge read a few batches, not all 200 rows.
  const query::PlanInfo* join = findOp(r.report.plan, "MergeJoin");
  ASSERT_NE(join, nullptr) << query::renderPlanText(r.report.plan);
  EXPECT_LE(join->children[0].actual->rows, 12u) << query::renderPlanText(r.report.plan);
  EXPECT_LE(join->children[1].actual->rows, 12u) << query::renderPlanText(r.report.plan);
}

TEST(Planner, ExistsAsSemiJoinMatchesSubstitution) {
  TestLedger ledger = exampleLedger(socialData());
  const std::string exists = "SELECT ?x WHERE { ?x ex:age ?a FILTER EXISTS { ?x ex:likes ?y } }";
  auto r = runQuery(ledger, exists);
  EXPECT_NE(findOp(r.report.plan, "SemiJoin"), nullptr);
  EXPECT_EQ(r.result.rows.size(), 20u);
  expectSameWithout(ledger, exists, "exists-semi-join");
  const std::string notExists =
      "SELECT ?x WHERE { ?x ex:age ?a FILTER NOT EXISTS { ?x ex:likes ?y } }";
  auto n = runQuery(ledger, notExists);
  EXPECT_NE(findOp(n.report.plan, "AntiJoin"), nullptr);
  EXPECT_EQ(n.result.rows.size(), 180u);
  expectSameWithout(ledger, notExists, "exists-semi-join");
  // An inner FILTER sees the substituted values: per-row substitution, not a semi join.
  auto inner = runQuery(
      ledger, "SELECT ?x WHERE { ?x ex:age ?a FILTER EXISTS { ?x ex:likes ?y FILTER(?a > 70) } }");
  EXPECT_EQ(findOp(inner.report.plan, "SemiJoin"), nullptr);
  EXPECT_TRUE(planHasDetail(inner.report.plan, "algorithm", "per-row substitution"));
}

TEST(Planner, SmallInputProbesOptionalAndExistsPerRow) {
  TestLedger ledger = exampleLedger(socialData());
  query::QueryOptions rowBatches;
  rowBatches.batchRows = 1;
  // OPTIONAL { one pattern } under three rows (vs 200 ages): a bind left join, with the filter
  // evaluated on the merged row. Ages: p1 57, p5 25.
  const std::string optional =
      "SELECT ?x ?a WHERE { VALUES ?x { ex:p1 ex:p5 ex:nobody } "
      "OPTIONAL { ?x ex:age ?a FILTER(?a > 40) } }";
  auto r = runQuery(ledger, optional, rowBatches);
  EXPECT_NE(findOp(r.report.plan, "BindLeftJoin"), nullptr) << query::renderPlanText(r.report.plan);
  EXPECT_EQ(sortedRows(r.result), (std::vector<std::string>{"<http://example.org/nobody> UNDEF",
                                                            "<http://example.org/p1> " + intLit(57),
                                                            "<http://example.org/p5> UNDEF"}));
  expectSameWithout(ledger, optional, "bind-join");
  const std::string exists =
      "SELECT ?x WHERE { VALUES ?x { ex:p1 ex:p2 ex:nobody } FILTER EXISTS { ?x ex:age ?y } }";
  auto e = runQuery(ledger, exists, rowBatches);
  EXPECT_NE(findOp(e.report.plan, "BindSemiJoin"), nullptr) << query::renderPlanText(e.report.plan);
  EXPECT_EQ(e.result.rows.size(), 2u);
  expectSameWithout(ledger, exists, "bind-join");
  expectSameWithout(ledger, exists, "exists-semi-join");
  const std::string notExists =
      "SELECT ?x WHERE { VALUES ?x { ex:p1 ex:p2 ex:nobody } FILTER NOT EXISTS { ?x ex:age ?y } }";
  auto n = runQuery(ledger, notExists, rowBatches);
  EXPECT_NE(findOp(n.report.plan, "BindAntiJoin"), nullptr);
  EXPECT_EQ(sortedRows(n.result), std::vector<std::string>{"<http://example.org/nobody>"});
  expectSameWithout(ledger, notExists, "bind-join");
}

TEST(Planner, OptionalOfSeveralPatternsProbedPerLeftBatch) {
  TestLedger ledger = exampleLedger(socialData());
  query::QueryOptions twoRows;
  twoRows.batchRows = 2;
  // Ages: p0 20, p1 57, p4 48.
  const std::string sparql =
      "SELECT ?x ?a ?n WHERE { VALUES ?x { ex:p0 ex:p1 ex:p4 ex:nobody } "
      "OPTIONAL { ?x ex:age ?a . ?x ex:name ?n FILTER(?a > 40) } }";
  auto r = runQuery(ledger, sparql, twoRows);
  EXPECT_NE(findOp(r.report.plan, "BatchedLeftJoin"), nullptr)
      << query::renderPlanText(r.report.plan);
  EXPECT_EQ(sortedRows(r.result),
            (std::vector<std::string>{"<http://example.org/nobody> UNDEF UNDEF",
                                      "<http://example.org/p0> UNDEF UNDEF",
                                      "<http://example.org/p1> " + intLit(57) + " \"n1\"",
                                      "<http://example.org/p4> " + intLit(48) + " \"n4\""}));
  expectSameWithout(ledger, sparql, "bind-join");
}

TEST(Planner, PathFromAConstantFeedsTheBgp) {
  TestLedger ledger = exampleLedger(socialData());
  const std::string sparql = "SELECT ?n WHERE { ex:p7 ex:friend+ ?x . ?x ex:name ?n }";
  auto r = runQuery(ledger, sparql);
  EXPECT_EQ(sortedRows(r.result), std::vector<std::string>{"\"n42\""});
  // The walk from ex:p7 runs once on its own (not once per ?x of the name scan).
  const query::PlanInfo* path = findOp(r.report.plan, "PropertyPath");
  ASSERT_NE(path, nullptr) << query::renderPlanText(r.report.plan);
  EXPECT_TRUE(path->children.empty()) << query::renderPlanText(r.report.plan);
  expectSameWithout(ledger, sparql, "bind-join");
}

TEST(Planner, ValuesFeedsBindJoins) {
  TestLedger ledger = exampleLedger(socialData());
  const std::string sparql =
      "SELECT ?x ?n WHERE { VALUES ?x { ex:p1 ex:p2 ex:nobody } ?x ex:name ?n }";
  auto r = runQuery(ledger, sparql);
  EXPECT_EQ(r.result.rows.size(), 2u);
  EXPECT_NE(findOp(r.report.plan, "BindJoin"), nullptr) << query::renderPlanText(r.report.plan);
  expectSameWithout(ledger, sparql, "bind-join");
}

}  // namespace
}  // namespace cairn::testing
