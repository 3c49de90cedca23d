#include "cypher/parser/parser.h"

#include <algorithm>
#include <iterator>

#include "core/error.h"
#include "cypher/parser/pattern_expression_check.h"
#include "cypher/parser/statement_parser.h"

namespace cairn::cypher {
namespace {

char asciiLower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return asciiLower(x) == asciiLower(y);
         });
}

// Words that cannot name a variable: they would make clauses and expressions ambiguous. They
// remain valid as labels, types, property keys and map keys.
constexpr std::string_view kReservedWords[] = {
    "ALL",      "AND",     "AS",     "ASC",      "ASCENDING",  "BY",       "CALL",       "CASE",
    "CONTAINS", "CREATE",  "DELETE", "DESC",     "DESCENDING", "DETACH",   "DISTINCT",   "ELSE",
    "END",      "ENDS",    "EXISTS", "FALSE",    "FOREACH",    "IN",       "IS",         "LIMIT",
    "MATCH",    "MERGE",   "NOT",    "NULL",     "ON",         "OPTIONAL", "OR",         "ORDER",
    "REMOVE",   "RETURN",  "SET",    "SKIP",     "STARTS",     "THEN",     "TRUE",       "UNION",
    "UNWIND",   "WHEN",    "WHERE",  "WITH",     "XOR",        "YIELD",    "CONSTRAINT", "DO",
    "FOR",      "REQUIRE", "UNIQUE", "MANDATORY"};

bool isReservedWord(std::string_view word) {
  return std::any_of(std::begin(kReservedWords), std::end(kReservedWords),
                     [&](std::string_view reserved) { return equalsIgnoreCase(word, reserved); });
}

std::string describe(const Token& token) {
  if (token.kind == TokenKind::kEnd) return "end of input";
  if (token.kind == TokenKind::kString) return "string literal";
  return "'" + token.text + "'";
}

}  // namespace

StatementParser::StatementParser(std::string_view text) : text_(text), tokens_(tokenize(text)) {}

const Token& StatementParser::peek(size_t ahead) const {
  return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)];
}

const Token& StatementParser::next() {
  const Token& token = tokens_[pos_];
  lastEnd_ = token.endOffset;
  if (pos_ + 1 < tokens_.size()) ++pos_;
  return token;
}

bool StatementParser::accept(TokenKind kind) {
  if (!at(kind)) return false;
  next();
  return true;
}

const Token& StatementParser::expect(TokenKind kind, std::string_view expected) {
  if (!at(kind)) unexpected(peek(), expected);
  return next();
}

bool StatementParser::atKeyword(std::string_view keyword, size_t ahead) const {
  const Token& token = peek(ahead);
  return token.kind == TokenKind::kIdentifier && equalsIgnoreCase(token.text, keyword);
}

bool StatementParser::acceptKeyword(std::string_view keyword) {
  if (!atKeyword(keyword)) return false;
  next();
  return true;
}

void StatementParser::expectKeyword(std::string_view keyword) {
  if (!acceptKeyword(keyword)) unexpected(peek(), keyword);
}

bool StatementParser::atName(size_t ahead) const {
  TokenKind kind = peek(ahead).kind;
  return kind == TokenKind::kIdentifier || kind == TokenKind::kQuotedIdentifier;
}

std::string StatementParser::parseName(std::string_view expected) {
  if (!atName()) unexpected(peek(), expected);
  return next().text;
}

bool StatementParser::atVariable(size_t ahead) const {
  const Token& token = peek(ahead);
  return token.kind == TokenKind::kQuotedIdentifier ||
         (token.kind == TokenKind::kIdentifier && !isReservedWord(token.text));
}

std::string StatementParser::parseVariable() {
  if (!atVariable()) unexpected(peek(), "a variable name");
  return next().text;
}

void StatementParser::fail(const Token& token, std::string detail, std::string message) const {
  throw core::Error(core::ErrorCode::kSyntaxError, std::move(detail), std::move(message),
                    token.line, token.column);
}

void StatementParser::unexpected(const Token& token, std::string_view expected) const {
  fail(token, "UnexpectedSyntax",
       "invalid input " + describe(token) + ": expected " + std::string(expected));
}

ast::Statement StatementParser::parseStatement() {
  ast::Statement statement;
  if (atSchemaCommand()) {
    statement.schema = parseSchemaCommand();
    accept(TokenKind::kSemicolon);
    if (!at(TokenKind::kEnd)) unexpected(peek(), "end of input");
    return statement;
  }
  if (acceptKeyword("EXPLAIN")) {
    statement.mode = ast::StatementMode::kExplain;
  } else if (acceptKeyword("PROFILE")) {
    statement.mode = ast::StatementMode::kProfile;
  }
  if (atSchemaCommand()) {
    fail(peek(), "UnexpectedSyntax", "EXPLAIN and PROFILE take a query, not a schema command");
  }
  statement.query = parseQuery();
  accept(TokenKind::kSemicolon);
  if (!at(TokenKind::kEnd)) unexpected(peek(), "a clause or end of input");
  return statement;
}

ast::Query StatementParser::parseQuery() {
  ast::Query query;
  query.position = positionOf(peek());
  query.parts.push_back(parseSingleQuery());
  while (acceptKeyword("UNION")) {
    query.unionAll.push_back(acceptKeyword("ALL"));
    query.parts.push_back(parseSingleQuery());
  }
  return query;
}

ast::SingleQuery StatementParser::parseSingleQuery() {
  ast::SingleQuery query;
  query.position = positionOf(peek());
  if (!atClauseStart()) unexpected(peek(), "a clause");
  while (atClauseStart()) {
    query.clauses.push_back(parseClause());
    checkPatternExpressions(*query.clauses.back());
  }
  // YIELD * is only for a standalone call: in a larger query the columns must be named.
  for (const auto& clause : query.clauses) {
    if (clause->kind() == ast::ClauseKind::kCall && clause->as<ast::CallClause>().yieldStar &&
        query.clauses.size() > 1) {
      throw core::Error(core::ErrorCode::kSyntaxError, "UnexpectedSyntax",
                        "YIELD * is only allowed in a standalone procedure call",
                        clause->position().line, clause->position().column);
    }
  }
  return query;
}

ast::Statement parseStatement(std::string_view text) {
  return StatementParser(text).parseStatement();
}

}  // namespace cairn::cypher
