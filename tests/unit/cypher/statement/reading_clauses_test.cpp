// Reading clauses end to end (cypher::runStatement over an in-memory ledger): OPTIONAL MATCH's
// left join (null shared variables, conditions on variables bound before it, seeded and whole
// plans giving the same rows), WITH ... WHERE over variables bound before the WITH, relationship
// type lists, and the statement's clock.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cypher/statement/statement_runner.h"
#include "index/write/live_ledger.h"
#include "query/exec/plan_info.h"
#include "query/plan/planner.h"
#include "query/value/value_text.h"
#include "tests/support/cypher_ledger.h"

namespace cairn::cypher {
namespace reading_clauses_test {

using Rows = std::vector<std::string>;

using testing::TextRows;

class ReadingClausesTest : public ::testing::Test {
 protected:
  void write(const std::string& text) {
    TextRows sink;
    runStatement(*live_, text, {}, query::QueryOptions{}, sink);
  }
  // The rows of a reading statement, sorted (bag comparison), with `options`.
  Rows rows(const std::string& text, const query::QueryOptions& options = {},
            const query::value::Parameters& parameters = {}) {
    TextRows sink;
    runStatement(*live_, text, parameters, options, sink);
    std::sort(sink.rows.begin(), sink.rows.end());
    return sink.rows;
  }
  // The rows, checked equal with bind joins off (the seeded keys then hash-joined with the
  // pattern's first scan) and in batches of one row and of the default size.
  Rows bothPlans(const std::string& text) {
    const Rows seeded = rows(text);
    for (size_t batch : {size_t{1}, size_t{0}}) {
      query::QueryOptions noBind;
      noBind.batchRows = batch;
      noBind.disabledRewrites.insert(std::string(query::plan::kRewriteBindJoin));
      EXPECT_EQ(rows(text, noBind), seeded) << "bind joins off, batch " << batch << ": " << text;
      query::QueryOptions small;
      small.batchRows = batch;
      EXPECT_EQ(rows(text, small), seeded) << "batch " << batch << ": " << text;
    }
    return seeded;
  }

