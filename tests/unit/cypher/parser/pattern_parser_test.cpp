#include <gtest/gtest.h>

#include "core/error.h"
#include "cypher/ast/ast_printer.h"
#include "cypher/parser/parser.h"

namespace cairn::cypher {
namespace pattern_parser_test {

// The S-expression of the pattern of `MATCH <text> RETURN 1`.
std::string pattern(std::string_view text) {
  ast::Statement statement = parseStatement("MATCH " + std::string(text) + " RETURN 1");
  return ast::toSExpression(statement.query.parts[0].clauses[0]->as<ast::MatchClause>().pattern);
}

core::Error errorOf(std::string_view query) {
  try {
    parseStatement(query);
  } catch (const core::Error& e) {
    return e;
  }
  ADD_FAILURE() << "no error for " << query;
  return core::Error(core::ErrorCode::kInvalidArgument, "none");
}

TEST(PatternParserTest, NodePatterns) {
  EXPECT_EQ(pattern("()"), "(pattern (path (node)))");
  EXPECT_EQ(pattern("(n)"), "(pattern (path (node n)))");
  EXPECT_EQ(pattern("(:A)"), "(pattern (path (node :A)))");
  EXPECT_EQ(pattern("(n:A:B {k: 1, m: 'x'})"),
            "(pattern (path (node n :A :B (map (k 1) (m 'x')))))");
  EXPECT_EQ(pattern("(n $props)"), "(pattern (path (node n $props)))");
  EXPECT_EQ(pattern("(`a b`:`C d`)"), "(pattern (path (node `a b` :`C d`)))");
  EXPECT_EQ(pattern("(n:Order)"), "(pattern (path (node n :Order)))");  // keyword as label
  EXPECT_EQ(pattern("(a), (b)"), "(pattern (path (node a)) (path (node b)))");
}

TEST(PatternParserTest, Directions) {
  EXPECT_EQ(pattern("(a)-->(b)"), "(pattern (path (node a) (rel out) (node b)))");
  EXPECT_EQ(pattern("(a)<--(b)"), "(pattern (path (node a) (rel in) (node b)))");
  EXPECT_EQ(pattern("(a)--(b)"), "(pattern (path (node a) (rel either) (node b)))");
  EXPECT_EQ(pattern("(a)<-->(b)"), "(pattern (path (node a) (rel both) (node b)))");
  EXPECT_EQ(pattern("(a)-[r]->(b)"), "(pattern (path (node a) (rel out r) (node b)))");
  EXPECT_EQ(pattern("(a)<-[r]-(b)"), "(pattern (path (node a) (rel in r) (node b)))");
  EXPECT_EQ(pattern("(a)-[r]-(b)"), "(pattern (path (node a) (rel either r) (node b)))");
  EXPECT_EQ(pattern("(a)<-[r]->(b)"), "(pattern (path (node a) (rel both r) (node b)))");
  EXPECT_EQ(pattern("(a)-[]-(b)"), "(pattern (path (node a) (rel either) (node b)))");
  EXPECT_EQ(
      pattern("(a)-->()<--(c)-[:T]-(d)"),
      "(pattern (path (node a) (rel out) (node) (rel in) (node c) (rel either :T) (node d)))");
}

TEST(PatternParserTest, RelationshipDetails) {
  EXPECT_EQ(pattern("()-[r:T|:U|V {k: 1}]->()"),
            "(pattern (path (node) (rel out r :T|U|V (map (k 1))) (node)))");
  EXPECT_EQ(pattern("()-[$p]->()"), "(pattern (path (node) (rel out $p) (node)))");
  EXPECT_EQ(pattern("()-[*]->()"), "(pattern (path (node) (rel out *..) (node)))");
  EXPECT_EQ(pattern("()-[*2]->()"), "(pattern (path (node) (rel out *2) (node)))");
  EXPECT_EQ(pattern("()-[*2..]->()"), "(pattern (path (node) (rel out *2..) (node)))");
  EXPECT_EQ(pattern("()-[*..3]->()"), "(pattern (path (node) (rel out *..3) (node)))");
  EXPECT_EQ(pattern("()-[*1..3]->()"), "(pattern (path (node) (rel out *1..3) (node)))");
  EXPECT_EQ(pattern("()-[r:T*0..1 {x: 2}]->()"),
            "(pattern (path (node) (rel out r :T *0..1 (map (x 2))) (node)))");
  EXPECT_EQ(pattern("()-[ * 1 .. 3 ]->()"), "(pattern (path (node) (rel out *1..3) (node)))");
}

TEST(PatternParserTest, VariableLengthBounds) {
  ast::Statement statement =
      parseStatement("MATCH ()-[*2..]->(), ()-[*]->(), ()-[*3]->() RETURN 1");
  const auto& parts = statement.query.parts[0].clauses[0]->as<ast::MatchClause>().pattern.parts;
  ASSERT_TRUE(parts[0].relationships[0].length.has_value());
  EXPECT_EQ(parts[0].relationships[0].length->min, 2);
  EXPECT_FALSE(parts[0].relationships[0].length->max.has_value());
  EXPECT_FALSE(parts[1].relationships[0].length->min.has_value());
  EXPECT_FALSE(parts[1].relationships[0].length->max.has_value());
  EXPECT_EQ(parts[2].relationships[0].length->min, 3);
  EXPECT_EQ(parts[2].relationships[0].length->max, 3);
}

TEST(PatternParserTest, NamedPathsAndShortestPaths) {
  EXPECT_EQ(pattern("p = (a)-->(b)"), "(pattern (path = p (node a) (rel out) (node b)))");
  EXPECT_EQ(pattern("p = shortestPath((a)-[*]-(b))"),
            "(pattern (shortest-path = p (node a) (rel either *..) (node b)))");
  EXPECT_EQ(pattern("allShortestPaths((a)-[:T*]->(b))"),
            "(pattern (all-shortest-paths (node a) (rel out :T *..) (node b)))");
  EXPECT_EQ(pattern("p = ((a)-->(b))"), "(pattern (path = p (node a) (rel out) (node b)))");
}

TEST(PatternParserTest, Positions) {
  ast::Statement statement = parseStatement("MATCH (a)\n  -[r]->(b) RETURN 1");
  const auto& part = statement.query.parts[0].clauses[0]->as<ast::MatchClause>().pattern.parts[0];
  EXPECT_EQ(part.nodes[0].position.line, 1u);
  EXPECT_EQ(part.nodes[0].position.column, 7u);
  EXPECT_EQ(part.relationships[0].position.line, 2u);
  EXPECT_EQ(part.relationships[0].position.column, 3u);
  EXPECT_EQ(part.nodes[1].position.column, 9u);
}

TEST(PatternParserTest, Errors) {
  core::Error dots = errorOf("MATCH (a)-[:LIKES..]->(c) RETURN c");
  EXPECT_EQ(dots.detail(), "InvalidRelationshipPattern");
  EXPECT_EQ(dots.line(), 1u);
  EXPECT_EQ(dots.column(), 18u);
  EXPECT_EQ(errorOf("MATCH (a)-[:LIKES*-2]->(c) RETURN c").detail(), "InvalidRelationshipPattern");
  EXPECT_EQ(errorOf("MATCH (a)-[:T*1.5]->(c) RETURN c").detail(), "InvalidRelationshipPattern");
  EXPECT_EQ(errorOf("MATCH (a RETURN a").detail(), "UnexpectedSyntax");
  EXPECT_EQ(errorOf("MATCH (a)-[r->(b) RETURN a").detail(), "InvalidRelationshipPattern");
  EXPECT_EQ(errorOf("MATCH (a)-(b) RETURN a").detail(), "UnexpectedSyntax");
  EXPECT_EQ(errorOf("MATCH (n {k}) RETURN n").detail(), "UnexpectedSyntax");
}

}  // namespace pattern_parser_test
}  // namespace cairn::cypher
