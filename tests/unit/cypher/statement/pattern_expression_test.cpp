// Graph patterns inside Cypher expressions, end to end: pattern predicates (WHERE (a)-->(b),
// NOT, exists(...)), pattern comprehensions, EXISTS { ... } subqueries and named paths, through
// the translator's pattern hooks and the engine's pattern runner (query/plan/pattern_runner.h).
// Rows are compared as their TCK text (query/value/value_text.h).

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.h"
#include "cypher/parser/parser.h"
#include "cypher/statement/statement_runner.h"
#include "cypher/translate/query_translator.h"
#include "index/write/live_ledger.h"
#include "query/exec/cypher_runtime.h"
#include "query/exec/exec_context.h"
#include "query/plan/pattern_runner.h"
#include "query/value/value_text.h"
#include "tests/support/cypher_ledger.h"

namespace cairn::cypher {
namespace pattern_expression_test {

using query::value::Value;
using Rows = std::vector<std::string>;

using testing::TextRows;

class PatternExpressionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // a -T-> b -T-> c, a -T-> d, b -U-> a; e alone.
    run("CREATE (a:A {name: 'a', x: 1}), (b:B {name: 'b', x: 2}), (c:C {name: 'c', x: 3}), "
        "(d:B {name: 'd', x: 0}), (:E {name: 'e'}), "
        "(a)-[:T {w: 1}]->(b), (b)-[:T {w: 2}]->(c), (a)-[:T {w: 3}]->(d), (b)-[:U]->(a)");
  }

  TextRows run(const std::string& text, const query::QueryOptions& options = {}) {
    TextRows sink;
    runStatement(*live_, text, {}, options, sink);
    return sink;
  }
  // The rows, sorted (bag comparison).
  Rows rows(const std::string& text) {
    Rows out = run(text).rows;
    std::sort(out.begin(), out.end());
    return out;
  }

  testing::CypherLedger ledger_;
  std::shared_ptr<index::LiveLedger> live_ = ledger_.live;
};

TEST_F(PatternExpressionTest, PatternPredicatesCorrelateOnTheRow) {
  EXPECT_EQ(rows("MATCH (n) WHERE (n)-[:T]->(:B) RETURN n.name"), (Rows{"'a'"}));
  EXPECT_EQ(rows("MATCH (n) WHERE (n)-[:T]->() RETURN n.name"), (Rows{"'a'", "'b'"}));
  EXPECT_EQ(rows("MATCH (n) WHERE ()-[:T]->(n) RETURN n.name"), (Rows{"'b'", "'c'", "'d'"}));
  // Both ends bound: the pattern checks the relationship between the row's nodes.
  EXPECT_EQ(rows("MATCH (n), (m) WHERE (n)-[:T]->(m) RETURN n.name, m.name"),
            (Rows{"'a' | 'b'", "'a' | 'd'", "'b' | 'c'"}));
  EXPECT_EQ(rows("MATCH (n), (m) WHERE (n)-[:T*2]->(m) RETURN n.name, m.name"),
            (Rows{"'a' | 'c'"}));
  EXPECT_EQ(rows("MATCH (n) WHERE exists((n)<-[:U]-()) RETURN n.name"), (Rows{"'a'"}));
  EXPECT_EQ(rows("MATCH (n:B) WHERE (n)-[:T]->() OR (n)-[:U]->() RETURN n.name"), (Rows{"'b'"}));
}

TEST_F(PatternExpressionTest, NegatedPatternPredicate) {
  EXPECT_EQ(rows("MATCH (n) WHERE NOT (n)-->() RETURN n.name"), (Rows{"'c'", "'d'", "'e'"}));
  EXPECT_EQ(rows("MATCH (n) WHERE NOT (n)--() RETURN n.name"), (Rows{"'e'"}));
}

TEST_F(PatternExpressionTest, PatternComprehensions) {
  EXPECT_EQ(rows("MATCH (n:A) RETURN [(n)-[:T]->(m) WHERE m.x > 1 | m.name] AS l"),
            (Rows{"['b']"}));
  EXPECT_EQ(rows("MATCH (n) RETURN n.name, size([(n)-[r]-() | r]) AS degree"),
            (Rows{"'a' | 3", "'b' | 3", "'c' | 1", "'d' | 1", "'e' | 0"}));
  // The comprehension's WHERE reads the row and the match; its variables do not leak.
  EXPECT_EQ(rows("MATCH (n:A) WITH n, 2 AS y "
                 "RETURN [(n)-[r:T]->(m) WHERE r.w >= y | m.name + r.w] AS l, y"),
            (Rows{"['d3'] | 2"}));
  // In an aggregate's argument and in ORDER BY.
  EXPECT_EQ(rows("MATCH (n) RETURN sum(size([(n)-[:T]->() | 1])) AS s"), (Rows{"3"}));
  EXPECT_EQ(run("MATCH (n) RETURN n.name ORDER BY size([(n)--() | 1]) DESC, n.name LIMIT 2").rows,
            (Rows{"'a'", "'b'"}));
}

