#include "index/delta/delta_block.h"

#include <algorithm>
#include <array>

#include "core/check.h"
#include "index/leaflet/byte_io.h"
#include "index/leaflet/leaflet_entry.h"

namespace cairn::index {
namespace {

constexpr std::string_view kBlockKind = "delta block";
constexpr std::string_view kDeltaColumnNames[kDeltaColumnCount] = {"k0", "k1", "k2",    "k3",
                                                                   "k4", "t",  "assert"};
constexpr int kDeltaTColumn = 5;
constexpr int kDeltaAssertColumn = 6;

uint64_t deltaColumnValue(const NoveltyEntry& entry, int column) {
  if (column == kDeltaTColumn) return entry.t;
  if (column == kDeltaAssertColumn) return entry.assert ? 1 : 0;
  return entry.key[column];
}

DeltaBlockInfo summarizeDeltaBlock(std::span<const NoveltyEntry> entries) {
  DeltaBlockInfo info;
  info.entries = static_cast<uint32_t>(entries.size());
  info.firstKey = entries.front().key;
  info.lastKey = entries.back().key;
  info.minT = UINT64_MAX;
  for (const NoveltyEntry& entry : entries) {
    info.minT = std::min(info.minT, entry.t);
    info.maxT = std::max(info.maxT, entry.t);
  }
  return info;
}

}  // namespace

DeltaBlockInfo encodeDeltaBlock(Permutation perm, std::span<const NoveltyEntry> entries,
                                ColumnEncoder& encoder, std::string& blob) {
  CAIRN_CHECK(!entries.empty() && entries.size() <= kMaxDeltaBlockEntries,
              "delta block entry count out of range");
  const DeltaBlockInfo info = summarizeDeltaBlock(entries);

  blob.clear();
  ByteWriter header(blob);
  header.raw(kDeltaBlockMagic.data(), kDeltaBlockMagic.size());
  header.u16(kDeltaFormatVersion);
  header.u8(static_cast<uint8_t>(perm));
  header.u8(0);  // reserved
  header.u32(info.entries);
  header.u32(0);                                             // reserved
  header.zeros(kDeltaColumnCount * kColumnBlockRecordSize);  // records, patched below
  CAIRN_CHECK(blob.size() == kDeltaBlockHeaderSize, "delta block header drifted from format");

  std::array<ColumnBlock, kDeltaColumnCount> blocks;
  std::vector<uint64_t> values(entries.size());
  for (int c = 0; c < kDeltaColumnCount; ++c) {
    for (size_t e = 0; e < entries.size(); ++e) values[e] = deltaColumnValue(entries[e], c);
    blocks[c] = encoder.encode(values, blob);
  }
  std::string records;
  ByteWriter out(records);
  for (const ColumnBlock& block : blocks) writeColumnBlock(out, block);
  blob.replace(16, records.size(), records);
  return info;
}

core::Result<DeltaBlock> parseDeltaBlock(std::string_view blob, const storage::ContentId& id,
                                         Permutation perm, const DeltaBlockInfo& expected) {
  ByteReader in(blob);
  BlobMagic magic{};
  uint16_t version = 0;
  uint8_t permByte = 0;
  uint8_t reserved8 = 0;
  uint32_t count = 0;
  uint32_t reserved32 = 0;
  if (!(in.raw(magic.data(), magic.size()) && in.u16(version) && in.u8(permByte) &&
        in.u8(reserved8) && in.u32(count) && in.u32(reserved32))) {
    return corruptBlob(kBlockKind, id, "truncated header");
  }
  if (magic != kDeltaBlockMagic) return corruptBlob(kBlockKind, id, "bad magic");
  if (version != kDeltaFormatVersion) {
    return corruptBlob(kBlockKind, id, "unsupported format version " + std::to_string(version));
  }
  if (permByte != static_cast<uint8_t>(perm)) {
    return corruptBlob(kBlockKind, id, "belongs to another permutation");
  }
  if (reserved8 != 0 || reserved32 != 0)
    return corruptBlob(kBlockKind, id, "reserved field not zero");
  if (count == 0 || count > kMaxDeltaBlockEntries || count != expected.entries) {
    return corruptBlob(kBlockKind, id,
                       "holds " + std::to_string(count) + " entries, its directory says " +
                           std::to_string(expected.entries));
  }

  // The stored column blocks follow the header back to back, in column order, and end the blob.
  std::array<ColumnBlock, kDeltaColumnCount> blocks;
  uint64_t next = kDeltaBlockHeaderSize;
  for (int c = 0; c < kDeltaColumnCount; ++c) {
    if (!readColumnBlock(in, blocks[c])) {
      return corruptBlob(kBlockKind, id, "truncated or reserved-nonzero column record");
    }
    const std::string column = "column " + std::string(kDeltaColumnNames[c]) + ": ";
    if (std::string problem = checkColumnBlock(blocks[c], count); !problem.empty()) {
      return corruptBlob(kBlockKind, id, column + problem);
    }
    if (blocks[c].isConstant()) continue;
    if (blocks[c].offset != next) {
      return corruptBlob(kBlockKind, id,
                         column + "block at " + std::to_string(blocks[c].offset) + ", expected " +
                             std::to_string(next));
    }
    next += blocks[c].length;
  }
  if (next != blob.size()) {
    return corruptBlob(kBlockKind, id,
                       "blocks end at " + std::to_string(next) + " in a blob of " +
                           std::to_string(blob.size()) + " bytes");
  }

  DeltaBlock block;
  block.perm = perm;
  block.entries.resize(count);
  std::vector<uint64_t> values(count);
  for (int c = 0; c < kDeltaColumnCount; ++c) {
    // decodeColumn names only a tree column in its errors; relabelColumnFailure renames it.
    const Column nominal = c < kKeyColumnCount ? Column::kS : Column::kT;
    core::Status decoded = decodeColumn(blob, blocks[c], count, values.data(), id, nominal);
    if (!decoded.isOk()) return relabelColumnFailure(decoded, kBlockKind, id, kDeltaColumnNames[c]);
    for (uint32_t e = 0; e < count; ++e) {
      NoveltyEntry& entry = block.entries[e];
      if (c < kKeyColumnCount) {
        entry.key[c] = values[e];
      } else if (c == kDeltaTColumn) {
        entry.t = values[e];
      } else if (values[e] > 1) {
        return corruptBlob(kBlockKind, id,
                           "entry " + std::to_string(e) + ": assert flag out of range");
      } else {
        entry.assert = values[e] == 1;
      }
    }
  }
  for (uint32_t e = 1; e < count; ++e) {
    const NoveltyEntry& before = block.entries[e - 1];
    const NoveltyEntry& entry = block.entries[e];
    if (!noveltyEntryLess(before, entry)) {
      return corruptBlob(kBlockKind, id, "entry " + std::to_string(e) + " out of order");
    }
  }

  block.summary = summarizeDeltaBlock(block.entries);
  const DeltaBlockInfo& got = block.summary;
  if (got.firstKey != expected.firstKey || got.lastKey != expected.lastKey ||
      got.minT != expected.minT || got.maxT != expected.maxT) {
    return corruptBlob(kBlockKind, id, "key span or t bounds differ from its directory's record");
  }
  return block;
}

}  // namespace cairn::index
