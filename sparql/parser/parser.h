#pragma once
// The recursive-descent parser behind parseQuery and parseUpdate (grammar of spec §19.8), split
// by concern: parser.cpp holds the token cursor, prologue and RDF terms; expression_parser.cpp
// the expression grammar; pattern_parser.cpp group graph patterns, triples and property paths;
// query_parser.cpp the query forms and solution modifiers; update_parser.cpp the update
// operations, quad templates and quad data (which reuse the triples and pattern parts).
//
// The parser translates as it reads (sparql/translate/): each group graph pattern is fed into a
// GroupTranslator and aggregates are lifted into the enclosing query level as they are met.

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "query/algebra/op_traits.h"
#include "query/algebra/query.h"
#include "query/algebra/update.h"
#include "sparql/parser/lexer.h"
#include "sparql/parser/sparql_parser.h"
#include "sparql/translate/fresh_variables.h"
#include "sparql/translate/group_translator.h"
#include "sparql/translate/query_translator.h"

namespace cairn::sparql {

// Part of an update's QuadPattern or QuadData as written: a run of default-graph triples or one
// GRAPH block. Kept in order, so DELETE WHERE can translate its quads as a WHERE clause would.
struct QuadBlock {
  std::optional<query::PatternTerm> graph;  // nullopt: the default graph
  std::vector<TripleSyntax> triples;
};

class Parser {
 public:
  // `baseIri`: the base for relative IRIs before any BASE (see QueryParseOptions::baseIri).
  Parser(std::string_view text, std::string baseIri);

  query::Query parseQuery();
  query::UpdateRequest parseUpdate();

 private:
  // --- token cursor (parser.cpp)
  const Token& peek(size_t ahead = 0) const;
  const Token& advance();
  bool acceptPunct(std::string_view p);
  bool acceptWord(std::string_view keyword);
  void expectPunct(std::string_view p, std::string_view context);
  void expectWord(std::string_view keyword, std::string_view context);
  [[noreturn]] void errorAt(const Token& token, std::string message) const;
  // "expected <what>, found <current token>"
  [[noreturn]] void expected(std::string_view what) const;
  std::string describe(const Token& token) const;  // describeToken, naming the end of an update
  SourcePosition positionOf(const Token& token) const { return {token.line, token.column}; }

  // --- prologue and terms (parser.cpp)
  void parsePrologue();
  std::string resolveIri(std::string_view iri) const;
  bool atIri() const;
  std::string parseIri();  // IRIREF or prefixed name, resolved / expanded
  std::string expandPrefixedName(const Token& token) const;
  bool atLiteral() const;
  core::Term parseLiteral();  // RDFLiteral, NumericLiteral, BooleanLiteral
  core::Term numericLiteral(const Token& token) const;
  std::string parseVariable(std::string_view context);

  // --- expressions (expression_parser.cpp)
  query::Expr parseExpression();
  query::Expr parseAndExpression();
  query::Expr parseRelationalExpression();
  query::Expr parseAdditiveExpression();
  query::Expr parseMultiplicativeExpression();
  // ( '*' UnaryExpression | '/' UnaryExpression )* applied to `left`.
  query::Expr parseMultiplicativeTail(query::Expr left);
  query::Expr parseUnaryExpression();
  query::Expr parsePrimaryExpression();
  query::Expr parseBrackettedExpression();
  std::vector<query::Expr> parseExpressionList();
  std::vector<query::Expr> parseArgs(const Token& name, query::Arity arity);
  bool atBuiltInCall() const;
  query::Expr parseBuiltInCall();
  query::Expr parseAggregate();
  query::Expr parseIriOrFunction(bool requireCall);
  query::Expr parseConstraint();  // FILTER / HAVING / ORDER BY: bracketted, built-in or function

  // --- group graph patterns and triples (pattern_parser.cpp)
  // `ownFilters`, when given, is set when the group's result is a Filter made of the group's
  // own FILTERs (not a filtered sub-group that simplification brought up): only those become
  // an OPTIONAL's LeftJoin condition (§18.2.2.6).
  query::AlgebraPtr parseGroupGraphPattern(bool* ownFilters = nullptr);
  void parseGroupGraphPatternSub(GroupTranslator& group);
  bool atTriplesStart() const;
  // TriplesSameSubjectPath (allowPaths) or TriplesSameSubject (construct templates).
  void parseTriplesSameSubject(std::vector<TripleSyntax>& out, bool allowPaths);
  void parsePropertyList(const query::PatternTerm& subject, std::vector<TripleSyntax>& out,
                         bool allowPaths, bool required);
  query::PatternTerm parseGraphNode(std::vector<TripleSyntax>& out, bool allowPaths);
  query::PatternTerm parseVarOrTerm();
  query::PatternTerm blankNode(const Token& token);  // a labelled blank node
  // `at`: the '[' or '(' that makes the node, for the error where blank nodes are not allowed.
  query::PatternTerm anonymousNode(const Token& at);
  // Update rules the grammar does not state (no-ops in queries): throw at `token` when a
  // variable or a blank node appears where the current update block forbids it.
  void checkVariableAllowed(const Token& token) const;
  void checkBlankNodeAllowed(const Token& token) const;
  query::PropertyPath parsePath();
  query::PropertyPath parsePathSequence();
  query::PropertyPath parsePathElt();
  query::PropertyPath parsePathPrimary();
  query::AlgebraPtr parseValuesBlock();
  query::PatternTerm parseVarOrIri(std::string_view context);
  void nextBgp() { ++bgpId_; }

