#include "query/engine/prepared_plan.h"

#include "query/plan/planner.h"

namespace cairn::query {

PreparedPlan preparePlan(plan::Planner& planner, ExecContext& ctx, AlgebraPtr algebra,
                         const QueryOptions& options) {
  PreparedPlan prepared;
  prepared.algebra = std::move(algebra);
  prepared.options = options;
  prepared.defaultScope = ctx.defaultScope();
  prepared.namedGraphs = ctx.namedGraphs();
  planner.setDrafting(true);
  OperatorPtr prototypes = planner.plan(*prepared.algebra, ctx.defaultScope());
  planner.setDrafting(false);
  if (prototypes->draft() != nullptr) prepared.root = freeze(*prototypes->draft());
  if (prepared.root == nullptr) prepared.description = prototypes->planInfo();
  prepared.terms = ctx.terms().seedForRuns();
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
  ctx.setDataset(prepared.defaultScope, prepared.namedGraphs);
  ctx.terms().startFrom(prepared.terms);
}

OperatorPtr makeRunOperators(const PreparedPlan& prepared, plan::Planner& planner,
                             ExecContext& ctx) {
  if (prepared.root != nullptr) return instantiate(*prepared.root, ctx);
  return planner.plan(*prepared.algebra, ctx.defaultScope());
}

}  // namespace cairn::query
