#pragma once
// The semantic rules of graph patterns: what their variables bind and when a variable may be
// reused. A node variable may join a node bound earlier, never a relationship, path or other
// value (VariableTypeConflict); a path variable is always new (VariableAlreadyBound); a
// relationship appears once per MATCH (RelationshipUniquenessViolation). CREATE and MERGE
// create what they name: a bound node may only be an endpoint without new labels or
// properties, a relationship must be new, directed (CREATE), of exactly one type and of fixed
// length. A pattern used as a predicate introduces no variables (UndefinedVariable).

#include "cypher/ast/pattern.h"
#include "cypher/semantic/scope.h"

namespace cairn::cypher::semantic {

enum class PatternUse {
  kMatch,   // MATCH, OPTIONAL MATCH
  kCreate,  // CREATE
  kMerge,   // MERGE
  kLocal,   // a pattern comprehension or an EXISTS { pattern }: binds in a local scope
};

// Binds the variables of `pattern` into `scope` as `use` does, then checks the property
// expressions of its elements in the resulting scope.
void bindPattern(const ast::Pattern& pattern, PatternUse use, Scope& scope);
void bindPatternPart(const ast::PatternPart& part, PatternUse use, Scope& scope);

// Checks a relationship pattern used as an expression: its variables must be bound already.
void checkPatternPredicate(const ast::PatternPart& part, const Scope& scope);

}  // namespace cairn::cypher::semantic
