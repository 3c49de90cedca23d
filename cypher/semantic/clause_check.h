#pragma once
// The semantic check of one clause: its expressions in the scope before it, then the scope
// after it. MATCH, CREATE and MERGE bind their patterns' variables (pattern_check.h); UNWIND,
// FOREACH and CALL ... YIELD bind a new variable each; WITH and RETURN project
// (projection_check.h); SET, REMOVE and DELETE read what is bound.

#include <string>
#include <vector>

#include "cypher/ast/clause.h"
#include "cypher/semantic/scope.h"

namespace cairn::cypher::semantic {

// Checks `clause` in `scope` and updates `scope` to what follows it. A RETURN sets `columns`.
void checkClause(const ast::Clause& clause, Scope& scope, std::vector<std::string>& columns);

}  // namespace cairn::cypher::semantic
