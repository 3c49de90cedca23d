#pragma once
// The semantic check of WITH and RETURN: their items are checked in the scope before them and
// make the scope after them (`*` keeps what was bound). Items need distinct column names
// (ColumnNameConflict), WITH items that are not variables need an alias (NoExpressionAlias),
// `*` needs something in scope (NoVariablesInScope); aggregation follows aggregation_rules.h;
// ORDER BY sees the projected columns, and the earlier variables too unless the projection
// aggregates or is DISTINCT; SKIP and LIMIT are constant non-negative integers.

#include <string>
#include <vector>

#include "cypher/ast/clause.h"
#include "cypher/semantic/scope.h"

namespace cairn::cypher::semantic {

struct Projection {
  Scope scope;                       // after the projection
  std::vector<std::string> columns;  // in order
};

// `where` is WITH's WHERE (null for RETURN and for a WITH without one).
Projection checkProjection(const ast::ProjectionBody& body, const ast::Expression* where,
                           bool isWith, const Scope& scope, ast::SourcePosition position);

}  // namespace cairn::cypher::semantic
