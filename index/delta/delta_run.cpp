#include "index/delta/delta_run.h"

#include <algorithm>

#include "core/check.h"
#include "index/leaflet/byte_io.h"

namespace cairn::index {
namespace {

constexpr std::string_view kRunKind = "delta run";
constexpr size_t kRunHeaderSize = 40;
constexpr size_t kRunBlockRecordSize = 2 * 8 * kKeyColumnCount + 8 + 16 + 32;

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
  CAIRN_CHECK(!directory.blocks.empty() && directory.blocks.size() <= UINT32_MAX,
              "delta directory block count");
  std::string blob;
  blob.reserve(kRunHeaderSize + directory.blocks.size() * kRunBlockRecordSize);
  ByteWriter out(blob);
  out.raw(kDeltaRunMagic.data(), kDeltaRunMagic.size());
  out.u16(kDeltaFormatVersion);
  out.u8(static_cast<uint8_t>(directory.perm));
  out.u8(0);  // reserved
  out.u32(static_cast<uint32_t>(directory.blocks.size()));
  out.u32(static_cast<uint32_t>(kRunBlockRecordSize));
  out.u64(directory.entries);
  out.u64(directory.minT);
  out.u64(directory.maxT);
  CAIRN_CHECK(out.size() == kRunHeaderSize, "delta directory header drifted from format");
  for (const DeltaBlockInfo& block : directory.blocks) {
    for (uint64_t v : block.firstKey) out.u64(v);
    for (uint64_t v : block.lastKey) out.u64(v);
    out.u32(block.entries);
    out.u32(0);  // reserved
    out.u64(block.minT);
    out.u64(block.maxT);
    out.id(block.id);
  }
  return blob;
}

core::Result<DeltaDirectory> parseDeltaDirectory(std::string_view blob,
                                                 const storage::ContentId& id) {
  ByteReader in(blob);
  BlobMagic magic{};
  uint16_t version = 0;
  uint8_t permByte = 0;
  uint8_t reserved8 = 0;
  uint32_t blockCount = 0;
  uint32_t recordSize = 0;
  DeltaDirectory directory;
  if (!(in.raw(magic.data(), magic.size()) && in.u16(version) && in.u8(permByte) &&
        in.u8(reserved8) && in.u32(blockCount) && in.u32(recordSize) && in.u64(directory.entries) &&
        in.u64(directory.minT) && in.u64(directory.maxT))) {
    return corruptBlob(kRunKind, id, "truncated header");
  }
  if (magic != kDeltaRunMagic) return corruptBlob(kRunKind, id, "bad magic");
  if (version != kDeltaFormatVersion) {
    return corruptBlob(kRunKind, id, "unsupported format version " + std::to_string(version));
  }
  if (permByte > static_cast<uint8_t>(Permutation::kOPST)) {
    return corruptBlob(kRunKind, id, "unknown permutation " + std::to_string(permByte));
  }
  directory.perm = static_cast<Permutation>(permByte);
  if (reserved8 != 0) return corruptBlob(kRunKind, id, "reserved header byte not zero");
  if (recordSize != kRunBlockRecordSize) {
    return corruptBlob(kRunKind, id, "block record size " + std::to_string(recordSize));
  }
  if (blockCount == 0) return corruptBlob(kRunKind, id, "no blocks");
  if (blob.size() != kRunHeaderSize + uint64_t{blockCount} * kRunBlockRecordSize) {
    return corruptBlob(
        kRunKind, id,
        "size " + std::to_string(blob.size()) + " for " + std::to_string(blockCount) + " blocks");
  }

  directory.blocks.resize(blockCount);
  uint64_t entries = 0;
  uint64_t minT = UINT64_MAX;
  uint64_t maxT = 0;
  for (uint32_t b = 0; b < blockCount; ++b) {
    DeltaBlockInfo& block = directory.blocks[b];
    uint32_t reserved = 0;
    bool ok = true;
    for (uint64_t& v : block.firstKey) ok = ok && in.u64(v);
    for (uint64_t& v : block.lastKey) ok = ok && in.u64(v);
    ok = ok && in.u32(block.entries) && in.u32(reserved) && in.u64(block.minT) &&
         in.u64(block.maxT) && in.id(block.id);
    const std::string where = "block " + std::to_string(b) + ": ";
    if (!ok) return corruptBlob(kRunKind, id, where + "truncated record");
    if (reserved != 0) return corruptBlob(kRunKind, id, where + "reserved field not zero");
    if (block.entries == 0 || block.entries > kMaxDeltaBlockEntries) {
      return corruptBlob(kRunKind, id, where + "entry count " + std::to_string(block.entries));
    }
    if (rowKeyLess(block.lastKey, block.firstKey)) {
      return corruptBlob(kRunKind, id, where + "bad key span");
    }
    if (block.minT > block.maxT) return corruptBlob(kRunKind, id, where + "bad t bounds");
    if (block.id.isNull()) return corruptBlob(kRunKind, id, where + "null block id");
    if (b > 0 && rowKeyLess(block.firstKey, directory.blocks[b - 1].lastKey)) {
      return corruptBlob(kRunKind, id, where + "out of key order");
    }
    entries += block.entries;
    minT = std::min(minT, block.minT);
    maxT = std::max(maxT, block.maxT);
  }
  if (entries != directory.entries) {
    return corruptBlob(kRunKind, id,
                       "header says " + std::to_string(directory.entries) +
                           " entries, its blocks hold " + std::to_string(entries));
  }
  if (minT != directory.minT || maxT != directory.maxT) {
    return corruptBlob(kRunKind, id, "header t bounds are not its blocks' bounds");
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
                                 std::vector<NoveltyEntry>& out) const {
  if (rowKeyLess(high, low)) return core::Status::ok();
  const std::vector<DeltaBlockInfo>& blocks = directory_->blocks;
  // First and last keys are both non-decreasing across blocks (checked when parsed).
  const auto first = std::partition_point(blocks.begin(), blocks.end(), [&](const auto& block) {
    return rowKeyLess(block.lastKey, low);
  });
  const auto last = std::partition_point(
      first, blocks.end(), [&](const auto& block) { return !rowKeyLess(high, block.firstKey); });
  for (auto it = first; it != last; ++it) {
    CAIRN_ASSIGN_OR_RETURN(std::shared_ptr<const DeltaBlock> block,
                           loadBlock(static_cast<size_t>(it - blocks.begin())));
    const std::vector<NoveltyEntry>& entries = block->entries;
    auto from = entries.begin();
    if (rowKeyLess(it->firstKey, low)) {
      from = std::partition_point(entries.begin(), entries.end(),
                                  [&](const NoveltyEntry& e) { return rowKeyLess(e.key, low); });
    }
    auto to = entries.end();
    if (rowKeyLess(high, it->lastKey)) {
      to = std::partition_point(from, entries.end(),
                                [&](const NoveltyEntry& e) { return !rowKeyLess(high, e.key); });
    }
    out.insert(out.end(), from, to);
  }
  return core::Status::ok();
}

}  // namespace cairn::index
