#pragma once
// PreparedQuery: a SPARQL query planned once on one ledger snapshot (prepareQuery in
// query_engine.h). Immutable; runs share it (executePrepared), each with its own operators.

#include <cstdint>

#include "query/algebra/query.h"
#include "query/engine/prepared_plan.h"
#include "storage/content_id.h"

namespace cairn::query {

struct PreparedQuery {
  Query query;
  PreparedPlan plan;
  // The snapshot it was planned on.
  uint64_t ledgerT = 0;
  storage::ContentId rootId;

  PlanInfo describe() const { return plan.describe(); }
};

}  // namespace cairn::query
