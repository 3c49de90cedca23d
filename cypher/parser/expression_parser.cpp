// Expressions, from OR down to atoms. Precedence follows the openCypher 9 grammar (loosest
// first): OR, XOR, AND, NOT, comparisons (chained), string/list/null predicates (STARTS WITH,
// ENDS WITH, CONTAINS, IN, =~, IS [NOT] NULL), + -, * / %, ^, unary + -, then property lookup,
// index, slice and a label test on an atom. The TCK's precedence features fix where the
// predicates sit: `[1]+2 IN [3]+4` is `([1]+2) IN ([3]+4)`.

#include <cmath>
#include <cstdlib>
#include <optional>

#include "core/error.h"
#include "cypher/parser/statement_parser.h"

namespace cairn::cypher {

using ast::ExpressionPtr;
using ast::ExprKind;

namespace {

ExpressionPtr makeNode(ExprKind kind, ast::SourcePosition position) {
  return std::make_unique<ast::Expression>(kind, position);
}

ExpressionPtr makeBinary(ExprKind kind, ExpressionPtr lhs, ExpressionPtr rhs) {
  auto node = makeNode(kind, lhs->position);
  node->children.push_back(std::move(lhs));
  node->children.push_back(std::move(rhs));
  return node;
}

std::optional<ExprKind> comparisonKind(TokenKind token) {
  switch (token) {
    case TokenKind::kEqual:
      return ExprKind::kEqual;
    case TokenKind::kNotEqual:
      return ExprKind::kNotEqual;
    case TokenKind::kLess:
      return ExprKind::kLess;
    case TokenKind::kGreater:
      return ExprKind::kGreater;
    case TokenKind::kLessEqual:
      return ExprKind::kLessEqual;
    case TokenKind::kGreaterEqual:
      return ExprKind::kGreaterEqual;
    default:
      return std::nullopt;
  }
}

ExpressionPtr makeUnary(ExprKind kind, ast::SourcePosition position, ExpressionPtr operand) {
  auto node = makeNode(kind, position);
  node->children.push_back(std::move(operand));
  return node;
}

}  // namespace

ExpressionPtr StatementParser::parseExpression() { return parseOr(); }

ExpressionPtr StatementParser::parseOr() {
  ExpressionPtr lhs = parseXor();
  while (acceptKeyword("OR")) lhs = makeBinary(ExprKind::kOr, std::move(lhs), parseXor());
  return lhs;
}

ExpressionPtr StatementParser::parseXor() {
  ExpressionPtr lhs = parseAnd();
  while (acceptKeyword("XOR")) lhs = makeBinary(ExprKind::kXor, std::move(lhs), parseAnd());
  return lhs;
}

ExpressionPtr StatementParser::parseAnd() {
  ExpressionPtr lhs = parseNot();
  while (acceptKeyword("AND")) lhs = makeBinary(ExprKind::kAnd, std::move(lhs), parseNot());
  return lhs;
}

ExpressionPtr StatementParser::parseNot() {
  if (atKeyword("NOT")) {
    ast::SourcePosition position = positionOf(next());
    return makeUnary(ExprKind::kNot, position, parseNot());
  }
  return parseComparison();
}

// `a < b < c` means `a < b AND b < c`; the middle operand is copied into both comparisons.
ExpressionPtr StatementParser::parseComparison() {
  std::vector<ExpressionPtr> operands;
  std::vector<ExprKind> operators;
  operands.push_back(parseStringListNull());
  while (std::optional<ExprKind> kind = comparisonKind(peek().kind)) {
    next();
    operators.push_back(*kind);
    operands.push_back(parseStringListNull());
  }
  if (operators.empty()) return std::move(operands[0]);
  ExpressionPtr result;
  for (size_t i = 0; i < operators.size(); ++i) {
    // Each inner operand is both a right and a left side: the right side gets a copy.
    ExpressionPtr lhs = std::move(operands[i]);
    ExpressionPtr rhs =
        i + 1 < operators.size() ? ast::clone(*operands[i + 1]) : std::move(operands[i + 1]);
    ExpressionPtr comparison = makeBinary(operators[i], std::move(lhs), std::move(rhs));
    result = result ? makeBinary(ExprKind::kAnd, std::move(result), std::move(comparison))
                    : std::move(comparison);
  }
  return result;
}

ExpressionPtr StatementParser::parseStringListNull() {
  ExpressionPtr lhs = parseAddSubtract();
  while (true) {
    if (atKeyword("STARTS") && atKeyword("WITH", 1)) {
      next();
      next();
      lhs = makeBinary(ExprKind::kStartsWith, std::move(lhs), parseAddSubtract());
    } else if (atKeyword("ENDS") && atKeyword("WITH", 1)) {
      next();
      next();
      lhs = makeBinary(ExprKind::kEndsWith, std::move(lhs), parseAddSubtract());
    } else if (acceptKeyword("CONTAINS")) {
      lhs = makeBinary(ExprKind::kContains, std::move(lhs), parseAddSubtract());
    } else if (acceptKeyword("IN")) {
      lhs = makeBinary(ExprKind::kIn, std::move(lhs), parseAddSubtract());
    } else if (accept(TokenKind::kRegexMatch)) {
      lhs = makeBinary(ExprKind::kRegexMatch, std::move(lhs), parseAddSubtract());
    } else if (atKeyword("IS")) {
      next();
      bool negated = acceptKeyword("NOT");
      expectKeyword("NULL");
      ast::SourcePosition position = lhs->position;
      lhs = makeUnary(negated ? ExprKind::kIsNotNull : ExprKind::kIsNull, position, std::move(lhs));
    } else {
      return lhs;
    }
  }
}

ExpressionPtr StatementParser::parseAddSubtract() {
  ExpressionPtr lhs = parseMultiplyDivide();
  while (at(TokenKind::kPlus) || at(TokenKind::kMinus)) {
    ExprKind kind = next().kind == TokenKind::kPlus ? ExprKind::kAdd : ExprKind::kSubtract;
    lhs = makeBinary(kind, std::move(lhs), parseMultiplyDivide());
  }
  return lhs;
}

ExpressionPtr StatementParser::parseMultiplyDivide() {
  ExpressionPtr lhs = parsePower();
  while (at(TokenKind::kStar) || at(TokenKind::kSlash) || at(TokenKind::kPercent)) {
    TokenKind op = next().kind;
    ExprKind kind = op == TokenKind::kStar    ? ExprKind::kMultiply
                    : op == TokenKind::kSlash ? ExprKind::kDivide
                                              : ExprKind::kModulo;
    lhs = makeBinary(kind, std::move(lhs), parsePower());
  }
  return lhs;
}

// Left-associative, as in the grammar: 2^3^2 is (2^3)^2.
ExpressionPtr StatementParser::parsePower() {
  ExpressionPtr lhs = parseUnary();
  while (accept(TokenKind::kCaret))
    lhs = makeBinary(ExprKind::kPower, std::move(lhs), parseUnary());
  return lhs;
}

ExpressionPtr StatementParser::parseUnary() {
  if (at(TokenKind::kMinus) || at(TokenKind::kPlus)) {
    const Token& op = next();
    if (op.kind == TokenKind::kMinus &&
        (at(TokenKind::kInteger) || at(TokenKind::kFloat) || at(TokenKind::kInvalidNumber))) {
      return parsePostfixOperators(parseNumber(&op), /*withLabels=*/true);
    }
    ExprKind kind = op.kind == TokenKind::kMinus ? ExprKind::kNegate : ExprKind::kUnaryPlus;
    return makeUnary(kind, positionOf(op), parseUnary());
  }
  return parsePostfix(/*withLabels=*/true);
}

ExpressionPtr StatementParser::parsePostfix(bool withLabels) {
  return parsePostfixOperators(parseAtom(), withLabels);
}

ExpressionPtr StatementParser::parsePostfixOperators(ExpressionPtr subject, bool withLabels) {
  // Read before the subject moves into its parent (argument order is unspecified).
  const ast::SourcePosition position = subject->position;
  while (true) {
    if (accept(TokenKind::kDot)) {
      auto property = makeUnary(ExprKind::kProperty, position, std::move(subject));
      property->name = parseName("a property key");
      subject = std::move(property);
    } else if (accept(TokenKind::kLeftBracket)) {
      ExpressionPtr from;
      if (!at(TokenKind::kDotDot)) from = parseExpression();
      if (accept(TokenKind::kDotDot)) {
        ExpressionPtr to;
        if (!at(TokenKind::kRightBracket)) to = parseExpression();
        auto slice = makeUnary(ExprKind::kSlice, position, std::move(subject));
        slice->children.push_back(std::move(from));
        slice->children.push_back(std::move(to));
        subject = std::move(slice);
      } else {
        subject = makeBinary(ExprKind::kIndex, std::move(subject), std::move(from));
      }
      expect(TokenKind::kRightBracket, "']'");
    } else {
      break;
    }
  }
  if (withLabels && at(TokenKind::kColon)) {
    auto test = makeUnary(ExprKind::kHasLabels, position, std::move(subject));
    test->names = parseLabels();
    return test;
  }
  return subject;
}

int64_t StatementParser::integerValue(const Token& token, bool negated) const {
  std::string_view text = token.text;
  uint64_t base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    text.remove_prefix(2);
  } else if (text.size() > 2 && text[0] == '0' && (text[1] == 'o' || text[1] == 'O')) {
    base = 8;
    text.remove_prefix(2);
  } else if (text.size() > 1 && text[0] == '0') {
    base = 8;  // openCypher 9's legacy octal form: 017
    text.remove_prefix(1);
  }
  // A negative literal may reach 2^63; a positive one stops at 2^63 - 1.
  const uint64_t limit = negated ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
  uint64_t value = 0;
  for (char c : text) {
    uint64_t digit = c >= '0' && c <= '9' ? static_cast<uint64_t>(c - '0')
                                          : static_cast<uint64_t>((c | 0x20) - 'a' + 10);
    if (digit >= base) {
      fail(token, "InvalidNumberLiteral", "invalid number literal '" + token.text + "'");
    }
    if (value > (limit - digit) / base) {
      fail(token, "IntegerOverflow",
           "integer literal '" + std::string(negated ? "-" : "") + token.text +
               "' does not fit in 64 bits");
    }
    value = value * base + digit;
  }
  if (!negated) return static_cast<int64_t>(value);
  return value == uint64_t{1} << 63 ? INT64_MIN : -static_cast<int64_t>(value);
}

