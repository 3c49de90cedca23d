#include "cypher/semantic/expression_check.h"

#include <algorithm>
#include <string>
#include <vector>

#include "cypher/ast/pattern.h"
#include "cypher/ast/statement.h"
#include "cypher/semantic/aggregation_rules.h"
#include "cypher/semantic/pattern_check.h"
#include "cypher/semantic/query_check.h"
#include "cypher/semantic/semantic_error.h"
#include "cypher/semantic/type_rules.h"
#include "query/value/functions/function_registry.h"

namespace cairn::cypher::semantic {

namespace {

using ast::ExprKind;

std::string lowerCase(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
  }
  return out;
}

// Functions whose result differs between calls with the same arguments: an aggregate over one
// is not a function of its group (NonConstantExpression).
bool isNonDeterministic(const ast::Expression& e) {
  if (e.kind == ExprKind::kFunctionCall && lowerCase(e.name) == "rand") return true;
  return std::any_of(e.children.begin(), e.children.end(),
                     [](const auto& child) { return child && isNonDeterministic(*child); });
}

// Functions the parser accepts that are not value functions in the registry: exists() takes a
// pattern or a property.
bool isSpecialForm(std::string_view lowerName) { return lowerName == "exists"; }

class ExpressionChecker {
 public:
  explicit ExpressionChecker(AggregationRule rule) : rule_(rule) {}

  StaticType check(const ast::Expression& e, const Scope& scope) {
    switch (e.kind) {
      case ExprKind::kNull:
        return StaticType::of(kNullBit);
      case ExprKind::kBoolean:
        return StaticType::of(kBooleanBit);
      case ExprKind::kInteger:
        return StaticType::of(kIntegerBit);
      case ExprKind::kFloat:
        return StaticType::of(kFloatBit);
      case ExprKind::kString:
        return StaticType::of(kStringBit);
      case ExprKind::kParameter:
        return StaticType::any();
      case ExprKind::kVariable:
        return variable(e, scope);
      case ExprKind::kList: {
        uint32_t elements = 0;
        for (const auto& child : e.children) elements |= check(*child, scope).bits;
        // An empty list has no element to be of a wrong kind.
        return StaticType::listOf(elements == 0 ? kAnyBits : elements);
      }
      case ExprKind::kMap:
        for (const auto& child : e.children) check(*child, scope);
        return StaticType::of(kMapBit);
      case ExprKind::kCountStar:
        aggregate(e, scope);
        return StaticType::of(kIntegerBit);
      case ExprKind::kCase:
      case ExprKind::kSimpleCase:
        return caseExpression(e, scope);
      case ExprKind::kListComprehension:
      case ExprKind::kAll:
      case ExprKind::kAny:
      case ExprKind::kNone:
      case ExprKind::kSingle:
        return comprehension(e, scope);
      case ExprKind::kReduce:
        return reduce(e, scope);
      case ExprKind::kPatternComprehension:
        return patternComprehension(e, scope);
      case ExprKind::kPatternPredicate:
        checkPatternPredicate(*e.pattern, scope);
        // shortestPath(...) as a value is a path (or null), allShortestPaths(...) a list of them.
        switch (e.pattern->function) {
          case ast::PathFunction::kShortestPath:
            return StaticType::of(kPathBit);
          case ast::PathFunction::kAllShortestPaths:
            return StaticType::listOf(kPathBit);
          default:
            return StaticType::of(kBooleanBit);
        }
      case ExprKind::kExistsSubquery:
        existsSubquery(e, scope);
        return StaticType::of(kBooleanBit);
      case ExprKind::kFunctionCall:
        return functionCall(e, scope);
      default: {
        std::vector<StaticType> operands;
        operands.reserve(e.children.size());
        for (const auto& child : e.children) {
          operands.push_back(child ? check(*child, scope) : StaticType::of(kNullBit));
        }
        return operatorType(e, operands);
      }
    }
  }

 private:
  StaticType variable(const ast::Expression& e, const Scope& scope) {
    const Variable* bound = scope.find(e.name);
    if (bound == nullptr)
      raise("UndefinedVariable", "variable " + quoted(e.name) + " not defined", e.position);
    return bound->type;
  }

  StaticType optional(const ast::Expression* e, const Scope& scope) {
    return e ? check(*e, scope) : StaticType::of(kNullBit);
  }

  StaticType caseExpression(const ast::Expression& e, const Scope& scope) {
    // Generic: [when1, then1, ..., else]; simple: [subject, value1, then1, ..., else].
    const size_t first = e.kind == ExprKind::kSimpleCase ? 1 : 0;
    if (first == 1) check(*e.children[0], scope);
    StaticType result = StaticType::of(0);
    const size_t last = e.children.size() - 1;
    for (size_t i = first; i < last; ++i) {
      const StaticType type = check(*e.children[i], scope);
      if ((i - first) % 2 == 1) result = result.unite(type);
    }
    return result.unite(optional(e.children[last].get(), scope));
  }

