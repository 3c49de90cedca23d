#pragma once
// IndexCache: a memory-bounded cache (CLOCK eviction) of what permutation readers fetch and decode
// — parsed branch and leaf nodes, leaflet blob bytes, and decoded leaflet columns (keyed by leaflet
// id + column). Blobs are immutable and named by their hash, so entries never need invalidating and
// one cache can serve every reader of every ledger.
//
// Thread-safe: the cache is split into shards, each behind its own mutex. Values are shared
// immutable objects; a reader keeps what it uses alive after eviction, so the budget bounds what
// the cache retains, not what in-flight scans hold. An entry larger than a shard's budget is not
// retained at all (a budget of 0 disables caching).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "index/permutation.h"
#include "storage/content_id.h"

namespace cairn::index {

class IndexCache {
 public:
  // What an entry holds; each kind has one value type (see the reader).
  enum class Kind : uint8_t {
    kBranch = 0,        // BranchNode
    kLeaf = 1,          // LeafNode
    kLeafletBytes = 2,  // std::string, the whole leaflet blob
    kColumn = 8,        // + int(Column): std::vector<uint64_t>, one decoded leaflet column
  };
  struct Key {
    storage::ContentId id;
    uint8_t kind = 0;
    bool operator==(const Key&) const = default;
  };
  static Key key(const storage::ContentId& id, Kind kind) {
    return {id, static_cast<uint8_t>(kind)};
  }
  static Key columnKey(const storage::ContentId& leafletId, Column column) {
    return {leafletId,
            static_cast<uint8_t>(static_cast<int>(Kind::kColumn) + static_cast<int>(column))};
  }

  struct Stats {
    uint64_t hits = 0;
    uint64_t misses = 0;
    uint64_t evictions = 0;
  };

  explicit IndexCache(size_t byteBudget);
  ~IndexCache();
  IndexCache(const IndexCache&) = delete;
  IndexCache& operator=(const IndexCache&) = delete;

  // The value under `key` (marking it recently used), or null.
  std::shared_ptr<const void> find(const Key& key);
  template <typename T>
  std::shared_ptr<const T> findAs(const Key& key) {
    return std::static_pointer_cast<const T>(find(key));
  }
  // Inserts or replaces; `bytes` is what the value costs against the budget. Evicts entries of
  // the shard not used since the clock hand last passed them until it fits.
  void insert(const Key& key, std::shared_ptr<const void> value, size_t bytes);

  size_t byteBudget() const { return byteBudget_; }
  size_t bytesUsed() const;
  Stats stats() const;

 private:
  struct Shard;
  Shard& shardFor(const Key& key);

  size_t byteBudget_;
  size_t shardBudget_;
  std::vector<std::unique_ptr<Shard>> shards_;
};

}  // namespace cairn::index