ExpressionPtr StatementParser::parseNumber(const Token* minus) {
  const Token& token = next();
  ast::SourcePosition position = positionOf(minus ? *minus : token);
  if (token.kind == TokenKind::kInvalidNumber) {
    fail(token, "InvalidNumberLiteral", "invalid number literal '" + token.text + "'");
  }
  if (token.kind == TokenKind::kInteger) {
    auto literal = makeNode(ExprKind::kInteger, position);
    literal->intValue = integerValue(token, minus != nullptr);
    return literal;
  }
  auto literal = makeNode(ExprKind::kFloat, position);
  double value = std::strtod(token.text.c_str(), nullptr);
  if (std::isinf(value)) {
    fail(token, "FloatingPointOverflow", "float literal '" + token.text + "' is too large");
  }
  literal->floatValue = minus ? -value : value;
  return literal;
}

ExpressionPtr StatementParser::parseParameter() {
  const Token& dollar = expect(TokenKind::kDollar, "'$'");
  auto parameter = makeNode(ExprKind::kParameter, positionOf(dollar));
  if (at(TokenKind::kInteger)) {
    parameter->name = next().text;
  } else {
    parameter->name = parseName("a parameter name");
  }
  return parameter;
}

ExpressionPtr StatementParser::parseMapLiteral() {
  const Token& brace = expect(TokenKind::kLeftBrace, "'{'");
  auto map = makeNode(ExprKind::kMap, positionOf(brace));
  if (!at(TokenKind::kRightBrace)) {
    do {
      map->names.push_back(parseName("a map key"));
      expect(TokenKind::kColon, "':'");
      map->children.push_back(parseExpression());
    } while (accept(TokenKind::kComma));
  }
  expect(TokenKind::kRightBrace, "'}'");
  return map;
}

