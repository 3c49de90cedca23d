// Projections and queries in the semantic pass: ColumnNameConflict, NoExpressionAlias,
// DifferentColumnsInUnion, InvalidClauseComposition, and SKIP / LIMIT
// (NonConstantExpression, NegativeIntegerArgument, InvalidArgumentType).

#include <gtest/gtest.h>

#include "tests/unit/cypher/semantic/semantic_test_support.h"

namespace cairn::cypher::semantic_test {
namespace {

TEST(SemanticProjectionTest, RejectsMalformedProjectionsAndUnions) {
  const RejectedCase cases[] = {
      {"WITH 1 AS a, 2 AS a RETURN a", "ColumnNameConflict"},
      {"RETURN 1 AS a, 2 AS a", "ColumnNameConflict"},
      {"MATCH (a) WITH a, count(*) RETURN a", "NoExpressionAlias"},
      {"MATCH (a) WITH a.name RETURN 1 AS x", "NoExpressionAlias"},
      {"RETURN 1 AS a UNION RETURN 2 AS b", "DifferentColumnsInUnion"},
      {"RETURN 1 AS a UNION ALL RETURN 2 AS b", "DifferentColumnsInUnion"},
      {"RETURN 1 AS a UNION RETURN 2 AS a UNION ALL RETURN 3 AS a", "InvalidClauseComposition"},
      {"RETURN 1 AS a UNION ALL RETURN 2 AS a UNION RETURN 3 AS a", "InvalidClauseComposition"},
      {"MATCH (n) WHERE exists { MATCH (n)-->(m) SET m.prop = 'fail' } RETURN n",
       "InvalidClauseComposition"},
      {"MATCH (n) RETURN n SKIP n.count", "NonConstantExpression"},
      {"MATCH (n) RETURN n LIMIT n.count", "NonConstantExpression"},
      {"MATCH (n) RETURN n SKIP -1", "NegativeIntegerArgument"},
      {"MATCH (n) RETURN n LIMIT -1", "NegativeIntegerArgument"},
      {"MATCH (n) RETURN n LIMIT 1.7", "InvalidArgumentType"},
      {"MATCH (n) RETURN n SKIP 1.5", "InvalidArgumentType"},
  };
  for (const RejectedCase& c : cases) expectRejected(c);
}

TEST(SemanticProjectionTest, AcceptsWellFormedProjectionsAndUnions) {
  const char* cases[] = {
      "RETURN 1 AS a UNION RETURN 2 AS a UNION RETURN 3 AS a",
      "RETURN 1 AS a, 2 AS b UNION ALL RETURN 3 AS b, 4 AS a",
      "MATCH (a) WITH a, a.name AS name RETURN name",
      "MATCH (a) RETURN a.name, a.age",
      "MATCH (a) RETURN a SKIP 1 LIMIT $limit",
      "MATCH (a) RETURN a SKIP toInteger(2.5) LIMIT 0",
      "MATCH (a) WITH * RETURN *",
      "MATCH (a) RETURN *, a.name AS name",
  };
  for (const char* query : cases) expectAccepted(query);
}

}  // namespace
}  // namespace cairn::cypher::semantic_test