TEST_F(PatternExpressionTest, NestedPatternsInComprehensions) {
  // A comprehension inside a comprehension: the inner one starts from the outer's match.
  EXPECT_EQ(rows("MATCH (n:A) RETURN [(n)-[:T]->(m) | [(m)-[:T]->(k) | k.name]] AS l"),
            (Rows{"[['c'], []]"}));
  // ... and from a list comprehension's local variable.
  EXPECT_EQ(rows("MATCH (n:B) RETURN [x IN [n] | size([(x)-->() | 1])] AS l"),
            (Rows{"[0]", "[2]"}));
  // A pattern predicate in a comprehension's WHERE.
  EXPECT_EQ(rows("MATCH (n:A) RETURN [(n)-[:T]->(m) WHERE (m)-[:U]->(n) | m.name] AS l"),
            (Rows{"['b']"}));
}

TEST_F(PatternExpressionTest, ExistsSubqueries) {
  EXPECT_EQ(rows("MATCH (n) WHERE EXISTS { (n)-[:T]->() } RETURN n.name"), (Rows{"'a'", "'b'"}));
  EXPECT_EQ(rows("MATCH (n) WHERE EXISTS { (n)-[r:T]->(m) WHERE r.w > 1 AND m.x < n.x } "
                 "RETURN n.name"),
            (Rows{"'a'"}));
  EXPECT_EQ(rows("MATCH (n) WHERE EXISTS { MATCH (n)-->(m) WHERE m.name = 'c' } RETURN n.name"),
            (Rows{"'b'"}));
  // A full subquery with aggregation counts per outer row.
  EXPECT_EQ(rows("MATCH (n) WHERE EXISTS { MATCH (n)-[:T]->(m) WITH n, count(*) AS c "
                 "WHERE c = 2 RETURN true } RETURN n.name"),
            (Rows{"'a'"}));
  // A part not connected to the outer row, and a nested EXISTS.
  EXPECT_EQ(rows("MATCH (n:E) WHERE EXISTS { MATCH (m:C) WHERE EXISTS { ()-->(m) } } "
                 "RETURN n.name"),
            (Rows{"'e'"}));
  EXPECT_EQ(rows("MATCH (n) WHERE NOT EXISTS { MATCH (n)--() } RETURN n.name"), (Rows{"'e'"}));
}

TEST_F(PatternExpressionTest, NullOuterNodes) {
  // A pattern over a null node is null: a comprehension gives null, a predicate drops the row
  // either way, negated or not; an EXISTS subquery finds nothing.
  EXPECT_EQ(rows("OPTIONAL MATCH (n:Missing) RETURN [(n)-->(m) | m] AS l"), (Rows{"null"}));
  EXPECT_EQ(rows("OPTIONAL MATCH (n:Missing) RETURN exists((n)-->()) AS e"), (Rows{"null"}));
  EXPECT_EQ(rows("OPTIONAL MATCH (n:Missing) WITH n WHERE NOT (n)-->() RETURN n"), (Rows{}));
  EXPECT_EQ(rows("OPTIONAL MATCH (n:Missing) RETURN EXISTS { (n)-->() } AS e"), (Rows{"false"}));
  EXPECT_EQ(rows("MATCH (n:A) OPTIONAL MATCH (n)-[:U]->(m) "
                 "RETURN [(m)-->(k) | k.name] AS l, [(n)-[:T]->(k) | k.name] AS l2"),
            (Rows{"null | ['b', 'd']"}));
}

TEST_F(PatternExpressionTest, NamedPaths) {
  EXPECT_EQ(rows("MATCH p = (n:A)-[:T]->(m:C) RETURN p"), (Rows{}));
  EXPECT_EQ(rows("MATCH p = (:A)-[:T]->(m)-[:T]->() RETURN length(p), m.name"), (Rows{"2 | 'b'"}));
  EXPECT_EQ(rows("MATCH p = (:C)<-[:T*]-(s) RETURN [x IN nodes(p) | x.name] AS names"),
            (Rows{"['c', 'b', 'a']", "['c', 'b']"}));
  EXPECT_EQ(rows("MATCH p = (n:E) RETURN length(p), nodes(p) = [n] AS same"), (Rows{"0 | true"}));
  EXPECT_EQ(rows("MATCH (n:A) RETURN [p = (n)-[:T]->(:B {name: 'd'}) | relationships(p)[0].w] "
                 "AS l"),
            (Rows{"[3]"}));
}

