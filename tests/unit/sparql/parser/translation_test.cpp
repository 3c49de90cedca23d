// The algebra the parser builds for representative queries (spec §18.2), compared through
// query::toString. IRIs are kept short with BASE <http://x/>.

#include <gtest/gtest.h>

#include "core/error.h"
#include "sparql/parser/sparql_parser.h"

namespace cairn::sparql {
namespace {

std::string algebraOf(std::string_view text) {
  const query::Query q = parseQuery(text, {"http://x/"});
  return query::toString(*q.pattern);
}

constexpr std::string_view kInt = "^^<http://www.w3.org/2001/XMLSchema#integer>";

std::string intLit(int v) { return "\"" + std::to_string(v) + "\"" + std::string(kInt); }

TEST(SparqlTranslation, FiltersWrapTheWholeGroupAndOptionalFiltersBecomeLeftJoinConditions) {
  EXPECT_EQ(algebraOf("SELECT * { ?s <p> ?o FILTER(?o > 1) OPTIONAL { ?s <q> ?z FILTER(?z) } "
                      "?s <r> ?w }"),
            "Project ?s ?o ?z ?w\n"
            "  Filter (?o > " +
                intLit(1) +
                ")\n"
                "    Join\n"
                "      LeftJoin ?z\n"
                "        BGP ?s <http://x/p> ?o\n"
                "        BGP ?s <http://x/q> ?z\n"
                "      BGP ?s <http://x/r> ?w\n");
}

TEST(SparqlTranslation, EmptyGroupIsTheUnitTableAndJoinsWithItVanish) {
  EXPECT_EQ(algebraOf("ASK {}"), "Table\n");
  EXPECT_EQ(algebraOf("ASK { {} ?s ?p ?o {} }"), "BGP ?s ?p ?o\n");
  EXPECT_EQ(algebraOf("ASK { OPTIONAL { ?s ?p ?o } }"),
            "LeftJoin\n"
            "  Table\n"
            "  BGP ?s ?p ?o\n");
}

TEST(SparqlTranslation, MinusBindUnionGraphAndValues) {
  EXPECT_EQ(algebraOf("SELECT * { ?s <p> ?o MINUS { ?s <q> 1 } BIND(STR(?o) AS ?t) "
                      "{ ?s <a> ?u } UNION { ?s <b> ?u } GRAPH ?g { ?s <c> ?v } "
                      "VALUES ?k { 1 UNDEF } }"),
            "Project ?s ?o ?t ?u ?g ?v ?k\n"
            "  Join\n"
            "    Join\n"
            "      Join\n"
            "        Extend ?t := STR(?o)\n"
            "          Minus\n"
            "            BGP ?s <http://x/p> ?o\n"
            "            BGP ?s <http://x/q> " +
                intLit(1) +
                "\n"
                "        Union\n"
                "          BGP ?s <http://x/a> ?u\n"
                "          BGP ?s <http://x/b> ?u\n"
                "      Graph ?g\n"
                "        BGP ?s <http://x/c> ?v\n"
                "    Values (?k) (" +
                intLit(1) + ") (UNDEF)\n");
}

TEST(SparqlTranslation, QueryBlankNodesBecomeDotVariablesHiddenFromSelectStar) {
  const query::Query q = parseQuery("SELECT * { _:a <p> [ <q> ?o ] . ?o <r> (1) }", {"http://x/"});
  EXPECT_EQ(query::toString(*q.pattern),
            "Project ?o\n"
            "  BGP ?.b1 <http://x/q> ?o . ?._a <http://x/p> ?.b1 . "
            "?.b2 <http://www.w3.org/1999/02/22-rdf-syntax-ns#first> " +
                intLit(1) +
                " . ?.b2 <http://www.w3.org/1999/02/22-rdf-syntax-ns#rest> "
                "<http://www.w3.org/1999/02/22-rdf-syntax-ns#nil> . ?o <http://x/r> ?.b2\n");
  EXPECT_EQ(q.projection, std::vector<std::string>{"o"});
}

TEST(SparqlTranslation, PathsExpandLinksInversesAndSequencesOnly) {
  EXPECT_EQ(algebraOf("ASK { ?s <a>/^<b> ?o . ?s <c>* ?o . ?s !(<d>|^<e>) ?o . ?s ^(<f>|<g>) ?o }"),
            "Join\n"
            "  Join\n"
            "    Join\n"
            "      BGP ?s <http://x/a> ?.p1 . ?o <http://x/b> ?.p1\n"
            "      Path ?s <http://x/c>* ?o\n"
            "    Path ?s !(<http://x/d>|^<http://x/e>) ?o\n"
            "  Path ?o (<http://x/f>|<http://x/g>) ?s\n");
}

TEST(SparqlTranslation, AggregatesAreLiftedIntoGroupWithHavingAboveIt) {
  const query::Query q = parseQuery(
      "SELECT ?s (COUNT(DISTINCT ?o) AS ?n) (SUM(?o) * 2 AS ?d) { ?s <p> ?o } "
      "GROUP BY ?s HAVING (MAX(?o) > 3) ORDER BY DESC(?n) LIMIT 10 OFFSET 5",
      {"http://x/"});
  EXPECT_EQ(query::toString(*q.pattern),
            "Slice offset=5 limit=10\n"
            "  Project ?s ?n ?d\n"
            "    OrderBy DESC(?n)\n"
            "      Extend ?d := (?.agg2 * " +
                intLit(2) +
                ")\n"
                "        Extend ?n := ?.agg1\n"
                "          Filter (?.agg3 > " +
                intLit(3) +
                ")\n"
                "            Group (?s) ?.agg1 := COUNT(DISTINCT ?o) ?.agg2 := SUM(?o) "
                "?.agg3 := MAX(?o)\n"
                "              BGP ?s <http://x/p> ?o\n");
  EXPECT_EQ(q.projection, (std::vector<std::string>{"s", "n", "d"}));
}

TEST(SparqlTranslation, GroupByExpressionsAndGroupConcatSeparator) {
  EXPECT_EQ(algebraOf("SELECT ?k (GROUP_CONCAT(?o; SEPARATOR='|') AS ?all) (COUNT(*) AS ?c) "
                      "{ ?s ?p ?o } GROUP BY (STR(?p) AS ?k) LCASE(?s)"),
            "Project ?k ?all ?c\n"
            "  Extend ?c := ?.agg2\n"
            "    Extend ?all := ?.agg1\n"
            "      Group ((STR(?p) AS ?k), LCASE(?s)) ?.agg1 := GROUP_CONCAT(?o; SEPARATOR=\"|\") "
            "?.agg2 := COUNT(*)\n"
            "        BGP ?s ?p ?o\n");
}

TEST(SparqlTranslation, SubqueryIsNestedAlgebraAndTrailingValuesJoinsBeforeProjection) {
  EXPECT_EQ(algebraOf("SELECT DISTINCT ?s { ?s ?p ?o { SELECT ?s { ?s <q> _:b } LIMIT 1 } } "
                      "VALUES ?s { <a> }"),
            "Distinct\n"
            "  Project ?s\n"
            "    Join\n"
            "      Join\n"
            "        BGP ?s ?p ?o\n"
            "        Slice offset=0 limit=1\n"
            "          Project ?s\n"
            "            BGP ?s <http://x/q> ?._b\n"
            "      Values (?s) (<http://x/a>)\n");
}

TEST(SparqlTranslation, ExistsExpressionsCarryTheirPattern) {
  EXPECT_EQ(algebraOf("ASK { ?s ?p ?o FILTER NOT EXISTS { ?o ?q 1 } FILTER(?o IN (1, 2)) }"),
            "Filter NOT EXISTS {BGP ?o ?q " + intLit(1) + "} && (?o IN (" + intLit(1) + ", " +
                intLit(2) +
                "))\n"
                "  BGP ?s ?p ?o\n");
}

TEST(SparqlTranslation, ExpressionsFollowPrecedenceAndSignedLiterals) {
  EXPECT_EQ(algebraOf("SELECT (?a -1 * 2 + -?b AS ?r) (!?c || ?d && ?e AS ?l) { ?a ?b ?c }"),
            "Project ?r ?l\n"
            "  Extend ?l := (!?c || (?d && ?e))\n"
            "    Extend ?r := ((?a - (" +
                intLit(1) + " * " + intLit(2) +
                ")) + -?b)\n"
                "      BGP ?a ?b ?c\n");
}

TEST(SparqlTranslation, CastsFunctionsAndLiterals) {
  EXPECT_EQ(algebraOf("PREFIX xsd: <http://www.w3.org/2001/XMLSchema#> "
                      "SELECT (xsd:double(?v) AS ?d) (<f>(?v, 'a'@en, 'b'^^xsd:string, true) AS ?g)"
                      " { ?s ?p ?v }"),
            "Project ?d ?g\n"
            "  Extend ?g := <http://x/f>(?v, \"a\"@en, \"b\", "
            "\"true\"^^<http://www.w3.org/2001/XMLSchema#boolean>)\n"
            "    Extend ?d := <http://www.w3.org/2001/XMLSchema#double>(?v)\n"
            "      BGP ?s ?p ?v\n");
}

TEST(SparqlTranslation, QueryFormsFillTheQuery) {
  const query::Query construct = parseQuery(
      "PREFIX : <http://x/> CONSTRUCT { ?s :p [ :q _:l ] } FROM <g> FROM NAMED <h> "
      "WHERE { ?s :r _:l }",
      {"http://x/"});
  EXPECT_EQ(construct.form, query::QueryForm::kConstruct);
  ASSERT_EQ(construct.constructTemplate.size(), 2u);
  // Template blank nodes stay blank nodes; pattern blank nodes became variables.
  EXPECT_EQ(query::toString(construct.constructTemplate[0]), "_:.b1 <http://x/q> _:l");
  EXPECT_EQ(query::toString(construct.constructTemplate[1]), "?s <http://x/p> _:.b1");
  EXPECT_EQ(query::toString(*construct.pattern), "BGP ?s <http://x/r> ?._l\n");
  EXPECT_TRUE(construct.dataset.specified);
  EXPECT_EQ(construct.dataset.defaultGraphs, std::vector<std::string>{"http://x/g"});
  EXPECT_EQ(construct.dataset.namedGraphs, std::vector<std::string>{"http://x/h"});
  EXPECT_EQ(construct.prefixes.at(""), "http://x/");

  const query::Query shorthand = parseQuery("CONSTRUCT WHERE { ?s <p> ?o }", {"http://x/"});
  ASSERT_EQ(shorthand.constructTemplate.size(), 1u);
  EXPECT_EQ(query::toString(shorthand.constructTemplate[0]), "?s <http://x/p> ?o");

  const query::Query describe = parseQuery("DESCRIBE ?s <t>", {"http://x/"});
  EXPECT_EQ(describe.form, query::QueryForm::kDescribe);
  ASSERT_EQ(describe.describe.size(), 2u);
  EXPECT_EQ(query::toString(describe.describe[1]), "<http://x/t>");
  EXPECT_EQ(query::toString(*describe.pattern), "Table\n");
  EXPECT_TRUE(parseQuery("DESCRIBE * { ?s ?p ?o }").describeAll);

  const query::Query service = parseQuery("SELECT * { SERVICE SILENT <http://e/> { ?s ?p ?o } }");
  EXPECT_EQ(query::toString(*service.pattern),
            "Project ?s ?p ?o\n"
            "  Service SILENT <http://e/>\n"
            "    BGP ?s ?p ?o\n");
}

TEST(SparqlTranslation, RelativeIrisResolveAgainstBase) {
  const query::Query q = parseQuery("BASE <http://a/b/c> PREFIX p: <d/> ASK { <../e> p:f <#g> }");
  EXPECT_EQ(q.baseIri, "http://a/b/c");
  EXPECT_EQ(query::toString(*q.pattern), "BGP <http://a/e> <http://a/b/d/f> <http://a/b/c#g>\n");
  // Without any base, relative IRIs stay as written.
  EXPECT_EQ(query::toString(*parseQuery("ASK { <e> <f> <g> }").pattern), "BGP <e> <f> <g>\n");
}

}  // namespace
}  // namespace cairn::sparql
