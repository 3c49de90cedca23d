#pragma once
// History segments: the history entries of one permutation of one graph written by one index
// publish (docs/formats/history.md). A segment is a directory blob (its bounds and one record per
// block: key span, entry count, min from, max to, block id) plus the block blobs it names
// (index/history/history_block.h). Entries are in historyEntryLess order: key ascending, then
// newest first.
//
// Reads prune twice before decoding anything: a whole segment by its [minT, maxT) (kept in the
// HistorySegmentRef, so a manifest reader need not even open the directory), and each block by
// its key span and its [minFrom, maxTo). Only blocks that can hold a visible row are fetched.
//
// Thread-safety: a HistorySegment is immutable; its const methods may be called concurrently
// (the store and the cache are thread-safe). The writer is single-threaded. `store` must outlive
// every writer and segment made from it.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.h"
#include "index/history/history_block.h"
#include "index/history/history_entry.h"
#include "index/index_config.h"
#include "index/leaflet/column_codec.h"
#include "index/permutation.h"
#include "index/tree/index_cache.h"
#include "index/tree/scan_range.h"
#include "storage/blob_store.h"

namespace cairn::index {

// IndexCache kinds for history blobs, apart from the tree's kinds (IndexCache::Kind, 0..13).
inline constexpr uint8_t kHistoryDirectoryCacheKind = 32;  // value: HistoryDirectory
inline constexpr uint8_t kHistoryBlockCacheKind = 33;      // value: HistoryBlock

// How a manifest names a segment: the directory's id and what a reader needs to skip it.
struct HistorySegmentRef {
  storage::ContentId id;  // the directory blob (never null in a manifest)
  uint64_t entries = 0;   // history entries in the segment (>= 1)
  uint64_t minT = 0;      // smallest from
  uint64_t maxT = 0;      // largest to (> minT)
  uint64_t bytes = 0;     // directory plus block blobs, as stored

  // Whether any entry can be visible at asOf: minT <= asOf < maxT.
  bool meets(uint64_t asOf) const { return minT <= asOf && asOf < maxT; }
  bool operator==(const HistorySegmentRef&) const = default;
};

// The parsed directory blob.
struct HistoryDirectory {
  Permutation perm = Permutation::kSPOT;
  uint64_t entries = 0;
  uint64_t minT = 0;
  uint64_t maxT = 0;
  std::vector<HistoryBlockInfo> blocks;  // in key order, at least one

  size_t memoryBytes() const {
    return sizeof(HistoryDirectory) + blocks.capacity() * sizeof(HistoryBlockInfo);
  }
};

std::string encodeHistoryDirectory(const HistoryDirectory& directory);
// Validates sizes, reserved fields, every block record (1 … kMaxHistoryBlockEntries entries,
// first key <= last key, one-entry blocks with one key, minFrom < maxTo, non-null id), blocks in
// key order (a key may continue into the next block), and that the header's entry count and
// [minT, maxT) are the blocks' sum and hull. Corruption names the segment.
core::Result<HistoryDirectory> parseHistoryDirectory(std::string_view blob,
                                                     const storage::ContentId& id);

// Writes one segment. add() entries in historyEntryLess order; each block is stored as soon as it
// fills, so memory stays at one block.
class HistorySegmentWriter {
 public:
  // Blocks hold min(kDefaultHistoryBlockEntries, config.leafletRows) entries (a few with
  // IndexConfig::tiny()); columns are compressed at config.zstdLevel.
  HistorySegmentWriter(storage::BlobStore& store, Permutation perm,
                       const IndexConfig& config = IndexConfig::defaults());

  // InvalidArgument if from >= to, if the entry is not after the previous one in
  // historyEntryLess order, or if it has the previous entry's key and its interval does not end
  // by the time the previous one starts (intervals of one key are disjoint); a rejected entry is
  // not added and the writer stays usable. A failed store put is returned here or by finish(),
  // and every later call fails with it too.
  core::Status add(const HistoryEntry& entry);

  uint64_t entryCount() const { return entries_; }

  // Stores the last block and the directory. A segment holds at least one entry: finishing an
  // empty writer is InvalidArgument (write no segment instead). Call at most once.
  core::Result<HistorySegmentRef> finish();

 private:
  core::Status flushBlock();

  storage::BlobStore& store_;
  Permutation perm_;
  uint32_t blockEntries_;
  ColumnEncoder encoder_;
  std::vector<HistoryEntry> pending_;
  HistoryDirectory directory_;
  bool haveLast_ = false;
  HistoryEntry last_;
  uint64_t entries_ = 0;
  uint64_t bytes_ = 0;
  core::Status failed_;
  bool finished_ = false;
  std::string blob_;
};

// A read-only handle on a stored segment. Cheap to copy (the parsed directory is shared).
class HistorySegment {
 public:
  // Fetches and validates the directory. With a ref, the directory must also agree with the ref's
  // entry count and [minT, maxT) (Corruption naming the segment otherwise). A cache, when given,
  // keeps parsed directories and decoded blocks (kinds kHistoryDirectoryCacheKind and
  // kHistoryBlockCacheKind); without one, every read fetches and decodes its blocks again.
  static core::Result<HistorySegment> open(const storage::BlobStore& store,
                                           const storage::ContentId& id,
                                           std::shared_ptr<IndexCache> cache = nullptr);
  static core::Result<HistorySegment> open(const storage::BlobStore& store,
                                           const HistorySegmentRef& ref,
                                           std::shared_ptr<IndexCache> cache = nullptr);

  const storage::ContentId& id() const { return id_; }
  Permutation perm() const { return directory_->perm; }
  uint64_t entryCount() const { return directory_->entries; }
  uint64_t minT() const { return directory_->minT; }
  uint64_t maxT() const { return directory_->maxT; }
  std::span<const HistoryBlockInfo> blocks() const { return directory_->blocks; }

  // Appends, in key order, the rows with a key in `range` visible at asOf (from <= asOf < to;
  // row.t is from), the first `limit` of them at most. Skips, without fetching it, every block
  // whose key span misses the range or whose [minFrom, maxTo) misses asOf, and reads no block
  // past the limit.
  core::Status visibleAt(const ScanRange& range, uint64_t asOf, std::vector<IndexRow>& out,
                         size_t limit = SIZE_MAX) const;

  // Appends every entry with a key in `range`, at every t, in segment order.
  core::Status entriesIn(const ScanRange& range, std::vector<HistoryEntry>& out) const;

  // At least as many as visibleAt(range, asOf) would return: the entries of every block that
  // meets the range and may hold rows visible at asOf. From the directory alone (a planner's
  // estimate, where reading the blocks would cost the scan itself).
  uint64_t visibleUpperBound(const ScanRange& range, uint64_t asOf) const;

  // Block b (< blocks().size()), fetched or from the cache, validated against its record.
  // Corruption names the block and this segment.
  core::Result<std::shared_ptr<const HistoryBlock>> loadBlock(size_t b) const;

 private:
  HistorySegment(const storage::BlobStore& store, storage::ContentId id,
                 std::shared_ptr<const HistoryDirectory> directory,
                 std::shared_ptr<IndexCache> cache);

  // A block's Corruption, also naming this segment's directory.
  core::Status inSegment(const core::Status& blockFailure) const;
  // Blocks [first, second) whose key span meets the range.
  std::pair<size_t, size_t> blockWindow(const ScanRange& range) const;

  const storage::BlobStore* store_;
  storage::ContentId id_;
  std::shared_ptr<const HistoryDirectory> directory_;
  std::shared_ptr<IndexCache> cache_;
};

}  // namespace cairn::index
