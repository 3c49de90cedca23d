// cypher::runStatement end to end over an in-memory ledger: CREATE writes facts through the
// commit path, reading statements run through the translator, the shared planner and
// operators; rows are compared as their TCK text (query/value/value_text.h).

#include "cypher/statement/statement_runner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.h"
#include "index/write/live_ledger.h"
#include "query/value/value_text.h"
#include "tests/support/cypher_ledger.h"

namespace cairn::cypher {
namespace statement_runner_test {

using testing::TextRows;

class StatementRunnerTest : public ::testing::Test {
 protected:
  StatementReport run(const std::string& text, const query::value::Parameters& params = {}) {
    last_ = TextRows();
    return runStatement(*live_, text, params, query::QueryOptions{}, last_);
  }
  // The rows of a reading statement, sorted (bag comparison).
  std::vector<std::string> rows(const std::string& text) {
    run(text);
    std::vector<std::string> out = last_.rows;
    std::sort(out.begin(), out.end());
    return out;
  }
  std::vector<std::string> orderedRows(const std::string& text) {
    run(text);
    return last_.rows;
  }

  testing::CypherLedger ledger_;
  std::shared_ptr<index::LiveLedger> live_ = ledger_.live;
  TextRows last_;
};

using Rows = std::vector<std::string>;

TEST_F(StatementRunnerTest, CreateThenMatchNodesWithLabelsAndProperties) {
  const StatementReport created =
      run("CREATE (:Person {name: 'Ann', age: 31}), (:Person {name: 'Bob'}), (:City)");
  EXPECT_TRUE(created.wrote);
  EXPECT_EQ(created.counters.nodesCreated, 3u);
  EXPECT_EQ(created.counters.labelsAdded, 2u);  // Person and City: once per name
  EXPECT_EQ(created.counters.propertiesSet, 3u);
  EXPECT_EQ(rows("MATCH (p:Person) RETURN p.name"), (Rows{"'Ann'", "'Bob'"}));
  EXPECT_EQ(last_.columns, (std::vector<std::string>{"p.name"}));
  EXPECT_EQ(rows("MATCH (n) RETURN count(*)"), (Rows{"3"}));
  EXPECT_EQ(rows("MATCH (p:Person) WHERE p.age > 30 RETURN p"),
            (Rows{"(:Person {age: 31, name: 'Ann'})"}));
  EXPECT_EQ(rows("MATCH (p:Person {name: 'Bob'}) RETURN p.age IS NULL AS missing"), (Rows{"true"}));
}

TEST_F(StatementRunnerTest, ExpandsRelationshipsInEachDirection) {
  run("CREATE (a:A {n: 1})-[:KNOWS {since: 2001}]->(b:B {n: 2}), (b)-[:KNOWS]->(c:C {n: 3}), "
      "(a)-[:LIKES]->(c)");
  EXPECT_EQ(rows("MATCH (x)-[:KNOWS]->(y) RETURN x.n, y.n"), (Rows{"1 | 2", "2 | 3"}));
  EXPECT_EQ(rows("MATCH (x)<-[:KNOWS]-(y) RETURN x.n, y.n"), (Rows{"2 | 1", "3 | 2"}));
  EXPECT_EQ(rows("MATCH (x:B)-[r]-(y) RETURN type(r), y.n"), (Rows{"'KNOWS' | 1", "'KNOWS' | 3"}));
  EXPECT_EQ(rows("MATCH (:A)-[r:KNOWS]->() RETURN r.since, r"),
            (Rows{"2001 | [:KNOWS {since: 2001}]"}));
  EXPECT_EQ(rows("MATCH (x)-[:KNOWS|LIKES]->(y) RETURN x.n, count(*) AS c"),
            (Rows{"1 | 2", "2 | 1"}));
  // Two hops; the middle node bound by the first.
  EXPECT_EQ(rows("MATCH (a:A)-->(b)-->(c) RETURN c.n"), (Rows{"3"}));
}

TEST_F(StatementRunnerTest, RelationshipsAreUniquePerMatchAndVariableLengthWalks) {
  run("CREATE (a:N {n: 0})-[:R]->(b:N {n: 1})-[:R]->(c:N {n: 2})-[:R]->(a)");
  // A triangle: a path of three hops uses three distinct relationships.
  EXPECT_EQ(rows("MATCH (x {n: 0})-[:R*]->(y) RETURN y.n"), (Rows{"0", "1", "2"}));
  EXPECT_EQ(rows("MATCH (x {n: 0})-[:R*2..2]->(y) RETURN y.n"), (Rows{"2"}));
  EXPECT_EQ(rows("MATCH (x {n: 0})-[rs:R*0..1]->(y) RETURN y.n, size(rs)"),
            (Rows{"0 | 0", "1 | 1"}));
  // Undirected, two hops from a node: never back over the same relationship.
  EXPECT_EQ(rows("MATCH (x {n: 0})-[r1]-()-[r2]-(z) RETURN z.n"), (Rows{"1", "2"}));
}

TEST_F(StatementRunnerTest, WithUnwindOrderSkipLimitDistinctAndUnion) {
  run("UNWIND range(1, 5) AS i CREATE (:Item {i: i, odd: i % 2 = 1})");
  EXPECT_EQ(orderedRows("MATCH (n:Item) RETURN n.i ORDER BY n.i DESC SKIP 1 LIMIT 2"),
            (Rows{"4", "3"}));
  EXPECT_EQ(rows("MATCH (n:Item) RETURN DISTINCT n.odd"), (Rows{"false", "true"}));
  EXPECT_EQ(rows("MATCH (n:Item) WITH n.odd AS odd, collect(n.i) AS vals RETURN odd, size(vals)"),
            (Rows{"false | 2", "true | 3"}));
  EXPECT_EQ(orderedRows("MATCH (n:Item) WITH n WHERE n.i > 3 RETURN n.i AS i ORDER BY i"),
            (Rows{"4", "5"}));
  EXPECT_EQ(rows("UNWIND [1, 2, 2] AS x RETURN x UNION UNWIND [3] AS x RETURN x"),
            (Rows{"1", "2", "3"}));
  EXPECT_EQ(rows("UNWIND [1, 2] AS x RETURN x UNION ALL UNWIND [2] AS x RETURN x"),
            (Rows{"1", "2", "2"}));
  // Swapped names in one projection.
  EXPECT_EQ(rows("WITH 1 AS a, 2 AS b WITH a AS b, b AS a RETURN a, b"), (Rows{"2 | 1"}));
  EXPECT_EQ(orderedRows("UNWIND [3, 1, 2] AS x RETURN x ORDER BY x"), (Rows{"1", "2", "3"}));
}

TEST_F(StatementRunnerTest, OptionalMatchKeepsRowsWithoutAMatch) {
  run("CREATE (:P {n: 1})-[:R]->(:Q {n: 2}), (:P {n: 3})");
  EXPECT_EQ(rows("MATCH (p:P) OPTIONAL MATCH (p)-[:R]->(q) RETURN p.n, q.n"),
            (Rows{"1 | 2", "3 | null"}));
}

TEST_F(StatementRunnerTest, MatchThenCreateConnectsExistingNodes) {
  run("CREATE (:A {n: 1}), (:B {n: 2})");
  const StatementReport r = run("MATCH (a:A), (b:B) CREATE (a)-[:T {w: 5}]->(b)");
  EXPECT_EQ(r.counters.relationshipsCreated, 1u);
  EXPECT_EQ(r.counters.nodesCreated, 0u);
  EXPECT_EQ(rows("MATCH (a)-[t:T]->(b) RETURN a.n, t.w, b.n"), (Rows{"1 | 5 | 2"}));
}

TEST_F(StatementRunnerTest, ErrorsCarryOpenCypherClassesAndChangeNothing) {
  run("CREATE (:A)");
  const uint64_t t = live_->snapshot()->t();
  try {
    run("MATCH (a:A) RETURN a.x + 'a' * 2");
    FAIL() << "expected a type error";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kTypeError) << e.what();
  }
  EXPECT_THROW(run("MATCH (a:A) RETURN a LIMIT -1"), core::Error);
  EXPECT_THROW(run("CREATE (:B {bad: {map: 1}})"), core::Error);
  EXPECT_EQ(live_->snapshot()->t(), t);
  EXPECT_EQ(rows("MATCH (n) RETURN count(n)"), (Rows{"1"}));
}

TEST_F(StatementRunnerTest, ParametersReachExpressionsAndLimits) {
  run("UNWIND $xs AS x CREATE (:X {x: x})",
      {{"xs",
        query::value::Value::list({query::value::Value::integer(1), query::value::Value::integer(2),
                                   query::value::Value::integer(3)})}});
  run("MATCH (n:X) WHERE n.x >= $min RETURN n.x ORDER BY n.x LIMIT $k",
      {{"min", query::value::Value::integer(2)}, {"k", query::value::Value::integer(1)}});
  EXPECT_EQ(last_.rows, (Rows{"2"}));
}

}  // namespace statement_runner_test
}  // namespace cairn::cypher
