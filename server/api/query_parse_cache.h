#pragma once
// ParseCache: parsed queries by (namespace, query text), least recently used first out; one for
// SPARQL (namespace: the base IRI) and one for Cypher statements (parsed and checked).
// Applications and benchmark drivers send the same texts again and again; parsing is about a
// third of the engine's time for a point query (docs/BENCHMARKS.md, "Where the time of a point
// query goes"). Only the parse is cached, not the plan: a plan depends on the snapshot's
// statistics and dictionary ids, which every commit changes. Sharing the result is safe because
// nothing after the parser mutates a parse (SPARQL callers copy the Query, whose algebra nodes
// are shared, and may change the copy's own fields such as the dataset; a Cypher statement is
// read only).
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

namespace cairn::cypher::ast {
struct Statement;
}

namespace cairn::server::api {

// The cache without its type: entries are shared_ptr<const void>, cast back by ParseCache.
class ErasedParseCache {
 public:
  explicit ErasedParseCache(size_t capacity) : capacity_(capacity) {}

  std::shared_ptr<const void> get(std::string_view space, std::string_view text,
                                  const std::function<std::shared_ptr<const void>()>& parse);
  // get() in two steps, for a caller that makes the value while doing more: the cached value
  // (null on a miss, which counts as one), and keeping one.
  std::shared_ptr<const void> find(std::string_view space, std::string_view text);
  void put(std::string_view space, std::string_view text, std::shared_ptr<const void> value);

  uint64_t hits() const;
  uint64_t misses() const;
  size_t size() const;

  static constexpr size_t kMaxTextBytes = 16 * 1024;

 private:
  static std::string keyOf(std::string_view space, std::string_view text);
  bool cacheable(std::string_view text) const {
    return capacity_ != 0 && text.size() <= kMaxTextBytes;
  }
  // Under mutex_: keeps `value` unless the key is there already.
  void insertLocked(std::string key, std::shared_ptr<const void> value);

  struct Entry {
    std::string key;
    std::shared_ptr<const void> parsed;
  };

  const size_t capacity_;
  mutable std::mutex mutex_;
  std::list<Entry> entries_;  // most recently used first
  std::unordered_map<std::string_view, std::list<Entry>::iterator> index_;  // views into keys
  uint64_t hits_ = 0;
  uint64_t misses_ = 0;
};

template <typename Parsed>
class ParseCache {
 public:
  // Holds at most `capacity` parses (0: caches nothing); texts longer than kMaxTextBytes are
  // never cached.
  explicit ParseCache(size_t capacity) : cache_(capacity) {}

  // The cached parse of `text` in `space`, or parse()'s result, which is then cached. What
  // parse() throws (a syntax error) passes through and nothing is cached.
  std::shared_ptr<const Parsed> get(std::string_view space, std::string_view text,
                                    const std::function<Parsed()>& parse) {
    return std::static_pointer_cast<const Parsed>(
        cache_.get(space, text, [&parse]() -> std::shared_ptr<const void> {
          return std::make_shared<const Parsed>(parse());
        }));
  }

  uint64_t hits() const { return cache_.hits(); }
  uint64_t misses() const { return cache_.misses(); }
  size_t size() const { return cache_.size(); }

  static constexpr size_t kMaxTextBytes = ErasedParseCache::kMaxTextBytes;

 private:
  ErasedParseCache cache_;
};

using QueryParseCache = ParseCache<query::Query>;
using CypherParseCache = ParseCache<cypher::ast::Statement>;

}  // namespace cairn::server::api
