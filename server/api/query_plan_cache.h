#pragma once
// Plan caches: plans kept per snapshot and query text, least recently used first out, for
// SPARQL (QueryPlanCache: query::PreparedQuery) and Cypher's reading statements
// (CypherPlanCache: query::PreparedCypherQuery, through cypher::ReadPlanStore). A plan holds no
// per-run state, so one plan serves every request that sends the same text to the same
// snapshot, concurrent ones included. It is valid on the snapshot it was planned on only
// (dictionary ids and statistics-based choices), so the key names that snapshot — the ledger,
// its latest t and its index root — with what else shapes the plan: the time-travel t, whether
// the plan's details are rendered, and for SPARQL the base IRI and the dataset. A commit or a
// newly published index root makes new keys; entries of old snapshots age out.
//
// A plan is kept from a key's second request on: a workload that puts a new constant in every
// text would otherwise pay for freezing plans nobody asks for again.
//
// Thread-safety: every method may be called concurrently.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_set>

#include "cypher/statement/read_plans.h"
#include "index/ledger/ledger.h"
#include "query/algebra/query.h"
#include "query/engine/query_engine.h"
#include "server/api/query_parse_cache.h"

namespace cairn::server::api {

// The cache without its type: plans as shared_ptr<const void> by (space, text).
class KeptPlans {
 public:
  // Holds at most `capacity` plans (0: keeps nothing).
  explicit KeptPlans(size_t capacity) : cache_(capacity), capacity_(capacity) {}

  // The plan kept for the key, or null (a miss).
  std::shared_ptr<const void> find(std::string_view space, std::string_view text) {
    return cache_.find(space, text);
  }
  // Whether a plan for the key is worth keeping: the key was asked for before.
  bool worthKeeping(std::string_view space, std::string_view text);
  void keep(std::string_view space, std::string_view text, std::shared_ptr<const void> plan);

  uint64_t hits() const { return cache_.hits(); }
  uint64_t misses() const { return cache_.misses(); }
  uint64_t kept() const;
  size_t size() const { return cache_.size(); }

 private:
  ErasedParseCache cache_;
  const size_t capacity_;
  mutable std::mutex mutex_;
  // Hashes of the keys asked for once (cleared when it reaches 4 x capacity).
  std::unordered_set<size_t> seen_;
  uint64_t kept_ = 0;
};

class QueryPlanCache {
 public:
  explicit QueryPlanCache(size_t capacity) : plans_(capacity) {}

  // The key of `query` (parsed from `text`, its dataset as the request set it) on `ledger` with
  // `options`: made once per request, for the calls below. `text` must outlive it.
  struct Key {
    std::string space;  // everything but the text that decides the plan
    std::string_view text;
  };
  static Key keyOf(const index::Ledger& ledger, const query::Query& query, std::string_view text,
                   const query::QueryOptions& options);

  // The kept plan for `key`; null when there is none (a miss).
  std::shared_ptr<const query::PreparedQuery> find(const Key& key);
  bool worthKeeping(const Key& key) { return plans_.worthKeeping(key.space, key.text); }
  // Keeps `prepared`, the plan for `key`, for the next find().
  void keep(const Key& key, std::shared_ptr<const query::PreparedQuery> prepared) {
    plans_.keep(key.space, key.text, std::move(prepared));
  }

  uint64_t hits() const { return plans_.hits(); }
  uint64_t misses() const { return plans_.misses(); }
  uint64_t kept() const { return plans_.kept(); }
  size_t size() const { return plans_.size(); }

 private:
  KeptPlans plans_;
};

// Cypher's: the keys are runStatement's (cypher/statement/read_plans.h).
class CypherPlanCache final : public cypher::ReadPlanStore {
 public:
  explicit CypherPlanCache(size_t capacity) : plans_(capacity) {}

  std::shared_ptr<const query::PreparedCypherQuery> find(const std::string& key) override {
    return std::static_pointer_cast<const query::PreparedCypherQuery>(plans_.find({}, key));
  }
  bool worthKeeping(const std::string& key) override { return plans_.worthKeeping({}, key); }
  void keep(const std::string& key,
            std::shared_ptr<const query::PreparedCypherQuery> prepared) override {
    plans_.keep({}, key, std::move(prepared));
  }

  uint64_t hits() const { return plans_.hits(); }
  uint64_t misses() const { return plans_.misses(); }
  uint64_t kept() const { return plans_.kept(); }

 private:
  KeptPlans plans_;
};

}  // namespace cairn::server::api
