// The trail-ends fast path (query/exec/trail_ends.h) against the chain of Expand operators it
// replaces, on random multigraphs with self-loops and parallel relationships: the same distinct
// ends under relationship uniqueness, for several directions, types and lengths.

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "query/exec/plan_info.h"
#include "query/plan/planner.h"
#include "tests/unit/cypher/statement/rewrite_test_fixture.h"

namespace cairn::cypher {
namespace trail_ends_test {

class TrailEndsTest : public RewriteTestFixture {
 protected:
  TrailEndsTest() : RewriteTestFixture(query::plan::kRewriteTrailEnds) {}
};

TEST_F(TrailEndsTest, SameDistinctEndsAsTheExpandChain) {
  std::mt19937 random(42);
  size_t nonEmpty = 0;
  for (int graph = 0; graph < 5; ++graph) {
    write("MATCH (n) DETACH DELETE n");
    const int nodes = 5 + 2 * graph;
    std::string create = "CREATE ";
    for (int i = 0; i < nodes; ++i) {
      create += (i > 0 ? ", " : "") + std::string("(n") + std::to_string(i) +
                ":N {id: " + std::to_string(i) + "})";
    }
    for (int k = 0; k < nodes + 3 + graph * 2; ++k) {
      create += ", (n" + std::to_string(random() % nodes) +
                ")-[:" + (random() % 3 == 0 ? "U" : "T") + "]->(n" +
                std::to_string(random() % nodes) + ")";
    }
    write(create);
    const std::vector<std::string> queries = {
        "MATCH (s:N)-[:T]->()-[:T]->(n) RETURN s.id, count(DISTINCT n.id)",
        "MATCH (s:N)-[:T]->()-[:T|U]->()<-[:T]-(n:N) RETURN s.id, count(DISTINCT n)",
        "MATCH (s:N)-->()-->()-->(n) WHERE n.id > 2 RETURN s.id, count(DISTINCT n.id), "
        "min(n.id), max(n.id), sum(DISTINCT n.id)",
        "MATCH (s:N)-[:T]-()-[:T]-()-[:T]-(n) RETURN s.id, count(DISTINCT n.id)",
        "MATCH (s:N)-[]->()-[]-()-[]->()-[]->(n) RETURN s.id, count(DISTINCT n.id), min(n.id)",
        "MATCH (s:N {id: 1})-[:T]->()-[:U]->(n) RETURN count(DISTINCT n.id)",
    };
    for (const std::string& q : queries) {
      const auto expected = rows(q, false);
      EXPECT_EQ(rows(q, true), expected) << "graph " << graph << ": " << q;
      EXPECT_EQ(rows(q, true, 1), expected) << "graph " << graph << ", batch 1: " << q;
      for (const auto& r : expected) nonEmpty += r.find(" | 0") == std::string::npos ? 1 : 0;
    }
  }
  EXPECT_GT(nonEmpty, 100u);
}

TEST_F(TrailEndsTest, OnlyWhereNothingAboveReadsTheTrail) {
  write("CREATE (a:N {id: 1})-[:T]->(b:N {id: 2})-[:T]->(c:N {id: 3})");
  const std::string chain = "MATCH (s:N)-[:T]->()-[:T]->(n) ";
  EXPECT_NE(plan(chain + "RETURN count(DISTINCT n)").find("TrailEnds"), std::string::npos);
  // Multiplicity matters, or the middle node is read: the chain of expansions stays.
  EXPECT_EQ(plan(chain + "RETURN count(n)").find("TrailEnds"), std::string::npos);
  EXPECT_EQ(plan("MATCH (s:N)-[:T]->(m)-[:T]->(n) RETURN count(DISTINCT m)").find("TrailEnds"),
            std::string::npos);
  EXPECT_EQ(plan("MATCH (s:N)-[:T]->(m)-[:T]->(n) WHERE m.id > 1 RETURN count(DISTINCT n)")
                .find("TrailEnds"),
            std::string::npos);
  EXPECT_EQ(plan("MATCH (x)-[r]->(), (s:N)-[:T]->()-[:T]->(n) RETURN count(DISTINCT n)")
                .find("TrailEnds"),
            std::string::npos);
}

}  // namespace trail_ends_test
}  // namespace cairn::cypher
