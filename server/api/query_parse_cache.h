#pragma once
// QueryParseCache: parsed SPARQL queries by (base IRI, query text), least recently used first
// out. Applications and benchmark drivers send the same texts again and again; parsing is about a
// third of the engine's time for a point query (docs/BENCHMARKS.md, "Where the time of a point
// query goes"). Only the parse is cached, not the plan: a plan depends on the snapshot's
// statistics and dictionary ids, which every commit changes. Sharing the result is safe because
// nothing after the parser mutates a query's algebra (callers copy the Query, whose algebra
// nodes are shared, and may change the copy's own fields such as the dataset).
//
// Thread-safety: every method may be called concurrently.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "query/algebra/query.h"

namespace cairn::server::api {

class QueryParseCache {
 public:
  // Holds at most `capacity` queries (0: caches nothing); texts longer than kMaxTextBytes are
  // never cached.
  explicit QueryParseCache(size_t capacity) : capacity_(capacity) {}

  // The cached parse of `text` under `baseIri`, or parse()'s result, which is then cached.
  // What parse() throws (a syntax error) passes through and nothing is cached.
  std::shared_ptr<const query::Query> get(std::string_view baseIri, std::string_view text,
                                          const std::function<query::Query()>& parse);

  uint64_t hits() const;
  uint64_t misses() const;
  size_t size() const;

  static constexpr size_t kMaxTextBytes = 16 * 1024;

 private:
  struct Entry {
    std::string key;
    std::shared_ptr<const query::Query> query;
  };

  const size_t capacity_;
  mutable std::mutex mutex_;
  std::list<Entry> entries_;  // most recently used first
  std::unordered_map<std::string_view, std::list<Entry>::iterator> index_;  // views into keys
  uint64_t hits_ = 0;
  uint64_t misses_ = 0;
};

}  // namespace cairn::server::api
