#include "index/delta/delta_run.h"

#include <algorithm>

#include "core/check.h"
#include "index/leaflet/block_directory.h"

namespace cairn::index {
namespace {

constexpr std::string_view kRunKind = "delta run";
constexpr BlockDirectoryFormat kDeltaDirectoryFormat{kRunKind, kDeltaRunMagic, kDeltaFormatVersion,
                                                     kMaxDeltaBlockEntries, false};

uint32_t deltaBlockEntriesFor(const IndexConfig& config) {
  return std::clamp<uint32_t>(std::min(kDefaultDeltaBlockEntries, config.leafletRows), 1,
                              kMaxDeltaBlockEntries);
}

std::string describeChange(const NoveltyEntry& entry) {
  std::string out = "(";
  for (int k = 0; k < kKeyColumnCount; ++k) {
    if (k > 0) out += ' ';
    out += std::to_string(entry.key[k]);
  }
  return out + ") at t " + std::to_string(entry.t);
}

}  // namespace

std::string encodeDeltaDirectory(const DeltaDirectory& directory) {
  BlockDirectoryContents contents;
  contents.perm = directory.perm;
  contents.entries = directory.entries;
  contents.lowT = directory.minT;
  contents.highT = directory.maxT;
  for (const DeltaBlockInfo& block : directory.blocks) {
    contents.blocks.push_back(
        {block.firstKey, block.lastKey, block.entries, block.minT, block.maxT, block.id});
  }
  return encodeBlockDirectory(kDeltaDirectoryFormat, contents);
}

core::Result<DeltaDirectory> parseDeltaDirectory(std::string_view blob,
                                                 const storage::ContentId& id) {
  CAIRN_ASSIGN_OR_RETURN(BlockDirectoryContents contents,
                         parseBlockDirectory(kDeltaDirectoryFormat, blob, id));
  DeltaDirectory directory;
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

DeltaRunWriter::DeltaRunWriter(storage::BlobStore& store, Permutation perm,
                               const IndexConfig& config)
    : store_(store),
      perm_(perm),
      blockEntries_(deltaBlockEntriesFor(config)),
      encoder_(config.zstdLevel) {
  directory_.perm = perm;
  pending_.reserve(blockEntries_);
}

core::Status DeltaRunWriter::add(const NoveltyEntry& entry) {
  if (finished_) return core::Status::invalidArgument("delta run writer already finished");
  CAIRN_RETURN_IF_ERROR(failed_);
  if (haveLast_ && !noveltyEntryLess(last_, entry)) {
    return core::Status::invalidArgument("delta entry " + describeChange(entry) + " is not after " +
                                         describeChange(last_));
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

core::Status DeltaRunWriter::flushBlock() {
  DeltaBlockInfo info = encodeDeltaBlock(perm_, pending_, encoder_, blob_);
  CAIRN_ASSIGN_OR_RETURN(info.id, store_.put(blob_));
  directory_.blocks.push_back(info);
  bytes_ += blob_.size();
  pending_.clear();
  return core::Status::ok();
}

core::Result<DeltaRunRef> DeltaRunWriter::finish() {
  if (finished_) return core::Status::invalidArgument("delta run writer already finished");
  finished_ = true;
  CAIRN_RETURN_IF_ERROR(failed_);
  if (entries_ == 0) return core::Status::invalidArgument("a delta run needs at least one entry");
  if (!pending_.empty()) CAIRN_RETURN_IF_ERROR(flushBlock());
  directory_.entries = entries_;
  directory_.minT = UINT64_MAX;
  directory_.maxT = 0;
  for (const DeltaBlockInfo& block : directory_.blocks) {
    directory_.minT = std::min(directory_.minT, block.minT);
    directory_.maxT = std::max(directory_.maxT, block.maxT);
  }
  const std::string blob = encodeDeltaDirectory(directory_);
  DeltaRunRef ref;
  CAIRN_ASSIGN_OR_RETURN(ref.id, store_.put(blob));
  ref.entries = entries_;
  ref.bytes = bytes_ + blob.size();
  return ref;
}

DeltaRun::DeltaRun(const storage::BlobStore& store, storage::ContentId id,
                   std::shared_ptr<const DeltaDirectory> directory,
                   std::shared_ptr<IndexCache> cache)
    : store_(&store), id_(id), directory_(std::move(directory)), cache_(std::move(cache)) {}

core::Result<std::shared_ptr<const DeltaRun>> DeltaRun::open(const storage::BlobStore& store,
                                                             const storage::ContentId& id,
                                                             Permutation perm,
                                                             std::shared_ptr<IndexCache> cache) {
  if (id.isNull()) return core::Status::invalidArgument("opening a delta run by null id");
  const IndexCache::Key key{id, kDeltaDirectoryCacheKind};
  std::shared_ptr<const DeltaDirectory> directory;
  if (cache != nullptr) directory = cache->findAs<DeltaDirectory>(key);
  if (directory == nullptr) {
    CAIRN_ASSIGN_OR_RETURN(std::string blob, store.get(id));
    CAIRN_ASSIGN_OR_RETURN(DeltaDirectory parsed, parseDeltaDirectory(blob, id));
    auto owned = std::make_shared<const DeltaDirectory>(std::move(parsed));
    if (cache != nullptr) cache->insert(key, owned, owned->memoryBytes());
    directory = std::move(owned);
  }
  if (directory->perm != perm) {
    return corruptBlob(kRunKind, id,
                       "is a " + std::string(permutationName(directory->perm)) + " run, not " +
                           std::string(permutationName(perm)));
  }
  return std::shared_ptr<const DeltaRun>(
      new DeltaRun(store, id, std::move(directory), std::move(cache)));
}

core::Result<std::shared_ptr<const DeltaBlock>> DeltaRun::loadBlock(size_t b) const {
  CAIRN_CHECK(b < directory_->blocks.size(), "delta block index out of range");
  const DeltaBlockInfo& info = directory_->blocks[b];
  const IndexCache::Key key{info.id, kDeltaBlockCacheKind};
  // A block that disagrees with its record may be the damaged one, or the directory may be.
  auto inRun = [&](const core::Status& failure) {
    return core::Status(failure.code(),
                        failure.message() + " (listed by delta run " + id_.shortHex() + ")");
  };
  if (cache_ != nullptr) {
    if (auto cached = cache_->findAs<DeltaBlock>(key); cached != nullptr) {
      // Cached under its id alone: it must still agree with the record that names it here.
      const DeltaBlockInfo& got = cached->summary;
      if (cached->perm != perm() || got.entries != info.entries || got.firstKey != info.firstKey ||
          got.lastKey != info.lastKey || got.minT != info.minT || got.maxT != info.maxT) {
        return inRun(corruptBlob("delta block", info.id, "differs from its directory's record"));
      }
      return cached;
    }
  }
  CAIRN_ASSIGN_OR_RETURN(std::string blob, store_->get(info.id));
  core::Result<DeltaBlock> parsed = parseDeltaBlock(blob, info.id, perm(), info);
  if (!parsed.isOk()) return inRun(parsed.status());
  auto owned = std::make_shared<const DeltaBlock>(std::move(parsed).value());
  if (cache_ != nullptr) cache_->insert(key, owned, owned->memoryBytes());
  return std::shared_ptr<const DeltaBlock>(std::move(owned));
}

core::Status DeltaRun::entriesIn(const RowKey& low, const RowKey& high,
                                 std::vector<NoveltyEntry>& out, size_t limit) const {
  if (rowKeyLess(high, low)) return core::Status::ok();
  const std::vector<DeltaBlockInfo>& blocks = directory_->blocks;
  const auto [first, last] = blocksMeeting(blocks, low, high);
  for (size_t b = first; b < last && limit > 0; ++b) {
    const DeltaBlockInfo& info = blocks[b];
    CAIRN_ASSIGN_OR_RETURN(std::shared_ptr<const DeltaBlock> block, loadBlock(b));
    const std::vector<NoveltyEntry>& entries = block->entries;
    auto from = entries.begin();
    if (rowKeyLess(info.firstKey, low)) {
      from = std::partition_point(entries.begin(), entries.end(),
                                  [&](const NoveltyEntry& e) { return rowKeyLess(e.key, low); });
    }
    auto to = entries.end();
    if (rowKeyLess(high, info.lastKey)) {
      to = std::partition_point(from, entries.end(),
                                [&](const NoveltyEntry& e) { return !rowKeyLess(high, e.key); });
    }
    to = from + static_cast<ptrdiff_t>(std::min(limit, static_cast<size_t>(to - from)));
    out.insert(out.end(), from, to);
    limit -= static_cast<size_t>(to - from);
  }
  return core::Status::ok();
}

}  // namespace cairn::index
