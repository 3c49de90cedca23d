// shortestPath / allShortestPaths end to end (cypher::runStatement over an in-memory ledger):
// direction, types, hop bounds, equal ends, no path, OPTIONAL MATCH, parallel relationships, the
// expression form, the refusals; and, on random multigraphs, every pair's shortest paths equal
// the shortest of the paths a variable-length expansion enumerates (the oracle).

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "cypher/statement/statement_runner.h"
#include "query/exec/plan_info.h"
#include "tests/support/cypher_ledger.h"

namespace cairn::cypher {
namespace shortest_path_test {

using Rows = std::vector<std::string>;
using testing::TextRows;

class ShortestPathTest : public ::testing::Test {
 protected:
  void write(const std::string& text) {
    TextRows sink;
    runStatement(*live_, text, {}, query::QueryOptions{}, sink);
  }
  Rows rows(const std::string& text, size_t batchRows = 0) {
    TextRows sink;
    query::QueryOptions options;
    options.batchRows = batchRows;
    runStatement(*live_, text, {}, options, sink);
    std::sort(sink.rows.begin(), sink.rows.end());
    return sink.rows;
  }
  std::string plan(const std::string& text) {
    TextRows sink;
    return query::renderPlanText(runStatement(*live_, text, {}, {}, sink).query.plan);
  }
  // The error's detail (the TCK's name) or message, or "" when the statement runs.
  std::string failure(const std::string& text) {
    try {
      rows(text);
    } catch (const core::Error& e) {
      return e.detail().empty() ? e.what() : e.detail();
    }
    return "";
  }

