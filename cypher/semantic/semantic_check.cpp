#include "cypher/semantic/semantic_check.h"

#include "cypher/semantic/query_check.h"

namespace cairn::cypher {

void checkStatement(const ast::Statement& statement) {
  semantic::checkQuery(statement.query, semantic::Scope(), semantic::QueryContext::kStatement);
}

}  // namespace cairn::cypher
