// A plan holds no per-run state: planned once (prepareQuery), it is described without running
// and run many times, concurrently too, each run making its own operators — with the answers a
// fresh plan gives.

#include "query/engine/prepared_query.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "core/error.h"
#include "query/exec/plan_info.h"
#include "tests/unit/query/engine/engine_test_support.h"

namespace cairn::testing {
namespace {

const char* kData = R"(
ex:a ex:knows ex:b , ex:c ; ex:age 30 ; ex:name "Ann" ; a ex:Person .
ex:b ex:knows ex:c ; ex:age 25 ; ex:name "Bob" ; a ex:Person .
ex:c ex:knows ex:a ; ex:age 41 ; ex:name "Cy" ; a ex:Robot .
ex:d ex:age 19 ; ex:name "Di"@en .
ex:g1 { ex:a ex:likes ex:b . ex:b ex:likes ex:d . }
ex:g2 { ex:c ex:likes ex:a . }
)";

// One query per kind of operator the planner makes (and the fast paths it prefers).
const std::vector<std::string> kQueries = {
    "SELECT * { ?s ex:knows ?o }",
    "SELECT ?s ?n ?a { ?s ex:name ?n ; ex:age ?a ; a ex:Person }",
    "SELECT ?a ?c { ?a ex:knows ?b . ?b ex:knows ?c . ?c ex:knows ?a }",
    "SELECT ?s ?o ?n { ?s ex:knows ?o OPTIONAL { ?o ex:name ?n FILTER(?n != \"Bob\") } }",
    "SELECT ?s { ?s ex:age ?a FILTER(?a > 20 && EXISTS { ?s ex:knows ?x }) }",
    "SELECT ?s { ?s ex:age ?a FILTER NOT EXISTS { ?s a ex:Robot } }",
    "SELECT ?s { ?s ex:age ?a MINUS { ?s ex:knows ex:c } }",
    "SELECT ?x { { ?x a ex:Person } UNION { ?x a ex:Robot } }",
    "SELECT ?g ?s ?o { GRAPH ?g { ?s ex:likes ?o } }",
    "SELECT ?s ?o { GRAPH ex:g1 { ?s ex:likes ?o } }",
    "SELECT ?x ?y { VALUES (?x ?y) { (ex:a \"nowhere\") (ex:zz UNDEF) } }",
    "SELECT ?s ?d { ?s ex:age ?a BIND(?a * 2 AS ?d) BIND(\"never stored\" AS ?e) }",
    "SELECT ?t (COUNT(*) AS ?n) { ?s a ?t } GROUP BY ?t",
    "SELECT (COUNT(*) AS ?n) { ?s ex:knows ?o }",
    "SELECT (COUNT(*) AS ?n) { ?s ex:age ?a OPTIONAL { ?s ex:knows ?o } }",
    "SELECT ?s ?a { ?s ex:age ?a } ORDER BY DESC(?a) LIMIT 2",
    "SELECT ?s ?n { ?s ex:name ?n } ORDER BY ?n LIMIT 3",
    "SELECT DISTINCT ?o { ?s ex:knows ?o }",
    "SELECT ?s ?o { ?s ex:knows+ ?o }",
    "SELECT ?s ?o { ?s ex:knows/ex:knows ?o }",
    "SELECT ?s ?m { ?s ex:age ?a { SELECT (MAX(?x) AS ?m) { ?y ex:age ?x } } }",
    "SELECT ?s { ?s ex:name ?n FILTER(?n = \"absent\") }",
    "SELECT ?s ?o { ?s ex:knows ?o } ORDER BY ?s ?o OFFSET 1 LIMIT 2",
    "ASK { ex:a ex:knows ex:b }",
};

std::vector<std::string> runPrepared(const TestLedger& ledger, const query::PreparedQuery& p,
                                     const query::QueryOptions& options = {}) {
  sparql::results::CollectingSink sink;
  query::executePrepared(*ledger.ledger, p, options, sink);
  sparql::results::CollectedResult result = sink.take();
  if (result.kind == sparql::results::ResultKind::kBoolean)
    return {result.boolean ? "true" : "false"};
  return sortedRows(result);
}

std::vector<std::string> runFresh(const TestLedger& ledger, const std::string& text) {
  RunResult r = runQuery(ledger, text);
  if (r.result.kind == sparql::results::ResultKind::kBoolean)
    return {r.result.boolean ? "true" : "false"};
  return sortedRows(r.result);
}

TEST(PreparedQuery, EveryKindOfOperatorIsKeptAndRunsAgain) {
  for (bool tiny : {false, true}) {
    TestLedger ledger = exampleLedger(kData, tiny);
    for (const std::string& text : kQueries) {
      SCOPED_TRACE(text);
      query::QueryOptions options;
      if (tiny) options.batchRows = 1;
      auto prepared = query::prepareQuery(*ledger.ledger, parseExample(text), options);
      // A plan some operator of which cannot be made again would be planned anew per run.
      EXPECT_NE(prepared->plan.root, nullptr) << renderPlanText(prepared->describe());
      const std::vector<std::string> expected = runFresh(ledger, text);
      for (int run = 0; run < 3; ++run) {
        EXPECT_EQ(runPrepared(ledger, *prepared, options), expected) << "run " << run;
      }
    }
  }
}

TEST(PreparedQuery, ConcurrentRunsShareOnePlan) {
  TestLedger ledger = exampleLedger(kData);
  for (const std::string& text :
       {kQueries[2], kQueries[3], kQueries[4], kQueries[8], kQueries[12], kQueries[18]}) {
    SCOPED_TRACE(text);
    auto prepared = query::prepareQuery(*ledger.ledger, parseExample(text), {});
    const std::vector<std::string> expected = runFresh(ledger, text);
    std::vector<int> wrong(2, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < 2; ++t) {
      threads.emplace_back([&, t] {
        for (int i = 0; i < 50; ++i) {
          if (runPrepared(ledger, *prepared) != expected) ++wrong[t];
        }
      });
    }
    for (auto& thread : threads) thread.join();
    EXPECT_EQ(wrong[0] + wrong[1], 0);
  }
}

TEST(PreparedQuery, DescribedWithoutRunningAsExplainShowsIt) {
  TestLedger ledger = exampleLedger(kData);
  const std::string text = "SELECT ?s ?n { ?s ex:knows ?o . ?o ex:name ?n } ORDER BY ?n LIMIT 2";
  query::QueryOptions options;
  options.reportPlan = true;
  auto prepared = query::prepareQuery(*ledger.ledger, parseExample(text), options);
  const query::PlanInfo described = prepared->describe();
  EXPECT_EQ(renderPlanText(described),
            renderPlanText(query::explainQuery(*ledger.ledger, parseExample(text), options)));
  EXPECT_NE(findOp(described, "IndexScan"), nullptr);
  EXPECT_FALSE(described.actual.has_value());
  EXPECT_GT(described.estimatedRows, 0);
}

TEST(PreparedQuery, EachAnalyzedRunCountsOnlyItsOwnRows) {
  TestLedger ledger = exampleLedger(kData);
  query::QueryOptions plan;
  plan.reportPlan = true;
  auto prepared =
      query::prepareQuery(*ledger.ledger, parseExample("SELECT * { ?s ex:knows ?o }"), plan);
  query::QueryOptions analyze;
  analyze.analyze = true;
  for (int run = 0; run < 3; ++run) {
    sparql::results::CollectingSink sink;
    const query::QueryReport report =
        query::executePrepared(*ledger.ledger, *prepared, analyze, sink);
    ASSERT_TRUE(report.plan.actual.has_value());
    EXPECT_EQ(report.plan.actual->rows, 4u) << "run " << run;
    // The plan's details, not a second copy from the operator's constructor.
    EXPECT_EQ(report.plan.details, prepared->describe().details);
  }
}

TEST(PreparedQuery, LimitsApplyPerRun) {
  TestLedger ledger = exampleLedger(kData);
  auto prepared = query::prepareQuery(
      *ledger.ledger, parseExample("SELECT * { ?a ex:knows ?b . ?c ex:knows ?d . ?e ex:age ?f }"),
      {});
  query::QueryOptions tight;
  tight.memoryBudgetBytes = 1;
  sparql::results::CollectingSink sink;
  EXPECT_THROW(query::executePrepared(*ledger.ledger, *prepared, tight, sink), core::Error);
  EXPECT_EQ(runPrepared(ledger, *prepared).size(), 4u * 4u * 4u);
}

}  // namespace
}  // namespace cairn::testing
