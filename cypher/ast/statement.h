#pragma once
// A whole openCypher statement: one query (single queries joined by UNION [ALL]) with an
// optional EXPLAIN or PROFILE prefix. The root of what cypher::parseStatement returns.

#include <vector>

#include "cypher/ast/clause.h"

namespace cairn::cypher::ast {

struct SingleQuery {
  SourcePosition position;
  std::vector<ClausePtr> clauses;
};

struct Query {
  SourcePosition position;
  std::vector<SingleQuery> parts;  // at least one
  // unionAll[i] says whether parts[i] and parts[i + 1] are joined by UNION ALL (else UNION);
  // mixing both is a semantic error the parser leaves to the semantic pass.
  std::vector<bool> unionAll;
};

enum class StatementMode { kNormal, kExplain, kProfile };

struct Statement {
  StatementMode mode = StatementMode::kNormal;
  Query query;
};

}  // namespace cairn::cypher::ast
