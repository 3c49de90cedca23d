#include "cypher/semantic/aggregation_rules.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "cypher/ast/pattern.h"
#include "cypher/semantic/semantic_error.h"

namespace cairn::cypher::semantic {

namespace {

using ast::ExprKind;

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
           return lower(x) == lower(y);
         });
}

// Kinds whose `name` is a variable local to some of the children.
bool introducesLocalVariable(ExprKind kind) {
  switch (kind) {
    case ExprKind::kListComprehension:
    case ExprKind::kAll:
    case ExprKind::kAny:
    case ExprKind::kNone:
    case ExprKind::kSingle:
    case ExprKind::kReduce:
      return true;
    default:
      return false;
  }
}

// Pattern-bearing expressions are compared by identity only: a grouping key is rarely one.
bool samePatterns(const ast::Expression& a, const ast::Expression& b) {
  if (a.pattern || b.pattern || a.patternList || b.patternList || a.subquery || b.subquery) {
    return &a == &b;
  }
  return true;
}

bool isVariableOrItsProperty(const ast::Expression& e) {
  return e.kind == ExprKind::kVariable ||
         (e.kind == ExprKind::kProperty && e.children[0]->kind == ExprKind::kVariable);
}

class GroupingCheck {
 public:
  GroupingCheck(const ast::ProjectionBody& body, const Scope& scope) : scope_(scope) {
    for (const auto& item : body.items) {
      if (!containsAggregate(*item.expression)) keys_.push_back(item.expression.get());
    }
    if (body.star) {
      for (const auto& name : scope.names()) keyVariables_.insert(name);
    }
    for (const ast::Expression* key : keys_) {
      if (key->kind == ExprKind::kVariable) keyVariables_.insert(key->name);
    }
  }

  void check(const ast::Expression& e, std::set<std::string>& locals) {
    if (isAggregate(e)) return;
    if (isKey(e)) {
      if (isVariableOrItsProperty(e)) return;
      ambiguous(e);
    }
    switch (e.kind) {
      case ExprKind::kVariable:
        if (locals.count(e.name) || keyVariables_.count(e.name) || !scope_.contains(e.name)) {
          return;
        }
        ambiguous(e);
      case ExprKind::kPatternPredicate:
      case ExprKind::kPatternComprehension:
      case ExprKind::kExistsSubquery:
        return;
      default:
        break;
    }
    const bool local = introducesLocalVariable(e.kind);
    const bool added = local && locals.insert(e.name).second;
    const bool addedAccumulator =
        e.kind == ExprKind::kReduce && !e.names.empty() && locals.insert(e.names[0]).second;
    for (const auto& child : e.children) {
      if (child) check(*child, locals);
    }
    if (added) locals.erase(e.name);
    if (addedAccumulator) locals.erase(e.names[0]);
  }

 private:
  bool isKey(const ast::Expression& e) const {
    return std::any_of(keys_.begin(), keys_.end(),
                       [&](const ast::Expression* key) { return sameExpression(*key, e); });
  }

  [[noreturn]] void ambiguous(const ast::Expression& e) const {
    raise("AmbiguousAggregationExpression",
          "an expression that aggregates may use beside its aggregates only grouping keys that "
          "are variables or their properties, constants and parameters; this one is not",
          e.position);
  }

  const Scope& scope_;
  std::vector<const ast::Expression*> keys_;
  std::set<std::string> keyVariables_;
};

class SortCheck {
 public:
  SortCheck(const ast::ProjectionBody& body, const Scope& projected, bool itemAggregates)
      : body_(body), projected_(projected), itemAggregates_(itemAggregates) {}