  // [v IN list WHERE p | e] and the quantifiers: v is local to p and e.
  StaticType comprehension(const ast::Expression& e, const Scope& scope) {
    const StaticType list = check(*e.children[0], scope);
    Scope local = scope;
    local.bind(e.name, list.element(), e.position);
    ++localDepth_;
    optional(e.children[1].get(), local);
    StaticType projection = list.element();
    if (e.kind == ExprKind::kListComprehension && e.children.size() > 2 && e.children[2]) {
      projection = check(*e.children[2], local);
    }
    --localDepth_;
    if (e.kind != ExprKind::kListComprehension) return StaticType::of(kBooleanBit | kNullBit);
    return StaticType::listOf(projection.bits);
  }

  // reduce(acc = init, v IN list | e): acc and v are local to e.
  StaticType reduce(const ast::Expression& e, const Scope& scope) {
    check(*e.children[0], scope);
    const StaticType list = check(*e.children[1], scope);
    Scope local = scope;
    local.bind(e.names.at(0), StaticType::any(), e.position);
    local.bind(e.name, list.element(), e.position);
    ++localDepth_;
    check(*e.children[2], local);
    --localDepth_;
    return StaticType::any();
  }

  StaticType patternComprehension(const ast::Expression& e, const Scope& scope) {
    Scope local = scope;
    bindPatternPart(*e.pattern, PatternUse::kLocal, local);
    ++localDepth_;
    optional(e.children[0].get(), local);
    const StaticType projection = check(*e.children[1], local);
    --localDepth_;
    return StaticType::listOf(projection.bits);
  }

  void existsSubquery(const ast::Expression& e, const Scope& scope) {
    if (e.subquery) {
      checkQuery(*e.subquery, scope, QueryContext::kExistsSubquery);
      return;
    }
    Scope local = scope;
    bindPattern(*e.patternList, PatternUse::kLocal, local);
    ++localDepth_;
    for (const auto& child : e.children) {
      if (child) check(*child, local);
    }
    --localDepth_;
  }

  // count(*) or an aggregate function call: where it may stand.
  void aggregate(const ast::Expression& e, const Scope& scope) {
    const std::string name = e.kind == ExprKind::kCountStar ? "count(*)" : e.name + "()";
    if (rule_ == AggregationRule::kForbidden || localDepth_ > 0) {
      raise("InvalidAggregation", "aggregate " + name + " is not allowed here", e.position);
    }
    if (aggregateDepth_ > 0) {
      raise("NestedAggregation", "aggregate " + name + " inside another aggregate", e.position);
    }
    for (const auto& child : e.children) {
      if (child && isNonDeterministic(*child)) {
        raise("NonConstantExpression",
              "the argument of aggregate " + name + " is not deterministic (rand())",
              child->position);
      }
    }
    ++aggregateDepth_;
    for (const auto& child : e.children) {
      if (child) check(*child, scope);
    }
    --aggregateDepth_;
  }

  StaticType functionCall(const ast::Expression& e, const Scope& scope) {
    const std::string name = lowerCase(e.name);
    if (isAggregateFunction(name)) {
      aggregate(e, scope);
      if (name == "count") return StaticType::of(kIntegerBit);
      if (name == "collect") {
        return StaticType::listOf(e.children.empty() ? kAnyBits
                                                     : optional(e.children[0].get(), scope).bits);
      }
      return StaticType::any();
    }
    if (!isSpecialForm(name)) {
      const auto* function = query::value::FunctionRegistry::standard().find(name);
      if (function == nullptr) {
        raise("UnknownFunction", "unknown function " + quoted(e.name), e.position);
      }
      const size_t count = e.children.size();
      const bool variadic = function->maxArgs == query::value::FunctionRegistry::kVariadic;
      if (count < function->minArgs || (!variadic && count > function->maxArgs)) {
        raise("InvalidNumberOfArguments",
              "function " + e.name + "() called with " + std::to_string(count) + " arguments",
              e.position);
      }
    }
    std::vector<StaticType> arguments;
    arguments.reserve(e.children.size());
    for (const auto& child : e.children) arguments.push_back(optional(child.get(), scope));
    return functionType(name, e, arguments);
  }

  AggregationRule rule_;
  int aggregateDepth_ = 0;
  int localDepth_ = 0;  // inside a comprehension, quantifier, reduce or pattern comprehension
};

}  // namespace

StaticType checkExpression(const ast::Expression& expression, const Scope& scope,
                           AggregationRule rule) {
  return ExpressionChecker(rule).check(expression, scope);
}

StaticType checkOptionalExpression(const ast::Expression* expression, const Scope& scope,
                                   AggregationRule rule) {
  return expression ? checkExpression(*expression, scope, rule) : StaticType::of(kNullBit);
}

void checkPredicate(const ast::Expression* predicate, const Scope& scope) {
  if (predicate == nullptr) return;
  const StaticType type = checkExpression(*predicate, scope);
  requireArgument(type, kBooleanBit, "a predicate", predicate->position);
}

}  // namespace cairn::cypher::semantic
