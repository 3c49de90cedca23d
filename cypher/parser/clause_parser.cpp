// Clauses: MATCH, UNWIND, WITH, RETURN, CALL, CREATE, MERGE, SET, REMOVE, DELETE, FOREACH.

#include "core/error.h"
#include "cypher/parser/statement_parser.h"

namespace cairn::cypher {

using ast::ClausePtr;
using ast::ExpressionPtr;

bool StatementParser::atClauseStart() const {
  for (std::string_view keyword : {"MATCH", "UNWIND", "WITH", "RETURN", "CALL", "CREATE", "MERGE",
                                   "SET", "REMOVE", "DELETE", "FOREACH"}) {
    if (atKeyword(keyword)) return true;
  }
  return (atKeyword("OPTIONAL") && atKeyword("MATCH", 1)) ||
         (atKeyword("DETACH") && atKeyword("DELETE", 1));
}

ClausePtr StatementParser::parseClause() {
  if (atKeyword("MATCH") || atKeyword("OPTIONAL")) return parseMatch();
  if (atKeyword("UNWIND")) return parseUnwind();
  if (atKeyword("WITH")) return parseWith();
  if (atKeyword("RETURN")) return parseReturn();
  if (atKeyword("CALL")) return parseCall();
  if (atKeyword("CREATE")) return parseCreate();
  if (atKeyword("MERGE")) return parseMerge();
  if (atKeyword("SET")) return parseSet();
  if (atKeyword("REMOVE")) return parseRemove();
  if (atKeyword("DELETE") || atKeyword("DETACH")) return parseDelete();
  if (atKeyword("FOREACH")) return parseForeach();
  unexpected(peek(), "a clause");
}

ExpressionPtr StatementParser::parseWhere() {
  if (!acceptKeyword("WHERE")) return nullptr;
  return parseExpression();
}

ClausePtr StatementParser::parseMatch() {
  auto clause = std::make_unique<ast::MatchClause>(positionOf(peek()));
  clause->optional = acceptKeyword("OPTIONAL");
  expectKeyword("MATCH");
  clause->pattern = parsePattern();
  clause->where = parseWhere();
  return clause;
}

ClausePtr StatementParser::parseUnwind() {
  auto clause = std::make_unique<ast::UnwindClause>(positionOf(next()));
  clause->list = parseExpression();
  expectKeyword("AS");
  clause->variable = parseVariable();
  return clause;
}

void StatementParser::parseProjectionBody(ast::ProjectionBody& body) {
  body.distinct = acceptKeyword("DISTINCT");
  bool items = true;
  if (accept(TokenKind::kStar)) {
    body.star = true;
    items = accept(TokenKind::kComma);
  }
  while (items) {
    ast::ProjectionItem& item = body.items.emplace_back();
    const Token& first = peek();
    item.position = positionOf(first);
    item.expression = parseExpression();
    // The text as written, from the first token to the last one the expression took.
    item.text = std::string(text_.substr(first.offset, lastEnd_ - first.offset));
    if (acceptKeyword("AS")) item.alias = parseVariable();
    items = accept(TokenKind::kComma);
  }
  if (acceptKeyword("ORDER")) {
    expectKeyword("BY");
    do {
      ast::SortItem& sort = body.orderBy.emplace_back();
      sort.expression = parseExpression();
      if (acceptKeyword("DESC") || acceptKeyword("DESCENDING")) {
        sort.descending = true;
      } else if (!acceptKeyword("ASC")) {
        acceptKeyword("ASCENDING");
      }
    } while (accept(TokenKind::kComma));
  }
  if (acceptKeyword("SKIP")) body.skip = parseExpression();
  if (acceptKeyword("LIMIT")) body.limit = parseExpression();
}

ClausePtr StatementParser::parseWith() {
  auto clause = std::make_unique<ast::WithClause>(positionOf(next()));
  parseProjectionBody(clause->body);
  clause->where = parseWhere();
  return clause;
}

ClausePtr StatementParser::parseReturn() {
  auto clause = std::make_unique<ast::ReturnClause>(positionOf(next()));
  parseProjectionBody(clause->body);
  return clause;
}

ClausePtr StatementParser::parseCall() {
  auto clause = std::make_unique<ast::CallClause>(positionOf(next()));
  clause->procedure = parseName("a procedure name");
  while (accept(TokenKind::kDot)) clause->procedure += "." + parseName("a procedure name");
  if (accept(TokenKind::kLeftParen)) {
    clause->explicitArguments = true;
    if (!at(TokenKind::kRightParen)) {
      do {
        clause->arguments.push_back(parseExpression());
      } while (accept(TokenKind::kComma));
    }
    expect(TokenKind::kRightParen, "')'");
  }
  if (acceptKeyword("YIELD")) {
    clause->hasYield = true;
    if (accept(TokenKind::kStar)) {
      clause->yieldStar = true;
    } else {
      do {
        ast::YieldItem& item = clause->yieldItems.emplace_back();
        item.position = positionOf(peek());
        item.field = parseName("a procedure output name");
        if (acceptKeyword("AS")) item.alias = parseVariable();
      } while (accept(TokenKind::kComma));
      clause->where = parseWhere();
    }
  }
  return clause;
}

ClausePtr StatementParser::parseCreate() {
  auto clause = std::make_unique<ast::CreateClause>(positionOf(next()));
  clause->pattern = parsePattern();
  return clause;
}

ClausePtr StatementParser::parseMerge() {
  auto clause = std::make_unique<ast::MergeClause>(positionOf(next()));
  clause->pattern = parsePatternPart();
  while (atKeyword("ON")) {
    ast::MergeAction& action = clause->actions.emplace_back();
    action.position = positionOf(next());
    if (acceptKeyword("MATCH")) {
      action.onMatch = true;
    } else if (!acceptKeyword("CREATE")) {
      unexpected(peek(), "MATCH or CREATE");
    }
    expectKeyword("SET");
    do {
      action.items.push_back(parseSetItem());
    } while (accept(TokenKind::kComma));
  }
  return clause;
}

ast::SetItem StatementParser::parseSetItem() {
  ast::SetItem item;
  const Token& first = peek();
  item.position = positionOf(first);
  if (atVariable() && at(TokenKind::kColon, 1)) {
    item.kind = ast::SetItemKind::kLabels;
    item.variable = parseVariable();
    item.labels = parseLabels();
    return item;
  }
  if (atVariable() && (at(TokenKind::kEqual, 1) || at(TokenKind::kPlusEqual, 1))) {
    item.target = std::make_unique<ast::Expression>(ast::ExprKind::kVariable, positionOf(first));
    item.target->name = parseVariable();
    item.kind = next().kind == TokenKind::kEqual ? ast::SetItemKind::kReplaceProperties
                                                 : ast::SetItemKind::kMergeProperties;
    item.value = parseExpression();
    return item;
  }
  item.target = parsePostfix(/*withLabels=*/false);
  if (item.target->kind != ast::ExprKind::kProperty) {
    unexpected(peek(), "a property ('.key') to set");
  }
  expect(TokenKind::kEqual, "'='");
  item.value = parseExpression();
  return item;
}

ClausePtr StatementParser::parseSet() {
  auto clause = std::make_unique<ast::SetClause>(positionOf(next()));
  do {
    clause->items.push_back(parseSetItem());
  } while (accept(TokenKind::kComma));
  return clause;
}

ClausePtr StatementParser::parseRemove() {
  auto clause = std::make_unique<ast::RemoveClause>(positionOf(next()));
  do {
    ast::RemoveItem& item = clause->items.emplace_back();
    item.position = positionOf(peek());
    if (atVariable() && at(TokenKind::kColon, 1)) {
      item.kind = ast::RemoveItemKind::kLabels;
      item.variable = parseVariable();
      item.labels = parseLabels();
      continue;
    }
    item.target = parsePostfix(/*withLabels=*/false);
    if (item.target->kind != ast::ExprKind::kProperty) {
      unexpected(peek(), "a property ('.key') or labels to remove");
    }
  } while (accept(TokenKind::kComma));
  return clause;
}

ClausePtr StatementParser::parseDelete() {
  auto clause = std::make_unique<ast::DeleteClause>(positionOf(peek()));
  clause->detach = acceptKeyword("DETACH");
  expectKeyword("DELETE");
  do {
    clause->targets.push_back(parseExpression());
  } while (accept(TokenKind::kComma));
  return clause;
}

ClausePtr StatementParser::parseForeach() {
  auto clause = std::make_unique<ast::ForeachClause>(positionOf(next()));
  expect(TokenKind::kLeftParen, "'('");
  clause->variable = parseVariable();
  expectKeyword("IN");
  clause->list = parseExpression();
  expect(TokenKind::kPipe, "'|'");
  // Only updating clauses may appear in FOREACH.
  while (atKeyword("CREATE") || atKeyword("MERGE") || atKeyword("SET") || atKeyword("REMOVE") ||
         atKeyword("DELETE") || atKeyword("DETACH") || atKeyword("FOREACH")) {
    clause->clauses.push_back(parseClause());
  }
  if (clause->clauses.empty()) unexpected(peek(), "an updating clause");
  expect(TokenKind::kRightParen, "')'");
  return clause;
}

}  // namespace cairn::cypher