ExpressionPtr StatementParser::parseListOrComprehension() {
  const Token& bracket = next();
  ast::SourcePosition position = positionOf(bracket);
  if (atVariable() && atKeyword("IN", 1)) {
    auto comprehension = makeNode(ExprKind::kListComprehension, position);
    comprehension->name = parseVariable();
    next();
    comprehension->children.push_back(parseExpression());
    comprehension->children.push_back(parseWhere());
    comprehension->children.push_back(accept(TokenKind::kPipe) ? parseExpression() : nullptr);
    expect(TokenKind::kRightBracket, "']'");
    return comprehension;
  }
  bool named = atVariable() && at(TokenKind::kEqual, 1) && atRelationshipPattern(2);
  if (named || atRelationshipPattern(0)) {
    auto comprehension = makeNode(ExprKind::kPatternComprehension, position);
    comprehension->pattern = std::make_unique<ast::PatternPart>();
    comprehension->pattern->position = positionOf(peek());
    if (named) {
      comprehension->pattern->pathVariable = parseVariable();
      next();
    }
    parsePatternChain(*comprehension->pattern);
    comprehension->children.push_back(parseWhere());
    expect(TokenKind::kPipe, "'|'");
    comprehension->children.push_back(parseExpression());
    expect(TokenKind::kRightBracket, "']'");
    return comprehension;
  }
  auto list = makeNode(ExprKind::kList, position);
  if (!at(TokenKind::kRightBracket)) {
    do {
      list->children.push_back(parseExpression());
    } while (accept(TokenKind::kComma));
  }
  expect(TokenKind::kRightBracket, "']'");
  return list;
}

