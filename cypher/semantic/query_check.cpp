#include "cypher/semantic/query_check.h"

#include <algorithm>

#include "cypher/semantic/clause_check.h"
#include "cypher/semantic/semantic_error.h"

namespace cairn::cypher::semantic {

namespace {

std::vector<std::string> checkSingleQuery(const ast::SingleQuery& single, const Scope& outer,
                                          QueryContext context) {
  Scope scope = outer;
  std::vector<std::string> columns;
  for (const auto& clause : single.clauses) {
    if (context == QueryContext::kExistsSubquery && ast::isUpdatingClause(clause->kind())) {
      raise("InvalidClauseComposition",
            std::string("an EXISTS subquery cannot update the graph (") +
                std::string(ast::clauseKindName(clause->kind())) + ")",
            clause->position());
    }
    checkClause(*clause, scope, columns);
  }
  return columns;
}

}  // namespace

std::vector<std::string> checkQuery(const ast::Query& query, const Scope& outer,
                                    QueryContext context) {
  for (size_t i = 1; i < query.unionAll.size(); ++i) {
    if (query.unionAll[i] != query.unionAll[0]) {
      raise("InvalidClauseComposition", "UNION and UNION ALL cannot be mixed in one query",
            query.parts[i + 1].position);
    }
  }
  std::vector<std::string> first;
  for (size_t i = 0; i < query.parts.size(); ++i) {
    std::vector<std::string> columns = checkSingleQuery(query.parts[i], outer, context);
    if (i == 0) {
      first = std::move(columns);
      continue;
    }
    // Columns are matched by name; their order may differ between the arms.
    std::vector<std::string> a = first;
    std::sort(a.begin(), a.end());
    std::sort(columns.begin(), columns.end());
    if (a != columns) {
      raise("DifferentColumnsInUnion", "all arms of a UNION must return the same columns",
            query.parts[i].position);
    }
  }
  return first;
}

}  // namespace cairn::cypher::semantic
