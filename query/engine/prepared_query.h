#pragma once
// PreparedQuery: a SPARQL query planned once on one ledger snapshot (prepareQuery in
// query_engine.h). Immutable; runs share it (executePrepared), each with its own operators.

#include "query/algebra/query.h"
#include "query/engine/prepared_plan.h"

namespace cairn::query {

struct PreparedQuery {
  Query query;
  PreparedPlan plan;

  PlanInfo describe() const { return plan.describe(); }
};

}  // namespace cairn::query
