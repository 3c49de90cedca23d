#pragma once
// QueryPlanCache: SPARQL plans (query::PreparedQuery) by snapshot and query, least recently
// used first out. A plan holds no per-run state, so one plan serves every request that sends
// the same text to the same snapshot, concurrent ones included. It is valid on the snapshot it
// was planned on only (dictionary ids and statistics-based choices), so the key names that
// snapshot — the ledger, its latest t and its index root — with what else shapes the plan: the
// time-travel t, the base IRI, the dataset and whether the plan's details are rendered. A
// commit or a newly published index root makes new keys; entries of old snapshots age out.
//
// Thread-safety: every method may be called concurrently.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>

#include "index/ledger/ledger.h"
#include "query/algebra/query.h"
#include "query/engine/query_engine.h"
#include "server/api/query_parse_cache.h"

namespace cairn::server::api {

class QueryPlanCache {
 public:
  // Holds at most `capacity` plans (0: caches nothing).
  explicit QueryPlanCache(size_t capacity) : cache_(capacity) {}

  // The plan of `query` (parsed from `text`, its dataset as the request set it) on `ledger`
  // with `options`, from the cache or planned now and kept. What planning throws passes through
  // and nothing is kept.
  std::shared_ptr<const query::PreparedQuery> get(const index::Ledger& ledger,
                                                  const query::Query& query, std::string_view text,
                                                  const query::QueryOptions& options);

  uint64_t hits() const { return cache_.hits(); }
  uint64_t misses() const { return cache_.misses(); }
  size_t size() const { return cache_.size(); }

 private:
  ErasedParseCache cache_;
};

}  // namespace cairn::server::api
