#pragma once
// The parser's internals, shared by its source files (one per concern: parser.cpp for the token
// cursor and statements, clause_parser.cpp, pattern_parser.cpp, expression_parser.cpp). Not for
// use outside cypher/parser; parser.h is the entry point.

#include <string>
#include <string_view>
#include <vector>

#include "cypher/ast/statement.h"
#include "cypher/parser/lexer.h"

namespace cairn::cypher {

class StatementParser {
 public:
  explicit StatementParser(std::string_view text);

  ast::Statement parseStatement();

 private:
  // Token cursor (parser.cpp).
  const Token& peek(size_t ahead = 0) const;
  const Token& next();
  bool at(TokenKind kind, size_t ahead = 0) const { return peek(ahead).kind == kind; }
  bool accept(TokenKind kind);
  const Token& expect(TokenKind kind, std::string_view expected);
  // Keywords are words compared case-insensitively; a quoted identifier is never a keyword.
  bool atKeyword(std::string_view keyword, size_t ahead = 0) const;
  bool acceptKeyword(std::string_view keyword);
  void expectKeyword(std::string_view keyword);
  // A name (identifier, keyword or quoted identifier) where any name is allowed: labels, types,
  // property keys, map keys, procedure names.
  bool atName(size_t ahead = 0) const;
  std::string parseName(std::string_view expected);
  // A variable: a name that is not a reserved word.
  bool atVariable(size_t ahead = 0) const;
  std::string parseVariable();
  static ast::SourcePosition positionOf(const Token& token) { return {token.line, token.column}; }
  [[noreturn]] void fail(const Token& token, std::string detail, std::string message) const;
  [[noreturn]] void unexpected(const Token& token, std::string_view expected) const;

  // Statements and clauses (parser.cpp, clause_parser.cpp).
  ast::Query parseQuery();
  // Schema commands (schema_parser.cpp).
  bool atSchemaCommand() const;
  ast::SchemaCommand parseSchemaCommand();
  ast::SingleQuery parseSingleQuery();
  bool atClauseStart() const;
  ast::ClausePtr parseClause();
  ast::ClausePtr parseMatch();
  ast::ClausePtr parseUnwind();
  ast::ClausePtr parseWith();
  ast::ClausePtr parseReturn();
  ast::ClausePtr parseCall();
  ast::ClausePtr parseCreate();
  ast::ClausePtr parseMerge();
  ast::ClausePtr parseSet();
  ast::ClausePtr parseRemove();
  ast::ClausePtr parseDelete();
  ast::ClausePtr parseForeach();
  void parseProjectionBody(ast::ProjectionBody& body);
  ast::SetItem parseSetItem();
  ast::ExpressionPtr parseWhere();

  // Patterns (pattern_parser.cpp).
  ast::Pattern parsePattern();
  ast::PatternPart parsePatternPart();
  // A chain of node patterns joined by relationship patterns, appended to `part`.
  void parsePatternChain(ast::PatternPart& part);
  ast::NodePattern parseNodePattern();
  ast::RelationshipPattern parseRelationshipPattern();
  ast::ExpressionPtr parsePatternProperties();
  // Whether the tokens from `ahead` start a relationship pattern `(...)-...`, as opposed to a
  // parenthesized expression.
  bool atRelationshipPattern(size_t ahead = 0) const;
  bool atRelationshipStart(size_t ahead) const;

  // Expressions (expression_parser.cpp).
  ast::ExpressionPtr parseExpression();
  ast::ExpressionPtr parseOr();
  ast::ExpressionPtr parseXor();
  ast::ExpressionPtr parseAnd();
  ast::ExpressionPtr parseNot();
  ast::ExpressionPtr parseComparison();
  ast::ExpressionPtr parseStringListNull();
  ast::ExpressionPtr parseAddSubtract();
  ast::ExpressionPtr parseMultiplyDivide();
  ast::ExpressionPtr parsePower();
  ast::ExpressionPtr parseUnary();
  // An atom with property lookups, index and slice operators, and (withLabels) a label test.
  ast::ExpressionPtr parsePostfix(bool withLabels);
  ast::ExpressionPtr parsePostfixOperators(ast::ExpressionPtr subject, bool withLabels);
  ast::ExpressionPtr parseAtom();
  // A number literal; `minus` is the unary minus directly before it, folded into the value (only
  // then may an integer be 2^63).
  ast::ExpressionPtr parseNumber(const Token* minus);
  int64_t integerValue(const Token& token, bool negated) const;
  ast::ExpressionPtr parseParameter();
  ast::ExpressionPtr parseListOrComprehension();
  ast::ExpressionPtr parseMapLiteral();
  ast::ExpressionPtr parseCase();
  ast::ExpressionPtr parseFunctionCall();
  ast::ExpressionPtr parseExistsSubquery();
  bool atFunctionCall() const;
  std::vector<std::string> parseLabels();

  std::string_view text_;
  std::vector<Token> tokens_;
  size_t pos_ = 0;
  size_t lastEnd_ = 0;  // byte offset one past the last token taken
};

}  // namespace cairn::cypher
