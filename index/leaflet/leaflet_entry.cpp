#include "index/leaflet/leaflet_entry.h"

#include "index/leaflet/blob_format.h"

namespace cairn::index {

uint8_t LeafletEntry::constantMask() const {
  uint8_t mask = 0;
  for (int c = 0; c < kColumnCount; ++c) {
    if (blocks[c].isConstant()) mask |= static_cast<uint8_t>(1u << c);
  }
  return mask;
}

void writeColumnBlock(ByteWriter& out, const ColumnBlock& block) {
  out.u32(block.offset);
  out.u32(block.length);
  out.u8(static_cast<uint8_t>(block.encoding));
  out.u8(static_cast<uint8_t>(block.compression));
  out.u8(block.width);
  out.u8(0);  // reserved
  out.u64(block.reference);
}

bool readColumnBlock(ByteReader& in, ColumnBlock& block) {
  uint8_t encoding = 0;
  uint8_t compression = 0;
  uint8_t reserved = 0;
  if (!(in.u32(block.offset) && in.u32(block.length) && in.u8(encoding) && in.u8(compression) &&
        in.u8(block.width) && in.u8(reserved) && in.u64(block.reference))) {
    return false;
  }
  block.encoding = static_cast<BlockEncoding>(encoding);
  block.compression = static_cast<BlockCompression>(compression);
  return reserved == 0;
}

void writeLeafletEntry(ByteWriter& out, const LeafletEntry& entry) {
  const size_t start = out.size();
  out.u32(entry.rowCount);
  out.u8(entry.constantMask());
  out.u8(0);   // flags, none defined
  out.u16(0);  // reserved
  for (uint64_t v : entry.firstKey) out.u64(v);
  for (uint64_t v : entry.lastKey) out.u64(v);
  out.id(entry.leaflet);
  out.u64(entry.minT);
  out.u64(entry.maxT);
  for (const ColumnBlock& block : entry.blocks) writeColumnBlock(out, block);
  out.id(entry.history.sidecar);
  out.u64(entry.history.minT);
  out.u64(entry.history.maxT);
  CAIRN_CHECK(out.size() - start == kLeafletEntrySize, "leaflet entry size drifted from format");
}

std::string readLeafletEntry(ByteReader& in, Permutation perm, LeafletEntry& entry) {
  if (in.remaining() < kLeafletEntrySize) return "truncated leaflet entry";
  uint8_t mask = 0;
  uint8_t flags = 0;
  uint16_t reserved16 = 0;
  bool ok = in.u32(entry.rowCount) && in.u8(mask) && in.u8(flags) && in.u16(reserved16);
  for (uint64_t& v : entry.firstKey) ok = ok && in.u64(v);
  for (uint64_t& v : entry.lastKey) ok = ok && in.u64(v);
  ok = ok && in.id(entry.leaflet) && in.u64(entry.minT) && in.u64(entry.maxT);
  bool blocksOk = true;
  for (ColumnBlock& block : entry.blocks) blocksOk = readColumnBlock(in, block) && blocksOk;
  ok = ok && in.id(entry.history.sidecar) && in.u64(entry.history.minT) &&
       in.u64(entry.history.maxT);
  if (!ok) return "truncated leaflet entry";
  // Reserved fields are zero in version 1; anything else is damage, or a newer writer.
  if (flags != 0 || reserved16 != 0 || !blocksOk) return "reserved field not zero";
  // Readers of this version cannot merge history, so they must not meet any.
  if (!(entry.history == HistoryLocator{})) return "history locator set (not supported yet)";

  if (entry.rowCount == 0 || entry.rowCount > kMaxLeafletRows) {
    return "leaflet row count " + std::to_string(entry.rowCount) + " out of range";
  }
  for (int c = 0; c < kColumnCount; ++c) {
    if (std::string problem = checkColumnBlock(entry.blocks[c], entry.rowCount); !problem.empty()) {
      return std::string("column ") + std::string(columnName(static_cast<Column>(c))) + ": " +
             problem;
    }
  }
  if (mask != entry.constantMask()) return "constant mask disagrees with the column blocks";
  if (entry.firstKey > entry.lastKey) return "first key after last key";
  if (entry.minT > entry.maxT) return "min t after max t";
  if (entry.leaflet.isNull() && entry.constantMask() != (1u << kColumnCount) - 1) {
    return "null leaflet id with stored columns";
  }
  const auto& keyCols = keyColumns(perm);
  for (int k = 0; k < kKeyColumnCount; ++k) {
    const ColumnBlock& block = entry.block(keyCols[k]);
    if (block.isConstant() &&
        (entry.firstKey[k] != block.reference || entry.lastKey[k] != block.reference)) {
      return std::string("constant ") + std::string(columnName(keyCols[k])) +
             " disagrees with the first/last key";
    }
  }
  const ColumnBlock& t = entry.block(Column::kT);
  if (t.isConstant() && (entry.minT != t.reference || entry.maxT != t.reference)) {
    return "constant t disagrees with min/max t";
  }
  return {};
}

}  // namespace cairn::index
