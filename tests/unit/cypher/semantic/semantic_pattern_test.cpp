// Pattern rules of the semantic pass for CREATE and MERGE: VariableAlreadyBound,
// NoSingleRelationshipType, RequiresDirectedRelationship, CreatingVarLength, and
// InvalidParameterUse in MATCH and MERGE.

#include <gtest/gtest.h>

#include "tests/unit/cypher/semantic/semantic_test_support.h"

namespace cairn::cypher::semantic_test {
namespace {

TEST(SemanticPatternTest, RejectsPatternsThatCannotBeCreated) {
  const RejectedCase cases[] = {
      {"MATCH (a) CREATE (a)", "VariableAlreadyBound"},
      {"MATCH (a) CREATE (a {name: 'foo'}) RETURN a", "VariableAlreadyBound"},
      {"CREATE (n:Foo)-[:T1]->(), (n:Bar)-[:T2]->()", "VariableAlreadyBound"},
      {"CREATE (n:Foo) CREATE (n {})-[:OWNS]->(:Dog)", "VariableAlreadyBound"},
      {"MATCH ()-[r]->() CREATE ()-[r]->()", "VariableAlreadyBound"},
      {"MATCH (a) MERGE (a)", "VariableAlreadyBound"},
      {"CREATE (a:Foo) MERGE (a)-[r:KNOWS]->(a:Bar)", "VariableAlreadyBound"},
      {"MATCH (a)-[r]->(b) MERGE (a)-[r]->(b)", "VariableAlreadyBound"},
      {"CREATE ()-->()", "NoSingleRelationshipType"},
      {"CREATE ()-[:A|:B]->()", "NoSingleRelationshipType"},
      {"MATCH (a), (b) MERGE (a)-[NO_COLON]->(b)", "NoSingleRelationshipType"},
      {"CREATE (a)-[:FOO]-(b)", "RequiresDirectedRelationship"},
      {"CREATE (a)<-[:FOO]->(b)", "RequiresDirectedRelationship"},
      {"CREATE ()-[:FOO*2]->()", "CreatingVarLength"},
      {"MERGE (a) MERGE (b) MERGE (a)-[:FOO*2]->(b)", "CreatingVarLength"},
      {"MATCH (n $param) RETURN n", "InvalidParameterUse"},
      {"MATCH ()-[r:FOO $param]->() RETURN r", "InvalidParameterUse"},
      {"MERGE (n $param) RETURN n", "InvalidParameterUse"},
      {"WITH 1 AS a CREATE (a)-[:T]->()", "VariableTypeConflict"},
  };
  for (const RejectedCase& c : cases) expectRejected(c);
}

TEST(SemanticPatternTest, AcceptsCreatableAndMergeablePatterns) {
  const char* cases[] = {
      "CREATE (n $param)",
      "CREATE (a:A {x: 1}), (a)-[:R]->(b:B), (b)<-[:S {y: 2}]-(a)",
      "MATCH (a), (b) CREATE (a)-[:R]->(b)",
      "CREATE (a) CREATE (a)-[:R]->(:B)",
      "MERGE (a)-[:R]-(b)",
      "MATCH (a) MERGE (a)-[r:R]->(b:B {x: a.x}) ON CREATE SET r.created = true",
      "UNWIND [1, 2] AS i CREATE ({v: i})",
      "MATCH (n {name: $name}) RETURN n",
  };
  for (const char* query : cases) expectAccepted(query);
}

}  // namespace
}  // namespace cairn::cypher::semantic_test
