// The engine's entry points: result forms, EXPLAIN / EXPLAIN ANALYZE, limits and errors.

#include "query/engine/query_engine.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "tests/unit/query/engine/engine_test_support.h"

namespace cairn::testing {
namespace {

const char* kPeople = R"(
  ex:alice ex:name "Alice" ; ex:age 30 ; ex:knows ex:bob, ex:carol .
  ex:bob ex:name "Bob" ; ex:age 25 ; ex:knows ex:carol .
  ex:carol ex:name "Carol" ; ex:age 35 .
)";

TEST(QueryEngine, SelectStreamsProjectedRows) {
  TestLedger ledger = exampleLedger(kPeople);
  auto r = runQuery(ledger, "SELECT ?n WHERE { ?p ex:knows ex:carol . ?p ex:name ?n }");
  EXPECT_EQ(r.result.variables, std::vector<std::string>{"n"});
  EXPECT_EQ(sortedRows(r.result), (std::vector<std::string>{"\"Alice\"", "\"Bob\""}));
  EXPECT_EQ(r.report.resultRows, 2u);
}

TEST(QueryEngine, AskStopsAtTheFirstSolution) {
  TestLedger ledger = exampleLedger(kPeople);
  query::QueryOptions options;
  options.analyze = true;
  options.batchRows = 1;
  auto r = runQuery(ledger, "ASK { ?s ?p ?o }", options);
  EXPECT_TRUE(r.result.boolean);
  // One batch of one row was enough: the scan did not read the whole store.
  const auto* scan = findOp(r.report.plan, "IndexScan");
  ASSERT_NE(scan, nullptr);
  ASSERT_TRUE(scan->actual.has_value());
  EXPECT_EQ(scan->actual->rows, 1u);
  EXPECT_FALSE(runQuery(ledger, "ASK { ex:alice ex:knows ex:nobody }").result.boolean);
}

TEST(QueryEngine, ALimitReadsAFewDozenRowsNotAWholeBatch) {
  std::string data;
  for (int i = 0; i < 500; ++i)
    data += "ex:s" + std::to_string(i) + " ex:v " + std::to_string(i) + " .\n";
  TestLedger ledger = exampleLedger(data);
  query::QueryOptions options;
  options.analyze = true;
  auto r = runQuery(ledger, "SELECT ?s WHERE { ?s ex:v ?o } LIMIT 10", options);
  EXPECT_EQ(r.report.resultRows, 10u);
  // The scan's first batch is small (it grows only when more is asked for): one batch of 64.
  const auto* scan = findOp(r.report.plan, "IndexScan");
  ASSERT_NE(scan, nullptr);
  ASSERT_TRUE(scan->actual.has_value());
  EXPECT_EQ(scan->actual->batches, 1u);
  EXPECT_EQ(scan->actual->rows, 64u);
  // Read to the end, the batches grow: 64, 256, then the rest.
  auto all = runQuery(ledger, "SELECT ?s WHERE { ?s ex:v ?o }", options);
  EXPECT_EQ(all.report.resultRows, 500u);
  const auto* full = findOp(all.report.plan, "IndexScan");
  ASSERT_NE(full, nullptr);
  EXPECT_EQ(full->actual->batches, 3u);
}

TEST(QueryEngine, ConstructSkipsInvalidTriplesAndDeduplicates) {
  TestLedger ledger = exampleLedger(kPeople);
  auto r = runQuery(ledger,
                    "CONSTRUCT { ?a ex:friendOf ?b . ?n ex:bad ?a . ex:x ex:y ex:z } "
                    "WHERE { ?a ex:knows ?b . ?a ex:name ?n }");
  // 3 knows edges + the constant triple once; literal subjects (?n) are skipped.
  EXPECT_EQ(r.result.triples.size(), 4u);
  EXPECT_EQ(r.report.resultRows, 4u);
}

TEST(QueryEngine, ConstructBlankNodesAreFreshPerSolution) {
  TestLedger ledger = exampleLedger(kPeople);
  auto r = runQuery(ledger, "CONSTRUCT { _:x ex:of ?p } WHERE { ?p ex:age ?a }");
  ASSERT_EQ(r.result.triples.size(), 3u);
  std::set<std::string> labels;
  for (const auto& t : r.result.triples) labels.insert(t.subject.value);
  EXPECT_EQ(labels.size(), 3u);
}

TEST(QueryEngine, DescribeGivesOutgoingTriples) {
  TestLedger ledger = exampleLedger(kPeople);
  auto r = runQuery(ledger, "DESCRIBE ex:bob");
  EXPECT_EQ(r.result.triples.size(), 3u);
  auto v = runQuery(ledger, "DESCRIBE ?p WHERE { ?p ex:age 35 }");
  EXPECT_EQ(v.result.triples.size(), 2u);
}

TEST(QueryEngine, ExplainRendersTextAndJson) {
  TestLedger ledger = exampleLedger(kPeople);
  query::Query q = parseExample("SELECT ?n WHERE { ?p ex:age ?a . ?p ex:name ?n } LIMIT 1");
  query::PlanInfo plan = query::explainQuery(*ledger.ledger, q, {});
  std::string text = query::renderPlanText(plan);
  EXPECT_NE(text.find("Slice"), std::string::npos);
  EXPECT_NE(text.find("permutation: PSOT"), std::string::npos) << text;
  EXPECT_NE(text.find("p=<http://example.org/age>"), std::string::npos) << text;
  std::string json = query::renderPlanJson(plan);
  EXPECT_NE(json.find("\"op\":\"Slice\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"estimatedRows\""), std::string::npos) << json;
  EXPECT_FALSE(plan.actual.has_value());
}

TEST(QueryEngine, AnalyzeReportsActualRows) {
  TestLedger ledger = exampleLedger(kPeople);
  query::QueryOptions options;
  options.analyze = true;
  auto r = runQuery(ledger, "SELECT ?p WHERE { ?p ex:age ?a }", options);
  ASSERT_TRUE(r.report.plan.actual.has_value());
  EXPECT_EQ(r.report.plan.actual->rows, 3u);
  EXPECT_NE(query::renderPlanText(r.report.plan).find("rows=3"), std::string::npos);
}

TEST(QueryEngine, MemoryBudgetNamesTheOperator) {
  TestLedger ledger = exampleLedger(kPeople);
  query::QueryOptions options;
  options.memoryBudgetBytes = 64;
  try {
    runQuery(ledger, "SELECT ?a WHERE { ?p ex:age ?a } ORDER BY DESC(?a)", options);
    FAIL() << "no error";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kResourceExhausted);
    EXPECT_NE(e.message().find("memory budget of 64 bytes exceeded in Sort"), std::string::npos)
        << e.message();
  }
  options.disabledRewrites = {"bind-join"};
  try {
    auto r = runQuery(ledger, "SELECT * WHERE { ?p ex:knows ?q . ?q ex:name ?n }", options);
    FAIL() << "no error\n" << query::renderPlanText(r.report.plan);
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kResourceExhausted);
    EXPECT_NE(e.message().find("HashJoin"), std::string::npos) << e.message();
  }
  try {
    runQuery(ledger, "SELECT DISTINCT ?p WHERE { ?p ?q ?o }", options);
    FAIL() << "no error";
  } catch (const core::Error& e) {
    EXPECT_NE(e.message().find("Distinct"), std::string::npos) << e.message();
  }
}

