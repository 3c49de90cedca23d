// Group graph patterns (spec §19.8 GroupGraphPattern ... GraphPatternNotTriples), triples with
// their abbreviations (';', ',', '[ ]', collections, 'a'), property paths and VALUES data.

#include <algorithm>

#include "core/vocab.h"
#include "sparql/parser/parser.h"

namespace cairn::sparql {

using query::Algebra;
using query::AlgebraKind;
using query::AlgebraPtr;
using query::PatternTerm;
using query::PropertyPath;

namespace {

core::Term rdfTerm(std::string_view local) {
  return core::Term::iri(std::string(core::vocab::kRdf) + std::string(local));
}

}  // namespace

AlgebraPtr Parser::parseGroupGraphPattern(bool* ownFilters) {
  NestingGuard nesting(*this);
  expectPunct("{", "to open a group graph pattern");
  std::vector<query::AggregateCall>* outerAggregates = aggregates_;
  const std::string outerContext = aggregateContext_;
  aggregates_ = nullptr;
  aggregateContext_ = "a WHERE clause";
  nextBgp();
  AlgebraPtr result;
  if (peek().isWord("SELECT")) {
    result = parseSelectQuery(nullptr).pattern;
  } else {
    GroupTranslator group(fresh_);
    parseGroupGraphPatternSub(group);
    if (ownFilters != nullptr) *ownFilters = group.hasFilters();
    result = group.finish();
  }
  expectPunct("}", "to close the group graph pattern");
  nextBgp();
  aggregates_ = outerAggregates;
  aggregateContext_ = outerContext;
  return result;
}

void Parser::parseGroupGraphPatternSub(GroupTranslator& group) {
  std::vector<TripleSyntax> block;
  auto flush = [&] {
    if (block.empty()) return;
    group.addTriplesBlock(block);
    block.clear();
  };
  bool triplesAllowed = true;
  while (!peek().isPunct("}")) {
    if (atTriplesStart()) {
      if (!triplesAllowed) expected("'.' or '}' after the triple pattern");
      parseTriplesSameSubject(block, true);
      triplesAllowed = acceptPunct(".");
      continue;
    }
    flush();
    const Token& token = peek();
    if (token.isWord("FILTER")) {
      advance();
      // A filter does not end the basic graph pattern its blank node labels belong to.
      const int bgp = bgpId_;
      group.addFilter(parseConstraint());
      bgpId_ = bgp;
    } else {
      nextBgp();
      if (token.isPunct("{")) {
        AlgebraPtr left = parseGroupGraphPattern();
        while (acceptWord("UNION")) {
          left = std::make_shared<query::UnionNode>(
              std::vector<AlgebraPtr>{left, parseGroupGraphPattern()});
        }
        group.addJoin(std::move(left));
      } else if (acceptWord("OPTIONAL")) {
        bool ownFilters = false;
        AlgebraPtr optional = parseGroupGraphPattern(&ownFilters);
        group.addOptional(optional, ownFilters);
      } else if (acceptWord("MINUS")) {
        group.addMinus(parseGroupGraphPattern());
      } else if (acceptWord("GRAPH")) {
        PatternTerm graph = parseVarOrIri("or IRI after GRAPH");
        auto node = std::make_shared<query::GraphNode>(
            std::vector<AlgebraPtr>{parseGroupGraphPattern()});
        node->graph = std::move(graph);
        group.addJoin(std::move(node));
      } else if (acceptWord("SERVICE")) {
        const bool silent = acceptWord("SILENT");
        PatternTerm endpoint = parseVarOrIri("or IRI after SERVICE");
        auto node = std::make_shared<query::ServiceNode>(
            std::vector<AlgebraPtr>{parseGroupGraphPattern()});
        node->endpoint = std::move(endpoint);
        node->silent = silent;
        group.addJoin(std::move(node));
      } else if (acceptWord("BIND")) {
        expectPunct("(", "after BIND");
        query::Expr expr = parseExpression();
        expectWord("AS", "in BIND");
        const Token& varToken = peek();
        std::string variable = parseVariable("after AS");
        const auto scope = group.inScope();
        if (std::find(scope.begin(), scope.end(), variable) != scope.end()) {
          errorAt(varToken, "BIND assigns ?" + variable +
                                ", which is already in scope in this group graph pattern");
        }
        expectPunct(")", "to close BIND");
        group.addBind(std::move(variable), std::move(expr));
      } else if (acceptWord("VALUES")) {
        group.addJoin(parseValuesBlock());
      } else {
        expected("a triple pattern, a graph pattern or '}'");
      }
      nextBgp();
    }
    acceptPunct(".");
    triplesAllowed = true;
  }
  flush();
}

bool Parser::atTriplesStart() const {
  if (atLiteral()) return true;
  const Token& token = peek();
  switch (token.kind) {
    case TokenKind::kVariable:
    case TokenKind::kIri:
    case TokenKind::kPrefixedName:
    case TokenKind::kBlankNode:
      return true;
    case TokenKind::kPunct:
      return token.text == "[" || token.text == "(";
    default:
      return false;
  }
}

void Parser::parseTriplesSameSubject(std::vector<TripleSyntax>& out, bool allowPaths) {
  const bool nodeWithProperties = peek().isPunct("[") && !peek(1).isPunct("]");
  const bool collection = peek().isPunct("(") && !peek(1).isPunct(")");
  if (nodeWithProperties || collection) {
    // A TriplesNode subject already says something, so its property list may be empty.
    PatternTerm subject = parseGraphNode(out, allowPaths);
    parsePropertyList(subject, out, allowPaths, false);
    return;
  }
  PatternTerm subject = parseVarOrTerm();
  parsePropertyList(subject, out, allowPaths, true);
}

void Parser::parsePropertyList(const PatternTerm& subject, std::vector<TripleSyntax>& out,
                               bool allowPaths, bool required) {
  auto atVerb = [&] {
    const Token& t = peek();
    if (t.kind == TokenKind::kVariable || atIri() ||
        (t.kind == TokenKind::kWord && t.text == "a")) {
      return true;
    }
    return allowPaths && (t.isPunct("^") || t.isPunct("!") || t.isPunct("("));
  };
  if (!atVerb()) {
    if (required) expected("a predicate after the subject");
    return;
  }
  do {
    if (!atVerb()) continue;  // ';' may repeat or end the list
    TripleSyntax verb;
    if (peek().kind == TokenKind::kVariable) {
      checkVariableAllowed(peek());
      verb.predicate = PatternTerm::var(std::string(advance().text));
    } else if (allowPaths) {
      PropertyPath path = parsePath();
      if (path.kind == PropertyPath::Kind::kLink) {
        verb.predicate = PatternTerm::constant(path.iri);
      } else {
        verb.path = std::move(path);
      }
    } else if (peek().kind == TokenKind::kWord) {
      advance();
      verb.predicate = PatternTerm::constant(rdfTerm("type"));
    } else {
      verb.predicate = PatternTerm::constant(core::Term::iri(parseIri()));
    }
    do {
      TripleSyntax triple = verb;
      triple.subject = subject;
      triple.object = parseGraphNode(out, allowPaths);
      out.push_back(std::move(triple));
    } while (acceptPunct(","));
  } while (acceptPunct(";"));
}

PatternTerm Parser::parseGraphNode(std::vector<TripleSyntax>& out, bool allowPaths) {
  NestingGuard nesting(*this);
  if (peek().isPunct("[") && !peek(1).isPunct("]")) {
    PatternTerm node = anonymousNode(advance());
    parsePropertyList(node, out, allowPaths, true);
    expectPunct("]", "to close the blank node property list");
    return node;
  }
  if (peek().isPunct("(") && !peek(1).isPunct(")")) {
    const Token& open = advance();
    checkBlankNodeAllowed(open);
    std::vector<PatternTerm> items;
    while (!acceptPunct(")")) items.push_back(parseGraphNode(out, allowPaths));
    // (a b) is _:l1 rdf:first a; rdf:rest _:l2 . _:l2 rdf:first b; rdf:rest rdf:nil.
    std::vector<PatternTerm> cells;
    for (size_t i = 0; i < items.size(); ++i) cells.push_back(anonymousNode(open));
    for (size_t i = 0; i < items.size(); ++i) {
      const PatternTerm rest =
          i + 1 < items.size() ? cells[i + 1] : PatternTerm::constant(rdfTerm("nil"));
      out.push_back({cells[i], PatternTerm::constant(rdfTerm("first")), std::nullopt, items[i]});
      out.push_back({cells[i], PatternTerm::constant(rdfTerm("rest")), std::nullopt, rest});
    }
    return cells.front();
  }
  return parseVarOrTerm();
}

PatternTerm Parser::parseVarOrTerm() {
  const Token& token = peek();
  if (token.kind == TokenKind::kVariable) {
    checkVariableAllowed(token);
    return PatternTerm::var(std::string(advance().text));
  }
  if (atIri()) return PatternTerm::constant(core::Term::iri(parseIri()));
  if (atLiteral()) return PatternTerm::constant(parseLiteral());
  if (token.kind == TokenKind::kBlankNode) return blankNode(advance());
  if (token.isPunct("[") && peek(1).isPunct("]")) {
    const Token& open = advance();
    advance();
    return anonymousNode(open);
  }
  if (token.isPunct("(") && peek(1).isPunct(")")) {
    advance();
    advance();
    return PatternTerm::constant(rdfTerm("nil"));
  }
  expected("a variable or RDF term");
}

PatternTerm Parser::blankNode(const Token& token) {
  checkBlankNodeAllowed(token);
  const std::string label(token.text);
  if (inUpdate_ && inData_) {
    auto [it, inserted] = blankLabelOperation_.try_emplace(label, operation_);
    if (!inserted && it->second != operation_) {
      errorAt(token, "blank node label _:" + label +
                         " is already used by an earlier operation of this update request");
    }
  }
  if (inTemplate_) return PatternTerm::constant(core::Term::blank(label));
  auto [it, inserted] = blankLabelBgp_.try_emplace(label, bgpId_);
  if (!inserted && it->second != bgpId_) {
    errorAt(token,
            "blank node label _:" + label + " is used in two different basic graph patterns");
  }
  return PatternTerm::var(FreshVariables::forBlankLabel(token.text));
}

PatternTerm Parser::anonymousNode(const Token& at) {
  checkBlankNodeAllowed(at);
  // Template blank nodes get labels no query can write (a leading '.'), so they never clash.
  if (inTemplate_) return PatternTerm::constant(core::Term::blank(fresh_.next("b")));
  return PatternTerm::var(fresh_.next("b"));
}

PropertyPath Parser::parsePath() {
  PropertyPath first = parsePathSequence();
  if (!peek().isPunct("|")) return first;
  PropertyPath alternative;
  alternative.kind = PropertyPath::Kind::kAlternative;
  alternative.children.push_back(std::move(first));
  while (acceptPunct("|")) alternative.children.push_back(parsePathSequence());
  return alternative;
}

PropertyPath Parser::parsePathSequence() {
  PropertyPath first = parsePathElt();
  if (!peek().isPunct("/")) return first;
  PropertyPath sequence;
  sequence.kind = PropertyPath::Kind::kSequence;
  sequence.children.push_back(std::move(first));
  while (acceptPunct("/")) sequence.children.push_back(parsePathElt());
  return sequence;
}

PropertyPath Parser::parsePathElt() {
  NestingGuard nesting(*this);
  const bool inverse = acceptPunct("^");
  PropertyPath path = parsePathPrimary();
  PropertyPath::Kind modifier{};
  bool modified = true;
  if (acceptPunct("*")) {
    modifier = PropertyPath::Kind::kZeroOrMore;
  } else if (acceptPunct("+")) {
    modifier = PropertyPath::Kind::kOneOrMore;
  } else if (acceptPunct("?")) {
    modifier = PropertyPath::Kind::kZeroOrOne;
  } else {
    modified = false;
  }
  if (modified) {
    PropertyPath outer;
    outer.kind = modifier;
    outer.children.push_back(std::move(path));
    path = std::move(outer);
  }
  if (!inverse) return path;
  PropertyPath outer;
  outer.kind = PropertyPath::Kind::kInverse;
  outer.children.push_back(std::move(path));
  return outer;
}

PropertyPath Parser::parsePathPrimary() {
  PropertyPath path;
  auto parseIriOrA = [&]() -> core::Term {
    if (peek().kind == TokenKind::kWord && peek().text == "a") {
      advance();
      return rdfTerm("type");
    }
    if (!atIri()) expected("an IRI or 'a' in the property path");
    return core::Term::iri(parseIri());
  };
  if (acceptPunct("(")) {
    path = parsePath();
    expectPunct(")", "to close the property path");
    return path;
  }
  if (acceptPunct("!")) {
    path.kind = PropertyPath::Kind::kNegatedSet;
    auto one = [&] {
      if (acceptPunct("^")) {
        path.inverseIris.push_back(parseIriOrA());
      } else {
        path.iris.push_back(parseIriOrA());
      }
    };
    if (acceptPunct("(")) {
      if (!acceptPunct(")")) {
        do {
          one();
        } while (acceptPunct("|"));
        expectPunct(")", "to close the negated property set");
      }
    } else {
      one();
    }
    return path;
  }
  path.kind = PropertyPath::Kind::kLink;
  path.iri = parseIriOrA();
  return path;
}

void Parser::checkVariableAllowed(const Token& token) const {
  if (variablesForbiddenIn_.empty()) return;
  errorAt(token, "variables are not allowed in " + variablesForbiddenIn_ + ", found ?" +
                     std::string(token.text));
}

void Parser::checkBlankNodeAllowed(const Token& token) const {
  if (blankNodesForbiddenIn_.empty()) return;
  // A '(' here starts a non-empty collection, whose list nodes are blank nodes.
  const std::string found = token.isPunct("(") ? "a collection" : describe(token);
  errorAt(token, "blank nodes are not allowed in " + blankNodesForbiddenIn_ + ", found " + found);
}

PatternTerm Parser::parseVarOrIri(std::string_view context) {
  if (peek().kind == TokenKind::kVariable) return PatternTerm::var(std::string(advance().text));
  if (atIri()) return PatternTerm::constant(core::Term::iri(parseIri()));
  expected("a variable " + std::string(context));
}

AlgebraPtr Parser::parseValuesBlock() {
  auto node = std::make_shared<query::ValuesNode>();
  auto value = [&]() -> std::optional<core::Term> {
    if (acceptWord("UNDEF")) return std::nullopt;
    if (atIri()) return core::Term::iri(parseIri());
    if (atLiteral()) return parseLiteral();
    expected("an IRI, a literal or UNDEF in VALUES");
  };
  if (peek().kind == TokenKind::kVariable) {
    node->variables.emplace_back(advance().text);
    expectPunct("{", "to open the VALUES data");
    while (!acceptPunct("}")) node->rows.push_back({value()});
    return node;
  }
  expectPunct("(", "or a variable after VALUES");
  while (!acceptPunct(")")) node->variables.push_back(parseVariable("in the VALUES header"));
  expectPunct("{", "to open the VALUES data");
  while (!acceptPunct("}")) {
    const Token& open = peek();
    expectPunct("(", "to open a row of VALUES data");
    std::vector<std::optional<core::Term>> row;
    while (!acceptPunct(")")) row.push_back(value());
    if (row.size() != node->variables.size()) {
      errorAt(open, "VALUES row has " + std::to_string(row.size()) + " values for " +
                        std::to_string(node->variables.size()) + " variables");
    }
    node->rows.push_back(std::move(row));
  }
  return node;
}

}  // namespace cairn::sparql
