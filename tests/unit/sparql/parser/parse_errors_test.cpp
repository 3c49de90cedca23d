// Syntax and static errors: code, message and position.

#include <gtest/gtest.h>

#include "core/error.h"
#include "sparql/parser/sparql_parser.h"

namespace cairn::sparql {
namespace {

struct Failure {
  std::string message;
  uint64_t line = 0;
  uint64_t column = 0;
};

Failure failureOf(std::string_view text) {
  try {
    parseQuery(text);
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kSyntaxError);
    return {e.message(), e.line(), e.column()};
  }
  ADD_FAILURE() << "query was accepted: " << text;
  return {};
}

TEST(SparqlParseErrors, SayWhatWasExpectedAndWhere) {
  Failure f = failureOf("SELECT * {\n  ?s ?p ?o\n  SELECT");
  EXPECT_EQ(f.message, "expected a triple pattern, a graph pattern or '}', found 'SELECT'");
  EXPECT_EQ(f.line, 3u);
  EXPECT_EQ(f.column, 3u);

  f = failureOf("SELECT ?x { ?x ?p ?o } LIMIT");
  EXPECT_EQ(f.message, "expected a non-negative integer after LIMIT, found end of query");

  f = failureOf("SELECT * { ?s ?p ?o ?t ?u ?v }");
  EXPECT_EQ(f.message, "expected '.' or '}' after the triple pattern, found ?t");
  EXPECT_EQ(f.column, 21u);

  f = failureOf("PREFIX : <http://x/> SELECT * { ex:a ?p ?o }");
  EXPECT_EQ(f.message, "undefined prefix 'ex:'");
  EXPECT_EQ(f.column, 33u);

  f = failureOf("SELECT (STRLEN(?a, ?b) AS ?n) {}");
  EXPECT_EQ(f.message, "STRLEN takes 1 argument, found 2");
  EXPECT_EQ(f.column, 9u);

  // The argument counts come from query::opArity, shared with the evaluator.
  EXPECT_EQ(failureOf("SELECT (SUBSTR(?a) AS ?n) {}").message,
            "SUBSTR takes 2 to 3 arguments, found 1");
  EXPECT_EQ(failureOf("SELECT (NOW(?a) AS ?n) {}").message, "NOW takes 0 arguments, found 1");
  EXPECT_EQ(failureOf("SELECT (IF(?a, ?b) AS ?n) {}").message, "IF takes 3 arguments, found 2");

  f = failureOf("SELECT * {} extra");
  EXPECT_EQ(f.message, "expected end of query, found 'extra'");
}

TEST(SparqlParseErrors, GroupingRules) {
  EXPECT_EQ(failureOf("SELECT * { ?s ?p ?o } GROUP BY ?s").message,
            "SELECT * is not allowed in a query with GROUP BY or aggregates");
  Failure f = failureOf("SELECT ?s ?o { ?s ?p ?o } GROUP BY ?s");
  EXPECT_EQ(f.message,
            "variable ?o is projected but neither grouped nor aggregated (use GROUP BY ?o or an "
            "aggregate such as SAMPLE)");
  EXPECT_EQ(f.column, 11u);
  EXPECT_EQ(
      failureOf("SELECT ((?o + 1) AS ?x) (COUNT(*) AS ?c) { ?s ?p ?o } GROUP BY (?o + 1)").message,
      "variable ?o in the expression for ?x is neither grouped nor inside an aggregate");
  // An aggregate anywhere in SELECT groups the whole query.
  EXPECT_EQ(failureOf("SELECT ?p (MAX(?o) AS ?m) { ?s ?p ?o }").line, 1u);
  // Keys, aggregates and earlier SELECT expressions are all usable.
  EXPECT_NO_THROW(
      parseQuery("SELECT ?k (SUM(?o) AS ?t) (?t / 2 AS ?h) { ?s ?p ?o } "
                 "GROUP BY (STR(?p) AS ?k)"));
}

TEST(SparqlParseErrors, AggregatesOnlyWhereAllowed) {
  EXPECT_EQ(failureOf("SELECT * { ?s ?p ?o FILTER(COUNT(?o) > 1) }").message,
            "aggregate COUNT is not allowed in a WHERE clause");
  EXPECT_EQ(failureOf("SELECT (SUM(COUNT(?o)) AS ?x) { ?s ?p ?o }").message,
            "aggregate COUNT is not allowed in another aggregate");
  EXPECT_EQ(failureOf("SELECT (COUNT(*) AS ?c) { ?s ?p ?o } GROUP BY (MAX(?o))").message,
            "aggregate MAX is not allowed in GROUP BY");
  EXPECT_NO_THROW(
      parseQuery("SELECT ?s { ?s ?p ?o } GROUP BY ?s HAVING (COUNT(*) > 1) "
                 "ORDER BY DESC(AVG(?o))"));
}

TEST(SparqlParseErrors, ScopingRules) {
  Failure f = failureOf("SELECT * {\n ?s ?p ?o BIND(1 AS ?o) }");
  EXPECT_EQ(f.message, "BIND assigns ?o, which is already in scope in this group graph pattern");
  EXPECT_EQ(f.line, 2u);
  EXPECT_EQ(f.column, 21u);
  // A variable of an inner group is not in scope of a BIND after a MINUS of it.
  EXPECT_NO_THROW(parseQuery("SELECT * { ?s ?p ?o MINUS { ?s ?q ?z } BIND(1 AS ?z) }"));
  EXPECT_EQ(failureOf("SELECT (1 AS ?o) { ?s ?p ?o }").message,
            "variable ?o is already bound by the WHERE clause; AS must introduce a new variable");
  EXPECT_EQ(failureOf("SELECT (1 AS ?x) (2 AS ?x) {}").message,
            "variable ?x is already selected; AS must introduce a new one");
}

TEST(SparqlParseErrors, BlankNodeLabelsMayNotSpanBasicGraphPatterns) {
  EXPECT_NO_THROW(parseQuery("ASK { _:a <p> ?x FILTER(?x) _:a <q> ?y }"));
  Failure f = failureOf("ASK { _:a <p> ?x OPTIONAL { ?x <r> ?z } _:a <q> ?y }");
  EXPECT_EQ(f.message, "blank node label _:a is used in two different basic graph patterns");
  EXPECT_EQ(f.column, 41u);
  EXPECT_EQ(failureOf("ASK { _:a <p> ?x { _:a <q> ?y } }").column, 20u);
  // A CONSTRUCT template is not a basic graph pattern of the query.
  EXPECT_NO_THROW(parseQuery("CONSTRUCT { _:a <p> ?x } { _:a <p> ?x }"));
}

TEST(SparqlParseErrors, ValuesArity) {
  Failure f = failureOf("SELECT * { VALUES (?a ?b) { (1 2) (1) } }");
  EXPECT_EQ(f.message, "VALUES row has 1 values for 2 variables");
  EXPECT_EQ(f.column, 35u);
  EXPECT_NO_THROW(parseQuery("SELECT * { VALUES () { () () } }"));
}

TEST(SparqlParseErrors, GrammarCornerCases) {
  EXPECT_EQ(failureOf("SELECT * { [] . }").message,
            "expected a predicate after the subject, found '.'");
  EXPECT_NO_THROW(parseQuery("SELECT * { [ <p> 1 ] . (1 2) . }"));
  EXPECT_EQ(failureOf("SELECT * { ?s ?p ?o FILTER(_:b) }").message,
            "blank nodes are not allowed in expressions");
  EXPECT_EQ(failureOf("CONSTRUCT WHERE { ?s ?p ?o FILTER(?o) }").message,
            "expected '}' to close the CONSTRUCT WHERE pattern (only triples are allowed), found "
            "'FILTER'");
  EXPECT_EQ(failureOf("SELECT * { ?s ?p ?o } LIMIT 1 LIMIT 2").message,
            "expected end of query, found 'LIMIT'");
  EXPECT_EQ(failureOf("SELECT ?x { ?x <p>+ 'a\\u0000\\uDC00' }").message,
            "\\u escape is not a Unicode scalar value");
}

TEST(SparqlParseErrors, DeepNestingIsASyntaxErrorNotACrash) {
  const std::string deepExpr =
      "ASK { FILTER(" + std::string(100000, '(') + "1" + std::string(100000, ')') + ") }";
  EXPECT_EQ(failureOf(deepExpr).message, "query nested too deeply (more than 256 levels)");
  std::string deepGroup = "ASK ";
  for (int i = 0; i < 100000; ++i) deepGroup += "{";
  EXPECT_EQ(failureOf(deepGroup).message, "query nested too deeply (more than 256 levels)");
  EXPECT_EQ(failureOf("ASK { ?s " + std::string(50000, '(') + "<p> ?o }").message,
            "query nested too deeply (more than 256 levels)");
  std::string deepNodes = "ASK { ?s <p> ";
  for (int i = 0; i < 50000; ++i) deepNodes += "[<p> ";
  EXPECT_EQ(failureOf(deepNodes).message, "query nested too deeply (more than 256 levels)");
  // Within the limit nesting is fine.
  EXPECT_NO_THROW(
      parseQuery("ASK { FILTER(" + std::string(60, '(') + "1" + std::string(60, ')') + ") }"));
}

}  // namespace
}  // namespace cairn::sparql