TEST(QueryEngine, CancelledQueryStops) {
  TestLedger ledger = exampleLedger(kPeople);
  auto flag = std::make_shared<std::atomic<bool>>(true);
  query::QueryOptions options;
  options.cancelled = flag;
  try {
    runQuery(ledger, "SELECT * WHERE { ?s ?p ?o }", options);
    FAIL() << "no error";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kCancelled);
  }
  flag->store(false);
  EXPECT_EQ(runQuery(ledger, "SELECT * WHERE { ?s ?p ?o }", options).result.rows.size(), 9u);
}

TEST(QueryEngine, TimeoutStopsALongQuery) {
  // A cross product of 300 x 300 x 300 rows takes far longer than 1 ms.
  std::string data;
  for (int i = 0; i < 300; ++i)
    data += "ex:s" + std::to_string(i) + " ex:p " + std::to_string(i) + " .\n";
  TestLedger ledger = exampleLedger(data);
  query::QueryOptions options;
  options.timeout = std::chrono::milliseconds(1);
  try {
    runQuery(ledger, "SELECT (COUNT(*) AS ?n) WHERE { ?a ex:p ?x . ?b ex:p ?y . ?c ex:p ?z }",
             options);
    FAIL() << "no error";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kTimeout);
  }
}

TEST(QueryEngine, ServiceIsUnsupported) {
  TestLedger ledger = exampleLedger(kPeople);
  try {
    runQuery(ledger, "SELECT * WHERE { SERVICE <http://x/> { ?s ?p ?o } }");
    FAIL() << "no error";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kUnsupported);
    EXPECT_EQ(e.message(), "SERVICE (federation) is not supported");
  }
}

TEST(QueryEngine, DatasetFromGraphsIsMergedWithoutDuplicates) {
  TestLedger ledger = exampleLedger(R"(
    ex:g1 { ex:a ex:p 1 . ex:b ex:p 2 . }
    ex:g2 { ex:a ex:p 1 . ex:c ex:p 3 . }
    ex:d ex:p 4 .
  )");
  auto r =
      runQuery(ledger, "SELECT ?s ?o FROM ex:g1 FROM ex:g2 FROM ex:missing WHERE { ?s ex:p ?o }");
  EXPECT_EQ(r.result.rows.size(), 3u);
  auto named = runQuery(ledger, "SELECT ?g ?s WHERE { GRAPH ?g { ?s ex:p ?o } }");
  EXPECT_EQ(named.result.rows.size(), 4u);
  auto fromNamed =
      runQuery(ledger, "SELECT ?g ?s FROM NAMED ex:g2 WHERE { GRAPH ?g { ?s ex:p ?o } }");
  EXPECT_EQ(fromNamed.result.rows.size(), 2u);
  auto constant = runQuery(ledger, "SELECT ?s WHERE { GRAPH ex:g1 { ?s ex:p ?o } }");
  EXPECT_EQ(constant.result.rows.size(), 2u);
  auto notNamed = runQuery(ledger, "SELECT ?s WHERE { GRAPH ex:nope { ?s ex:p ?o } }");
  EXPECT_EQ(notNamed.result.rows.size(), 0u);
}

}  // namespace
}  // namespace cairn::testing
