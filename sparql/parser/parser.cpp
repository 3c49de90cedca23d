#include "sparql/parser/parser.h"

#include "core/error.h"
#include "core/rdf/iri.h"
#include "core/vocab.h"

namespace cairn::sparql {

Parser::Parser(std::string_view text, std::string baseIri)
    : escapesReplaced_(mayHaveCodepointEscapes(text) ? replaceCodepointEscapes(text)
                                                     : std::string()),
      tokens_(tokenize(escapesReplaced_.empty() ? text : std::string_view(escapesReplaced_))),
      base_(std::move(baseIri)) {}

const Token& Parser::peek(size_t ahead) const {
  const size_t at = pos_ + ahead;
  return at < tokens_.tokens.size() ? tokens_.tokens[at] : tokens_.tokens.back();
}

const Token& Parser::advance() {
  const Token& token = peek();
  if (pos_ + 1 < tokens_.tokens.size()) ++pos_;
  return token;
}

bool Parser::acceptPunct(std::string_view p) {
  if (!peek().isPunct(p)) return false;
  advance();
  return true;
}

bool Parser::acceptWord(std::string_view keyword) {
  if (!peek().isWord(keyword)) return false;
  advance();
  return true;
}

void Parser::expectPunct(std::string_view p, std::string_view context) {
  if (acceptPunct(p)) return;
  expected("'" + std::string(p) + "' " + std::string(context));
}

void Parser::expectWord(std::string_view keyword, std::string_view context) {
  if (acceptWord(keyword)) return;
  expected(std::string(keyword) + " " + std::string(context));
}

void Parser::errorAt(const Token& token, std::string message) const {
  throw core::Error(core::ErrorCode::kSyntaxError, std::move(message), token.line, token.column);
}

void Parser::expected(std::string_view what) const {
  errorAt(peek(), "expected " + std::string(what) + ", found " + describe(peek()));
}

std::string Parser::describe(const Token& token) const {
  if (inUpdate_ && token.kind == TokenKind::kEnd) return "end of update";
  return describeToken(token);
}

Parser::NestingGuard::NestingGuard(Parser& parser) : parser_(parser) {
  if (++parser_.depth_ > kMaxNesting) {
    --parser_.depth_;
    parser_.errorAt(parser_.peek(), "query nested too deeply (more than " +
                                        std::to_string(kMaxNesting) + " levels)");
  }
}

void Parser::parsePrologue() {
  while (true) {
    if (acceptWord("BASE")) {
      if (peek().kind != TokenKind::kIri) expected("an IRI in angle brackets after BASE");
      base_ = resolveIri(advance().text);
    } else if (acceptWord("PREFIX")) {
      const Token& name = peek();
      if (name.kind != TokenKind::kPrefixedName || !name.text.empty()) {
        expected("a prefix name ending in ':' after PREFIX");
      }
      advance();
      if (peek().kind != TokenKind::kIri)
        expected("an IRI in angle brackets after PREFIX " + std::string(name.prefix) + ":");
      std::string iri = resolveIri(advance().text);
      prefixes_.insert_or_assign(std::string(name.prefix), std::move(iri));
    } else {
      return;
    }
  }
}

std::string Parser::resolveIri(std::string_view iri) const {
  // Resolution needs an absolute base; without one a relative IRI stays as written.
  if (core::rdf::hasIriScheme(iri) || !core::rdf::hasIriScheme(base_)) return std::string(iri);
  return core::rdf::resolveIri(base_, iri);
}

bool Parser::atIri() const {
  const TokenKind kind = peek().kind;
  return kind == TokenKind::kIri || kind == TokenKind::kPrefixedName;
}

std::string Parser::expandPrefixedName(const Token& token) const {
  auto it = prefixes_.find(token.prefix);
  if (it == prefixes_.end()) {
    errorAt(token, "undefined prefix '" + std::string(token.prefix) + ":'");
  }
  std::string iri;
  iri.reserve(it->second.size() + token.text.size());
  iri += it->second;
  iri += token.text;
  return iri;
}

std::string Parser::parseIri() {
  const Token& token = peek();
  if (token.kind == TokenKind::kIri) return resolveIri(advance().text);
  if (token.kind == TokenKind::kPrefixedName) return expandPrefixedName(advance());
  expected("an IRI");
}

bool Parser::atLiteral() const {
  const Token& token = peek();
  switch (token.kind) {
    case TokenKind::kString:
    case TokenKind::kInteger:
    case TokenKind::kDecimal:
    case TokenKind::kDouble:
      return true;
    default:
      return token.isWord("true") || token.isWord("false");
  }
}

core::Term Parser::numericLiteral(const Token& token) const {
  std::string datatype(core::vocab::kXsd);
  switch (token.kind) {
    case TokenKind::kInteger:
      datatype += "integer";
      break;
    case TokenKind::kDecimal:
      datatype += "decimal";
      break;
    default:
      datatype += "double";
      break;
  }
  return core::Term::literal(std::string(token.text), std::move(datatype));
}

core::Term Parser::parseLiteral() {
  const Token& token = peek();
  if (token.kind == TokenKind::kString) {
    std::string value(advance().text);
    if (peek().kind == TokenKind::kLangTag) {
      return core::Term::literal(std::move(value), {}, std::string(advance().text));
    }
    if (acceptPunct("^^")) {
      std::string datatype = parseIri();
      // xsd:string is the simple literal (core/term.h keeps its datatype empty).
      if (datatype == core::vocab::kXsdString) datatype.clear();
      return core::Term::literal(std::move(value), std::move(datatype));
    }
    return core::Term::literal(std::move(value));
  }
  if (token.kind == TokenKind::kInteger || token.kind == TokenKind::kDecimal ||
      token.kind == TokenKind::kDouble) {
    return numericLiteral(advance());
  }
  if (token.isWord("true") || token.isWord("false")) {
    std::string value = token.isWord("true") ? "true" : "false";
    advance();
    return core::Term::literal(std::move(value), std::string(core::vocab::kXsd) + "boolean");
  }
  expected("a literal");
}

std::string Parser::parseVariable(std::string_view context) {
  if (peek().kind != TokenKind::kVariable) expected("a variable " + std::string(context));
  return std::string(advance().text);
}

query::Query parseQuery(std::string_view text, const QueryParseOptions& options) {
  return Parser(text, options.baseIri).parseQuery();
}

query::UpdateRequest parseUpdate(std::string_view text, const UpdateParseOptions& options) {
  return Parser(text, options.baseIri).parseUpdate();
}

}  // namespace cairn::sparql
