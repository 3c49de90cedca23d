#include "index/leaflet/leaflet_codec.h"

#include <algorithm>

#include "index/leaflet/blob_format.h"
#include "index/leaflet/byte_io.h"

namespace cairn::index {

LeafletEncoder::LeafletEncoder(Permutation perm, int zstdLevel)
    : perm_(perm), columns_(zstdLevel) {}

LeafletEntry LeafletEncoder::encode(const LeafletColumns& columns, std::string& bytes) {
  const size_t rows = columns[0].size();
  CAIRN_CHECK(rows >= 1 && rows <= kMaxLeafletRows, "leaflet row count out of range");
  for (const auto& column : columns) CAIRN_CHECK(column.size() == rows, "ragged leaflet columns");

  LeafletEntry entry;
  entry.rowCount = static_cast<uint32_t>(rows);
  const auto& keyCols = keyColumns(perm_);
  for (int k = 0; k < kKeyColumnCount; ++k) {
    const auto& column = columns[static_cast<int>(keyCols[k])];
    entry.firstKey[k] = column.front();
    entry.lastKey[k] = column.back();
  }
  const auto& t = columns[static_cast<int>(Column::kT)];
  const auto [minT, maxT] = std::minmax_element(t.begin(), t.end());
  entry.minT = *minT;
  entry.maxT = *maxT;

  bytes.clear();
  ByteWriter header(bytes);
  header.raw(kLeafletMagic.data(), kLeafletMagic.size());
  header.u16(kTreeFormatVersion);
  header.u8(static_cast<uint8_t>(perm_));
  header.u8(0);  // stored-column mask, patched below
  header.u32(entry.rowCount);
  header.u32(0);                                        // reserved
  header.zeros(kColumnCount * kColumnBlockRecordSize);  // block records, patched below
  CAIRN_CHECK(bytes.size() == kLeafletHeaderSize, "leaflet header size drifted from format");

  uint8_t stored = 0;
  for (int c = 0; c < kColumnCount; ++c) {
    entry.blocks[c] = columns_.encode(columns[c], bytes);
    if (!entry.blocks[c].isConstant()) stored |= static_cast<uint8_t>(1u << c);
  }
  if (stored == 0) {
    bytes.clear();
    return entry;
  }
  bytes[7] = static_cast<char>(stored);
  std::string records;
  ByteWriter out(records);
  for (const ColumnBlock& block : entry.blocks) writeColumnBlock(out, block);
  bytes.replace(16, records.size(), records);
  return entry;
}

core::Status checkLeafletBlob(std::string_view blob, const LeafletEntry& entry, Permutation perm) {
  ByteReader in(blob);
  CAIRN_ASSIGN_OR_RETURN(TreeBlobHeader header,
                         readTreeBlobHeader(in, "leaflet", entry.leaflet, kLeafletMagic, perm));
  const uint8_t stored = header.byte;
  const uint32_t rows = header.first;
  if (header.second != 0) {
    return corruptBlob("leaflet", entry.leaflet, "reserved header field not zero");
  }
  if (rows != entry.rowCount) {
    return corruptBlob("leaflet", entry.leaflet,
                       "holds " + std::to_string(rows) + " rows, directory says " +
                           std::to_string(entry.rowCount));
  }
  const uint8_t expected = static_cast<uint8_t>(~entry.constantMask() & ((1u << kColumnCount) - 1));
  if (stored != expected) {
    return corruptBlob("leaflet", entry.leaflet, "stored columns disagree with the directory");
  }
  for (const ColumnBlock& expected : entry.blocks) {
    ColumnBlock block;
    if (!readColumnBlock(in, block)) {
      return corruptBlob("leaflet", entry.leaflet, "bad column block record");
    }
    if (!(block == expected)) {
      return corruptBlob("leaflet", entry.leaflet, "column blocks disagree with the directory");
    }
    if (!block.isConstant() && block.offset < kLeafletHeaderSize) {
      return corruptBlob("leaflet", entry.leaflet, "column block overlaps the header");
    }
  }
  return core::Status::ok();
}

}  // namespace cairn::index