  testing::CypherLedger ledger_;
  std::shared_ptr<index::LiveLedger> live_ = ledger_.live;
};

// a -> b -> d, a -> c -> d (a diamond), d -> e, e -> a (a cycle back), f alone; b -[:U]-> e.
TEST_F(ShortestPathTest, FindsOneAndAllShortestPaths) {
  write(
      "CREATE (a:N {id: 'a'}), (b:N {id: 'b'}), (c:N {id: 'c'}), (d:N {id: 'd'}), (e:N {id: 'e'}),"
      " (f:N {id: 'f'}), (a)-[:T {k: 1}]->(b), (b)-[:T {k: 2}]->(d), (a)-[:T {k: 3}]->(c),"
      " (c)-[:T {k: 4}]->(d), (d)-[:T {k: 5}]->(e), (e)-[:T {k: 6}]->(a), (b)-[:U {k: 7}]->(e)");
  const std::string ends = "MATCH (x:N {id: 'a'}), (y:N {id: 'e'}) ";
  // Any type: a -> b -> e (2 hops over U); T only: a -> b|c -> d -> e (3 hops, two ways).
  EXPECT_EQ(rows(ends + "MATCH p = shortestPath((x)-[*]->(y)) RETURN length(p)"), Rows{"2"});
  EXPECT_EQ(rows(ends + "MATCH p = allShortestPaths((x)-[:T*]->(y))"
                        " RETURN [r IN relationships(p) | r.k]"),
            (Rows{"[1, 2, 5]", "[3, 4, 5]"}));
  EXPECT_EQ(rows(ends + "MATCH p = shortestPath((x)-[:T*]->(y)) RETURN length(p)"), Rows{"3"});
  // Against the direction: e <- d ... is the reverse walk; undirected: e -> a is one hop.
  EXPECT_EQ(rows(ends + "MATCH p = shortestPath((x)<-[:T*]-(y)) RETURN [n IN nodes(p) | n.id]"),
            Rows{"['a', 'e']"});
  EXPECT_EQ(rows(ends + "MATCH p = shortestPath((y)-[:T*]-(x)) RETURN [n IN nodes(p) | n.id]"),
            Rows{"['e', 'a']"});
  // The hop bound: no T path of at most 2 hops from a to e.
  EXPECT_EQ(rows(ends + "MATCH p = shortestPath((x)-[:T*..2]->(y)) RETURN p"), Rows{});
  EXPECT_EQ(rows(ends + "MATCH p = allShortestPaths((x)-[:T*..3]->(y)) RETURN count(p)"),
            Rows{"2"});
  // No path at all: no row; under OPTIONAL MATCH a null.
  EXPECT_EQ(rows("MATCH (x:N {id: 'a'}), (y:N {id: 'f'}) MATCH p = shortestPath((x)-[*]-(y))"
                 " RETURN p"),
            Rows{});
  EXPECT_EQ(rows("MATCH (x:N {id: 'a'}), (y:N {id: 'f'})"
                 " OPTIONAL MATCH p = shortestPath((x)-[*]-(y)) RETURN p"),
            Rows{"null"});
  // Equal ends: the empty path only when zero hops are allowed.
  EXPECT_EQ(rows("MATCH (x:N {id: 'a'}) MATCH p = shortestPath((x)-[*0..]->(x)) RETURN length(p)"),
            Rows{"0"});
  EXPECT_EQ(rows("MATCH (x:N {id: 'a'}) MATCH p = shortestPath((x)-[*]->(x)) RETURN p"), Rows{});
  // Ends bound inside the pattern itself, and the relationship variable bound to the list.
  EXPECT_EQ(rows("MATCH p = shortestPath((x:N {id: 'c'})-[rs:T*]->(y:N {id: 'b'}))"
                 " RETURN [r IN rs | r.k], length(p)"),
            Rows{"[4, 5, 6, 1] | 4"});
  // Every pair of N nodes at once (ends from a cross product), counted.
  EXPECT_EQ(rows("MATCH p = shortestPath((x:N)-[:T*]->(y:N)) RETURN count(p)"), Rows{"20"});
  // A fixed-length relationship is one hop; its variable binds the relationship.
  EXPECT_EQ(rows(ends + "MATCH shortestPath((y)-[r:T]->(x)) RETURN r.k"), Rows{"6"});
  EXPECT_EQ(rows(ends + "MATCH shortestPath((x)-[r:T]->(y)) RETURN r.k"), Rows{});
  const std::string explained =
      plan("EXPLAIN " + ends + "MATCH p = allShortestPaths((x)-[:T*]->(y)) RETURN p");
  EXPECT_NE(explained.find("AllShortestPaths"), std::string::npos) << explained;
  EXPECT_NE(explained.find("bidirectional BFS"), std::string::npos) << explained;
}

TEST_F(ShortestPathTest, ParallelRelationshipsAreDistinctShortestPaths) {
  write(
      "CREATE (a:N {id: 'a'}), (b:N {id: 'b'}), (c:N {id: 'c'}), (a)-[:T {k: 1}]->(b),"
      " (a)-[:T {k: 2}]->(b), (b)-[:T {k: 3}]->(c), (a)-[:T {k: 4}]->(a)");
  EXPECT_EQ(rows("MATCH (x {id: 'a'}), (y {id: 'c'}) MATCH p = allShortestPaths((x)-[*]->(y))"
                 " RETURN [r IN relationships(p) | r.k]"),
            (Rows{"[1, 3]", "[2, 3]"}));
  // Relationship uniqueness with the clause's other relationships: the one bound to r is not
  // walked again.
  EXPECT_EQ(rows("MATCH (x {id: 'a'})-[r {k: 1}]->(), (y {id: 'c'})"
                 " MATCH p = allShortestPaths((x)-[*]->(y)) RETURN [s IN relationships(p) | s.k]"),
            (Rows{"[1, 3]", "[2, 3]"}));
  EXPECT_EQ(rows("MATCH (x {id: 'a'})-[r {k: 1}]->(), (y {id: 'c'}),"
                 " p = allShortestPaths((x)-[*]->(y)) RETURN [s IN relationships(p) | s.k]"),
            Rows{"[2, 3]"});
}

TEST_F(ShortestPathTest, ExpressionFormIsAPathOrAList) {
  write(
      "CREATE (a:N {id: 'a'}), (b:N {id: 'b'}), (c:N {id: 'c'}), (d:N {id: 'd'}),"
      " (a)-[:T]->(b), (b)-[:T]->(d), (a)-[:T]->(c), (c)-[:T]->(d)");
  EXPECT_EQ(rows("MATCH (x {id: 'a'}), (y {id: 'd'})"
                 " RETURN length(shortestPath((x)-[*]->(y))),"
                 " size(allShortestPaths((x)-[*]->(y))), shortestPath((y)-[*]->(x))"),
            Rows{"2 | 2 | null"});
}

TEST_F(ShortestPathTest, RefusesWhatItDoesNotAnswer) {
  write("CREATE (:N {id: 'a'})-[:T]->(:N {id: 'b'})");
  EXPECT_EQ(failure("MATCH p = shortestPath((x)-->()-->(y)) RETURN p"), "InvalidShortestPath");
  EXPECT_EQ(failure("MATCH p = shortestPath((x)-[*2..]->(y)) RETURN p"), "InvalidShortestPath");
  // A predicate on the path asks for a search with the predicate inside: not built yet.
  EXPECT_NE(failure("MATCH p = shortestPath((x)-[*]->(y)) WHERE length(p) > 1 RETURN p")
                .find("not supported"),
            std::string::npos);
  // Predicates on the ends alone are fine.
  EXPECT_EQ(rows("MATCH p = shortestPath((x)-[*]->(y)) WHERE x.id = 'a' RETURN y.id"), Rows{"'b'"});
}

// Random multigraphs (self-loops and parallel relationships included): for each ordered pair,
// allShortestPaths equals the shortest paths among those a variable-length expansion
// enumerates, and shortestPath gives one of them, in each direction mode and type filter.
TEST_F(ShortestPathTest, MatchesTheShortestOfAllEnumeratedPaths) {
  std::mt19937 random(20261207);
  size_t compared = 0;
  for (int graph = 0; graph < 6; ++graph) {
    write("MATCH (n) DETACH DELETE n");
    const int nodes = 6 + graph;
    std::string create = "CREATE ";
    for (int i = 0; i < nodes; ++i) {
      create += (i > 0 ? ", " : "") + std::string("(n") + std::to_string(i) +
                ":N {id: " + std::to_string(i) + "})";
    }
    const int edges = nodes + 4 + graph;
    for (int k = 0; k < edges; ++k) {
      const int from = static_cast<int>(random() % nodes);
      const int to = static_cast<int>(random() % nodes);
      create += ", (n" + std::to_string(from) + ")-[:" + (random() % 3 == 0 ? "U" : "T") +
                " {k: " + std::to_string(k) + "}]->(n" + std::to_string(to) + ")";
    }
    write(create);
    for (const std::string pattern : {"-[*..5]->", "-[:T*..5]->", "<-[*..4]-", "-[:T|U*..4]-"}) {
      const std::string oracle =
          "MATCH p = (a:N)" + pattern +
          "(b:N) WHERE a <> b WITH a, b, collect(p) AS ps, min(length(p)) AS shortest"
          " UNWIND [q IN ps WHERE length(q) = shortest] AS q"
          " RETURN a.id, b.id, [r IN relationships(q) | r.k]";
      const std::string all = "MATCH (a:N), (b:N) WHERE a <> b MATCH p = allShortestPaths((a)" +
                              pattern + "(b)) RETURN a.id, b.id, [r IN relationships(p) | r.k]";
      const Rows expected = rows(oracle);
      compared += expected.size();
      EXPECT_EQ(rows(all), expected) << "graph " << graph << ": " << pattern;
      EXPECT_EQ(rows(all, 1), expected) << "graph " << graph << ", batch 1: " << pattern;
      const std::string one = "MATCH (a:N), (b:N) WHERE a <> b MATCH p = shortestPath((a)" +
                              pattern + "(b)) RETURN a.id, b.id, [r IN relationships(p) | r.k]";
      const Rows picked = rows(one);
      std::set<std::string> pairs;
      for (const std::string& row : picked) {
        EXPECT_TRUE(std::binary_search(expected.begin(), expected.end(), row))
            << "graph " << graph << ": " << pattern << " gave " << row;
        pairs.insert(row.substr(0, row.rfind(" | ")));
      }
      std::set<std::string> expectedPairs;
      for (const std::string& row : expected) expectedPairs.insert(row.substr(0, row.rfind(" | ")));
      EXPECT_EQ(pairs, expectedPairs) << "graph " << graph << ": " << pattern;
      EXPECT_EQ(picked.size(), pairs.size()) << "one path per pair: " << pattern;
    }
  }
  EXPECT_GT(compared, 500u) << "the graphs are too sparse to test much";
}

}  // namespace shortest_path_test
}  // namespace cairn::cypher
