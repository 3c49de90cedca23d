#include "server/api/query_parse_cache.h"

namespace cairn::server::api {

std::shared_ptr<const query::Query> QueryParseCache::get(
    std::string_view baseIri, std::string_view text, const std::function<query::Query()>& parse) {
  if (capacity_ == 0 || text.size() > kMaxTextBytes) {
    {
      std::lock_guard lock(mutex_);
      ++misses_;
    }
    return std::make_shared<const query::Query>(parse());
  }
  std::string key;
  key.reserve(baseIri.size() + 1 + text.size());
  key.append(baseIri).push_back('\n');  // no IRI holds a newline, so keys cannot collide
  key.append(text);
  {
    std::lock_guard lock(mutex_);
    if (auto it = index_.find(key); it != index_.end()) {
      entries_.splice(entries_.begin(), entries_, it->second);
      ++hits_;
      return it->second->query;
    }
    ++misses_;
  }
  // Parse outside the lock: a slow parse must not hold up other requests.
  auto query = std::make_shared<const query::Query>(parse());
  std::lock_guard lock(mutex_);
  if (index_.count(key) != 0) return query;  // another request parsed it meanwhile
  entries_.push_front(Entry{std::move(key), query});
  index_.emplace(entries_.front().key, entries_.begin());
  if (entries_.size() > capacity_) {
    index_.erase(entries_.back().key);
    entries_.pop_back();
  }
  return query;
}

uint64_t QueryParseCache::hits() const {
  std::lock_guard lock(mutex_);
  return hits_;
}

uint64_t QueryParseCache::misses() const {
  std::lock_guard lock(mutex_);
  return misses_;
}

size_t QueryParseCache::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace cairn::server::api
