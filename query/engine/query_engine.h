#pragma once
// The query engine's entry points: run a Query (query/algebra/query.h) against one ledger
// snapshot, streaming the answer into a ResultSink, or describe the plan it would run.
//
// Failures a user can cause (timeout, cancellation, memory budget, SERVICE, an unknown graph in
// FROM is *not* one: it is just empty) are thrown as core::Error with a stable code; a storage
// failure is core::Error kStorageError naming the blob. Thread-safety: concurrent calls on one
// Ledger are safe; each call is single-threaded.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <set>
#include <string>

#include "index/ledger/ledger.h"
#include "query/algebra/query.h"
#include "query/engine/result_sink.h"
#include "query/exec/plan_info.h"

namespace cairn::query {

namespace value {
class ProcedureCatalog;
}

struct QueryOptions {
  std::chrono::milliseconds timeout{0};  // 0: no deadline
  uint64_t memoryBudgetBytes = uint64_t{1} << 30;
  std::shared_ptr<const std::atomic<bool>> cancelled;  // set from outside to cancel
  // Rewrites and fast paths switched off by name (docs/query-engine.md lists them), for
  // comparisons and tests: e.g. "count-from-directory", "top-k-from-index", "bind-join".
  std::set<std::string> disabledRewrites;
  size_t batchRows = 0;        // 0: the engine's default; tests use 1–2 to cross boundaries
  uint64_t asOf = UINT64_MAX;  // read the state at commit t (time travel); default: latest
  bool analyze = false;        // collect per-operator actual rows, time and memory
  // Fill QueryReport::plan after the run. Rendering every operator's details costs a few
  // microseconds, which a server answering point queries skips unless it was asked to explain.
  bool reportPlan = true;
  // Cypher's CALL: the procedures a statement may call (null: value::builtInProcedures()).
  // Not owned; must outlive the query.
  const value::ProcedureCatalog* procedures = nullptr;
};

struct QueryReport {
  uint64_t resultRows = 0;  // solutions, or triples for CONSTRUCT / DESCRIBE
  double seconds = 0;
  uint64_t peakMemoryBytes = 0;  // as charged to the memory budget
  PlanInfo plan;  // the plan that ran (with actuals when options.analyze); empty without
                  // options.reportPlan
};

// A query planned once on one snapshot, to explain without running and to run any number of
// times on that snapshot (query/engine/prepared_query.h).
struct PreparedQuery;

// Plans `query` and runs it once on the operators planning made. With `keep`, `*keep` also
// receives the plan, frozen, once the run completes (the cost: a copy of each operator's
// arguments); the run's operators are still those planning made, not made again.
QueryReport executeQuery(const index::Ledger& ledger, const Query& query,
                         const QueryOptions& options, ResultSink& sink,
                         std::shared_ptr<const PreparedQuery>* keep = nullptr);

// Of `options`, what shapes the plan counts here (asOf, disabledRewrites, batchRows, and
// reportPlan or analyze for the plan's details); the rest is each run's.
std::shared_ptr<const PreparedQuery> prepareQuery(const index::Ledger& ledger, const Query& query,
                                                  const QueryOptions& options);
// Runs `prepared` on `ledger`, the snapshot it was prepared on (same t and index root: a
// CAIRN_CHECK), with `options`' limits, analysis and reporting.
QueryReport executePrepared(const index::Ledger& ledger, const PreparedQuery& prepared,
                            const QueryOptions& options, ResultSink& sink);

// The plan executeQuery would run, with estimates, without running it.
PlanInfo explainQuery(const index::Ledger& ledger, const Query& query, const QueryOptions& options);

}  // namespace cairn::query
