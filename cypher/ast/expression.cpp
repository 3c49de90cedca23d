#include "cypher/ast/expression.h"

#include "cypher/ast/pattern.h"
#include "cypher/ast/statement.h"

namespace cairn::cypher::ast {

Expression::Expression() = default;
Expression::Expression(ExprKind kind, SourcePosition position) : kind(kind), position(position) {}
Expression::~Expression() = default;
Expression::Expression(Expression&&) noexcept = default;
Expression& Expression::operator=(Expression&&) noexcept = default;

ExpressionPtr clone(const Expression& expression) {
  auto copy = std::make_unique<Expression>(expression.kind, expression.position);
  copy->children.reserve(expression.children.size());
  for (const auto& child : expression.children) {
    copy->children.push_back(child ? clone(*child) : nullptr);
  }
  copy->name = expression.name;
  copy->names = expression.names;
  copy->boolValue = expression.boolValue;
  copy->intValue = expression.intValue;
  copy->floatValue = expression.floatValue;
  copy->distinct = expression.distinct;
  if (expression.pattern) copy->pattern = std::make_unique<PatternPart>(clone(*expression.pattern));
  if (expression.patternList) {
    copy->patternList = std::make_unique<Pattern>(clone(*expression.patternList));
  }
  copy->subquery = expression.subquery;
  return copy;
}

std::string_view exprKindName(ExprKind kind) {
  switch (kind) {
    case ExprKind::kNull:
      return "null";
    case ExprKind::kBoolean:
      return "boolean";
    case ExprKind::kInteger:
      return "integer";
    case ExprKind::kFloat:
      return "float";
    case ExprKind::kString:
      return "string";
    case ExprKind::kParameter:
      return "param";
    case ExprKind::kVariable:
      return "var";
    case ExprKind::kList:
      return "list";
    case ExprKind::kMap:
      return "map";
    case ExprKind::kCountStar:
      return "count*";
    case ExprKind::kOr:
      return "or";
    case ExprKind::kXor:
      return "xor";
    case ExprKind::kAnd:
      return "and";
    case ExprKind::kNot:
      return "not";
    case ExprKind::kEqual:
      return "=";
    case ExprKind::kNotEqual:
      return "<>";
    case ExprKind::kLess:
      return "<";
    case ExprKind::kGreater:
      return ">";
    case ExprKind::kLessEqual:
      return "<=";
    case ExprKind::kGreaterEqual:
      return ">=";
    case ExprKind::kStartsWith:
      return "starts-with";
    case ExprKind::kEndsWith:
      return "ends-with";
    case ExprKind::kContains:
      return "contains";
    case ExprKind::kRegexMatch:
      return "=~";
    case ExprKind::kIn:
      return "in";
    case ExprKind::kIsNull:
      return "is-null";
    case ExprKind::kIsNotNull:
      return "is-not-null";
    case ExprKind::kAdd:
      return "+";
    case ExprKind::kSubtract:
      return "-";
    case ExprKind::kMultiply:
      return "*";
    case ExprKind::kDivide:
      return "/";
    case ExprKind::kModulo:
      return "%";
    case ExprKind::kPower:
      return "^";
    case ExprKind::kNegate:
      return "neg";
    case ExprKind::kUnaryPlus:
      return "pos";
    case ExprKind::kProperty:
      return "prop";
    case ExprKind::kIndex:
      return "index";
    case ExprKind::kSlice:
      return "slice";
    case ExprKind::kHasLabels:
      return "labels";
    case ExprKind::kCase:
      return "case";
    case ExprKind::kSimpleCase:
      return "simple-case";
    case ExprKind::kListComprehension:
      return "list-comp";
    case ExprKind::kPatternComprehension:
      return "pattern-comp";
    case ExprKind::kAll:
      return "all";
    case ExprKind::kAny:
      return "any";
    case ExprKind::kNone:
      return "none";
    case ExprKind::kSingle:
      return "single";
    case ExprKind::kReduce:
      return "reduce";
    case ExprKind::kFunctionCall:
      return "call";
    case ExprKind::kPatternPredicate:
      return "pattern";
    case ExprKind::kExistsSubquery:
      return "exists-subquery";
  }
  return "?";
}

}  // namespace cairn::cypher::ast
