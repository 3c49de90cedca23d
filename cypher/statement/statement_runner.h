#pragma once
// Running one Cypher statement against a ledger: the entry point of the HTTP route, the command
// line and the TCK. A reading statement runs on the ledger's latest snapshot through the shared
// engine (query/engine/cypher_query.h) and streams its rows into a ValueSink. A statement with
// CREATE runs its reading clauses, then the CREATE clauses for each of their rows, as one commit
// (cypher/write/create_writer.h); the other updating clauses are issue 28's.

#include <cstdint>
#include <optional>
#include <string_view>

#include "cypher/ast/statement.h"
#include "cypher/statement/read_plans.h"
#include "cypher/write/update_counters.h"
#include "query/engine/cypher_query.h"
#include "query/engine/query_engine.h"

namespace cairn::index {
class LiveLedger;
}

namespace cairn::cypher {

struct StatementReport {
  bool wrote = false;       // the statement had updating clauses
  UpdateCounters counters;  // what they did (update_counters.h)
  uint64_t t = 0;           // the commit's t (the current t when nothing changed)
  // Its EXPLAIN or PROFILE prefix, if any.
  ast::StatementMode mode = ast::StatementMode::kNormal;
  // The reading part's run. With EXPLAIN its plan only (nothing ran); with PROFILE the plan
  // with actuals, under an Update node for an updating statement (statement_plan.h).
  query::QueryReport query;
};

// Parses, checks and runs `text`. Throws core::Error with openCypher's classes (compile-time
// errors before anything runs; run-time errors leave the ledger unchanged) and kUnsupported for
// what is not built yet. `sink` gets the columns and rows (none for a statement without
// RETURN: begin() with no columns, then end()). EXPLAIN runs nothing: the sink gets the columns
// and no rows, the report the plan. PROFILE runs the statement with options.analyze.
StatementReport runStatement(index::LiveLedger& ledger, std::string_view text,
                             const query::value::Parameters& parameters,
                             const query::QueryOptions& options, query::ValueSink& sink);

// The same for a statement parseCheckedStatement() (statement_plan.h) returned: what a cache of
// parsed statements runs (nothing here changes the statement, so one may serve concurrent
// runs). With `plans`, a reading statement runs a plan kept there for its text and snapshot,
// or keeps its own (read_plans.h).
StatementReport runStatement(index::LiveLedger& ledger, const ast::Statement& statement,
                             const query::value::Parameters& parameters,
                             const query::QueryOptions& options, query::ValueSink& sink,
                             const ReadPlans* plans = nullptr);

}  // namespace cairn::cypher
