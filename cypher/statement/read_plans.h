#pragma once
// ReadPlans: where runStatement keeps the plans of reading statements, so the next request of
// the same text on the same snapshot runs the kept plan with its own parameters (no
// translation, no planning). A plan is kept only when its translation took no parameter's value
// (TranslatedQuery::readsParameters: SKIP $n, LIMIT $n, a CALL's arguments). The key, which
// runStatement makes, names the snapshot (ledger, t, index root), the time-travel t, whether
// the plan's details are rendered, the procedure catalog and the text.
//
// The store is the caller's (the server keeps an LRU, server/api/query_plan_cache.h); it must
// be safe to call concurrently.

#include <memory>
#include <string>
#include <string_view>

#include "query/engine/cypher_query.h"

namespace cairn::cypher {

class ReadPlanStore {
 public:
  virtual ~ReadPlanStore() = default;
  // The plan kept under `key`, or null (a miss).
  virtual std::shared_ptr<const query::PreparedCypherQuery> find(const std::string& key) = 0;
  // Whether a plan under `key` is worth keeping (the store may want a key asked for twice).
  virtual bool worthKeeping(const std::string& key) = 0;
  virtual void keep(const std::string& key,
                    std::shared_ptr<const query::PreparedCypherQuery> prepared) = 0;
};

// What runStatement needs to use a store: it and the statement's text.
struct ReadPlans {
  ReadPlanStore& store;
  std::string_view text;
};

}  // namespace cairn::cypher
