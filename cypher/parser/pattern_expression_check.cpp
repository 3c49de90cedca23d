// The TCK's rule for pattern expressions: a relationship pattern used as an expression is a
// predicate (it tests that the pattern exists), so it may only stand where a boolean is
// expected: in WHERE, under AND / OR / XOR / NOT, as a CASE WHEN condition, as the predicate of a
// quantifier or comprehension, and as the argument of exists(). `RETURN (n)-->()` or
// `size((a)-->())` use it as a value (a list of paths in Cypher before openCypher 9's TCK) and are
// syntax errors ("UnexpectedSyntax"). shortestPath(...) and allShortestPaths(...) are values.

#include "cypher/parser/pattern_expression_check.h"

#include <algorithm>
#include <string_view>

#include "core/error.h"

namespace cairn::cypher {
namespace {

using ast::ExprKind;

void checkExpression(const ast::Expression* expression, bool predicate);

bool isExistsFunction(const std::string& name) {
  static constexpr std::string_view kExists = "exists";
  return name.size() == kExists.size() &&
         std::equal(name.begin(), name.end(), kExists.begin(), [](char a, char b) {
           return (a >= 'A' && a <= 'Z' ? static_cast<char>(a + 32) : a) == b;
         });
}

void checkPatternPart(const ast::PatternPart& part) {
  for (const auto& node : part.nodes) checkExpression(node.properties.get(), false);
  for (const auto& rel : part.relationships) checkExpression(rel.properties.get(), false);
}

void checkPattern(const ast::Pattern& pattern) {
  for (const auto& part : pattern.parts) checkPatternPart(part);
}

void checkExpression(const ast::Expression* expression, bool predicate) {
  if (expression == nullptr) return;
  const auto& children = expression->children;
  switch (expression->kind) {
    case ExprKind::kPatternPredicate:
      // shortestPath(...) and allShortestPaths(...) are values (a path, a list of paths).
      if (!predicate && expression->pattern->function == ast::PathFunction::kNone) {
        throw core::Error(core::ErrorCode::kSyntaxError, "UnexpectedSyntax",
                          "a pattern expression may only be used as a predicate (in WHERE or "
                          "exists()); use a pattern comprehension for its paths",
                          expression->position.line, expression->position.column);
      }
      checkPatternPart(*expression->pattern);
      return;
    case ExprKind::kAnd:
    case ExprKind::kOr:
    case ExprKind::kXor:
    case ExprKind::kNot:
      for (const auto& child : children) checkExpression(child.get(), true);
      return;
    case ExprKind::kFunctionCall: {
      bool exists = isExistsFunction(expression->name);
      for (const auto& child : children) checkExpression(child.get(), exists);
      return;
    }
    case ExprKind::kCase:
      // [when1, then1, ..., whenN, thenN, else]
      for (size_t i = 0; i < children.size(); ++i) {
        bool isCondition = i + 1 < children.size() && i % 2 == 0;
        checkExpression(children[i].get(), isCondition);
      }
      return;
    case ExprKind::kAll:
    case ExprKind::kAny:
    case ExprKind::kNone:
    case ExprKind::kSingle:
      checkExpression(children[0].get(), false);
      checkExpression(children[1].get(), true);
      return;
    case ExprKind::kListComprehension:
      checkExpression(children[0].get(), false);
      checkExpression(children[1].get(), true);
      checkExpression(children[2].get(), false);
      return;
    case ExprKind::kPatternComprehension:
      checkPatternPart(*expression->pattern);
      checkExpression(children[0].get(), true);
      checkExpression(children[1].get(), false);
      return;
    case ExprKind::kExistsSubquery:
      // A query body was checked clause by clause when it was parsed.
      if (expression->patternList) checkPattern(*expression->patternList);
      for (const auto& child : children) checkExpression(child.get(), true);
      return;
    default:
      for (const auto& child : children) checkExpression(child.get(), false);
      return;
  }
}

void checkSetItems(const std::vector<ast::SetItem>& items) {
  for (const auto& item : items) {
    checkExpression(item.target.get(), false);
    checkExpression(item.value.get(), false);
  }
}

void checkProjection(const ast::ProjectionBody& body) {
  for (const auto& item : body.items) checkExpression(item.expression.get(), false);
  for (const auto& sort : body.orderBy) checkExpression(sort.expression.get(), false);
  checkExpression(body.skip.get(), false);
  checkExpression(body.limit.get(), false);
}

}  // namespace

void checkPatternExpressions(const ast::Clause& clause) {
  switch (clause.kind()) {
    case ast::ClauseKind::kMatch: {
      const auto& match = clause.as<ast::MatchClause>();
      checkPattern(match.pattern);
      checkExpression(match.where.get(), true);
      return;
    }
    case ast::ClauseKind::kUnwind:
      checkExpression(clause.as<ast::UnwindClause>().list.get(), false);
      return;
    case ast::ClauseKind::kWith: {
      const auto& with = clause.as<ast::WithClause>();
      checkProjection(with.body);
      checkExpression(with.where.get(), true);
      return;
    }
    case ast::ClauseKind::kReturn:
      checkProjection(clause.as<ast::ReturnClause>().body);
      return;
    case ast::ClauseKind::kCall: {
      const auto& call = clause.as<ast::CallClause>();
      for (const auto& argument : call.arguments) checkExpression(argument.get(), false);
      checkExpression(call.where.get(), true);
      return;
    }
    case ast::ClauseKind::kCreate:
      checkPattern(clause.as<ast::CreateClause>().pattern);
      return;
    case ast::ClauseKind::kMerge: {
      const auto& merge = clause.as<ast::MergeClause>();
      checkPatternPart(merge.pattern);
      for (const auto& action : merge.actions) checkSetItems(action.items);
      return;
    }
    case ast::ClauseKind::kSet:
      checkSetItems(clause.as<ast::SetClause>().items);
      return;
    case ast::ClauseKind::kRemove:
      for (const auto& item : clause.as<ast::RemoveClause>().items) {
        checkExpression(item.target.get(), false);
      }
      return;
    case ast::ClauseKind::kDelete:
      for (const auto& target : clause.as<ast::DeleteClause>().targets) {
        checkExpression(target.get(), false);
      }
      return;
    case ast::ClauseKind::kForeach: {
      const auto& foreach = clause.as<ast::ForeachClause>();
      checkExpression(foreach.list.get(), false);
      for (const auto& inner : foreach.clauses) checkPatternExpressions(*inner);
      return;
    }
  }
}

}  // namespace cairn::cypher
