#include "index/tree/index_cache.h"

#include <mutex>
#include <unordered_map>

namespace cairn::index {
namespace {

// Small budgets get one shard so that a single large column still fits.
constexpr size_t kShardedBudget = size_t{16} << 20;
constexpr size_t kShardCount = 16;

}  // namespace

// Not in the anonymous namespace: Shard, a member of IndexCache, holds a map with it.
struct IndexCacheKeyHash {
  size_t operator()(const IndexCache::Key& key) const {
    return storage::ContentIdHash{}(key.id) ^ (size_t{key.kind} * 0x9E3779B97F4A7C15ull);
  }
};

// Eviction is CLOCK (second chance), not a strict LRU list: a hit only sets the slot's
// referenced bit, where moving a list node touched three or four more cold cache lines and was
// a sixth of a warm (s, p) lookup. The sweep evicts the first slot not referenced since the hand
// last passed it, so a scan's one-time entries go before the hot ones.
struct IndexCache::Shard {
  struct Slot {
    Key key;
    std::shared_ptr<const void> value;  // null: the slot is free
    size_t bytes = 0;
    bool referenced = false;
  };
  std::mutex mutex;
  std::vector<Slot> slots;
  std::vector<uint32_t> freeSlots;
  std::unordered_map<Key, uint32_t, IndexCacheKeyHash> index;  // key -> slot
  size_t hand = 0;
  size_t used = 0;
  Stats stats;  // under the mutex: no counter shared by every shard's readers

  void release(uint32_t slot, std::vector<std::shared_ptr<const void>>& released) {
    Slot& s = slots[slot];
    used -= s.bytes;
    released.push_back(std::move(s.value));
    s.value.reset();
    index.erase(s.key);
    freeSlots.push_back(slot);
  }

  // Frees slots until `bytes` more fit in `budget` (or nothing is left).
  void evictFor(size_t bytes, size_t budget, std::vector<std::shared_ptr<const void>>& released) {
    while (used + bytes > budget && used > 0) {
      if (hand >= slots.size()) hand = 0;
      Slot& s = slots[hand];
      if (s.value != nullptr) {
        if (s.referenced) {
          s.referenced = false;
        } else {
          release(static_cast<uint32_t>(hand), released);
          ++stats.evictions;
        }
      }
      ++hand;
    }
  }
};

IndexCache::IndexCache(size_t byteBudget) : byteBudget_(byteBudget) {
  const size_t shards = byteBudget >= kShardedBudget ? kShardCount : 1;
  shardBudget_ = byteBudget / shards;
  for (size_t s = 0; s < shards; ++s) shards_.push_back(std::make_unique<Shard>());
}

IndexCache::~IndexCache() = default;

IndexCache::Shard& IndexCache::shardFor(const Key& key) {
  // The hash's low bits pick the bucket inside a shard; use high bits for the shard.
  return *shards_[(IndexCacheKeyHash{}(key) >> 56) % shards_.size()];
}

std::shared_ptr<const void> IndexCache::find(const Key& key) {
  Shard& shard = shardFor(key);
  std::lock_guard lock(shard.mutex);
  auto it = shard.index.find(key);
  if (it == shard.index.end()) {
    ++shard.stats.misses;
    return nullptr;
  }
  ++shard.stats.hits;
  Shard::Slot& slot = shard.slots[it->second];
  slot.referenced = true;
  return slot.value;
}

void IndexCache::insert(const Key& key, std::shared_ptr<const void> value, size_t bytes) {
  if (bytes > shardBudget_ || value == nullptr) return;
  Shard& shard = shardFor(key);
  std::vector<std::shared_ptr<const void>> released;  // destroyed outside the lock
  std::lock_guard lock(shard.mutex);
  if (auto it = shard.index.find(key); it != shard.index.end()) shard.release(it->second, released);
  shard.evictFor(bytes, shardBudget_, released);
  uint32_t slot = 0;
  if (shard.freeSlots.empty()) {
    slot = static_cast<uint32_t>(shard.slots.size());
    shard.slots.emplace_back();
  } else {
    slot = shard.freeSlots.back();
    shard.freeSlots.pop_back();
  }
  shard.slots[slot] = Shard::Slot{key, std::move(value), bytes, false};
  shard.index.emplace(key, slot);
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
  Stats total;
  for (const auto& shard : shards_) {
    std::lock_guard lock(shard->mutex);
    total.hits += shard->stats.hits;
    total.misses += shard->stats.misses;
    total.evictions += shard->stats.evictions;
  }
  return total;
}

}  // namespace cairn::index