  // Bounds the recursion of nested groups, expressions, paths and collections, so hostile input
  // fails with a syntax error instead of overflowing the stack.
  class NestingGuard {
   public:
    explicit NestingGuard(Parser& parser);
    ~NestingGuard() { --parser_.depth_; }
    NestingGuard(const NestingGuard&) = delete;
    NestingGuard& operator=(const NestingGuard&) = delete;

   private:
    Parser& parser_;
  };
  static constexpr int kMaxNesting = 256;

  // --- queries (query_parser.cpp)
  TranslatedQuery parseSelectQuery(query::Query* top);
  void parseSelectClause(QueryClauses& clauses);
  void parseDatasetClauses(query::Query& query);
  query::AlgebraPtr parseWhereClause(bool whereRequired);
  void parseSolutionModifiers(QueryClauses& clauses);
  void parseConstructTemplate(query::Query& query);
  void parseTrailingValues(QueryClauses& clauses);

  // --- SPARQL Update (update_parser.cpp)
  query::UpdateOperation parseUpdateOperation();
  // '{' Quads '}' (rules [48]-[52]); `what` names the block in messages ("the INSERT template").
  // Hands each TriplesSameSubject's triples to `take` as soon as they are parsed, with the GRAPH
  // term of their block (nullptr: the default graph) and whether they start a new block (an
  // empty GRAPH block comes as a run of no triples); `take` may move the triples out, not the
  // graph term (later runs of the block come with it again).
  using TripleRunSink = std::function<void(query::PatternTerm* graph, bool newBlock,
                                           std::vector<TripleSyntax>& triples)>;
  void parseQuads(std::string_view what, const TripleRunSink& take);
  // parseQuads() collected into blocks, for templates and DELETE WHERE.
  std::vector<QuadBlock> parseQuadBlocks(std::string_view what);
  std::vector<query::Quad> parseQuadData(std::string_view keyword);
  query::Modify parseModify();
  query::Modify parseDeleteWhere();
  query::AlgebraPtr quadsAsPattern(const std::vector<QuadBlock>& blocks);
  std::string parseGraphRef(std::string_view context);  // 'GRAPH' iri
  query::GraphTarget parseGraphRefAll(std::string_view keyword);
  query::GraphOrDefault parseGraphOrDefault(std::string_view context);

  // The text with its codepoint escapes replaced, when it has any (else empty: the tokens view
  // the caller's text, which outlives the parser).
  const std::string escapesReplaced_;
  const TokenList tokens_;
  size_t pos_ = 0;
  std::string base_;
  std::map<std::string, std::string, std::less<>> prefixes_;
  FreshVariables fresh_;

  // Query blank node labels: the BGP each was first used in (a label may not span BGPs).
  std::map<std::string, int> blankLabelBgp_;
  int bgpId_ = 0;
  // Inside a CONSTRUCT template (and update templates and data) blank nodes stay blank nodes
  // (fresh per solution).
  bool inTemplate_ = false;
  int templateBlankCount_ = 0;

  // SPARQL Update. Where the block being read forbids variables (INSERT / DELETE DATA) or blank
  // nodes (DELETE DATA, DELETE WHERE, DELETE templates), its name for messages; else empty.
  bool inUpdate_ = false;
  std::string variablesForbiddenIn_;
  std::string blankNodesForbiddenIn_;
  // Blank node labels of the request's DATA blocks: the operation each was first used in. A
  // label of INSERT DATA names one new node of the request, so a later operation may not reuse
  // it (spec §19.6, syntax-update-54); template labels are new per solution, and may repeat.
  bool inData_ = false;
  std::map<std::string, size_t> blankLabelOperation_;
  size_t operation_ = 0;

  // Where aggregates may appear (SELECT, HAVING, ORDER BY of the current query level) and where
  // the lifted ones go; null where they may not (WHERE, GROUP BY, inside another aggregate).
  std::vector<query::AggregateCall>* aggregates_ = nullptr;
  std::string aggregateContext_ = "a WHERE clause";
  int depth_ = 0;
};

}  // namespace cairn::sparql
