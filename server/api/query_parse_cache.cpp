#include "server/api/query_parse_cache.h"

namespace cairn::server::api {

std::string ErasedParseCache::keyOf(std::string_view space, std::string_view text) {
  std::string key;
  key.reserve(space.size() + 1 + text.size());
  key.append(space).push_back('\n');  // no IRI holds a newline, so keys cannot collide
  key.append(text);
  return key;
}

void ErasedParseCache::insertLocked(std::string key, std::shared_ptr<const void> value) {
  if (index_.count(key) != 0) return;  // another request made it meanwhile
  entries_.push_front(Entry{std::move(key), std::move(value)});
  index_.emplace(entries_.front().key, entries_.begin());
  if (entries_.size() > capacity_) {
    index_.erase(entries_.back().key);
    entries_.pop_back();
  }
}

std::shared_ptr<const void> ErasedParseCache::find(std::string_view space, std::string_view text) {
  std::lock_guard lock(mutex_);
  if (cacheable(text)) {
    if (auto it = index_.find(keyOf(space, text)); it != index_.end()) {
      entries_.splice(entries_.begin(), entries_, it->second);
      ++hits_;
      return it->second->parsed;
    }
  }
  ++misses_;
  return nullptr;
}

void ErasedParseCache::put(std::string_view space, std::string_view text,
                           std::shared_ptr<const void> value) {
  if (!cacheable(text) || value == nullptr) return;
  std::string key = keyOf(space, text);
  std::lock_guard lock(mutex_);
  insertLocked(std::move(key), std::move(value));
}

std::shared_ptr<const void> ErasedParseCache::get(
    std::string_view space, std::string_view text,
    const std::function<std::shared_ptr<const void>()>& parse) {
  if (!cacheable(text)) {
    {
      std::lock_guard lock(mutex_);
      ++misses_;
    }
    return parse();
  }
  std::string key = keyOf(space, text);
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
  insertLocked(std::move(key), parsed);
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
