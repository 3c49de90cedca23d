#include "server/api/query_parse_cache.h"

namespace cairn::server::api {

std::shared_ptr<const void> ErasedParseCache::get(
    std::string_view space, std::string_view text,
    const std::function<std::shared_ptr<const void>()>& parse) {
  if (capacity_ == 0 || text.size() > kMaxTextBytes) {
    {
      std::lock_guard lock(mutex_);
      ++misses_;
    }
    return parse();
  }
  std::string key;
  key.reserve(space.size() + 1 + text.size());
  key.append(space).push_back('\n');  // no IRI holds a newline, so keys cannot collide
  key.append(text);
  {
    std::lock_guard lock(mutex_);
    if (auto it = index_.find(key); it != index_.end()) {
      entries_.splice(entries_.begin(), entries_, it->second);
      ++hits_;
      return it->second->parsed;
    }
    ++misses_;
  }
  // Parse outside the lock: a slow parse must not hold up other requests.
  std::shared_ptr<const void> parsed = parse();
  std::lock_guard lock(mutex_);
  if (index_.count(key) != 0) return parsed;  // another request parsed it meanwhile
  entries_.push_front(Entry{std::move(key), parsed});
  index_.emplace(entries_.front().key, entries_.begin());
  if (entries_.size() > capacity_) {
    index_.erase(entries_.back().key);
    entries_.pop_back();
  }
  return parsed;
}

uint64_t ErasedParseCache::hits() const {
  std::lock_guard lock(mutex_);
  return hits_;
}

uint64_t ErasedParseCache::misses() const {
  std::lock_guard lock(mutex_);
  return misses_;
}

size_t ErasedParseCache::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace cairn::server::api
