#include <gtest/gtest.h>

#include "core/error.h"
#include "cypher/ast/ast_printer.h"
#include "cypher/parser/parser.h"

namespace cairn::cypher {
namespace clause_parser_test {

std::string parse(std::string_view query) { return ast::toSExpression(parseStatement(query)); }

core::Error errorOf(std::string_view query) {
  try {
    parseStatement(query);
  } catch (const core::Error& e) {
    return e;
  }
  ADD_FAILURE() << "no error for " << query;
  return core::Error(core::ErrorCode::kInvalidArgument, "none");
}

TEST(ClauseParserTest, MatchAndOptionalMatch) {
  EXPECT_EQ(parse("MATCH (n:A) WHERE n.x > 1 RETURN n"),
            "(query (match (pattern (path (node n :A))) (where (> (prop n x) 1))) "
            "(return (item n)))");
  EXPECT_EQ(parse("optional match (n)-->(m) return m"),
            "(query (match optional (pattern (path (node n) (rel out) (node m)))) "
            "(return (item m)))");
}

TEST(ClauseParserTest, PrinterHeaderExample) {
  EXPECT_EQ(parse("MATCH (a:A)-[*2..]->(b) RETURN a.x + 1 AS y"),
            "(query (match (pattern (path (node a :A) (rel out *2..) (node b)))) "
            "(return (item (+ (prop a x) 1) y)))");
}

TEST(ClauseParserTest, ReturnProjection) {
  EXPECT_EQ(parse("RETURN DISTINCT a AS x, b ORDER BY x DESC, b ASC, c DESCENDING, d ASCENDING, e "
                  "SKIP 1 LIMIT $l"),
            "(query (return distinct (item a x) (item b) (order-by (desc x) (asc b) (desc c) "
            "(asc d) (asc e)) (skip 1) (limit $l)))");
  EXPECT_EQ(parse("MATCH (n) RETURN *"), "(query (match (pattern (path (node n)))) (return *))");
  EXPECT_EQ(parse("MATCH (n) RETURN *, n.x AS y"),
            "(query (match (pattern (path (node n)))) (return * (item (prop n x) y)))");
  EXPECT_EQ(parse("RETURN 1 LIMIT 2"), "(query (return (item 1) (limit 2)))");
}

TEST(ClauseParserTest, ItemTextIsTheSourceAsWritten) {
  ast::Statement statement =
      parseStatement("WITH 1 AS a RETURN a  +  1, toUpper( 'x' ) AS up, count(*), n.`k`");
  const auto& items = statement.query.parts[0].clauses[1]->as<ast::ReturnClause>().body.items;
  ASSERT_EQ(items.size(), 4u);
  EXPECT_EQ(items[0].text, "a  +  1");
  EXPECT_EQ(items[1].text, "toUpper( 'x' )");
  EXPECT_EQ(items[1].alias, "up");
  EXPECT_EQ(items[2].text, "count(*)");
  EXPECT_EQ(items[3].text, "n.`k`");
  EXPECT_EQ(items[0].position.column, 20u);
}

TEST(ClauseParserTest, With) {
  EXPECT_EQ(
      parse("MATCH (n) WITH DISTINCT n.x AS x ORDER BY x SKIP 2 LIMIT 3 WHERE x > 0 RETURN x"),
      "(query (match (pattern (path (node n)))) (with distinct (item (prop n x) x) "
      "(order-by (asc x)) (skip 2) (limit 3) (where (> x 0))) (return (item x)))");
  EXPECT_EQ(parse("MATCH (n) WITH * WHERE n.x RETURN n"),
            "(query (match (pattern (path (node n)))) (with * (where (prop n x))) "
            "(return (item n)))");
}

TEST(ClauseParserTest, Unwind) {
  EXPECT_EQ(parse("UNWIND [1, 2] AS x RETURN x"),
            "(query (unwind (list 1 2) x) (return (item x)))");
  EXPECT_EQ(errorOf("UNWIND [1] RETURN 1").detail(), "UnexpectedSyntax");
}

TEST(ClauseParserTest, Union) {
  EXPECT_EQ(parse("RETURN 1 AS a UNION RETURN 2 AS a"),
            "(union (query (return (item 1 a))) (query (return (item 2 a))))");
  EXPECT_EQ(parse("RETURN 1 AS a UNION ALL RETURN 2 AS a UNION RETURN 3 AS a"),
            "(union (union-all (query (return (item 1 a))) (query (return (item 2 a)))) "
            "(query (return (item 3 a))))");
  ast::Statement statement = parseStatement("RETURN 1 AS a UNION ALL RETURN 2 AS a");
  EXPECT_EQ(statement.query.parts.size(), 2u);
  EXPECT_EQ(statement.query.unionAll, std::vector<bool>{true});
}

TEST(ClauseParserTest, ExplainAndProfile) {
  ast::Statement explain = parseStatement("EXPLAIN MATCH (n) RETURN n");
  EXPECT_EQ(explain.mode, ast::StatementMode::kExplain);
  ast::Statement profile = parseStatement("profile RETURN 1;");
  EXPECT_EQ(profile.mode, ast::StatementMode::kProfile);
  EXPECT_EQ(parseStatement("RETURN 1").mode, ast::StatementMode::kNormal);
  EXPECT_EQ(ast::toSExpression(explain),
            "(explain (query (match (pattern (path (node n)))) (return (item n))))");
}

TEST(ClauseParserTest, Call) {
  EXPECT_EQ(parse("CALL test.my.proc"), "(query (call test.my.proc))");
  EXPECT_EQ(parse("CALL test.my.proc('a', 1) YIELD *"),
            "(query (call test.my.proc (args 'a' 1) (yield *)))");
  EXPECT_EQ(parse("CALL db.labels() YIELD label AS l, count WHERE l <> 'x' RETURN l"),
            "(query (call db.labels (args) (yield label->l count) (where (<> l 'x'))) "
            "(return (item l)))");
  ast::Statement statement = parseStatement("CALL p");
  const auto& call = statement.query.parts[0].clauses[0]->as<ast::CallClause>();
  EXPECT_FALSE(call.explicitArguments);
  EXPECT_FALSE(call.hasYield);
  // YIELD * is for standalone calls only (the TCK's Call5 [7]).
  EXPECT_EQ(errorOf("CALL test.my.proc('Stefan', 1) YIELD *\nRETURN city").detail(),
            "UnexpectedSyntax");
}

TEST(ClauseParserTest, CreateAndMerge) {
  EXPECT_EQ(parse("CREATE (a:A {x: 1})-[:T]->(b), (c)"),
            "(query (create (pattern (path (node a :A (map (x 1))) (rel out :T) (node b)) "
            "(path (node c)))))");
  EXPECT_EQ(parse("MERGE (n:A {k: 1}) ON CREATE SET n.c = 1 ON MATCH SET n.m = 2, n:B "
                  "ON CREATE SET n += {x: 1}"),
            "(query (merge (path (node n :A (map (k 1)))) (on-create (= (prop n c) 1)) "
            "(on-match (= (prop n m) 2) (set-labels n :B)) (on-create (+= n (map (x 1))))))");
  EXPECT_EQ(parse("MERGE p = (a)-[:T]->(b)"),
            "(query (merge (path = p (node a) (rel out :T) (node b))))");
}

TEST(ClauseParserTest, Set) {
  EXPECT_EQ(parse("MATCH (n) SET n.p = 1, n = {a: 1}, n += $m, n:L:M, (n).q = 2, n.a.b = 3"),
            "(query (match (pattern (path (node n)))) (set (= (prop n p) 1) (= n (map (a 1))) "
            "(+= n $m) (set-labels n :L :M) (= (prop n q) 2) (= (prop (prop n a) b) 3)))");
  EXPECT_EQ(errorOf("MATCH (n) SET n = ").detail(), "UnexpectedSyntax");
  EXPECT_EQ(errorOf("MATCH (n) SET n[0] = 1").detail(), "UnexpectedSyntax");
}

TEST(ClauseParserTest, RemoveAndDelete) {
  EXPECT_EQ(
      parse("MATCH (n) REMOVE n.p, n:A:B"),
      "(query (match (pattern (path (node n)))) (remove (prop n p) (remove-labels n :A :B)))");
  EXPECT_EQ(parse("MATCH (n)-[r]-() DELETE r, n"),
            "(query (match (pattern (path (node n) (rel either r) (node)))) (delete r n))");
  EXPECT_EQ(parse("MATCH p = ()-->() DETACH DELETE nodes(p)[0]"),
            "(query (match (pattern (path = p (node) (rel out) (node)))) "
            "(delete detach (index (call nodes p) 0)))");
}

TEST(ClauseParserTest, Foreach) {
  EXPECT_EQ(parse("MATCH (n) FOREACH (x IN [1, 2] | CREATE (:A {v: x}) SET n.v = x "
                  "FOREACH (y IN [x] | MERGE (:B {y: y})))"),
            "(query (match (pattern (path (node n)))) (foreach x (list 1 2) "
            "(create (pattern (path (node :A (map (v x)))))) (set (= (prop n v) x)) "
            "(foreach y (list x) (merge (path (node :B (map (y y))))))))");
  EXPECT_EQ(errorOf("FOREACH (x IN [1] | RETURN x)").detail(), "UnexpectedSyntax");
}

TEST(ClauseParserTest, KeywordsAreCaseInsensitiveNamesAreNot) {
  EXPECT_EQ(parse("match (N:Person) where N.Name = 'x' return N"),
            "(query (match (pattern (path (node N :Person))) (where (= (prop N Name) 'x'))) "
            "(return (item N)))");
}

TEST(ClauseParserTest, CommentsAnywhere) {
  EXPECT_EQ(parse("MATCH (n) // the nodes\n/* all of them */ RETURN n // done"),
            "(query (match (pattern (path (node n)))) (return (item n)))");
}

TEST(ClauseParserTest, ClausePositions) {
  ast::Statement statement = parseStatement("MATCH (n)\nWITH n\n  RETURN n");
  const auto& clauses = statement.query.parts[0].clauses;
  EXPECT_EQ(clauses[1]->position().line, 2u);
  EXPECT_EQ(clauses[1]->position().column, 1u);
  EXPECT_EQ(clauses[2]->position().line, 3u);
  EXPECT_EQ(clauses[2]->position().column, 3u);
}

TEST(ClauseParserTest, SyntaxErrorsCarryPositions) {
  core::Error missing = errorOf("MATCH (n)\nRETURN n,");
  EXPECT_EQ(missing.code(), core::ErrorCode::kSyntaxError);
  EXPECT_EQ(missing.detail(), "UnexpectedSyntax");
  EXPECT_EQ(missing.line(), 2u);
  EXPECT_EQ(missing.column(), 10u);
  core::Error garbage = errorOf("MATCH (n) RETURN n n");
  EXPECT_EQ(garbage.column(), 20u);
  EXPECT_NE(garbage.message().find("'n'"), std::string::npos);
  EXPECT_EQ(errorOf("").detail(), "UnexpectedSyntax");
  EXPECT_EQ(errorOf("RETURN").detail(), "UnexpectedSyntax");
  EXPECT_EQ(errorOf("RETURN [, ] AS literal").detail(), "UnexpectedSyntax");
  EXPECT_EQ(errorOf("RETURN [[[]] AS literal").detail(), "UnexpectedSyntax");
  EXPECT_EQ(errorOf("RETURN {1B2c3e67:1} AS literal").detail(), "UnexpectedSyntax");
  EXPECT_EQ(errorOf("RETURN {k1.k: 1} AS literal").detail(), "UnexpectedSyntax");
  EXPECT_EQ(errorOf("RETURN {{}} AS literal").detail(), "UnexpectedSyntax");
  EXPECT_EQ(errorOf("RETURN 1 AS return").detail(), "UnexpectedSyntax");  // reserved word
  EXPECT_EQ(errorOf("MATCH (n) RETURN n UNION").detail(), "UnexpectedSyntax");
}

}  // namespace clause_parser_test
}  // namespace cairn::cypher
