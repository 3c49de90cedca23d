#pragma once
// PreparedPlan: what SPARQL's and Cypher's prepared queries share — a query's physical plan,
// planned once on one ledger snapshot and frozen (query/exec/plan_node.h), with what a run of
// it needs besides: the optimized algebra its operators refer into, the terms planning interned
// (their local ids are in the operators), the dataset, and the options it was planned under.
// Immutable: any number of runs, concurrent ones included, each make their own operators.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "query/engine/query_engine.h"
#include "query/exec/exec_context.h"
#include "query/exec/plan_node.h"
#include "query/exec/term_table.h"
#include "storage/content_id.h"

namespace cairn::query {

namespace plan {
class Planner;
}

struct PreparedPlan {
  AlgebraPtr algebra;  // after the optimizer's passes
  // Null when some operator cannot be made again (a Cypher statement's input rows): each run
  // then plans `algebra` anew.
  PlanNodePtr root;
  PlanInfo description;  // what EXPLAIN shows when `root` is null
  std::shared_ptr<const TermSeed> terms;
  GraphScope defaultScope;
  std::vector<core::NodeId> namedGraphs;
  // As planned: asOf, disabledRewrites and batchRows shape the plan, reportPlan its details.
  QueryOptions options;
  // The snapshot it was planned on, the only one it may run on.
  uint64_t ledgerT = 0;
  storage::ContentId rootId;

  PlanInfo describe() const { return root ? root->describe() : description; }
};

// Plans `algebra` on `planner`'s context and returns the operators, to run on that context.
// With `keep`, every operator carries a draft and `*keep` receives the frozen plan; without, the
// plan is made as cheaply as a one-off run allows.
OperatorPtr planOperators(plan::Planner& planner, ExecContext& ctx, AlgebraPtr algebra,
                          const QueryOptions& options, PreparedPlan* keep);
// planOperators kept, without running: the operators made while planning are dropped.
PreparedPlan preparePlan(plan::Planner& planner, ExecContext& ctx, AlgebraPtr algebra,
                         const QueryOptions& options);

// The options of a run of `planned`: the plan's, with `run`'s limits (timeout, memory budget,
// cancellation), analysis, reporting and procedures.
QueryOptions runOptions(const QueryOptions& planned, const QueryOptions& run);

// A run's operators on `ctx` (set up with the plan's dataset and terms by startRun) made from
// the plan, or planned anew with `planner` when the plan cannot be made again.
OperatorPtr makeRunOperators(const PreparedPlan& prepared, plan::Planner& planner,
                             ExecContext& ctx);

// Sets up a fresh run context for `prepared`: its dataset and the terms planning interned. The
// context's ledger must be the snapshot the plan was made on (same t and index root: a
// CAIRN_CHECK).
void startRun(const PreparedPlan& prepared, ExecContext& ctx);

// What a cache key of plans made on `ledger` with `options` names besides the query: the
// snapshot (ledger, t, index root) and the options that shape a plan (time-travel t, whether
// details are rendered, rewrites switched off, batch rows), one field per line (none holds a
// newline).
std::string planKeyOf(const index::Ledger& ledger, const QueryOptions& options);

}  // namespace cairn::query