  void check(const ast::Expression& e, std::set<std::string>& locals) {
    for (const auto& item : body_.items) {
      if (!sameExpression(*item.expression, e)) continue;
      const bool key = !containsAggregate(*item.expression);
      if (key && itemAggregates_ && !isVariableOrItsProperty(e) && !isConstant(e)) {
        raise("AmbiguousAggregationExpression",
              "a sort expression that aggregates uses the grouping key " + quoted(item.text) +
                  ", which is neither a variable nor a property of one",
              e.position);
      }
      return;
    }
    switch (e.kind) {
      case ExprKind::kVariable:
        if (locals.count(e.name) || projected_.contains(e.name)) return;
        raise("UndefinedVariable",
              "variable " + quoted(e.name) +
                  " not defined: after an aggregating or DISTINCT projection, ORDER BY sees only "
                  "what it projected",
              e.position);
      case ExprKind::kPatternPredicate:
      case ExprKind::kPatternComprehension:
      case ExprKind::kExistsSubquery:
        return;
      default:
        break;
    }
    const bool added = introducesLocalVariable(e.kind) && locals.insert(e.name).second;
    const bool addedAccumulator =
        e.kind == ExprKind::kReduce && !e.names.empty() && locals.insert(e.names[0]).second;
    for (const auto& child : e.children) {
      if (child) check(*child, locals);
    }
    if (added) locals.erase(e.name);
    if (addedAccumulator) locals.erase(e.names[0]);
  }

 private:
  static bool isConstant(const ast::Expression& e) {
    switch (e.kind) {
      case ExprKind::kNull:
      case ExprKind::kBoolean:
      case ExprKind::kInteger:
      case ExprKind::kFloat:
      case ExprKind::kString:
      case ExprKind::kParameter:
        return true;
      default:
        return false;
    }
  }

  const ast::ProjectionBody& body_;
  const Scope& projected_;
  bool itemAggregates_;
};

}  // namespace

bool isAggregateFunction(std::string_view name) {
  static constexpr std::string_view kAggregates[] = {
      "count",          "sum", "avg", "min", "max", "collect", "stdev", "stdevp", "percentiledisc",
      "percentilecont",
  };
  return std::any_of(
      std::begin(kAggregates), std::end(kAggregates),
      [&](std::string_view aggregate) { return equalsIgnoringCase(name, aggregate); });
}

bool isAggregate(const ast::Expression& expression) {
  return expression.kind == ExprKind::kCountStar ||
         (expression.kind == ExprKind::kFunctionCall && isAggregateFunction(expression.name));
}

bool containsAggregate(const ast::Expression& expression) {
  if (isAggregate(expression)) return true;
  return std::any_of(expression.children.begin(), expression.children.end(),
                     [](const auto& child) { return child && containsAggregate(*child); });
}

bool sameExpression(const ast::Expression& a, const ast::Expression& b) {
  if (a.kind != b.kind || a.name != b.name || a.names != b.names || a.boolValue != b.boolValue ||
      a.intValue != b.intValue || a.distinct != b.distinct ||
      a.children.size() != b.children.size() || !samePatterns(a, b)) {
    return false;
  }
  // Floats compare by bits' meaning; NaN never appears as a literal.
  if (a.kind == ExprKind::kFloat && a.floatValue != b.floatValue) return false;
  for (size_t i = 0; i < a.children.size(); ++i) {
    const auto& x = a.children[i];
    const auto& y = b.children[i];
    if (!x || !y) {
      if (x || y) return false;
      continue;
    }
    if (!sameExpression(*x, *y)) return false;
  }
  return true;
}

void checkGroupingKeys(const ast::ProjectionBody& body, const Scope& scope) {
  GroupingCheck check(body, scope);
  std::set<std::string> locals;
  for (const auto& item : body.items) {
    if (containsAggregate(*item.expression)) check.check(*item.expression, locals);
  }
}

void checkSortAfterProjection(const ast::Expression& sortItem, const ast::ProjectionBody& body,
                              const Scope& projected) {
  std::set<std::string> locals;
  SortCheck(body, projected, containsAggregate(sortItem)).check(sortItem, locals);
}

}  // namespace cairn::cypher::semantic
