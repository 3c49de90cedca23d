// Aggregation rules of the semantic pass: InvalidAggregation, NestedAggregation,
// NonConstantExpression, AmbiguousAggregationExpression, and ORDER BY after grouping.

#include <gtest/gtest.h>

#include "tests/unit/cypher/semantic/semantic_test_support.h"

namespace cairn::cypher::semantic_test {
namespace {

TEST(SemanticAggregationTest, RejectsMisplacedAggregates) {
  const RejectedCase cases[] = {
      {"MATCH (a) WHERE count(a) > 10 RETURN a", "InvalidAggregation"},
      {"MATCH (n) RETURN n.num1 ORDER BY max(n.num2)", "InvalidAggregation"},
      {"MATCH (n) WITH n.num1 AS foo ORDER BY count(1) RETURN foo AS foo", "InvalidAggregation"},
      {"MATCH (n) RETURN [x IN [1, 2, 3] | count(*)]", "InvalidAggregation"},
      {"MATCH (n) CALL test.labels(count(n)) YIELD label RETURN label", "InvalidAggregation"},
      {"MATCH (n) SET n.c = count(*)", "InvalidAggregation"},
      {"UNWIND [1] AS x WITH x WHERE sum(x) > 1 RETURN x", "InvalidAggregation"},
      {"RETURN count(count(*))", "NestedAggregation"},
      {"RETURN sum(1 + max(2)) AS s", "NestedAggregation"},
      {"RETURN count(rand())", "NonConstantExpression"},
      {"MATCH (me)--(you) RETURN me.age + count(you.age)", "AmbiguousAggregationExpression"},
      {"MATCH (me)--(you) RETURN me.age + you.age, me.age + you.age + count(*)",
       "AmbiguousAggregationExpression"},
      {"MATCH (me)--(you) WITH me.age + count(you.age) AS agg RETURN *",
       "AmbiguousAggregationExpression"},
      {"MATCH (me)--(you) WITH me.age + you.age AS ages, count(*) AS cnt "
       "ORDER BY me.age + you.age + count(*) RETURN *",
       "AmbiguousAggregationExpression"},
      {"MATCH (me)--(you) WITH count(you.age) AS agg ORDER BY me.age + count(you.age) RETURN *",
       "UndefinedVariable"},
      {"MATCH (a) WITH a.num2 % 3 AS mod, min(a.num) AS min ORDER BY sum(a.num) RETURN mod",
       "UndefinedVariable"},
      {"MATCH (a) RETURN DISTINCT a.name ORDER BY a.age", "UndefinedVariable"},
  };
  for (const RejectedCase& c : cases) expectRejected(c);
}

TEST(SemanticAggregationTest, AcceptsAggregatesWhereTheyBelong) {
  const char* cases[] = {
      "MATCH (n) RETURN count(*)",
      "MATCH (n) RETURN n.name, count(*) AS c ORDER BY c",
      "MATCH (n) RETURN n, count(*) + 1 AS c",
      "MATCH (n) RETURN n, n.x + count(*) AS c",
      "MATCH (me)--(you) RETURN me.age AS age, me.age + count(you.age) AS c",
      "MATCH (me)--(you) WITH me.age AS age, count(you.age) AS cnt "
      "ORDER BY age, age + count(you.age) RETURN age",
      "MATCH (me)--(you) WITH me.age AS age, count(you.age) AS cnt "
      "ORDER BY me.age + count(you.age) RETURN age",
      "MATCH (p) WITH avg(p.age) AS a ORDER BY $age + avg(p.age) - 1000 RETURN a",
      "MATCH (a) RETURN DISTINCT a.name ORDER BY a.name",
      "MATCH (a) WITH a, count(*) AS c WHERE c > 1 RETURN a",
      "MATCH (n) RETURN [x IN collect(n.x) | x + 1] AS l",
      "MATCH (n) RETURN size(collect(n)) AS s, count(*) * 2 AS d",
      "MATCH (n) RETURN count(DISTINCT n.x) AS c, $p + count(*) AS d",
      "MATCH (n) WITH * , count(*) AS c RETURN c",
      "RETURN rand() AS r",
  };
  for (const char* query : cases) expectAccepted(query);
}

}  // namespace
}  // namespace cairn::cypher::semantic_test
