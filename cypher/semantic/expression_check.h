#pragma once
// The semantic check of one expression: every variable it reads is bound (in the clause's scope
// or in a local scope a comprehension, quantifier, reduce or pattern comprehension opens),
// aggregates stand only where the caller allows them and never inside each other, functions
// exist, and operators and functions get arguments of a kind they accept (as far as types are
// known statically, static_type.h). Returns the expression's static type.

#include "cypher/ast/expression.h"
#include "cypher/semantic/scope.h"
#include "cypher/semantic/static_type.h"

namespace cairn::cypher::semantic {

enum class AggregationRule {
  kForbidden,  // WHERE, SET, UNWIND, ...: an aggregate is an InvalidAggregation
  kAllowed,    // projection items and the ORDER BY of an aggregating projection
};

// Throws core::Error (semantic_error.h) at the first error in `expression`.
StaticType checkExpression(const ast::Expression& expression, const Scope& scope,
                           AggregationRule rule = AggregationRule::kForbidden);

// As checkExpression, for an optional part of the AST: a null expression has type null.
StaticType checkOptionalExpression(const ast::Expression* expression, const Scope& scope,
                                   AggregationRule rule = AggregationRule::kForbidden);

// Checks a predicate (WHERE, YIELD ... WHERE): an expression whose type may be boolean.
void checkPredicate(const ast::Expression* predicate, const Scope& scope);

}  // namespace cairn::cypher::semantic
