#pragma once
// What a Cypher statement is before it runs, and the plan it would run: the HTTP route decides
// from the first whether a request needs write access, and EXPLAIN / PROFILE answer the second
// (docs/cypher.md "EXPLAIN and PROFILE").
//
// A reading statement's plan is the engine's (query::explainCypherQuery). A statement with
// updating clauses runs its runs of reading clauses through the engine and its updating clauses
// row by row (statement_pipeline.h), so its plan is an "Update" node naming the updating
// clauses above the plans of the reading runs, in order; a statement of CREATE and UNWIND
// clauses only runs outside the engine and has no plan below the Update node.
//
// Thread-safe: no shared mutable state.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cypher/ast/statement.h"
#include "cypher/write/update_counters.h"
#include "index/ledger/ledger.h"
#include "query/engine/query_engine.h"
#include "query/value/value_program.h"

namespace cairn::cypher {

struct StatementShape {
  ast::StatementMode mode = ast::StatementMode::kNormal;
  bool updating = false;  // has an updating clause (CREATE, MERGE, SET, ...)
  // Whether running it changes the ledger (EXPLAIN of an updating statement does not).
  bool writes() const { return updating && mode != ast::StatementMode::kExplain; }
};

// Parses and checks `text`: throws the compile-time errors (core::Error) before anything runs.
ast::Statement parseCheckedStatement(std::string_view text);
// The shape of a parsed and checked statement.
StatementShape shapeOf(const ast::Statement& statement);

// The first updating clause of the statement's first part, if any part has one.
std::optional<size_t> firstUpdatingClause(const ast::Query& query);
// Whether the part consists of CREATE and UNWIND clauses only (run without the engine).
bool isCreateAndUnwindOnly(const ast::SingleQuery& part);

struct StatementPlan {
  query::PlanInfo plan;
  std::vector<std::string> columns;  // what the statement returns (none for an update)
};

// The plan of a parsed and checked statement, with estimates, without running it (an EXPLAIN or
// PROFILE prefix is ignored). Throws core::Error as runStatement does before running anything.
StatementPlan explainStatement(const index::Ledger& ledger, const ast::Statement& statement,
                               const query::value::Parameters& parameters,
                               const query::QueryOptions& options);
StatementPlan explainStatement(const index::Ledger& ledger, std::string_view text,
                               const query::value::Parameters& parameters,
                               const query::QueryOptions& options);

// The Update node of an updating part: its updating clauses from `firstUpdate` on, the counters
// once the statement ran (PROFILE), and `readings` (the plans of its runs of reading clauses)
// as its inputs.
query::PlanInfo updatePlan(const ast::SingleQuery& part, size_t firstUpdate,
                           std::vector<query::PlanInfo> readings,
                           const UpdateCounters* counters = nullptr);

}  // namespace cairn::cypher
