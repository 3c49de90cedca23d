#pragma once
// openCypher's rules for aggregation in projections (WITH, RETURN) beyond where aggregates may
// stand (expression_check.h): in an item that aggregates, what stands outside the aggregates
// must be a grouping key that is a variable or a property of one, a constant or a parameter
// (AmbiguousAggregationExpression); and the ORDER BY of an aggregating or DISTINCT projection
// sees only what the projection produced: its columns and the expressions it projected.

#include <string_view>

#include "cypher/ast/clause.h"
#include "cypher/semantic/scope.h"

namespace cairn::cypher::semantic {

// count, sum, avg, min, max, collect, stDev, stDevP, percentileDisc, percentileCont (any case).
bool isAggregateFunction(std::string_view name);
// Whether `expression` is an aggregate: count(*) or a call of an aggregate function.
bool isAggregate(const ast::Expression& expression);
// Whether `expression` contains an aggregate outside nested subqueries.
bool containsAggregate(const ast::Expression& expression);
// Structural equality of two expressions, ignoring source positions.
bool sameExpression(const ast::Expression& a, const ast::Expression& b);

// Checks the items of an aggregating projection: `scope` is the scope before it.
void checkGroupingKeys(const ast::ProjectionBody& body, const Scope& scope);

// Checks a sort item of an aggregating or DISTINCT projection: `projected` is the scope after
// it. Throws UndefinedVariable for a variable the projection did not keep and
// AmbiguousAggregationExpression for a complex grouping key used beside an aggregate.
void checkSortAfterProjection(const ast::Expression& sortItem, const ast::ProjectionBody& body,
                              const Scope& projected);

}  // namespace cairn::cypher::semantic
