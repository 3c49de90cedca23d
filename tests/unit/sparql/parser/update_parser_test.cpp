// SPARQL 1.1 Update parsing (sparql::parseUpdate): every operation form, WITH / USING /
// USING NAMED, prologues between operations, the rules beyond the grammar (no variables in
// DATA, no blank nodes in DELETE, no blank node label shared by operations) with their positions,
// and DELETE WHERE as the Modify it abbreviates. IRIs are kept short with base <http://x/>.

#include <gtest/gtest.h>

#include "core/error.h"
#include "sparql/parser/sparql_parser.h"

namespace cairn::sparql {
namespace update_parser_test {

using query::GraphTarget;

query::UpdateRequest parse(std::string_view text) { return parseUpdate(text, {"http://x/"}); }

// A copy, so it may be taken from a temporary request.
template <typename Op>
Op only(const query::UpdateRequest& request) {
  EXPECT_EQ(request.operations.size(), 1u);
  const Op* op = std::get_if<Op>(&request.operations.at(0));
  if (op == nullptr) throw std::runtime_error("unexpected operation: " + toString(request));
  return *op;
}

struct Failure {
  std::string message;
  uint64_t line = 0;
  uint64_t column = 0;
};

Failure failureOf(std::string_view text) {
  try {
    parse(text);
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kSyntaxError);
    return {e.message(), e.line(), e.column()};
  }
  ADD_FAILURE() << "update was accepted: " << text;
  return {};
}

core::Term iri(std::string_view local) { return core::Term::iri("http://x/" + std::string(local)); }

constexpr std::string_view kInt = "^^<http://www.w3.org/2001/XMLSchema#integer>";

TEST(SparqlUpdateParser, InsertDataHoldsGroundQuadsWithTheirGraphs) {
  const auto& op = only<query::InsertData>(
      parse("PREFIX : <http://x/> INSERT DATA { :s :p 'a', 1 . GRAPH :g { :s a :C } :t :p :o }"));
  ASSERT_EQ(op.quads.size(), 4u);
  EXPECT_EQ(op.quads[0], (query::Quad{std::nullopt, iri("s"), iri("p"), core::Term::literal("a")}));
  EXPECT_EQ(op.quads[1].object,
            core::Term::literal("1", "http://www.w3.org/2001/XMLSchema#integer"));
  EXPECT_EQ(
      op.quads[2],
      (query::Quad{"http://x/g", iri("s"),
                   core::Term::iri("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"), iri("C")}));
  EXPECT_EQ(op.quads[3].graph, std::nullopt);
  EXPECT_EQ(op.quads[3].subject, iri("t"));
}

TEST(SparqlUpdateParser, InsertDataBlankNodesStayBlankNodes) {
  // A label names one node across the operation's GRAPH blocks; [] and collections get labels
  // no request can write (leading '.').
  const auto& op = only<query::InsertData>(
      parse("INSERT DATA { GRAPH <g1> { _:b <p> [ <q> 1 ] } GRAPH <g2> { _:b <p> (2) } }"));
  ASSERT_EQ(op.quads.size(), 5u);
  EXPECT_EQ(op.quads[0].subject, core::Term::blank(".b1"));
  EXPECT_EQ(op.quads[1].subject, core::Term::blank("b"));
  EXPECT_EQ(op.quads[1].object, core::Term::blank(".b1"));
  EXPECT_EQ(op.quads[4].subject, core::Term::blank("b"));
  EXPECT_EQ(op.quads[4].graph, "http://x/g2");
  EXPECT_EQ(op.quads[4].object.kind, core::TermKind::kBlank);
  EXPECT_TRUE(op.quads[4].object.value.starts_with("."));
}

TEST(SparqlUpdateParser, DeleteDataAndEmptyBlocks) {
  const auto& op = only<query::DeleteData>(parse("DELETE DATA { <s> <p> <o> . GRAPH <g> { } }"));
  ASSERT_EQ(op.quads.size(), 1u);
  EXPECT_EQ(toString(op.quads[0]), "<http://x/s> <http://x/p> <http://x/o>");
  EXPECT_TRUE(only<query::InsertData>(parse("INSERT DATA {}")).quads.empty());
}

TEST(SparqlUpdateParser, GraphManagementOperations) {
  const auto load = only<query::Load>(parse("LOAD <doc>"));
  EXPECT_EQ(load.source, "http://x/doc");
  EXPECT_EQ(load.into, std::nullopt);
  EXPECT_FALSE(load.silent);
  const auto loadInto = only<query::Load>(parse("load silent <doc> into graph <g>"));
  EXPECT_EQ(loadInto.into, "http://x/g");
  EXPECT_TRUE(loadInto.silent);

  EXPECT_EQ(only<query::Clear>(parse("CLEAR GRAPH <g>")).target,
            (GraphTarget{GraphTarget::Kind::kGraph, "http://x/g"}));
  EXPECT_EQ(only<query::Clear>(parse("CLEAR DEFAULT")).target.kind, GraphTarget::Kind::kDefault);
  EXPECT_EQ(only<query::Clear>(parse("CLEAR NAMED")).target.kind, GraphTarget::Kind::kNamed);
  EXPECT_TRUE(only<query::Clear>(parse("CLEAR SILENT ALL")).silent);
  const auto drop = only<query::Drop>(parse("DROP SILENT ALL"));
  EXPECT_EQ(drop.target.kind, GraphTarget::Kind::kAll);
  EXPECT_TRUE(drop.silent);
  EXPECT_FALSE(only<query::Drop>(parse("DROP GRAPH <g>")).silent);

  const auto create = only<query::Create>(parse("CREATE SILENT GRAPH <g>"));
  EXPECT_EQ(create.graph, "http://x/g");
  EXPECT_TRUE(create.silent);

  const auto add = only<query::Add>(parse("ADD DEFAULT TO GRAPH <g>"));
  EXPECT_EQ(add.from.iri, std::nullopt);
  EXPECT_EQ(add.to.iri, "http://x/g");
  EXPECT_FALSE(add.silent);
  const auto move = only<query::Move>(parse("MOVE SILENT <a> TO DEFAULT"));
  EXPECT_EQ(move.from.iri, "http://x/a");
  EXPECT_EQ(move.to.iri, std::nullopt);
  EXPECT_TRUE(move.silent);
  const auto copy = only<query::Copy>(parse("COPY GRAPH <a> TO <b>"));
  EXPECT_EQ(copy.from.iri, "http://x/a");
  EXPECT_EQ(copy.to.iri, "http://x/b");
}

TEST(SparqlUpdateParser, ModifyWithUsingAndTemplates) {
  const auto& op = only<query::Modify>(
      parse("PREFIX : <http://x/>\n"
            "WITH :g DELETE { ?s :p ?o } INSERT { ?s :q [ :r ?o ] . GRAPH ?h { _:n :p ?o } }\n"
            "USING :d1 USING NAMED :n1 USING :d2\n"
            "WHERE { ?s :p ?o OPTIONAL { GRAPH ?h { ?s :r ?z } } }"));
  EXPECT_EQ(op.with, "http://x/g");
  EXPECT_EQ(toString(op),
            "Modify WITH <http://x/g>\n"
            "  Delete\n"
            "    ?s <http://x/p> ?o\n"
            "  Insert\n"
            "    _:.b1 <http://x/r> ?o\n"
            "    ?s <http://x/q> _:.b1\n"
            "    _:n <http://x/p> ?o ?h\n"
            "  Using <http://x/d1>\n"
            "  Using <http://x/d2>\n"
            "  UsingNamed <http://x/n1>\n"
            "  Where\n"
            "    LeftJoin\n"
            "      BGP ?s <http://x/p> ?o\n"
            "      Graph ?h\n"
            "        BGP ?s <http://x/r> ?z\n");
  EXPECT_TRUE(op.dataset.specified);
  ASSERT_EQ(op.insertTemplate.size(), 3u);
  EXPECT_EQ(op.insertTemplate[2].graph, query::PatternTerm::var("h"));
  EXPECT_EQ(op.insertTemplate[0].graph, std::nullopt);

  const auto& insertOnly = only<query::Modify>(parse("INSERT { ?s <p> 1 } WHERE { ?s ?p ?o }"));
  EXPECT_EQ(insertOnly.with, std::nullopt);
  EXPECT_TRUE(insertOnly.deleteTemplate.empty());
  EXPECT_EQ(insertOnly.insertTemplate.size(), 1u);
  EXPECT_FALSE(insertOnly.dataset.specified);
  const auto& deleteOnly = only<query::Modify>(parse("WITH <g> DELETE { ?s <p> ?o } WHERE {}"));
  EXPECT_EQ(deleteOnly.deleteTemplate.size(), 1u);
  EXPECT_TRUE(deleteOnly.insertTemplate.empty());
  EXPECT_EQ(query::toString(*deleteOnly.where), "Table\n");
}

TEST(SparqlUpdateParser, WhereClauseIsTranslatedExactlyAsAQueryWhereClause) {
  // Blank nodes, paths, FILTER, BIND, MINUS, subqueries and VALUES: same algebra as ASK.
  const std::string where =
      "{ _:a <p>/<q> ?o ; <r>* [ <s> ?t ] FILTER(?o > 1) MINUS { ?o <u> ?v } "
      "BIND(STR(?o) AS ?w) { SELECT (COUNT(*) AS ?c) { ?x ?y ?z } } VALUES ?k { 1 } }";
  const auto& op =
      only<query::Modify>(parse("DELETE { ?o <p> ?w } INSERT { ?o <q> ?c } WHERE " + where));
  const query::Query ask = parseQuery("ASK WHERE " + where, {"http://x/"});
  EXPECT_EQ(query::toString(*op.where), query::toString(*ask.pattern));
}

TEST(SparqlUpdateParser, DeleteWhereIsTheModifyItAbbreviates) {
  const std::string quads =
      "{ ?s <p> ?o ; <q> 1 . GRAPH <g> { ?s <r> ?x } ?s <t> ?y . GRAPH ?h { } }";
  const auto request = parse("DELETE WHERE " + quads + ";\nDELETE " + quads + " WHERE " + quads);
  ASSERT_EQ(request.operations.size(), 2u);
  EXPECT_EQ(toString(request.operations[0]), toString(request.operations[1]));
  const auto& deleteWhere = std::get<query::Modify>(request.operations[0]);
  EXPECT_EQ(deleteWhere.with, std::nullopt);
  EXPECT_TRUE(deleteWhere.insertTemplate.empty());
  EXPECT_EQ(deleteWhere.deleteTemplate.size(), 4u);
  EXPECT_EQ(toString(request.operations[0]),
            "Modify\n"
            "  Delete\n"
            "    ?s <http://x/p> ?o\n"
            "    ?s <http://x/q> \"1\"" +
                std::string(kInt) +
                "\n"
                "    ?s <http://x/r> ?x <http://x/g>\n"
                "    ?s <http://x/t> ?y\n"
                "  Where\n"
                "    Join\n"
                "      Join\n"
                "        Join\n"
                "          BGP ?s <http://x/p> ?o . ?s <http://x/q> \"1\"" +
                std::string(kInt) +
                "\n"
                "          Graph <http://x/g>\n"
                "            BGP ?s <http://x/r> ?x\n"
                "        BGP ?s <http://x/t> ?y\n"
                "      Graph ?h\n"
                "        Table\n");
  // And the WHERE part is what a query reads from the same text.
  EXPECT_EQ(query::toString(*deleteWhere.where),
            query::toString(*parseQuery("ASK " + quads, {"http://x/"}).pattern));
}

TEST(SparqlUpdateParser, ProloguesBetweenOperationsApplyToTheOperationsAfterThem) {
  const auto request = parse(
      "PREFIX : <http://a/> INSERT DATA { :s :p :o } ;\n"
      "PREFIX : <http://b/> BASE <http://base/dir/> INSERT DATA { :s :p <o> } ;\n"
      "LOAD <doc> INTO GRAPH :g ;\n"
      "PREFIX e: <http://e/>");
  ASSERT_EQ(request.operations.size(), 3u);
  EXPECT_EQ(std::get<query::InsertData>(request.operations[0]).quads.at(0).subject,
            core::Term::iri("http://a/s"));
  const auto& second = std::get<query::InsertData>(request.operations[1]).quads.at(0);
  EXPECT_EQ(second.subject, core::Term::iri("http://b/s"));
  EXPECT_EQ(second.object, core::Term::iri("http://base/dir/o"));
  const auto& load = std::get<query::Load>(request.operations[2]);
  EXPECT_EQ(load.source, "http://base/dir/doc");
  EXPECT_EQ(load.into, "http://b/g");
}

TEST(SparqlUpdateParser, EmptyRequestsAndSeparators) {
  EXPECT_TRUE(parse("").operations.empty());
  EXPECT_TRUE(parse("# nothing\nPREFIX : <http://a/> BASE <http://b/>").operations.empty());
  EXPECT_EQ(parse("CLEAR ALL ;").operations.size(), 1u);
  EXPECT_EQ(parse("CREATE GRAPH <g> ; DROP GRAPH <g> ; CLEAR DEFAULT").operations.size(), 3u);

  Failure f = failureOf("CREATE GRAPH <g>\nLOAD <remote>");
  EXPECT_EQ(f.message, "expected ';' or end of update, found 'LOAD'");
  EXPECT_EQ(f.line, 2u);
  EXPECT_EQ(f.column, 1u);
  f = failureOf("CREATE GRAPH <g> ;; LOAD <remote>");
  EXPECT_EQ(f.message,
            "expected an update operation (INSERT, DELETE, WITH, LOAD, CLEAR, DROP, CREATE, ADD, "
            "MOVE or COPY), found ';'");
  EXPECT_EQ(f.column, 19u);
  EXPECT_EQ(failureOf("CLEAR ALL ; ;").column, 13u);
  EXPECT_EQ(failureOf("; CLEAR ALL").column, 1u);
  EXPECT_EQ(failureOf("PREFIX : <http://a/> ;").column, 22u);
  EXPECT_EQ(failureOf("SELECT * {}").message,
            "expected an update operation (INSERT, DELETE, WITH, LOAD, CLEAR, DROP, CREATE, ADD, "
            "MOVE or COPY), found 'SELECT'");
}

TEST(SparqlUpdateParser, GrammarErrorsSayWhatWasExpected) {
  EXPECT_EQ(failureOf("LOAD ;").message, "expected an IRI after LOAD, found ';'");
  Failure f = failureOf("CREATE DEAFULT");
  EXPECT_EQ(f.message, "expected GRAPH after CREATE, found 'DEAFULT'");
  EXPECT_EQ(f.column, 8u);
  EXPECT_EQ(failureOf("INSERT WHERE { ?s ?p ?o }").message,
            "expected DATA or '{' after INSERT, found 'WHERE'");
  EXPECT_EQ(failureOf("DELETE <s> WHERE {}").message,
            "expected DATA, WHERE or '{' after DELETE, found <s>");
  EXPECT_EQ(failureOf("WITH <g> WHERE {}").message,
            "expected DELETE or INSERT after WITH <iri>, found 'WHERE'");
  EXPECT_EQ(failureOf("DELETE { ?s ?p ?o }").message,
            "expected INSERT, USING or WHERE, found end of update");
  EXPECT_EQ(failureOf("INSERT { ?s ?p ?o } USING NAMED ?g WHERE {}").message,
            "expected an IRI after USING NAMED, found ?g");
  EXPECT_EQ(failureOf("CLEAR <g>").message,
            "expected GRAPH <iri>, DEFAULT, NAMED or ALL after CLEAR, found <g>");
  EXPECT_EQ(failureOf("ADD <a> <b>").message,
            "expected TO after the source graph of ADD, found <b>");
  EXPECT_EQ(failureOf("COPY NAMED TO DEFAULT").message,
            "expected DEFAULT or a graph IRI after COPY, found 'NAMED'");
  EXPECT_EQ(failureOf("INSERT DATA { <s> <p> <o> <t> <p> <o> }").message,
            "expected '.', GRAPH or '}' after the triple, found <t>");
  // No GRAPH inside GRAPH, and no property paths in templates.
  f = failureOf("DELETE DATA {\n  GRAPH <g> { <s> <p> <o> . GRAPH <h> { } } }");
  EXPECT_EQ(f.message, "expected a triple or '}' in the GRAPH block, found 'GRAPH'");
  EXPECT_EQ(f.line, 2u);
  EXPECT_EQ(f.column, 29u);
  EXPECT_EQ(failureOf("INSERT { ?s <p>/<q> ?o } WHERE {}").message,
            "expected a variable or RDF term, found '/'");
  // Queries are not updates and updates are not queries.
  EXPECT_THROW(parseQuery("INSERT DATA { <s> <p> <o> }"), core::Error);
}

TEST(SparqlUpdateParser, NoVariablesInData) {
  Failure f = failureOf("INSERT DATA {\n <s> <p> ?o }");
  EXPECT_EQ(f.message, "variables are not allowed in INSERT DATA, found ?o");
  EXPECT_EQ(f.line, 2u);
  EXPECT_EQ(f.column, 10u);
  f = failureOf("DELETE DATA { ?s <p> <o> }");
  EXPECT_EQ(f.message, "variables are not allowed in DELETE DATA, found ?s");
  EXPECT_EQ(f.column, 15u);
  EXPECT_EQ(failureOf("INSERT DATA { <s> $p <o> }").column, 19u);
  f = failureOf("INSERT DATA { GRAPH ?g { <s> <p> <o> } }");
  EXPECT_EQ(f.message, "variables are not allowed in INSERT DATA, found ?g");
  EXPECT_EQ(f.column, 21u);
  EXPECT_EQ(failureOf("INSERT DATA { <s> <p> [ <q> ?v ] }").column, 29u);
}

TEST(SparqlUpdateParser, NoBlankNodesInDeleteDataDeleteWhereOrDeleteTemplates) {
  Failure f = failureOf("DELETE DATA { _:a <p> <o> }");
  EXPECT_EQ(f.message, "blank nodes are not allowed in DELETE DATA, found _:a");
  EXPECT_EQ(f.column, 15u);
  f = failureOf("DELETE WHERE {\n  ?s <p> [] }");
  EXPECT_EQ(f.message, "blank nodes are not allowed in DELETE WHERE, found '['");
  EXPECT_EQ(f.line, 2u);
  EXPECT_EQ(f.column, 10u);
  f = failureOf("DELETE { ?s <p> [ <q> 1 ] } WHERE { ?s ?p ?o }");
  EXPECT_EQ(f.message, "blank nodes are not allowed in a DELETE template, found '['");
  EXPECT_EQ(f.column, 17u);
  f = failureOf("DELETE { ?s <p> (1 2) } INSERT { ?s <p> (1 2) } WHERE {}");
  EXPECT_EQ(f.message, "blank nodes are not allowed in a DELETE template, found a collection");
  EXPECT_EQ(f.column, 17u);
  EXPECT_EQ(failureOf("DELETE { GRAPH <g> { _:b <p> 1 } } WHERE {}").column, 22u);
  // The empty collection is rdf:nil, not a blank node; INSERT templates and WHERE clauses may
  // have blank nodes.
  EXPECT_NO_THROW(parse("DELETE DATA { <s> <p> () }"));
  EXPECT_NO_THROW(parse("DELETE { ?s <p> ?o } INSERT { _:b <p> [] } WHERE { _:w <p> [] }"));
}

TEST(SparqlUpdateParser, DataBlankNodeLabelsAreNotSharedBetweenOperations) {
  EXPECT_NO_THROW(parse("INSERT DATA { GRAPH <g1> { _:b1 <p> <o> } GRAPH <g2> { _:b1 <p> <o> } }"));
  Failure f = failureOf("INSERT DATA { _:b1 <p> <o> } ;\nINSERT DATA { _:b1 <p> <o> }");
  EXPECT_EQ(f.message,
            "blank node label _:b1 is already used by an earlier operation of this update "
            "request");
  EXPECT_EQ(f.line, 2u);
  EXPECT_EQ(f.column, 15u);
  // DATA labels name one node of the whole request; a template's label is a new node per
  // solution, so it may repeat across operations (W3C basic-update, "INSERTing the same bnode
  // with two INSERT WHERE statement within one request is NOT the same bnode").
  EXPECT_NO_THROW(parse("INSERT { ?s <p> _:x } WHERE { ?s ?p ?o } ; INSERT DATA { _:x <p> 1 }"));
  EXPECT_NO_THROW(parse("INSERT { ?s <p> _:b } WHERE { ?s ?p ?o } ; "
                        "INSERT { ?s <q> _:b } WHERE { ?s ?p ?o }"));
  // WHERE clauses keep the query rule: a label may not span two basic graph patterns.
  EXPECT_EQ(failureOf("DELETE { ?s ?p ?o } WHERE { _:x ?p ?o } ; "
                      "INSERT { ?s <p> 1 } WHERE { _:x ?p ?s }")
                .column,
            71u);
  // Within one operation a template label and a WHERE label are different nodes.
  EXPECT_NO_THROW(parse("INSERT { _:x <p> ?o } WHERE { _:x <q> ?o }"));
}

}  // namespace update_parser_test
}  // namespace cairn::sparql
