// Patterns: node and relationship patterns, pattern parts, and the lookahead that tells a
// pattern predicate `(a)-->(b)` from a parenthesized expression `(a)`.

#include "core/error.h"
#include "cypher/parser/statement_parser.h"

namespace cairn::cypher {

ast::Pattern StatementParser::parsePattern() {
  ast::Pattern pattern;
  pattern.position = positionOf(peek());
  do {
    pattern.parts.push_back(parsePatternPart());
  } while (accept(TokenKind::kComma));
  return pattern;
}

ast::PatternPart StatementParser::parsePatternPart() {
  ast::PatternPart part;
  part.position = positionOf(peek());
  if (atVariable() && at(TokenKind::kEqual, 1)) {
    part.pathVariable = parseVariable();
    next();
  }
  bool shortest = atKeyword("shortestPath") && at(TokenKind::kLeftParen, 1);
  bool allShortest = atKeyword("allShortestPaths") && at(TokenKind::kLeftParen, 1);
  if (shortest || allShortest) {
    part.function =
        shortest ? ast::PathFunction::kShortestPath : ast::PathFunction::kAllShortestPaths;
    next();
    next();
    parsePatternChain(part);
    expect(TokenKind::kRightParen, "')'");
  } else if (at(TokenKind::kLeftParen) && at(TokenKind::kLeftParen, 1)) {
    // A parenthesized pattern element: ((a)-->(b)).
    next();
    parsePatternChain(part);
    expect(TokenKind::kRightParen, "')'");
  } else {
    parsePatternChain(part);
  }
  return part;
}

void StatementParser::parsePatternChain(ast::PatternPart& part) {
  part.nodes.push_back(parseNodePattern());
  while (atRelationshipStart(0)) {
    part.relationships.push_back(parseRelationshipPattern());
    part.nodes.push_back(parseNodePattern());
  }
}

ast::ExpressionPtr StatementParser::parsePatternProperties() {
  if (at(TokenKind::kLeftBrace)) return parseMapLiteral();
  if (at(TokenKind::kDollar)) return parseParameter();
  return nullptr;
}

ast::NodePattern StatementParser::parseNodePattern() {
  ast::NodePattern node;
  node.position = positionOf(expect(TokenKind::kLeftParen, "'(' (a node pattern)"));
  if (atVariable()) node.variable = parseVariable();
  node.labels = parseLabels();
  node.properties = parsePatternProperties();
  expect(TokenKind::kRightParen, "')'");
  return node;
}

bool StatementParser::atRelationshipStart(size_t ahead) const {
  size_t i = ahead;
  if (at(TokenKind::kLess, i)) {
    if (!at(TokenKind::kMinus, i + 1) || !peek(i + 1).adjacent) return false;
    ++i;
  }
  if (!at(TokenKind::kMinus, i)) return false;
  return at(TokenKind::kLeftBracket, i + 1) || at(TokenKind::kMinus, i + 1);
}

bool StatementParser::atRelationshipPattern(size_t ahead) const {
  if (!at(TokenKind::kLeftParen, ahead)) return false;
  size_t depth = 0;
  size_t i = ahead;
  for (;; ++i) {
    TokenKind kind = peek(i).kind;
    if (kind == TokenKind::kEnd) return false;
    if (kind == TokenKind::kLeftParen || kind == TokenKind::kLeftBracket ||
        kind == TokenKind::kLeftBrace) {
      ++depth;
    } else if (kind == TokenKind::kRightParen || kind == TokenKind::kRightBracket ||
               kind == TokenKind::kRightBrace) {
      if (--depth == 0) break;
    }
  }
  return atRelationshipStart(i + 1);
}

ast::RelationshipPattern StatementParser::parseRelationshipPattern() {
  ast::RelationshipPattern rel;
  rel.position = positionOf(peek());
  bool left = accept(TokenKind::kLess);
  expect(TokenKind::kMinus, "'-'");
  if (accept(TokenKind::kLeftBracket)) {
    if (atVariable()) rel.variable = parseVariable();
    if (accept(TokenKind::kColon)) {
      rel.types.push_back(parseName("a relationship type"));
      while (accept(TokenKind::kPipe)) {
        accept(TokenKind::kColon);
        rel.types.push_back(parseName("a relationship type"));
      }
    }
    if (at(TokenKind::kStar)) {
      const Token& star = next();
      ast::VariableLength length;
      auto bound = [&]() -> int64_t {
        const Token& token = next();
        if (token.kind != TokenKind::kInteger) {
          fail(token, "InvalidRelationshipPattern", "invalid variable length bound");
        }
        return integerValue(token, false);
      };
      if (at(TokenKind::kInteger)) length.min = bound();
      if (accept(TokenKind::kDotDot)) {
        if (at(TokenKind::kInteger)) length.max = bound();
      } else {
        length.max = length.min;
      }
      if (at(TokenKind::kMinus) || at(TokenKind::kInvalidNumber) || at(TokenKind::kFloat)) {
        fail(peek(), "InvalidRelationshipPattern",
             "invalid variable length after '*' at line " + std::to_string(star.line));
      }
      rel.length = length;
    }
    rel.properties = parsePatternProperties();
    if (!at(TokenKind::kRightBracket)) {
      fail(peek(), "InvalidRelationshipPattern",
           "invalid relationship pattern: unexpected '" + peek().text + "'");
    }
    next();
  }
  expect(TokenKind::kMinus, "'-'");
  bool right = accept(TokenKind::kGreater);
  rel.direction = left && right ? ast::RelationshipDirection::kBoth
                  : left        ? ast::RelationshipDirection::kIncoming
                  : right       ? ast::RelationshipDirection::kOutgoing
                                : ast::RelationshipDirection::kEither;
  return rel;
}

std::vector<std::string> StatementParser::parseLabels() {
  std::vector<std::string> labels;
  while (accept(TokenKind::kColon)) labels.push_back(parseName("a label name"));
  return labels;
}

}  // namespace cairn::cypher
