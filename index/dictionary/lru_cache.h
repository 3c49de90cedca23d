#pragma once
// A bounded, thread-safe LRU cache of immutable values keyed by a 64-bit integer, charged by a
// caller-given size in bytes. Values are handed out as shared_ptr, so an entry evicted while a
// reader still uses it stays alive until that reader lets go. The key space is split into shards,
// each with its own lock, so concurrent readers of different keys rarely wait for each other.

#include <array>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace cairn::index {

template <typename V>
class LruCache {
 public:
  explicit LruCache(size_t capacityBytes) : shardCapacity_(capacityBytes / kShards) {}

  std::shared_ptr<const V> get(uint64_t key) {
    Shard& shard = shardOf(key);
    std::lock_guard lock(shard.mutex);
    auto it = shard.index.find(key);
    if (it == shard.index.end()) return nullptr;
    shard.order.splice(shard.order.begin(), shard.order, it->second);
    return it->second->value;
  }

  // Inserts (or replaces) key. The newest entry is kept even if it alone exceeds the shard's
  // budget, so a lookup that just decoded a large value can still use the cache it filled.
  void put(uint64_t key, std::shared_ptr<const V> value, size_t charge) {
    Shard& shard = shardOf(key);
    std::lock_guard lock(shard.mutex);
    if (auto it = shard.index.find(key); it != shard.index.end()) {
      shard.used -= it->second->charge;
      shard.order.erase(it->second);
      shard.index.erase(it);
    }
    shard.order.push_front({key, std::move(value), charge});
    shard.index.emplace(key, shard.order.begin());
    shard.used += charge;
    while (shard.used > shardCapacity_ && shard.order.size() > 1) {
      const Entry& victim = shard.order.back();
      shard.used -= victim.charge;
      shard.index.erase(victim.key);
      shard.order.pop_back();
    }
  }

  size_t entryCount() const {
    size_t n = 0;
    for (const Shard& shard : shards_) {
      std::lock_guard lock(shard.mutex);
      n += shard.order.size();
    }
    return n;
  }

 private:
  static constexpr size_t kShards = 8;
  struct Entry {
    uint64_t key;
    std::shared_ptr<const V> value;
    size_t charge;
  };
  struct Shard {
    mutable std::mutex mutex;
    std::list<Entry> order;  // most recently used first
    std::unordered_map<uint64_t, typename std::list<Entry>::iterator> index;
    size_t used = 0;
  };

  Shard& shardOf(uint64_t key) { return shards_[key % kShards]; }

  size_t shardCapacity_;
  std::array<Shard, kShards> shards_;
};

}  // namespace cairn::index
