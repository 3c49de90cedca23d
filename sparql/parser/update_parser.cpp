// SPARQL 1.1 Update requests (spec §19.8 Update ... TriplesTemplate, rules [29]-[52]) and the
// rules the grammar leaves to its notes: no variables in INSERT DATA / DELETE DATA, no blank
// nodes in DELETE DATA, DELETE WHERE or DELETE templates, no blank node label shared by two
// operations of a request. WHERE clauses go through the query path (parseWhereClause), so they
// translate exactly as a query's WHERE clause does.

#include <algorithm>
#include <iterator>

#include "core/check.h"
#include "core/error.h"
#include "sparql/parser/parser.h"

namespace cairn::sparql {

using query::PatternTerm;

namespace {

// Sets a parser setting for the block being read and restores the previous value after it.
template <typename T>
class ScopedSetting {
 public:
  ScopedSetting(T& setting, T value) : setting_(setting), saved_(std::move(setting)) {
    setting_ = std::move(value);
  }
  ~ScopedSetting() { setting_ = std::move(saved_); }
  ScopedSetting(const ScopedSetting&) = delete;
  ScopedSetting& operator=(const ScopedSetting&) = delete;

 private:
  T& setting_;
  T saved_;
};

std::vector<query::QuadPattern> quadPatterns(const std::vector<QuadBlock>& blocks) {
  std::vector<query::QuadPattern> out;
  for (const QuadBlock& block : blocks) {
    for (const TripleSyntax& t : block.triples) {
      CAIRN_CHECK(!t.path, "templates are parsed without property paths");
      out.push_back({block.graph, t.subject, t.predicate, t.object});
    }
  }
  return out;
}

// Mutable, so DATA blocks can move their terms out.
core::Term& groundTerm(PatternTerm& term) {
  CAIRN_CHECK(!term.isVariable, "variables are rejected while DATA blocks are parsed");
  return term.term;
}

}  // namespace

query::UpdateRequest Parser::parseUpdate() {
  inUpdate_ = true;
  query::UpdateRequest request;
  // Update ::= Prologue ( Update1 ( ';' Update )? )?
  parsePrologue();
  while (peek().kind != TokenKind::kEnd) {
    request.operations.push_back(parseUpdateOperation());
    ++operation_;
    if (peek().kind == TokenKind::kEnd) break;
    if (!acceptPunct(";")) expected("';' or end of update");
    parsePrologue();
  }
  return request;
}

query::UpdateOperation Parser::parseUpdateOperation() {
  const Token& start = peek();
  if (start.isWord("INSERT")) {
    if (peek(1).isWord("DATA")) {
      advance();
      advance();
      return query::InsertData{parseQuadData("INSERT DATA")};
    }
    if (!peek(1).isPunct("{")) {
      advance();
      expected("DATA or '{' after INSERT");
    }
    return parseModify();
  }
  if (start.isWord("DELETE")) {
    if (peek(1).isWord("DATA")) {
      advance();
      advance();
      return query::DeleteData{parseQuadData("DELETE DATA")};
    }
    if (peek(1).isWord("WHERE")) {
      advance();
      advance();
      return parseDeleteWhere();
    }
    if (!peek(1).isPunct("{")) {
      advance();
      expected("DATA, WHERE or '{' after DELETE");
    }
    return parseModify();
  }
  if (start.isWord("WITH")) return parseModify();
  if (acceptWord("LOAD")) {
    query::Load load;
    load.silent = acceptWord("SILENT");
    if (!atIri()) expected("an IRI after LOAD");
    load.source = parseIri();
    if (acceptWord("INTO")) load.into = parseGraphRef("after INTO");
    return load;
  }
  if (acceptWord("CLEAR")) {
    query::Clear clear;
    clear.silent = acceptWord("SILENT");
    clear.target = parseGraphRefAll("CLEAR");
    return clear;
  }
  if (acceptWord("DROP")) {
    query::Drop drop;
    drop.silent = acceptWord("SILENT");
    drop.target = parseGraphRefAll("DROP");
    return drop;
  }
  if (acceptWord("CREATE")) {
    query::Create create;
    create.silent = acceptWord("SILENT");
    create.graph = parseGraphRef("after CREATE");
    return create;
  }
  for (const std::string_view keyword : {"ADD", "MOVE", "COPY"}) {
    if (!acceptWord(keyword)) continue;
    const bool silent = acceptWord("SILENT");
    query::GraphOrDefault from = parseGraphOrDefault("after " + std::string(keyword));
    expectWord("TO", "after the source graph of " + std::string(keyword));
    query::GraphOrDefault to = parseGraphOrDefault("after TO");
    if (keyword == "ADD") return query::Add{std::move(from), std::move(to), silent};
    if (keyword == "MOVE") return query::Move{std::move(from), std::move(to), silent};
    return query::Copy{std::move(from), std::move(to), silent};
  }
  expected(
      "an update operation (INSERT, DELETE, WITH, LOAD, CLEAR, DROP, CREATE, ADD, MOVE or COPY)");
}

void Parser::parseQuads(std::string_view what, const TripleRunSink& take) {
  expectPunct("{", "to open " + std::string(what));
  // Quads ::= TriplesTemplate? ( QuadsNotTriples '.'? TriplesTemplate? )*: triples not ended
  // by '.' may only be followed by a GRAPH block or the closing '}'.
  std::vector<TripleSyntax> run;  // one TriplesSameSubject at a time, its capacity reused
  bool triplesAllowed = true;
  bool inDefaultBlock = false;
  while (!peek().isPunct("}")) {
    if (acceptWord("GRAPH")) {
      if (peek().kind == TokenKind::kVariable) checkVariableAllowed(peek());
      PatternTerm graph = parseVarOrIri("or IRI after GRAPH");
      expectPunct("{", "after GRAPH " + query::toString(graph));
      // TriplesTemplate? '}'; an empty GRAPH block is still a block (GRAPH ?g {} binds ?g).
      bool first = true;
      while (!peek().isPunct("}")) {
        if (!atTriplesStart()) expected("a triple or '}' in the GRAPH block");
        parseTriplesSameSubject(run, false);
        take(&graph, first, run);
        run.clear();
        first = false;
        if (!acceptPunct(".")) break;
      }
      expectPunct("}", "to close the GRAPH block");
      if (first) take(&graph, true, run);
      acceptPunct(".");
      triplesAllowed = true;
      inDefaultBlock = false;
    } else if (atTriplesStart()) {
      if (!triplesAllowed) expected("'.', GRAPH or '}' after the triple");
      parseTriplesSameSubject(run, false);
      take(nullptr, !inDefaultBlock, run);
      run.clear();
      inDefaultBlock = true;
      triplesAllowed = acceptPunct(".");
    } else {
      expected("a triple, GRAPH or '}' in " + std::string(what));
    }
  }
  advance();
}

std::vector<QuadBlock> Parser::parseQuadBlocks(std::string_view what) {
  std::vector<QuadBlock> blocks;
  parseQuads(what, [&](PatternTerm* graph, bool newBlock, std::vector<TripleSyntax>& run) {
    if (newBlock) {
      blocks.emplace_back();
      if (graph != nullptr) blocks.back().graph = *graph;
    }
    std::move(run.begin(), run.end(), std::back_inserter(blocks.back().triples));
  });
  return blocks;
}

std::vector<query::Quad> Parser::parseQuadData(std::string_view keyword) {
  // DATA holds ground quads: blank nodes stay blank nodes (as in a template), variables are
  // refused, and DELETE DATA refuses blank nodes too.
  ScopedSetting<bool> constants(inTemplate_, true);
  ScopedSetting<bool> data(inData_, true);
  ScopedSetting<std::string> noVariables(variablesForbiddenIn_, std::string(keyword));
  ScopedSetting<std::string> noBlankNodes(
      blankNodesForbiddenIn_, keyword == "DELETE DATA" ? std::string(keyword) : std::string());
  // Each run of triples becomes quads as soon as it is parsed: a list of every TripleSyntax
  // (~0.5 KB each, moved again whenever the list grows) cost a 10K-triple INSERT DATA more than
  // its tokenizing.
  std::vector<query::Quad> quads;
  std::optional<std::string> graph;
  auto take = [&](PatternTerm* graphTerm, bool newBlock, std::vector<TripleSyntax>& run) {
    if (newBlock) {
      graph.reset();
      if (graphTerm != nullptr) graph = groundTerm(*graphTerm).value;
    }
    for (TripleSyntax& t : run) {
      quads.push_back({graph, std::move(groundTerm(t.subject)), std::move(groundTerm(t.predicate)),
                       std::move(groundTerm(t.object))});
    }
  };
  parseQuads(keyword, take);
  return quads;
}

query::Modify Parser::parseModify() {
  // Modify ::= ( 'WITH' iri )? ( DeleteClause InsertClause? | InsertClause ) UsingClause*
  //            'WHERE' GroupGraphPattern
  query::Modify modify;
  if (acceptWord("WITH")) {
    if (!atIri()) expected("an IRI after WITH");
    modify.with = parseIri();
  }
  const bool hasDelete = acceptWord("DELETE");
  if (hasDelete) {
    ScopedSetting<bool> constants(inTemplate_, true);
    ScopedSetting<std::string> noBlankNodes(blankNodesForbiddenIn_, "a DELETE template");
    modify.deleteTemplate = quadPatterns(parseQuadBlocks("the DELETE template"));
  }
  const bool hasInsert = acceptWord("INSERT");
  if (hasInsert) {
    ScopedSetting<bool> constants(inTemplate_, true);
    modify.insertTemplate = quadPatterns(parseQuadBlocks("the INSERT template"));
  } else if (!hasDelete) {
    expected("DELETE or INSERT after WITH <iri>");
  }
  while (acceptWord("USING")) {
    const bool named = acceptWord("NAMED");
    if (!atIri()) expected(named ? "an IRI after USING NAMED" : "an IRI or NAMED after USING");
    modify.dataset.specified = true;
    (named ? modify.dataset.namedGraphs : modify.dataset.defaultGraphs).push_back(parseIri());
  }
  if (!peek().isWord("WHERE")) {
    expected(hasInsert || modify.dataset.specified ? "USING or WHERE" : "INSERT, USING or WHERE");
  }
  modify.where = parseWhereClause(true);
  return modify;
}

query::Modify Parser::parseDeleteWhere() {
  // DELETE WHERE { Q } is DELETE { Q } WHERE { Q } (§3.1.3.3).
  ScopedSetting<std::string> noBlankNodes(blankNodesForbiddenIn_, "DELETE WHERE");
  const std::vector<QuadBlock> blocks = parseQuadBlocks("the DELETE WHERE pattern");
  query::Modify modify;
  modify.deleteTemplate = quadPatterns(blocks);
  modify.where = quadsAsPattern(blocks);
  return modify;
}

query::AlgebraPtr Parser::quadsAsPattern(const std::vector<QuadBlock>& blocks) {
  // What parseGroupGraphPattern builds for the same text read as a WHERE clause: each triples
  // run is a triples block, each GRAPH block a Graph node around its own group.
  GroupTranslator group(fresh_);
  for (const QuadBlock& block : blocks) {
    if (!block.graph) {
      group.addTriplesBlock(block.triples);
      continue;
    }
    GroupTranslator inner(fresh_);
    if (!block.triples.empty()) inner.addTriplesBlock(block.triples);
    auto node = std::make_shared<query::GraphNode>(std::vector<query::AlgebraPtr>{inner.finish()});
    node->graph = *block.graph;
    group.addJoin(std::move(node));
  }
  return group.finish();
}

std::string Parser::parseGraphRef(std::string_view context) {
  expectWord("GRAPH", context);
  if (!atIri()) expected("an IRI after GRAPH");
  return parseIri();
}

query::GraphTarget Parser::parseGraphRefAll(std::string_view keyword) {
  using Kind = query::GraphTarget::Kind;
  if (acceptWord("DEFAULT")) return {Kind::kDefault, {}};
  if (acceptWord("NAMED")) return {Kind::kNamed, {}};
  if (acceptWord("ALL")) return {Kind::kAll, {}};
  if (!peek().isWord("GRAPH")) {
    expected("GRAPH <iri>, DEFAULT, NAMED or ALL after " + std::string(keyword));
  }
  return {Kind::kGraph, parseGraphRef("")};
}

query::GraphOrDefault Parser::parseGraphOrDefault(std::string_view context) {
  if (acceptWord("DEFAULT")) return {};
  const bool graphKeyword = acceptWord("GRAPH");
  if (!atIri()) {
    expected(graphKeyword ? "an IRI after GRAPH"
                          : "DEFAULT or a graph IRI " + std::string(context));
  }
  return {parseIri()};
}

}  // namespace cairn::sparql
