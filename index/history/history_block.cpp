#include "index/history/history_block.h"

#include <algorithm>

#include "index/leaflet/byte_io.h"
#include "index/leaflet/leaflet_entry.h"

namespace cairn::index {
namespace {

constexpr std::string_view kKind = "history block";
constexpr std::string_view kColumnNames[kHistoryColumnCount] = {"s", "p",    "ot", "ok",
                                                                "i", "from", "to"};
constexpr int kFromColumn = 5;
constexpr int kToColumn = 6;

uint64_t columnValue(const HistoryEntry& entry, int column) {
  if (column == kFromColumn) return entry.row.t;
  if (column == kToColumn) return entry.retractedT;
  return entry.row.get(static_cast<Column>(column));
}

std::string describeKey(const RowKey& key) {
  std::string out = "(";
  for (int k = 0; k < kKeyColumnCount; ++k) {
    if (k > 0) out += ' ';
    out += std::to_string(key[k]);
  }
  return out + ")";
}

}  // namespace

HistoryBlockInfo encodeHistoryBlock(Permutation perm, std::span<const HistoryEntry> entries,
                                    ColumnEncoder& encoder, std::string& blob) {
  CAIRN_CHECK(!entries.empty() && entries.size() <= kMaxHistoryBlockEntries,
              "history block entry count out of range");
  HistoryBlockInfo info;
  info.entries = static_cast<uint32_t>(entries.size());
  info.firstKey = rowKey(perm, entries.front().row);
  info.lastKey = rowKey(perm, entries.back().row);
  info.minFrom = UINT64_MAX;
  for (const HistoryEntry& entry : entries) {
    info.minFrom = std::min(info.minFrom, entry.row.t);
    info.maxTo = std::max(info.maxTo, entry.retractedT);
  }

  blob.clear();
  ByteWriter header(blob);
  header.raw(kHistoryBlockMagic.data(), kHistoryBlockMagic.size());
  header.u16(kHistoryFormatVersion);
  header.u8(static_cast<uint8_t>(perm));
  header.u8(0);  // reserved
  header.u32(info.entries);
  header.u32(0);                                               // reserved
  header.zeros(kHistoryColumnCount * kColumnBlockRecordSize);  // records, patched below
  CAIRN_CHECK(blob.size() == kHistoryBlockHeaderSize, "history block header drifted from format");

  std::array<ColumnBlock, kHistoryColumnCount> blocks;
  std::vector<uint64_t> values(entries.size());
  for (int c = 0; c < kHistoryColumnCount; ++c) {
    for (size_t e = 0; e < entries.size(); ++e) values[e] = columnValue(entries[e], c);
    blocks[c] = encoder.encode(values, blob);
  }
  std::string records;
  ByteWriter out(records);
  for (const ColumnBlock& block : blocks) writeColumnBlock(out, block);
  blob.replace(16, records.size(), records);
  return info;
}

std::string compareHistoryBlockSummary(const HistoryBlockInfo& decoded,
                                       const HistoryBlockInfo& expected) {
  if (decoded.entries != expected.entries) {
    return "holds " + std::to_string(decoded.entries) + " entries, its directory says " +
           std::to_string(expected.entries);
  }
  if (decoded.firstKey != expected.firstKey || decoded.lastKey != expected.lastKey) {
    return "key span " + describeKey(decoded.firstKey) + ".." + describeKey(decoded.lastKey) +
           " differs from its directory's " + describeKey(expected.firstKey) + ".." +
           describeKey(expected.lastKey);
  }
  if (decoded.minFrom != expected.minFrom || decoded.maxTo != expected.maxTo) {
    return "t bounds [" + std::to_string(decoded.minFrom) + ", " + std::to_string(decoded.maxTo) +
           ") differ from its directory's [" + std::to_string(expected.minFrom) + ", " +
           std::to_string(expected.maxTo) + ")";
  }
  return {};
}

core::Result<HistoryBlock> parseHistoryBlock(std::string_view blob, const storage::ContentId& id,
                                             Permutation perm, const HistoryBlockInfo& expected) {
  ByteReader in(blob);
  BlobMagic magic{};
  uint16_t version = 0;
  uint8_t permByte = 0;
  uint8_t reserved8 = 0;
  uint32_t count = 0;
  uint32_t reserved32 = 0;
  if (!(in.raw(magic.data(), magic.size()) && in.u16(version) && in.u8(permByte) &&
        in.u8(reserved8) && in.u32(count) && in.u32(reserved32))) {
    return corruptBlob(kKind, id, "truncated header");
  }
  if (magic != kHistoryBlockMagic) return corruptBlob(kKind, id, "bad magic");
  if (version != kHistoryFormatVersion) {
    return corruptBlob(kKind, id, "unsupported format version " + std::to_string(version));
  }
  if (permByte != static_cast<uint8_t>(perm)) {
    return corruptBlob(kKind, id, "belongs to another permutation");
  }
  if (reserved8 != 0 || reserved32 != 0) return corruptBlob(kKind, id, "reserved field not zero");
  if (count == 0 || count > kMaxHistoryBlockEntries) {
    return corruptBlob(kKind, id, "entry count " + std::to_string(count));
  }
  if (count != expected.entries) {
    return corruptBlob(kKind, id,
                       "holds " + std::to_string(count) + " entries, its directory says " +
                           std::to_string(expected.entries));
  }

  // The stored blocks follow the header back to back, in column order, and end the blob.
  std::array<ColumnBlock, kHistoryColumnCount> blocks;
  uint64_t next = kHistoryBlockHeaderSize;
  for (int c = 0; c < kHistoryColumnCount; ++c) {
    if (!readColumnBlock(in, blocks[c])) {
      return corruptBlob(kKind, id, "truncated or reserved-nonzero column record");
    }
    const std::string column = "column " + std::string(kColumnNames[c]) + ": ";
    if (std::string problem = checkColumnBlock(blocks[c], count); !problem.empty()) {
      return corruptBlob(kKind, id, column + problem);
    }
    if (blocks[c].isConstant()) continue;
    if (blocks[c].offset != next) {
      return corruptBlob(kKind, id,
                         column + "block at " + std::to_string(blocks[c].offset) + ", expected " +
                             std::to_string(next));
    }
    next += blocks[c].length;
  }
  if (next != blob.size()) {
    return corruptBlob(kKind, id,
                       "blocks end at " + std::to_string(next) + " in a blob of " +
                           std::to_string(blob.size()) + " bytes");
  }

  HistoryBlock block;
  block.perm = perm;
  block.entries.resize(count);
  std::vector<uint64_t> values(count);
  for (int c = 0; c < kHistoryColumnCount; ++c) {
    // decodeColumn names only a tree column in its errors; relabelColumnFailure renames it.
    const Column nominal = c < kKeyColumnCount ? static_cast<Column>(c) : Column::kT;
    core::Status decoded = decodeColumn(blob, blocks[c], count, values.data(), id, nominal);
    if (!decoded.isOk()) return relabelColumnFailure(decoded, kKind, id, kColumnNames[c]);
    for (uint32_t e = 0; e < count; ++e) {
      HistoryEntry& entry = block.entries[e];
      const uint64_t v = values[e];
      switch (c) {
        case 0:
          entry.row.s = v;
          break;
        case 1:
          entry.row.p = v;
          break;
        case 2:
          if (v > UINT16_MAX) {
            return corruptBlob(kKind, id, "entry " + std::to_string(e) + ": ot out of range");
          }
          entry.row.ot = static_cast<core::ObjectType>(v);
          break;
        case 3:
          entry.row.ok = v;
          break;
        case 4:
          entry.row.i = v;
          break;
        case kFromColumn:
          entry.row.t = v;
          break;
        default:
          entry.retractedT = v;
          break;
      }
    }
  }

  HistoryBlockInfo& summary = block.summary;
  summary.entries = count;
  summary.minFrom = UINT64_MAX;
  RowKey previous{};
  for (uint32_t e = 0; e < count; ++e) {
    const HistoryEntry& entry = block.entries[e];
    if (entry.row.t >= entry.retractedT) {
      return corruptBlob(kKind, id,
                         "entry " + std::to_string(e) + ": interval [" +
                             std::to_string(entry.row.t) + ", " + std::to_string(entry.retractedT) +
                             ") is empty");
    }
    const RowKey key = rowKey(perm, entry.row);
    if (e > 0) {
      if (key < previous) {
        return corruptBlob(kKind, id, "entry " + std::to_string(e) + " out of key order");
      }
      // Same key: newest first, and the older interval must end before the newer one starts.
      const HistoryEntry& newer = block.entries[e - 1];
      if (key == previous && entry.retractedT > newer.row.t) {
        return corruptBlob(
            kKind, id,
            "entry " + std::to_string(e) + " overlaps or is not older than the entry before it");
      }
    }
    previous = key;
    summary.minFrom = std::min(summary.minFrom, entry.row.t);
    summary.maxTo = std::max(summary.maxTo, entry.retractedT);
  }
  summary.firstKey = rowKey(perm, block.entries.front().row);
  summary.lastKey = previous;
  if (std::string problem = compareHistoryBlockSummary(summary, expected); !problem.empty()) {
    return corruptBlob(kKind, id, problem);
  }
  return block;
}

}  // namespace cairn::index