ExpressionPtr StatementParser::parseCase() {
  auto node = makeNode(ExprKind::kCase, positionOf(next()));
  if (!atKeyword("WHEN")) {
    node->kind = ExprKind::kSimpleCase;
    node->children.push_back(parseExpression());
  }
  if (!atKeyword("WHEN")) unexpected(peek(), "WHEN");
  while (acceptKeyword("WHEN")) {
    node->children.push_back(parseExpression());
    expectKeyword("THEN");
    node->children.push_back(parseExpression());
  }
  node->children.push_back(acceptKeyword("ELSE") ? parseExpression() : nullptr);
  expectKeyword("END");
  return node;
}

bool StatementParser::atFunctionCall() const {
  size_t i = 0;
  if (!atName(i)) return false;
  while (at(TokenKind::kDot, i + 1) && atName(i + 2)) i += 2;
  return at(TokenKind::kLeftParen, i + 1);
}

ExpressionPtr StatementParser::parseFunctionCall() {
  auto call = makeNode(ExprKind::kFunctionCall, positionOf(peek()));
  call->name = next().text;
  while (accept(TokenKind::kDot)) call->name += "." + next().text;
  expect(TokenKind::kLeftParen, "'('");
  call->distinct = acceptKeyword("DISTINCT");
  if (!at(TokenKind::kRightParen)) {
    do {
      call->children.push_back(parseExpression());
    } while (accept(TokenKind::kComma));
  }
  expect(TokenKind::kRightParen, "')'");
  return call;
}

ExpressionPtr StatementParser::parseExistsSubquery() {
  auto exists = makeNode(ExprKind::kExistsSubquery, positionOf(next()));
  expect(TokenKind::kLeftBrace, "'{'");
  if (atClauseStart()) {
    exists->subquery = std::make_shared<ast::Query>(parseQuery());
  } else {
    exists->patternList = std::make_unique<ast::Pattern>(parsePattern());
    exists->children.push_back(parseWhere());
  }
  expect(TokenKind::kRightBrace, "'}'");
  return exists;
}

