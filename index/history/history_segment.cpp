#include "index/history/history_segment.h"

#include <algorithm>

#include "index/leaflet/blob_format.h"
#include "index/leaflet/block_directory.h"

namespace cairn::index {
namespace {

constexpr std::string_view kSegmentKind = "history segment";
constexpr BlockDirectoryFormat kHistoryDirectoryFormat{
    kSegmentKind, kHistorySegmentMagic, kHistoryFormatVersion, kMaxHistoryBlockEntries, true};

std::string describeEntry(const HistoryEntry& entry) {
  const IndexRow& r = entry.row;
  return "(s " + std::to_string(r.s) + " p " + std::to_string(r.p) + " ot " + std::to_string(r.ot) +
         " ok " + std::to_string(r.ok) + " i " + std::to_string(r.i) + ") [" + std::to_string(r.t) +
         ", " + std::to_string(entry.retractedT) + ")";
}

uint32_t blockEntriesFor(const IndexConfig& config) {
  return std::clamp<uint32_t>(std::min(kDefaultHistoryBlockEntries, config.leafletRows), 1,
                              kMaxHistoryBlockEntries);
}

}  // namespace

std::string encodeHistoryDirectory(const HistoryDirectory& directory) {
  BlockDirectoryContents contents;
  contents.perm = directory.perm;
  contents.entries = directory.entries;
  contents.lowT = directory.minT;
  contents.highT = directory.maxT;
  for (const HistoryBlockInfo& block : directory.blocks) {
    contents.blocks.push_back(
        {block.firstKey, block.lastKey, block.entries, block.minFrom, block.maxTo, block.id});
  }
  return encodeBlockDirectory(kHistoryDirectoryFormat, contents);
}

core::Result<HistoryDirectory> parseHistoryDirectory(std::string_view blob,
                                                     const storage::ContentId& id) {
  CAIRN_ASSIGN_OR_RETURN(BlockDirectoryContents contents,
                         parseBlockDirectory(kHistoryDirectoryFormat, blob, id));
  HistoryDirectory directory;
  directory.perm = contents.perm;
  directory.entries = contents.entries;
  directory.minT = contents.lowT;
  directory.maxT = contents.highT;
  directory.blocks.reserve(contents.blocks.size());
  for (const BlockRecord& block : contents.blocks) {
    directory.blocks.push_back(
        {block.firstKey, block.lastKey, block.entries, block.lowT, block.highT, block.id});
  }
  return directory;
}

HistorySegmentWriter::HistorySegmentWriter(storage::BlobStore& store, Permutation perm,
                                           const IndexConfig& config)
    : store_(store),
      perm_(perm),
      blockEntries_(blockEntriesFor(config)),
      encoder_(config.zstdLevel) {
  directory_.perm = perm;
  pending_.reserve(blockEntries_);
}

core::Status HistorySegmentWriter::add(const HistoryEntry& entry) {
  if (finished_) return core::Status::invalidArgument("history segment writer already finished");
  CAIRN_RETURN_IF_ERROR(failed_);
  if (entry.row.t >= entry.retractedT) {
    return core::Status::invalidArgument("history entry " + describeEntry(entry) +
                                         " has an empty interval");
  }
  if (haveLast_) {
    if (rowLess(perm_, entry.row, last_.row)) {
      return core::Status::invalidArgument("history entry " + describeEntry(entry) +
                                           " out of key order after " + describeEntry(last_));
    }
    if (!rowLess(perm_, last_.row, entry.row)) {
      if (entry.row.t >= last_.row.t) {
        return core::Status::invalidArgument("history entry " + describeEntry(entry) + " after " +
                                             describeEntry(last_) +
                                             ": entries of one key go newest first");
      }
      if (entry.retractedT > last_.row.t) {
        return core::Status::invalidArgument("history entry " + describeEntry(entry) +
                                             " overlaps " + describeEntry(last_));
      }
    }
  }
  pending_.push_back(entry);
  last_ = entry;
  haveLast_ = true;
  ++entries_;
  if (pending_.size() >= blockEntries_) {
    failed_ = flushBlock();
    return failed_;
  }
  return core::Status::ok();
}

core::Status HistorySegmentWriter::flushBlock() {
  HistoryBlockInfo info = encodeHistoryBlock(perm_, pending_, encoder_, blob_);
  CAIRN_ASSIGN_OR_RETURN(info.id, store_.put(blob_));
  directory_.blocks.push_back(info);
  bytes_ += blob_.size();
  pending_.clear();
  return core::Status::ok();
}

core::Result<HistorySegmentRef> HistorySegmentWriter::finish() {
  if (finished_) return core::Status::invalidArgument("history segment writer already finished");
  finished_ = true;
  CAIRN_RETURN_IF_ERROR(failed_);
  if (entries_ == 0) {
    return core::Status::invalidArgument("a history segment needs at least one entry");
  }
  if (!pending_.empty()) CAIRN_RETURN_IF_ERROR(flushBlock());
  directory_.entries = entries_;
  directory_.minT = UINT64_MAX;
  directory_.maxT = 0;
  for (const HistoryBlockInfo& block : directory_.blocks) {
    directory_.minT = std::min(directory_.minT, block.minFrom);
    directory_.maxT = std::max(directory_.maxT, block.maxTo);
  }
  const std::string blob = encodeHistoryDirectory(directory_);
  HistorySegmentRef ref;
  CAIRN_ASSIGN_OR_RETURN(ref.id, store_.put(blob));
  ref.entries = entries_;
  ref.minT = directory_.minT;
  ref.maxT = directory_.maxT;
  ref.bytes = bytes_ + blob.size();
  return ref;
}

HistorySegment::HistorySegment(const storage::BlobStore& store, storage::ContentId id,
                               std::shared_ptr<const HistoryDirectory> directory,
                               std::shared_ptr<IndexCache> cache)
    : store_(&store), id_(id), directory_(std::move(directory)), cache_(std::move(cache)) {}

core::Result<HistorySegment> HistorySegment::open(const storage::BlobStore& store,
                                                  const storage::ContentId& id,
                                                  std::shared_ptr<IndexCache> cache) {
  if (id.isNull()) return core::Status::invalidArgument("opening a history segment by null id");
  const IndexCache::Key key{id, kHistoryDirectoryCacheKind};
  std::shared_ptr<const HistoryDirectory> directory;
  if (cache != nullptr) directory = cache->findAs<HistoryDirectory>(key);
  if (directory == nullptr) {
    CAIRN_ASSIGN_OR_RETURN(std::string blob, store.get(id));
    CAIRN_ASSIGN_OR_RETURN(HistoryDirectory parsed, parseHistoryDirectory(blob, id));
    auto owned = std::make_shared<const HistoryDirectory>(std::move(parsed));
    if (cache != nullptr) cache->insert(key, owned, owned->memoryBytes());
    directory = std::move(owned);
  }
  return HistorySegment(store, id, std::move(directory), std::move(cache));
}

core::Result<HistorySegment> HistorySegment::open(const storage::BlobStore& store,
                                                  const HistorySegmentRef& ref,
                                                  std::shared_ptr<IndexCache> cache) {
  CAIRN_ASSIGN_OR_RETURN(HistorySegment segment, open(store, ref.id, std::move(cache)));
  if (segment.entryCount() != ref.entries || segment.minT() != ref.minT ||
      segment.maxT() != ref.maxT) {
    return corruptBlob(kSegmentKind, ref.id,
                       "holds " + std::to_string(segment.entryCount()) + " entries in [" +
                           std::to_string(segment.minT()) + ", " + std::to_string(segment.maxT()) +
                           "), its ref says " + std::to_string(ref.entries) + " in [" +
                           std::to_string(ref.minT) + ", " + std::to_string(ref.maxT) + ")");
  }
  return segment;
}

core::Status HistorySegment::inSegment(const core::Status& blockFailure) const {
  // A block that disagrees with its record may be the damaged one, or the directory may be.
  return core::Status(blockFailure.code(), blockFailure.message() + " (listed by history segment " +
                                               id_.shortHex() + ")");
}

core::Result<std::shared_ptr<const HistoryBlock>> HistorySegment::loadBlock(size_t b) const {
  CAIRN_CHECK(b < directory_->blocks.size(), "history block index out of range");
  const HistoryBlockInfo& info = directory_->blocks[b];
  const IndexCache::Key key{info.id, kHistoryBlockCacheKind};
  if (cache_ != nullptr) {
    if (auto cached = cache_->findAs<HistoryBlock>(key); cached != nullptr) {
      // Cached under its id alone: it must still agree with the record that names it here.
      if (cached->perm != perm()) {
        return inSegment(corruptBlob("history block", info.id, "belongs to another permutation"));
      }
      if (std::string problem = compareHistoryBlockSummary(cached->summary, info);
          !problem.empty()) {
        return inSegment(corruptBlob("history block", info.id, problem));
      }
      return cached;
    }
  }
  CAIRN_ASSIGN_OR_RETURN(std::string blob, store_->get(info.id));
  core::Result<HistoryBlock> parsed = parseHistoryBlock(blob, info.id, perm(), info);
  if (!parsed.isOk()) return inSegment(parsed.status());
  auto owned = std::make_shared<const HistoryBlock>(std::move(parsed).value());
  if (cache_ != nullptr) cache_->insert(key, owned, owned->memoryBytes());
  return std::shared_ptr<const HistoryBlock>(std::move(owned));
}

std::pair<size_t, size_t> HistorySegment::blockWindow(const ScanRange& range) const {
  return blocksMeeting(directory_->blocks, range.low, range.high);
}

core::Status HistorySegment::visibleAt(const ScanRange& range, uint64_t asOf,
                                       std::vector<IndexRow>& out, size_t limit) const {
  if (range.isEmpty() || asOf < minT() || asOf >= maxT() || limit == 0) return core::Status::ok();
  const size_t stop = out.size() + std::min(limit, SIZE_MAX - out.size());
  const Permutation p = perm();
  const auto [first, last] = blockWindow(range);
  for (size_t b = first; b < last; ++b) {
    const HistoryBlockInfo& info = directory_->blocks[b];
    if (!info.mayBeVisibleAt(asOf)) continue;
    CAIRN_ASSIGN_OR_RETURN(std::shared_ptr<const HistoryBlock> block, loadBlock(b));
    const std::vector<HistoryEntry>& entries = block->entries;
    auto it = entries.begin();
    if (info.firstKey < range.low) {
      it = std::partition_point(entries.begin(), entries.end(), [&](const HistoryEntry& e) {
        return rowKey(p, e.row) < range.low;
      });
    }
    for (; it != entries.end(); ++it) {
      if (range.high < rowKey(p, it->row)) break;
      if (!it->visibleAt(asOf)) continue;
      out.push_back(it->row);
      if (out.size() == stop) return core::Status::ok();
    }
  }
  return core::Status::ok();
}

uint64_t HistorySegment::visibleUpperBound(const ScanRange& range, uint64_t asOf) const {
  if (range.isEmpty() || asOf < minT() || asOf >= maxT()) return 0;
  const auto [first, last] = blockWindow(range);
  uint64_t entries = 0;
  for (size_t b = first; b < last; ++b) {
    const HistoryBlockInfo& info = directory_->blocks[b];
    if (info.mayBeVisibleAt(asOf)) entries += info.entries;
  }
  return entries;
}

core::Status HistorySegment::entriesIn(const ScanRange& range,
                                       std::vector<HistoryEntry>& out) const {
  if (range.isEmpty()) return core::Status::ok();
  const Permutation p = perm();
  const auto [first, last] = blockWindow(range);
  for (size_t b = first; b < last; ++b) {
    CAIRN_ASSIGN_OR_RETURN(std::shared_ptr<const HistoryBlock> block, loadBlock(b));
    const std::vector<HistoryEntry>& entries = block->entries;
    auto it = std::partition_point(entries.begin(), entries.end(), [&](const HistoryEntry& e) {
      return rowKey(p, e.row) < range.low;
    });
    for (; it != entries.end() && !(range.high < rowKey(p, it->row)); ++it) out.push_back(*it);
  }
  return core::Status::ok();
}

}  // namespace cairn::index
