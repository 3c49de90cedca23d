// Scopes and variable kinds in the semantic pass: UndefinedVariable, VariableAlreadyBound,
// VariableTypeConflict, RelationshipUniquenessViolation, NoVariablesInScope.

#include <gtest/gtest.h>

#include "tests/unit/cypher/semantic/semantic_test_support.h"

namespace cairn::cypher::semantic_test {
namespace {

TEST(SemanticScopeTest, RejectsMisusedVariables) {
  const RejectedCase cases[] = {
      {"MATCH () RETURN foo", "UndefinedVariable"},
      {"MATCH (a) DELETE x", "UndefinedVariable"},
      {"MATCH (a) SET a.name = missing RETURN a", "UndefinedVariable"},
      {"MERGE (n) ON CREATE SET x.num = 1", "UndefinedVariable"},
      {"CREATE (b {name: missing}) RETURN b", "UndefinedVariable"},
      {"MATCH (n) WHERE (n)-[r]->(a) RETURN n", "UndefinedVariable"},
      {"MATCH (n) WHERE (a) RETURN n", "UndefinedVariable"},
      {"WITH 1 AS a, 2 AS b WITH a WITH a ORDER BY b RETURN a", "UndefinedVariable"},
      {"RETURN [x IN [1, 2] | x] AS l, x", "UndefinedVariable"},
      {"MATCH (a) WITH a.x AS x RETURN a", "UndefinedVariable"},
      {"MATCH (a) FOREACH (x IN [1] | CREATE ({v: x})) RETURN x", "UndefinedVariable"},
      {"MATCH (p)-[]-() MATCH p = ()-[]-() RETURN p", "VariableAlreadyBound"},
      {"MATCH p = (p)-[]-() RETURN p", "VariableAlreadyBound"},
      {"MATCH p = ()-[p]-() RETURN p", "VariableAlreadyBound"},
      {"WITH true AS p MATCH p = ()-[]-() RETURN p", "VariableAlreadyBound"},
      {"WITH 'Hi' AS label CALL test.labels() YIELD label RETURN *", "VariableAlreadyBound"},
      {"CALL test.my.proc(null) YIELD a, b AS a RETURN a", "VariableAlreadyBound"},
      {"WITH 1 AS x UNWIND [1] AS x RETURN x", "VariableAlreadyBound"},
      {"MATCH ()-[r]-() MATCH (r) RETURN r", "VariableTypeConflict"},
      {"MATCH r = ()-[]-() MATCH (r) RETURN r", "VariableTypeConflict"},
      {"MATCH ()-[r]-(r) RETURN r", "VariableTypeConflict"},
      {"MATCH r = ()-[]-(), (r) RETURN r", "VariableTypeConflict"},
      {"WITH true AS n MATCH (n) RETURN n", "VariableTypeConflict"},
      {"MATCH (r)-[r]-() RETURN r", "VariableTypeConflict"},
      {"WITH [1] AS r MATCH ()-[r]-() RETURN r", "VariableTypeConflict"},
      {"MATCH (n) WITH [n] AS users MATCH (users)-->(m) RETURN m", "VariableTypeConflict"},
      {"MATCH (a)-[r]->()-[r]->(a) RETURN r", "RelationshipUniquenessViolation"},
      {"MATCH () RETURN *", "NoVariablesInScope"},
      {"MATCH () CREATE () WITH * RETURN *", "NoVariablesInScope"},
  };
  for (const RejectedCase& c : cases) expectRejected(c);
}

TEST(SemanticScopeTest, AcceptsVariablesUsedInScope) {
  const char* cases[] = {
      "MATCH (a)-[r]->(b) MATCH (b)-[s]->(a) RETURN a, r, b, s",
      "MATCH (a) MATCH (a)-->(b) RETURN b",
      "MATCH ()-[r]->() MATCH ()-[r]->() RETURN r",
      "MATCH (a) WITH a MATCH (a)-->(b) RETURN b",
      "MATCH (a) WITH * MATCH (a)-->(b) RETURN *",
      "MATCH (a) WITH a.x AS x WHERE a.y = 1 RETURN x",
      "MATCH (a) RETURN a.x AS x ORDER BY a.y",
      "WITH [1, 2] AS l RETURN [x IN l WHERE x > 1 | x * 2] AS m",
      "RETURN reduce(acc = 0, x IN [1, 2] | acc + x) AS s",
      "MATCH (n) RETURN [(n)-[r]->(m) | m.name] AS names",
      "MATCH (n) WHERE (n)-->() RETURN n",
      "MATCH (n) WHERE exists { (n)-[r]->(m) WHERE m.x = r.y } RETURN n",
      "MATCH (n) WHERE exists { MATCH (n)-->(m) RETURN m } RETURN n",
      "MATCH p = (a)-[*]->(b) RETURN nodes(p), length(p)",
      "MATCH (a)-[rs*]->(b) RETURN size(rs)",
      "WITH $param AS n MATCH (n) RETURN n",
      "UNWIND [1, 2] AS x WITH x AS y RETURN y",
      "MATCH (a) FOREACH (x IN [1, 2] | CREATE (:N {v: x})) RETURN a",
      "CALL test.my.proc(1) YIELD out RETURN out",
      "MATCH (a) OPTIONAL MATCH (a)-[r]->(b) RETURN a, r, b",
      "MATCH () CREATE () WITH * CREATE ()",
      "MATCH (a) WITH DISTINCT a.x AS x WHERE a.y = 1 RETURN x",
  };
  for (const char* query : cases) expectAccepted(query);
}

}  // namespace
}  // namespace cairn::cypher::semantic_test
