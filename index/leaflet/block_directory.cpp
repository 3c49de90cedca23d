#include "index/leaflet/block_directory.h"

#include <algorithm>

#include "core/check.h"
#include "index/leaflet/byte_io.h"

namespace cairn::index {
namespace {

constexpr size_t kDirectoryHeaderBytes = 40;
constexpr size_t kDirectoryRecordBytes = 2 * 8 * kKeyColumnCount + 8 + 16 + 32;

}  // namespace

std::string encodeBlockDirectory(const BlockDirectoryFormat& format,
                                 const BlockDirectoryContents& contents) {
  CAIRN_CHECK(!contents.blocks.empty() && contents.blocks.size() <= UINT32_MAX,
              "block directory block count");
  std::string blob;
  blob.reserve(kDirectoryHeaderBytes + contents.blocks.size() * kDirectoryRecordBytes);
  ByteWriter out(blob);
  out.raw(format.magic.data(), format.magic.size());
  out.u16(format.version);
  out.u8(static_cast<uint8_t>(contents.perm));
  out.u8(0);  // reserved
  out.u32(static_cast<uint32_t>(contents.blocks.size()));
  out.u32(static_cast<uint32_t>(kDirectoryRecordBytes));
  out.u64(contents.entries);
  out.u64(contents.lowT);
  out.u64(contents.highT);
  CAIRN_CHECK(out.size() == kDirectoryHeaderBytes, "block directory header drifted from format");
  for (const BlockRecord& block : contents.blocks) {
    for (uint64_t v : block.firstKey) out.u64(v);
    for (uint64_t v : block.lastKey) out.u64(v);
    out.u32(block.entries);
    out.u32(0);  // reserved
    out.u64(block.lowT);
    out.u64(block.highT);
    out.id(block.id);
  }
  return blob;
}

core::Result<BlockDirectoryContents> parseBlockDirectory(const BlockDirectoryFormat& format,
                                                         std::string_view blob,
                                                         const storage::ContentId& id) {
  const std::string_view kind = format.kind;
  ByteReader in(blob);
  BlobMagic magic{};
  uint16_t version = 0;
  uint8_t permByte = 0;
  uint8_t reserved8 = 0;
  uint32_t blockCount = 0;
  uint32_t recordSize = 0;
  BlockDirectoryContents contents;
  if (!(in.raw(magic.data(), magic.size()) && in.u16(version) && in.u8(permByte) &&
        in.u8(reserved8) && in.u32(blockCount) && in.u32(recordSize) && in.u64(contents.entries) &&
        in.u64(contents.lowT) && in.u64(contents.highT))) {
    return corruptBlob(kind, id, "truncated header");
  }
  if (magic != format.magic) return corruptBlob(kind, id, "bad magic");
  if (version != format.version) {
    return corruptBlob(kind, id, "unsupported format version " + std::to_string(version));
  }
  if (permByte > static_cast<uint8_t>(Permutation::kOPST)) {
    return corruptBlob(kind, id, "unknown permutation " + std::to_string(permByte));
  }
  contents.perm = static_cast<Permutation>(permByte);
  if (reserved8 != 0) return corruptBlob(kind, id, "reserved header byte not zero");
  if (recordSize != kDirectoryRecordBytes) {
    return corruptBlob(kind, id, "block record size " + std::to_string(recordSize));
  }
  if (blockCount == 0) return corruptBlob(kind, id, "no blocks");
  if (blob.size() != kDirectoryHeaderBytes + uint64_t{blockCount} * kDirectoryRecordBytes) {
    return corruptBlob(
        kind, id,
        "size " + std::to_string(blob.size()) + " for " + std::to_string(blockCount) + " blocks");
  }

  contents.blocks.resize(blockCount);
  uint64_t entries = 0;
  uint64_t lowT = UINT64_MAX;
  uint64_t highT = 0;
  for (uint32_t b = 0; b < blockCount; ++b) {
    BlockRecord& block = contents.blocks[b];
    uint32_t reserved = 0;
    bool ok = true;
    for (uint64_t& v : block.firstKey) ok = ok && in.u64(v);
    for (uint64_t& v : block.lastKey) ok = ok && in.u64(v);
    ok = ok && in.u32(block.entries) && in.u32(reserved) && in.u64(block.lowT) &&
         in.u64(block.highT) && in.id(block.id);
    const std::string where = "block " + std::to_string(b) + ": ";
    if (!ok) return corruptBlob(kind, id, where + "truncated record");
    if (reserved != 0) return corruptBlob(kind, id, where + "reserved field not zero");
    if (block.entries == 0 || block.entries > format.maxBlockEntries) {
      return corruptBlob(kind, id, where + "entry count " + std::to_string(block.entries));
    }
    if (block.lastKey < block.firstKey || (block.entries == 1 && block.firstKey != block.lastKey)) {
      return corruptBlob(kind, id, where + "bad key span");
    }
    const bool boundsOk =
        format.lowBelowHigh ? block.lowT < block.highT : block.lowT <= block.highT;
    if (!boundsOk) return corruptBlob(kind, id, where + "bad t bounds");
    if (block.id.isNull()) return corruptBlob(kind, id, where + "null block id");
    if (b > 0 && block.firstKey < contents.blocks[b - 1].lastKey) {
      return corruptBlob(kind, id, where + "out of key order");
    }
    entries += block.entries;
    lowT = std::min(lowT, block.lowT);
    highT = std::max(highT, block.highT);
  }
  if (entries != contents.entries) {
    return corruptBlob(kind, id,
                       "header says " + std::to_string(contents.entries) +
                           " entries, its blocks hold " + std::to_string(entries));
  }
  if (lowT != contents.lowT || highT != contents.highT) {
    return corruptBlob(kind, id, "header t bounds are not its blocks' bounds");
  }
  return contents;
}

}  // namespace cairn::index
