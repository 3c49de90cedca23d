#include "index/tree/index_cache.h"

#include <list>
#include <mutex>
#include <unordered_map>

namespace cairn::index {
namespace {

// Small budgets get one shard so that a single large column still fits.
constexpr size_t kShardedBudget = size_t{16} << 20;
constexpr size_t kShardCount = 16;

struct KeyHash {
  size_t operator()(const IndexCache::Key& key) const {
    return storage::ContentIdHash{}(key.id) ^ (size_t{key.kind} * 0x9E3779B97F4A7C15ull);
  }
};

}  // namespace

struct IndexCache::Shard {
  struct Entry {
    Key key;
    std::shared_ptr<const void> value;
    size_t bytes;
  };
  std::mutex mutex;
  std::list<Entry> lru;  // most recently used first
  std::unordered_map<Key, std::list<Entry>::iterator, KeyHash> index;
  size_t used = 0;
};

IndexCache::IndexCache(size_t byteBudget) : byteBudget_(byteBudget) {
  const size_t shards = byteBudget >= kShardedBudget ? kShardCount : 1;
  shardBudget_ = byteBudget / shards;
  for (size_t s = 0; s < shards; ++s) shards_.push_back(std::make_unique<Shard>());
}

IndexCache::~IndexCache() = default;

IndexCache::Shard& IndexCache::shardFor(const Key& key) {
  // The hash's low bits pick the bucket inside a shard; use high bits for the shard.
  return *shards_[(KeyHash{}(key) >> 56) % shards_.size()];
}

std::shared_ptr<const void> IndexCache::find(const Key& key) {
  Shard& shard = shardFor(key);
  std::lock_guard lock(shard.mutex);
  auto it = shard.index.find(key);
  if (it == shard.index.end()) {
    misses_.fetch_add(1, std::memory_order_relaxed);
    return nullptr;
  }
  hits_.fetch_add(1, std::memory_order_relaxed);
  shard.lru.splice(shard.lru.begin(), shard.lru, it->second);
  return it->second->value;
}

void IndexCache::insert(const Key& key, std::shared_ptr<const void> value, size_t bytes) {
  if (bytes > shardBudget_ || value == nullptr) return;
  Shard& shard = shardFor(key);
  std::shared_ptr<const void> released;  // destroyed outside the lock
  std::vector<std::shared_ptr<const void>> evicted;
  std::lock_guard lock(shard.mutex);
  if (auto it = shard.index.find(key); it != shard.index.end()) {
    shard.used -= it->second->bytes;
    released = std::move(it->second->value);
    shard.lru.erase(it->second);
    shard.index.erase(it);
  }
  while (shard.used + bytes > shardBudget_ && !shard.lru.empty()) {
    Shard::Entry& victim = shard.lru.back();
    shard.used -= victim.bytes;
    evicted.push_back(std::move(victim.value));
    shard.index.erase(victim.key);
    shard.lru.pop_back();
    evictions_.fetch_add(1, std::memory_order_relaxed);
  }
  shard.lru.push_front(Shard::Entry{key, std::move(value), bytes});
  shard.index.emplace(key, shard.lru.begin());
  shard.used += bytes;
}

size_t IndexCache::bytesUsed() const {
  size_t used = 0;
  for (const auto& shard : shards_) {
    std::lock_guard lock(shard->mutex);
    used += shard->used;
  }
  return used;
}

IndexCache::Stats IndexCache::stats() const {
  return {hits_.load(std::memory_order_relaxed), misses_.load(std::memory_order_relaxed),
          evictions_.load(std::memory_order_relaxed)};
}

}  // namespace cairn::index
