#pragma once
// A syntactic restriction the TCK makes on top of the openCypher 9 grammar: relationship
// patterns used as expressions are predicates only (see pattern_expression_check.cpp).

#include "cypher/ast/clause.h"

namespace cairn::cypher {

// Throws core::Error(kSyntaxError, "UnexpectedSyntax") at the first pattern expression of
// `clause` that stands where a value rather than a boolean is expected.
void checkPatternExpressions(const ast::Clause& clause);

}  // namespace cairn::cypher
