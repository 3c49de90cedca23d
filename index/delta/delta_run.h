#pragma once
// Delta runs: the changes of one permutation of one graph that one delta segment holds
// (docs/formats/delta.md). A run is a directory blob (entry count, t bounds, one record per
// block: key span, entries, t bounds, block id) plus the block blobs it names
// (index/delta/delta_block.h). Entries are in noveltyEntryLess order: key ascending, then newest
// first — the order of an in-memory NoveltyRun, which a DeltaRun stands in for once the indexer
// has persisted it.
//
// Reads fetch only the blocks whose key span meets the range asked for; decoded blocks live in
// the IndexCache, so a hot range costs a cache probe and a binary search.
//
// Thread-safety: a DeltaRun is immutable; its const methods may be called concurrently (the
// store and the cache are thread-safe). The writer is single-threaded. `store` must outlive every
// writer and run made from it.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.h"
#include "index/delta/delta_block.h"
#include "index/index_config.h"
#include "index/novelty/novelty_run.h"
#include "index/permutation.h"
#include "index/tree/index_cache.h"
#include "storage/blob_store.h"

namespace cairn::index {

// IndexCache kinds for delta blobs, apart from the tree's (0..13) and history's (32, 33).
inline constexpr uint8_t kDeltaDirectoryCacheKind = 40;  // value: DeltaDirectory
inline constexpr uint8_t kDeltaBlockCacheKind = 41;      // value: DeltaBlock

struct DeltaDirectory {
  Permutation perm = Permutation::kSPOT;
  uint64_t entries = 0;
  uint64_t minT = 0;
  uint64_t maxT = 0;
  std::vector<DeltaBlockInfo> blocks;  // in key order, at least one

  size_t memoryBytes() const {
    return sizeof(DeltaDirectory) + blocks.capacity() * sizeof(DeltaBlockInfo);
  }
};

std::string encodeDeltaDirectory(const DeltaDirectory& directory);
// Validates sizes, reserved fields, every block record (1 … kMaxDeltaBlockEntries entries, first
// key <= last key, minT <= maxT, non-null id), blocks in key order (a key's changes may continue
// into the next block), and that the header's count and t bounds are the blocks' sum and hull.
// Corruption names the run.
core::Result<DeltaDirectory> parseDeltaDirectory(std::string_view blob,
                                                 const storage::ContentId& id);

// What a segment records about one of its runs.
struct DeltaRunRef {
  storage::ContentId id;  // the directory blob
  uint64_t entries = 0;
  uint64_t bytes = 0;  // directory plus blocks, as stored

  bool operator==(const DeltaRunRef&) const = default;
};

// Writes one run. add() entries in noveltyEntryLess order; each block is stored as soon as it
// fills, so memory stays at one block.
class DeltaRunWriter {
 public:
  // Blocks hold min(kDefaultDeltaBlockEntries, config.leafletRows) entries; columns are
  // compressed at config.zstdLevel.
  DeltaRunWriter(storage::BlobStore& store, Permutation perm,
                 const IndexConfig& config = IndexConfig::defaults());

  // InvalidArgument if the entry is not strictly after the previous one in noveltyEntryLess
  // order (the entry is then not added). A failed put is returned here or by finish(), and every
  // later call fails with it too.
  core::Status add(const NoveltyEntry& entry);
  uint64_t entryCount() const { return entries_; }
  // Stores the last block and the directory. A run holds at least one entry: finishing an empty
  // writer is InvalidArgument. Call at most once.
  core::Result<DeltaRunRef> finish();

 private:
  core::Status flushBlock();

  storage::BlobStore& store_;
  Permutation perm_;
  uint32_t blockEntries_;
  ColumnEncoder encoder_;
  std::vector<NoveltyEntry> pending_;
  DeltaDirectory directory_;
  bool haveLast_ = false;
  NoveltyEntry last_;
  uint64_t entries_ = 0;
  uint64_t bytes_ = 0;
  core::Status failed_;
  bool finished_ = false;
  std::string blob_;
};

// A read-only handle on a stored run.
class DeltaRun {
 public:
  // Fetches and validates the directory (through the cache when one is given: kind
  // kDeltaDirectoryCacheKind). Corruption naming the run when it is damaged or is not of `perm`.
  static core::Result<std::shared_ptr<const DeltaRun>> open(const storage::BlobStore& store,
                                                            const storage::ContentId& id,
                                                            Permutation perm,
                                                            std::shared_ptr<IndexCache> cache);

  const storage::ContentId& id() const { return id_; }
  Permutation perm() const { return directory_->perm; }
  uint64_t size() const { return directory_->entries; }
  uint64_t minT() const { return directory_->minT; }
  uint64_t maxT() const { return directory_->maxT; }
  const std::vector<DeltaBlockInfo>& blocks() const { return directory_->blocks; }

  // Appends, in run order, every entry whose key lies in [low, high], or only the first `limit`
  // of them. Fetches only the blocks whose key span meets it (up to the limit).
  core::Status entriesIn(const RowKey& low, const RowKey& high, std::vector<NoveltyEntry>& out,
                         size_t limit = SIZE_MAX) const;
  // Block b (< blocks().size()), from the cache or fetched and validated against its record.
  // Corruption names the block and this run.
  core::Result<std::shared_ptr<const DeltaBlock>> loadBlock(size_t b) const;

 private:
  DeltaRun(const storage::BlobStore& store, storage::ContentId id,
           std::shared_ptr<const DeltaDirectory> directory, std::shared_ptr<IndexCache> cache);

  const storage::BlobStore* store_;
  storage::ContentId id_;
  std::shared_ptr<const DeltaDirectory> directory_;
  std::shared_ptr<IndexCache> cache_;
};

}  // namespace cairn::index
