// Cypher cycles through the cyclic join (query/plan/cyclic_expand_planner.cpp) against the chain
// of Expand operators it replaces, on random dense multigraphs with self-loops and parallel
// relationships: the same bag of rows under relationship uniqueness, for triangles and 4-cycles
// in several directions, with labels, relationship variables and other filters.

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "index/write/index_builder.h"
#include "query/exec/plan_info.h"
#include "query/plan/planner.h"
#include "tests/unit/cypher/statement/rewrite_test_fixture.h"

namespace cairn::cypher {
namespace cyclic_expand_test {

class CyclicExpandTest : public RewriteTestFixture {
 protected:
  CyclicExpandTest() : RewriteTestFixture(query::plan::kRewriteCyclicJoin) {}
};

TEST_F(CyclicExpandTest, SameRowsAsTheExpandChain) {
  std::mt19937 random(7);
  size_t chosen = 0, compared = 0, nonEmpty = 0;
  for (int graph = 0; graph < 4; ++graph) {
    write("MATCH (n) DETACH DELETE n");
    // Dense enough that the cyclic join is estimated cheaper than expanding every 2-path.
    const int nodes = 24 + 4 * graph;
    std::string create = "CREATE ";
    for (int i = 0; i < nodes; ++i) {
      create += (i > 0 ? ", " : "") + std::string("(n") + std::to_string(i) +
                (i % 3 == 0 ? ":N:M" : ":N") + " {id: " + std::to_string(i) + "})";
    }
    for (int k = 0; k < nodes * 16; ++k) {
      // Self-loops and parallel relationships come by chance (and one of each on purpose).
      const int a = static_cast<int>(random() % nodes);
      const int b = k == 0 ? a : k == 1 ? 1 : static_cast<int>(random() % nodes);
      create += ", (n" + std::to_string(k == 1 ? 0 : a) + ")-[:" + (random() % 4 == 0 ? "U" : "T") +
                " {w: " + std::to_string(k % 5) + "}]->(n" + std::to_string(b) + ")";
      if (k == 1) create += ", (n0)-[:T {w: 9}]->(n1)";
    }
    write(create);
    // Indexed, so the planner has the statistics it decides by (novelty-only data has none).
    index::IndexBuildOptions fold;
    fold.mode = index::IndexBuildOptions::Mode::kFold;
    ASSERT_TRUE(live_->indexNow(fold).isOk());
    if (graph % 2 == 1) write("MATCH (a:N {id: 3}), (b:N {id: 4}) CREATE (a)-[:T {w: 1}]->(b)");
    const std::vector<std::string> queries = {
        "MATCH (a:N)-[:T]->(b:N)-[:T]->(c:N)-[:T]->(a) RETURN count(*)",
        "MATCH (a)-[:T]->(b)-[:T]->(c)-[:T]->(a) RETURN a.id, b.id, c.id",
        "MATCH (a:N)-[:T]->(b)<-[:T]-(c)-[:U]->(a) RETURN a.id, count(*)",
        "MATCH (a:M)-[r:T]->(b:N)-[s:T]->(c)-[:T]->(a) RETURN a.id, r.w, s.w, c.id",
        "MATCH (a:N)-[:T]->(b)-[:T]->(c)-[:T]->(d)-[:T]->(a) RETURN count(*), min(d.id)",
        "MATCH (a:N)-[:T]->(b)-[:T]->(c)-[x:T]->(a) WHERE a.id < c.id AND x.w > 1 "
        "RETURN a.id, b.id, c.id, x.w",
        "MATCH (a:N)-[:T]->(b)-[:T]->(a) RETURN a.id, b.id",
    };
    for (const std::string& q : queries) {
      const auto expected = rows(q, false);
      EXPECT_EQ(rows(q, true), expected) << "graph " << graph << ": " << q;
      if (graph == 0) {
        EXPECT_EQ(rows(q, true, 1), expected) << "graph " << graph << ", batch 1: " << q;
      }
      chosen += plan(q).find("CyclicJoin") != std::string::npos;
      ++compared;
      nonEmpty += !expected.empty() && expected.front() != "0";
    }
  }
  EXPECT_GT(chosen, compared / 2) << chosen << " of " << compared;
  // A property equality pins a node: its expansions stay (the property seek starts there).
  const std::string pinned = "MATCH (a:N {id: 1})-[:T]->(b)-[:T]->(c)-[:T]->(a) RETURN count(*)";
  EXPECT_EQ(plan(pinned).find("CyclicJoin"), std::string::npos) << plan(pinned);
  EXPECT_EQ(rows(pinned, true), rows(pinned, false));
  EXPECT_GT(nonEmpty, compared / 2);
}

}  // namespace cyclic_expand_test
}  // namespace cairn::cypher