  testing::CypherLedger ledger_;
  std::shared_ptr<index::LiveLedger> live_ = ledger_.live;
};

// DISTINCT, WITH DISTINCT and UNION keep one row per class of equivalent values
// (docs/cypher.md): 1 and 1.0, lists of them, null with null; the first row of a class as it
// came. Stored values (a property 1 on one node, 1.0 on another) as well as computed ones.
// Of the labelled nodes of a chain, the one whose label has the fewest nodes (by the index
// directories) starts it, whichever end it is written at; pinned nodes still come first.
TEST_F(ReadingClausesTest, ChainStartsFromTheRarestLabel) {
  write("UNWIND range(1, 60) AS i CREATE (:Big {id: i})");
  write(
      "UNWIND range(1, 3) AS i MATCH (b:Big) WHERE b.id % 20 = i CREATE (b)-[:R]->(:Small {id: "
      "i})");
  auto plan = [&](const std::string& text) { return testing::explainText(*live_, text); };
  // The scan at the bottom of the plan is the start.
  auto startLabel = [&](const std::string& text) {
    const std::string p = plan(text);
    const size_t scan = p.rfind("rdf-syntax-ns#type> <urn:cairn:pg:");
    return scan == std::string::npos ? std::string() : p.substr(scan + 34, 5);
  };
  const std::string forward = "MATCH (a:Big)-[:R]->(b:Small) RETURN a.id, b.id";
  const std::string backward = "MATCH (b:Small)<-[:R]-(a:Big) RETURN a.id, b.id";
  EXPECT_EQ(startLabel(forward), "Small") << plan(forward);
  EXPECT_EQ(startLabel(backward), "Small") << plan(backward);
  const Rows expected = bothPlans(backward);
  EXPECT_EQ(expected.size(), 9u);
  EXPECT_EQ(bothPlans(forward), expected);
  // A node pinned by a property starts, however common its label.
  EXPECT_NE(plan("MATCH (a:Big {id: 20})-[:R]->(b:Small) RETURN b.id").find("PropertySeek"),
            std::string::npos);
}

TEST_F(ReadingClausesTest, DistinctKeepsOneRowPerEquivalentValue) {
  EXPECT_EQ(rows("UNWIND [1, 1.0, 2, null, null, [1], [1.0], 'a'] AS x RETURN DISTINCT x"),
            (Rows{"'a'", "1", "2", "[1]", "null"}));
  EXPECT_EQ(rows("UNWIND [2.0, 2] AS x WITH DISTINCT x RETURN x"), Rows{"2.0"});
  EXPECT_EQ(rows("RETURN 1 AS x UNION RETURN 1.0 AS x"), Rows{"1"});
  EXPECT_EQ(rows("RETURN 1 AS x UNION ALL RETURN 1.0 AS x"), (Rows{"1", "1.0"}));
  write("CREATE (:D {v: 1}), (:D {v: 1.0}), (:D {v: 3}), (:D)");
  EXPECT_EQ(rows("MATCH (n:D) RETURN DISTINCT n.v").size(), 3u);
  EXPECT_EQ(rows("MATCH (n:D) RETURN count(DISTINCT n.v)"), Rows{"2"});
  EXPECT_EQ(rows("MATCH (n:D) RETURN DISTINCT n").size(), 4u);
}

TEST_F(ReadingClausesTest, PropertyEqualitySeeksTheIndexWithCypherEquality) {
  write(
      "CREATE (:P {name: 'int', v: 1}), (:P {name: 'float', v: 1.0}), (:P {name: 'str', v: '1'}),"
      " (:P {name: 'list', v: [1, 2]}), (:P {name: 'two', v: 2}), (:Q {name: 'q', v: 1}),"
      " (:P {name: 'half', v: 1.5}), (:P {name: 'none'})");
  for (int i = 0; i < 40; ++i) write("CREATE (:P {name: 'other', v: 100})");
  const auto plan = [&](const std::string& text) {
    TextRows sink;
    return query::renderPlanText(runStatement(*live_, text, {}, {}, sink).query.plan);
  };
  const std::string seek = plan("EXPLAIN MATCH (n:P {v: 1}) RETURN n.name");
  EXPECT_NE(seek.find("PropertySeek"), std::string::npos) << seek;
  // Each answer equals the plain plan's (label scan + filter), under Cypher's equality: 1 = 1.0,
  // 1 <> '1', a list holding 1 is not 1.
  query::QueryOptions plain;
  plain.disabledRewrites.insert(std::string(query::plan::kRewritePropertySeek));
  const std::vector<std::pair<std::string, Rows>> cases = {
      {"MATCH (n:P {v: 1}) RETURN n.name", {"'float'", "'int'"}},
      {"MATCH (n:P) WHERE n.v = 1.0 RETURN n.name", {"'float'", "'int'"}},
      {"MATCH (n:P) WHERE 1.5 = n.v RETURN n.name", {"'half'"}},
      {"MATCH (n:P {v: '1'}) RETURN n.name", {"'str'"}},
      {"MATCH (n:P {v: -1}) RETURN n.name", {}},
      {"MATCH (n:P {v: [1, 2]}) RETURN n.name", {"'list'"}},
      {"MATCH (n:P {v: null}) RETURN n.name", {}},
      {"MATCH (n {v: 1}) RETURN n.name", {"'float'", "'int'", "'q'"}},
      {"MATCH (n:P {v: 1, name: 'int'}) RETURN n.name", {"'int'"}},
  };
  for (const auto& [text, expected] : cases) {
    EXPECT_EQ(rows(text), expected) << text;
    EXPECT_EQ(rows(text, plain), expected) << "property-seek off: " << text;
  }
}

TEST_F(ReadingClausesTest, ChainStartsFromThePinnedNodeAndWhereMovesDownToIt) {
  write(
      "CREATE (a:P {name: 'a', v: 1}), (b:P {name: 'b', v: 2}), (x:Q {name: 'x'}), "
      "(y:Q {name: 'y'}), (a)-[:F]->(x), (a)-[:F]->(y), (b)-[:F]->(y), (x)-[:G]->(b)");
  for (int i = 0; i < 40; ++i) write("CREATE (:P {name: 'other', v: 100})-[:F]->(:Q)");
  const auto plan = [&](const std::string& text) {
    TextRows sink;
    return query::renderPlanText(runStatement(*live_, text, {}, {}, sink).query.plan);
  };
  // The key sits on the last node written and in WHERE: the chain still starts from a seek.
  const std::string keyed =
      plan("EXPLAIN MATCH (f:Q)<-[:F]-(u:P) WHERE u.v = $k AND f.name <> 'z' RETURN f.name");
  EXPECT_NE(keyed.find("PropertySeek"), std::string::npos) << keyed;
  query::QueryOptions plain;
  plain.disabledRewrites.insert(std::string(query::plan::kRewritePropertySeek));
  const std::vector<std::pair<std::string, Rows>> cases = {
      {"MATCH (f:Q)<-[:F]-(u:P) WHERE u.v = 1 RETURN f.name", {"'x'", "'y'"}},
      {"MATCH (f)<-[:F]-(u) WHERE u.v = 2 AND f.name = 'y' RETURN u.name", {"'b'"}},
      {"MATCH (f)<-[r:F]-(u) WHERE u.v = 1 AND NOT f.name STARTS WITH 'x' RETURN f.name", {"'y'"}},
      {"MATCH (u:P)-[:F]->(f)-[:G]->(w {v: 2}) WHERE u.v = 1 OR u.v IS NULL RETURN w.name",
       {"'b'"}},
      {"MATCH (u:P), (f:Q {name: 'x'}) WHERE u.v = 2 AND f.name = 'x' RETURN u.name, f.name",
       {"'b' | 'x'"}},
      {"MATCH p = (u:P)-[:F]->(f) WHERE u.v = 2 RETURN length(p), f.name", {"1 | 'y'"}},
      // A condition that could raise stays above the pattern: no row reaches it, no error.
      {"MATCH (u:P)-[:NONE]->(f) WHERE u.v / 0 = 1 RETURN f", {}},
      {"MATCH (u:P)-[:F]->(f) WHERE u.v = 1 OPTIONAL MATCH (f)-[:G]->(w) WHERE w.v = 2 "
       "RETURN f.name, w.name",
       {"'x' | 'b'", "'y' | null"}},
  };
  const query::value::Parameters k{{"k", query::value::Value::integer(1)}};
  EXPECT_EQ(rows("MATCH (f:Q)<-[:F]-(u:P) WHERE u.v = $k AND f.name <> 'z' RETURN f.name", {}, k),
            (Rows{"'x'", "'y'"}));
  for (const auto& [text, expected] : cases) {
    EXPECT_EQ(rows(text), expected) << text;
    EXPECT_EQ(rows(text, plain), expected) << "property-seek off: " << text;
  }
}

TEST_F(ReadingClausesTest, PropertyKeyedByEarlierRowsSeeksPerRow) {
  write(
      "CREATE (:P {name: 'int', v: 1}), (:P {name: 'float', v: 1.0}), (:P {name: 'half', v: 1.5}), "
      "(:P {name: 'str', v: '1'}), (:P {name: 'list', v: [1, 2]}), (:Q {name: 'q', v: 1}), "
      "(:P {name: 'none'})");
  for (int i = 0; i < 40; ++i)
    write("CREATE (:P {name: 'other', v: 100 + " + std::to_string(i) + "})");
  write("MATCH (a:P {name: 'int'}), (b:P {name: 'half'}) CREATE (a)-[:F]->(b)");
  const auto plan = [&](const std::string& text) {
    TextRows sink;
    return query::renderPlanText(runStatement(*live_, text, {}, {}, sink).query.plan);
  };
  // The key comes from the rows before: a seek per row, not the rows' cross product with P.
  const std::string seek = plan("EXPLAIN UNWIND [1, 2] AS x MATCH (n:P {v: x}) RETURN n.name");
  EXPECT_NE(seek.find("PropertySeek"), std::string::npos) << seek;
  EXPECT_EQ(seek.find("cross product"), std::string::npos) << seek;
  // The keyed node starts the chain though written last.
  const std::string chain =
      plan("EXPLAIN UNWIND [1] AS x MATCH (m)<-[:F]-(n:P {v: x}) RETURN m.name");
  EXPECT_NE(chain.find("PropertySeek"), std::string::npos) << chain;
  // A constant key in a second part: one seek, joined with the first part's rows.
  const std::string parts = plan("EXPLAIN MATCH (a:P {v: 1.5}), (b:P {v: 101}) RETURN a, b");
  const size_t first = parts.find("PropertySeek");
  EXPECT_NE(first, std::string::npos) << parts;
  EXPECT_NE(parts.find("PropertySeek", first + 1), std::string::npos) << parts;
  query::QueryOptions plain;
  plain.disabledRewrites.insert(std::string(query::plan::kRewritePropertySeek));
  const std::vector<std::pair<std::string, Rows>> cases = {
      {"MATCH (a:P {v: 1.5}), (b {v: 1}) RETURN a.name, b.name",
       {"'half' | 'float'", "'half' | 'int'", "'half' | 'q'"}},
      {"MATCH (a:P) WHERE a.v > 100 AND a.v < 103 MATCH (b:Q {v: 1}) RETURN a.v, b.name",
       {"101 | 'q'", "102 | 'q'"}},
      {"UNWIND [1, 1.5, '1', null, -1] AS x MATCH (n:P {v: x}) RETURN x, n.name",
       {"'1' | 'str'", "1 | 'float'", "1 | 'int'", "1.5 | 'half'"}},
      {"UNWIND [1, 1] AS x MATCH (n:P {v: x}) RETURN n.name",
       {"'float'", "'float'", "'int'", "'int'"}},
      {"UNWIND [[1, 2]] AS x MATCH (n:P {v: x}) RETURN n.name", {"'list'"}},
      {"UNWIND [{k: 1.5}, {k: 7}, {}] AS row MATCH (n:P {v: row.k}) RETURN n.name", {"'half'"}},
      {"UNWIND [1] AS x MATCH (n {v: x}) RETURN n.name", {"'float'", "'int'", "'q'"}},
      {"UNWIND [1] AS x MATCH (m)<-[:F]-(n:P {v: x}) RETURN m.name", {"'half'"}},
      {"MATCH (a:P {name: 'int'}) WITH a MATCH (b:P {v: a.v}) RETURN b.name", {"'float'", "'int'"}},
      {"MATCH (a:Q) MATCH (b:P {v: a.v, name: 'float'}) RETURN b.name", {"'float'"}},
      {"UNWIND [1, 2] AS x OPTIONAL MATCH (n:P {v: x}) RETURN x, n.name",
       {"1 | 'float'", "1 | 'int'", "2 | null"}},
  };
  for (const auto& [text, expected] : cases) {
    EXPECT_EQ(rows(text), expected) << text;
    EXPECT_EQ(rows(text, plain), expected) << "property-seek off: " << text;
    query::QueryOptions single;
    single.batchRows = 1;
    EXPECT_EQ(rows(text, single), expected) << "batch 1: " << text;
  }
  // MERGE keyed by each row finds the node the seek finds, and creates the rest once.
  write("UNWIND [1, 1, 500, 500] AS x MERGE (n:P {v: x}) ON CREATE SET n.name = 'new'");
  EXPECT_EQ(rows("MATCH (n:P {v: 500}) RETURN n.name"), (Rows{"'new'"}));
  EXPECT_EQ(rows("MATCH (n:P) WHERE n.v = 1 RETURN n.name"), (Rows{"'float'", "'int'"}));
}

TEST_F(ReadingClausesTest, RelationshipBoundBeforeIsFollowedNotRead) {
  write("CREATE (a:P {name: 'a'})-[:F]->(b:P {name: 'b'})-[:G]->(c {name: 'c'}), (b)-[:L]->(b)");
  const std::vector<std::pair<std::string, Rows>> cases = {
      {"MATCH ()-[r:F]->() WITH r MATCH (x)<-[r]-(y) RETURN x.name, y.name", {"'b' | 'a'"}},
      {"MATCH ()-[r:F]->() WITH r MATCH (x)-[r]-(y) RETURN x.name, y.name",
       {"'a' | 'b'", "'b' | 'a'"}},
      {"MATCH ()-[r:L]->() WITH r MATCH (x)-[r]-(y) RETURN x.name, y.name", {"'b' | 'b'"}},
      {"MATCH ()-[r:F]->() WITH r MATCH (x)-[r:G]->(y) RETURN x.name", {}},
      {"MATCH ()-[r:F]->() WITH r MATCH (x:Q)-[r]->(y) RETURN x.name", {}},
      {"MATCH (a {name: 'a'}) OPTIONAL MATCH (a)-[r:G]->() WITH r MATCH ()-[r]->(y) RETURN y", {}},
      // A list bound before: walked in order from the pattern's start, or reversed from its end.
      {"MATCH ()-[r1:F]->()-[r2:G]->() WITH [r1, r2] AS rs MATCH (x)-[rs*]->(y) "
       "RETURN x.name, y.name",
       {"'a' | 'c'"}},
      {"MATCH ()-[r1:F]->()-[r2:G]->() WITH [r1, r2] AS rs MATCH (x)-[rs*]->(y {name: 'c'}) "
       "RETURN x.name",
       {"'a'"}},
      {"MATCH ()-[r1:F]->()-[r2:G]->() WITH [r2, r1] AS rs MATCH (x)-[rs*]->(y) RETURN x.name", {}},
      {"MATCH ()-[r1:F]->()-[r2:G]->() WITH [r1, r2] AS rs MATCH (x)-[rs*3..]->(y) RETURN x", {}},
  };
  for (const auto& [text, expected] : cases) EXPECT_EQ(bothPlans(text), expected) << text;
}

TEST_F(ReadingClausesTest, OptionalMatchFromANullNodeMatchesNothing) {
  write("CREATE (:A {name: 'a'})-[:T]->(:B {name: 'b'})-[:T]->(:C {name: 'c'})");
  // b is null after the first OPTIONAL MATCH: the second finds nothing for it, and the row
  // keeps nulls instead of joining with every (x)-->(c) of the graph.
  EXPECT_EQ(bothPlans("MATCH (a:A) OPTIONAL MATCH (a)-[:NONE]->(b) "
                      "OPTIONAL MATCH (b)-->(c) RETURN a.name, b, c"),
            (Rows{"'a' | null | null"}));
  EXPECT_EQ(bothPlans("MATCH (a:A) OPTIONAL MATCH (a)-->(b) OPTIONAL MATCH (b)-->(c) "
                      "RETURN a.name, b.name, c.name"),
            (Rows{"'a' | 'b' | 'c'"}));
}

TEST_F(ReadingClausesTest, OptionalMatchStartsFromANodeBoundBefore) {
  write(
      "CREATE (a:A {name: 'a1'}), (b:A {name: 'a2'}), (c:C {name: 'c'}), "
      "(a)-[:T]->(:B {name: 'b1'})-[:T]->(c), (c)<-[:T]-(:B {name: 'b2'})");
  // c is bound before and comes last in the pattern: the pattern is matched backwards from it.
  EXPECT_EQ(bothPlans("MATCH (c:C) OPTIONAL MATCH (x:A)-->(y)-->(c) RETURN x.name, y.name"),
            (Rows{"'a1' | 'b1'"}));
  EXPECT_EQ(bothPlans("MATCH (x:A) OPTIONAL MATCH (x)-->(y)-->(c:C) RETURN x.name, y.name"),
            (Rows{"'a1' | 'b1'", "'a2' | null"}));
  // Both ends bound before.
  EXPECT_EQ(bothPlans("MATCH (x:A), (c:C) OPTIONAL MATCH (x)-[r]->()-->(c) "
                      "RETURN x.name, type(r)"),
            (Rows{"'a1' | 'T'", "'a2' | null"}));
}

TEST_F(ReadingClausesTest, OptionalMatchPlanIsSeededWithTheLeftNodes) {
  write("CREATE (:A)-[:T]->(:B), (:B), (:B), (:B)");
  const auto plan = [&](const std::string& text, const query::QueryOptions& options) {
    TextRows sink;
    return query::renderPlanText(runStatement(*live_, text, {}, options, sink).query.plan);
  };
  const std::string query = "EXPLAIN MATCH (a:A) OPTIONAL MATCH (a)-->(b) RETURN b";
  const std::string seeded = plan(query, {});
  EXPECT_NE(seeded.find("CypherLeftJoin"), std::string::npos) << seeded;
  // The right side is shown, expanded from the keys.
  EXPECT_NE(seeded.find("BatchKeys"), std::string::npos) << seeded;
  EXPECT_NE(seeded.find("Expand"), std::string::npos) << seeded;
  EXPECT_NE(seeded.find("per left batch"), std::string::npos) << seeded;
  // A pattern sharing no node with the rows before is read whole; a WHERE over variables
  // bound before becomes the join's condition.
  const std::string whole =
      plan("EXPLAIN MATCH (a:A) OPTIONAL MATCH (b:B) WHERE id(b) > id(a) RETURN b", {});
  EXPECT_NE(whole.find("hash"), std::string::npos) << whole;
  EXPECT_EQ(whole.find("per left batch"), std::string::npos) << whole;
  EXPECT_NE(whole.find("condition"), std::string::npos) << whole;
}

TEST_F(ReadingClausesTest, OptionalMatchWhereReadsVariablesBoundBefore) {
  write(
      "CREATE (:A {name: 'a1', k: 1}), (:A {name: 'a2', k: 2}), (:A {name: 'a3', k: 9}), "
      "(:B {name: 'b1', k: 1}), (:B {name: 'b2', k: 2}), (:B {name: 'b3', k: 2})");
  EXPECT_EQ(bothPlans("MATCH (a:A) OPTIONAL MATCH (b:B) WHERE b.k = a.k RETURN a.name, b.name"),
            (Rows{"'a1' | 'b1'", "'a2' | 'b2'", "'a2' | 'b3'", "'a3' | null"}));
  // In a property map of the pattern too.
  EXPECT_EQ(bothPlans("MATCH (a:A) OPTIONAL MATCH (b:B {k: a.k}) RETURN a.name, b.name"),
            (Rows{"'a1' | 'b1'", "'a2' | 'b2'", "'a2' | 'b3'", "'a3' | null"}));
}

TEST_F(ReadingClausesTest, WithWhereReadsVariablesBoundBeforeTheWith) {
  write(
      "CREATE (a:A {name: 'a'}), (b:B {name: 'b'}), (c:B {name: 'c'}), (a)-[:KNOWS]->(b), "
      "(a)-[:T]->(c)");
  // r is not projected by WITH, but its WHERE still reads it (TriadicSelection1, WithWhere1).
  EXPECT_EQ(bothPlans("MATCH (a:A)-->(x) OPTIONAL MATCH (a)-[r:KNOWS]->(x) "
                      "WITH x WHERE r IS NULL RETURN x.name"),
            (Rows{"'c'"}));
  // Projected names shadow: `name` is the alias, a the node before the WITH (WithWhere7).
  EXPECT_EQ(rows("MATCH (n) WITH n.name AS name WHERE name = 'b' OR n.name = 'c' RETURN name"),
            (Rows{"'b'", "'c'"}));
  EXPECT_EQ(rows("MATCH (n) WITH n.name AS n WHERE n = 'a' RETURN n"), (Rows{"'a'"}));
  // After DISTINCT the filter runs before the duplicates go (WithWhere1 [2]).
  EXPECT_EQ(rows("MATCH (n:B) WITH DISTINCT labels(n) AS l WHERE n.name = 'c' RETURN l"),
            (Rows{"['B']"}));
  // With ORDER BY and LIMIT it filters what the LIMIT kept.
  EXPECT_EQ(rows("MATCH (n) WITH n.name AS name ORDER BY name LIMIT 2 WHERE n:B RETURN name"),
            (Rows{"'b'"}));
}

TEST_F(ReadingClausesTest, RepeatedRelationshipTypeMatchesOnce) {
  write("CREATE (:A)-[:T]->(:B {name: 'b'})");
  EXPECT_EQ(rows("MATCH (a)-[:T|:T]->(b) RETURN b.name"), (Rows{"'b'"}));
  EXPECT_EQ(rows("MATCH (a)-[:T|:T*1..2]->(b) RETURN b.name"), (Rows{"'b'"}));
}

TEST_F(ReadingClausesTest, CreateReadsPropertiesOfMatchedNodes) {
  write("CREATE (:D {name: 'n0'}), (:D {name: 'n1'})");
  // Match5's setup: the new nodes' properties come from the matched ones.
  write("MATCH (d:D) CREATE (e:E {name: d.name + '0', from: labels(d)}) CREATE (d)-[:LIKES]->(e)");
  EXPECT_EQ(rows("MATCH (d:D)-[:LIKES]->(e:E) RETURN d.name, e.name, e.from"),
            (Rows{"'n0' | 'n00' | ['D']", "'n1' | 'n10' | ['D']"}));
}

TEST_F(ReadingClausesTest, OneStatementSeesOneClock) {
  for (const char* type : {"localtime", "time", "date", "localdatetime", "datetime"}) {
    const std::string f = std::string(type) + "()";
    EXPECT_EQ(rows("RETURN duration.inSeconds(" + f + ", " + f + ") AS d"), (Rows{"'PT0S'"}))
        << type;
    EXPECT_EQ(rows("UNWIND range(1, 100) AS i WITH " + f + " AS t RETURN count(DISTINCT t)"),
              (Rows{"1"}))
        << type;
  }
  EXPECT_EQ(rows("RETURN datetime.statement() = datetime.transaction() AS same"), (Rows{"true"}));
}

}  // namespace reading_clauses_test
}  // namespace cairn::cypher
