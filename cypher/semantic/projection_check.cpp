#include "cypher/semantic/projection_check.h"

#include <algorithm>
#include <set>

#include "cypher/semantic/aggregation_rules.h"
#include "cypher/semantic/expression_check.h"
#include "cypher/semantic/semantic_error.h"
#include "cypher/semantic/type_rules.h"

namespace cairn::cypher::semantic {

namespace {

using ast::ExprKind;

std::string columnName(const ast::ProjectionItem& item) {
  if (!item.alias.empty()) return item.alias;
  if (item.expression->kind == ExprKind::kVariable) return item.expression->name;
  return item.text;
}

bool readsVariable(const ast::Expression& e) {
  if (e.kind == ExprKind::kVariable) return true;
  return std::any_of(e.children.begin(), e.children.end(),
                     [](const auto& child) { return child && readsVariable(*child); });
}

// SKIP and LIMIT: an expression of constants and parameters whose value is a non-negative
// integer.
void checkRowCount(const ast::Expression* count, std::string_view clause) {
  if (count == nullptr) return;
  if (readsVariable(*count)) {
    raise("NonConstantExpression",
          std::string(clause) + " takes a constant expression; it cannot read variables",
          count->position);
  }
  const StaticType type = checkExpression(*count, Scope());
  requireArgument(type, kIntegerBit, std::string("the count of ") + std::string(clause),
                  count->position);
  const bool negativeLiteral =
      (count->kind == ExprKind::kInteger && count->intValue < 0) ||
      (count->kind == ExprKind::kNegate && count->children[0]->kind == ExprKind::kInteger &&
       count->children[0]->intValue > 0);
  if (negativeLiteral) {
    raise("NegativeIntegerArgument", std::string(clause) + " takes a non-negative integer",
          count->position);
  }
}

// Earlier variables, overridden by the projected ones: what ORDER BY and WHERE of a projection
// that neither aggregates nor is DISTINCT may read.
Scope merged(const Scope& before, const Scope& after) {
  Scope out = before;
  for (const auto& [name, variable] : after.variables())
    out.bind(name, variable.type, variable.declared);
  return out;
}

}  // namespace

Projection checkProjection(const ast::ProjectionBody& body, const ast::Expression* where,
                           bool isWith, const Scope& scope, ast::SourcePosition position) {
  const char* clause = isWith ? "WITH" : "RETURN";
  // WITH * with nothing in scope is allowed (it only continues the query).
  if (!isWith && body.star && body.items.empty() && scope.empty()) {
    raise("NoVariablesInScope", "RETURN * needs variables in scope, and there are none", position);
  }
  Projection out;
  if (body.star) {
    out.scope = scope;
    out.columns = scope.names();
  }
  std::set<std::string> names;
  bool aggregates = false;
  for (const auto& item : body.items) {
    const StaticType type = checkExpression(*item.expression, scope, AggregationRule::kAllowed);
    aggregates = aggregates || containsAggregate(*item.expression);
    if (isWith && item.alias.empty() && item.expression->kind != ExprKind::kVariable) {
      raise("NoExpressionAlias", "expression " + quoted(item.text) + " in WITH needs an alias (AS)",
            item.position);
    }
    const std::string name = columnName(item);
    if (!names.insert(name).second) {
      raise("ColumnNameConflict", std::string(clause) + " has two columns named " + quoted(name),
            item.position);
    }
    if (!body.star ||
        std::find(out.columns.begin(), out.columns.end(), name) == out.columns.end()) {
      out.columns.push_back(name);
    }
    out.scope.bind(name, type, item.position);
  }
  if (aggregates) checkGroupingKeys(body, scope);

  const bool grouped = aggregates || body.distinct;
  const Scope visible = grouped ? out.scope : merged(scope, out.scope);
  for (const auto& sort : body.orderBy) {
    if (grouped) {
      checkSortAfterProjection(*sort.expression, body, out.scope);
      // Aggregates in the sort item read the rows before the projection.
      checkExpression(*sort.expression, merged(scope, out.scope),
                      aggregates ? AggregationRule::kAllowed : AggregationRule::kForbidden);
    } else {
      checkExpression(*sort.expression, visible);
    }
  }
  checkRowCount(body.skip.get(), "SKIP");
  checkRowCount(body.limit.get(), "LIMIT");
  // WITH DISTINCT ... WHERE still reads the rows before the projection (WithWhere1 [2]); only
  // an aggregating WITH leaves its WHERE with the projected columns alone.
  if (where != nullptr) checkPredicate(where, aggregates ? out.scope : merged(scope, out.scope));
  return out;
}

}  // namespace cairn::cypher::semantic