ExpressionPtr StatementParser::parseAtom() {
  const Token& token = peek();
  ast::SourcePosition position = positionOf(token);
  switch (token.kind) {
    case TokenKind::kInteger:
    case TokenKind::kFloat:
    case TokenKind::kInvalidNumber:
      return parseNumber(nullptr);
    case TokenKind::kString: {
      auto literal = makeNode(ExprKind::kString, position);
      literal->name = next().text;
      return literal;
    }
    case TokenKind::kDollar:
      return parseParameter();
    case TokenKind::kLeftBracket:
      return parseListOrComprehension();
    case TokenKind::kLeftBrace:
      return parseMapLiteral();
    case TokenKind::kLeftParen: {
      if (atRelationshipPattern(0)) {
        auto predicate = makeNode(ExprKind::kPatternPredicate, position);
        predicate->pattern = std::make_unique<ast::PatternPart>();
        predicate->pattern->position = position;
        parsePatternChain(*predicate->pattern);
        return predicate;
      }
      next();
      ExpressionPtr inner = parseExpression();
      expect(TokenKind::kRightParen, "')'");
      return inner;
    }
    case TokenKind::kIdentifier:
      break;
    case TokenKind::kQuotedIdentifier: {
      if (atFunctionCall()) return parseFunctionCall();
      auto variable = makeNode(ExprKind::kVariable, position);
      variable->name = next().text;
      return variable;
    }
    default:
      unexpected(token, "an expression");
  }
  if (atKeyword("TRUE") || atKeyword("FALSE")) {
    auto literal = makeNode(ExprKind::kBoolean, position);
    literal->boolValue = atKeyword("TRUE");
    next();
    return literal;
  }
  if (acceptKeyword("NULL")) return makeNode(ExprKind::kNull, position);
  if (atKeyword("CASE")) return parseCase();
  if (atKeyword("COUNT") && at(TokenKind::kLeftParen, 1) && at(TokenKind::kStar, 2) &&
      at(TokenKind::kRightParen, 3)) {
    pos_ += 4;
    lastEnd_ = tokens_[pos_ - 1].endOffset;
    return makeNode(ExprKind::kCountStar, position);
  }
  if (atKeyword("EXISTS") && at(TokenKind::kLeftBrace, 1)) return parseExistsSubquery();
  for (auto [keyword, kind] :
       {std::pair{"ALL", ExprKind::kAll}, std::pair{"ANY", ExprKind::kAny},
        std::pair{"NONE", ExprKind::kNone}, std::pair{"SINGLE", ExprKind::kSingle}}) {
    if (atKeyword(keyword) && at(TokenKind::kLeftParen, 1) && atVariable(2) && atKeyword("IN", 3)) {
      auto quantifier = makeNode(kind, position);
      next();
      next();
      quantifier->name = parseVariable();
      next();
      quantifier->children.push_back(parseExpression());
      quantifier->children.push_back(parseWhere());
      expect(TokenKind::kRightParen, "')'");
      return quantifier;
    }
  }
  if (atKeyword("REDUCE") && at(TokenKind::kLeftParen, 1) && atVariable(2) &&
      at(TokenKind::kEqual, 3)) {
    auto reduce = makeNode(ExprKind::kReduce, position);
    next();
    next();
    reduce->names.push_back(parseVariable());
    next();
    reduce->children.push_back(parseExpression());
    expect(TokenKind::kComma, "','");
    reduce->name = parseVariable();
    expectKeyword("IN");
    reduce->children.push_back(parseExpression());
    expect(TokenKind::kPipe, "'|'");
    reduce->children.push_back(parseExpression());
    expect(TokenKind::kRightParen, "')'");
    return reduce;
  }
  if ((atKeyword("shortestPath") || atKeyword("allShortestPaths")) &&
      at(TokenKind::kLeftParen, 1)) {
    auto predicate = makeNode(ExprKind::kPatternPredicate, position);
    predicate->pattern = std::make_unique<ast::PatternPart>(parsePatternPart());
    return predicate;
  }
  if (atFunctionCall()) return parseFunctionCall();
  if (!atVariable()) unexpected(token, "an expression");
  auto variable = makeNode(ExprKind::kVariable, position);
  variable->name = next().text;
  return variable;
}

}  // namespace cairn::cypher
