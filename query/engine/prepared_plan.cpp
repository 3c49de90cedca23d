#include "query/engine/prepared_plan.h"

#include "core/check.h"
#include "query/plan/planner.h"

namespace cairn::query {

OperatorPtr planOperators(plan::Planner& planner, ExecContext& ctx, AlgebraPtr algebra,
                          const QueryOptions& options, PreparedPlan* keep) {
  if (keep == nullptr) return planner.plan(*algebra, ctx.defaultScope());
  PreparedPlan& prepared = *keep;
  prepared.algebra = std::move(algebra);
  prepared.options = options;
  // What is the planning request's own is not the plan's (each run brings its own).
  prepared.options.cancelled.reset();
  prepared.options.procedures = nullptr;
  prepared.defaultScope = ctx.defaultScope();
  prepared.namedGraphs = ctx.namedGraphs();
  prepared.ledgerT = ctx.ledger().t();
  prepared.rootId = ctx.ledger().rootId();
  planner.setDrafting(true);
  OperatorPtr root = planner.plan(*prepared.algebra, ctx.defaultScope());
  planner.setDrafting(false);
  if (root->draft() != nullptr) prepared.root = freeze(*root->draft());
  if (prepared.root == nullptr) prepared.description = root->planInfo();
  // Before the run: what it interns is its own.
  prepared.terms = ctx.terms().seedForRuns();
  return root;
}

PreparedPlan preparePlan(plan::Planner& planner, ExecContext& ctx, AlgebraPtr algebra,
                         const QueryOptions& options) {
  PreparedPlan prepared;
  planOperators(planner, ctx, std::move(algebra), options, &prepared);
  return prepared;
}

QueryOptions runOptions(const QueryOptions& planned, const QueryOptions& run) {
  QueryOptions out = planned;
  out.timeout = run.timeout;
  out.memoryBudgetBytes = run.memoryBudgetBytes;
  out.cancelled = run.cancelled;
  out.analyze = run.analyze;
  out.reportPlan = run.reportPlan;
  out.procedures = run.procedures;
  return out;
}

void startRun(const PreparedPlan& prepared, ExecContext& ctx) {
  CAIRN_CHECK(ctx.ledger().t() == prepared.ledgerT && ctx.ledger().rootId() == prepared.rootId,
              "a prepared query runs on another snapshot than it was planned on");
  ctx.setDataset(prepared.defaultScope, prepared.namedGraphs);
  ctx.terms().startFrom(prepared.terms);
}

OperatorPtr makeRunOperators(const PreparedPlan& prepared, plan::Planner& planner,
                             ExecContext& ctx) {
  if (prepared.root != nullptr) return instantiate(*prepared.root, ctx);
  return planner.plan(*prepared.algebra, ctx.defaultScope());
}

std::string planKeyOf(const index::Ledger& ledger, const QueryOptions& options) {
  std::string key = ledger.name();
  key += '\n' + std::to_string(ledger.t()) + '\n' + ledger.rootId().toHex();
  key += '\n' + std::to_string(options.asOf);
  key += options.reportPlan || options.analyze ? "\nd" : "\n-";
  for (const auto& rewrite : options.disabledRewrites) key += "\n-" + rewrite;
  if (options.batchRows != 0) key += "\nbatch " + std::to_string(options.batchRows);
  return key;
}

}  // namespace cairn::query
