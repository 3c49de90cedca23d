#pragma once
// The semantic check of a query: single queries joined by UNION must agree on their columns
// (DifferentColumnsInUnion) and on UNION or UNION ALL (InvalidClauseComposition); each single
// query's clauses are checked in order (clause_check.h). An EXISTS subquery is a query checked
// in the scope around it, with reading clauses only.

#include <string>
#include <vector>

#include "cypher/ast/statement.h"
#include "cypher/semantic/scope.h"

namespace cairn::cypher::semantic {

enum class QueryContext {
  kStatement,       // a whole statement
  kExistsSubquery,  // EXISTS { ... }: no updating clauses
};

// Checks `query` starting from `outer` (empty for a statement); returns its columns (none when
// it ends with an updating clause).
std::vector<std::string> checkQuery(const ast::Query& query, const Scope& outer,
                                    QueryContext context);

}  // namespace cairn::cypher::semantic
