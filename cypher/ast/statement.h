#pragma once
// A whole openCypher statement: one query (single queries joined by UNION [ALL]) with an
// optional EXPLAIN or PROFILE prefix, or a schema command. The root of what
// cypher::parseStatement returns.

#include <optional>
#include <string>
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

// A schema command (Neo4j's syntax, both its 4.x and 5 forms):
//   CREATE CONSTRAINT [name] [IF NOT EXISTS] FOR|ON (n:Label) REQUIRE|ASSERT n.key IS UNIQUE
//   DROP CONSTRAINT name [IF EXISTS]
//   SHOW [ALL|UNIQUE|UNIQUENESS] CONSTRAINT[S]
struct SchemaCommand {
  enum class Kind { kCreateUnique, kDropConstraint, kShowConstraints };
  Kind kind = Kind::kShowConstraints;
  SourcePosition position;
  std::string name;  // empty for a CREATE without one (a name is made up) and for SHOW
  bool ifNotExists = false;
  bool ifExists = false;
  std::string label;     // kCreateUnique
  std::string property;  // kCreateUnique
};

struct Statement {
  StatementMode mode = StatementMode::kNormal;
  Query query;                          // empty when `schema` is set
  std::optional<SchemaCommand> schema;  // set for a schema command instead of a query
};

}  // namespace cairn::cypher::ast