// The runner itself: a pattern is planned once and its plan rewound per evaluation.
TEST_F(PatternExpressionTest, RunnerPlansAPatternOnceAndRewindsIt) {
  const TextRows nodes = run("MATCH (n) RETURN n, n.name ORDER BY n.name");
  ASSERT_EQ(nodes.values.size(), 5u);
  const ast::Statement statement = parseStatement("MATCH (n) WHERE (n)-[:T]->() RETURN n");
  const TranslatedQuery translated = translateQuery(statement.query, {});
  // The EXISTS inside the WHERE (under its null guard).
  std::shared_ptr<const query::Algebra> pattern;
  std::function<void(const query::Expr&)> findExpr = [&](const query::Expr& e) {
    if (e.kind == query::ExprKind::kExists) pattern = e.pattern;
    for (const auto& a : e.args) findExpr(a);
  };
  std::function<void(const query::Algebra&)> find = [&](const query::Algebra& node) {
    query::forEachOwnExpr(node, findExpr);
    for (const auto& c : node.children) find(*c);
  };
  find(*translated.pattern);
  ASSERT_NE(pattern, nullptr);

  const auto snapshot = live_->snapshot();
  query::QueryOptions options;
  options.memoryBudgetBytes = 64 * 1024;
  query::ExecContext ctx(*snapshot, options, std::string());
  ctx.setDataset(query::GraphScope{{core::kNoNode}}, {});
  ctx.enableCypher({});
  query::plan::CypherPatternRunner runner(ctx, ctx.defaultScope());
  std::vector<std::string> found;
  for (int round = 0; round < 2; ++round) {
    for (const auto& row : nodes.values) {
      if (runner.exists(*pattern, {{"n", row[0]}})) found.push_back(row[1].asString());
    }
  }
  EXPECT_EQ(found, (std::vector<std::string>{"a", "b", "a", "b"}));
  EXPECT_FALSE(runner.exists(*pattern, {{"n", Value()}}));
  EXPECT_EQ(runner.plansMade(), 1u);
  // Matches give the pattern's variables.
  const auto matches = runner.matches(*pattern, {{"n", nodes.values[0][0]}}, {"n", "nothing"});
  ASSERT_EQ(matches.size(), 2u);
  EXPECT_EQ(matches[0][0].asNode(), nodes.values[0][0].asNode());
  EXPECT_TRUE(matches[0][1].isNull());
  EXPECT_EQ(runner.plansMade(), 1u);

  // The matches are charged while collected and released when handed over.
  const uint64_t before = ctx.usedBytes();
  const std::vector<std::string> wide(100, "n");
  EXPECT_EQ(runner.matches(*pattern, {{"n", nodes.values[0][0]}}, wide).size(), 2u);
  EXPECT_EQ(ctx.usedBytes(), before);
  EXPECT_GE(ctx.peakBytes(), before + 2 * wide.size() * sizeof(Value));
  try {
    runner.matches(*pattern, {{"n", nodes.values[0][0]}}, std::vector<std::string>(2000, "n"));
    ADD_FAILURE() << "no error";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kResourceExhausted);
    EXPECT_NE(std::string(e.what()).find("PatternComprehension"), std::string::npos) << e.what();
  }
  EXPECT_EQ(ctx.usedBytes(), before);
}

// A statement over the budget fails cleanly, whichever part of the pattern's run charged last.
TEST_F(PatternExpressionTest, ComprehensionsRespectTheMemoryBudget) {
  run("UNWIND range(1, 2000) AS i MATCH (a:A) CREATE (a)-[:MANY]->(:M {i: i})");
  query::QueryOptions options;
  options.memoryBudgetBytes = 64 * 1024;
  try {
    run("MATCH (a:A) RETURN size([(a)-[:MANY]->(m) | m]) AS s", options);
    ADD_FAILURE() << "no error";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kResourceExhausted) << e.what();
  }
  EXPECT_EQ(rows("MATCH (a:A) RETURN size([(a)-[:MANY]->(m) | m]) AS s"), (Rows{"2000"}));
}

}  // namespace pattern_expression_test
}  // namespace cairn::cypher
