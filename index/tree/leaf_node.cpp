#include "index/tree/leaf_node.h"

#include "index/leaflet/blob_format.h"
#include "index/leaflet/byte_io.h"

namespace cairn::index {

std::string encodeLeaf(Permutation perm, std::span<const LeafletEntry> entries) {
  CAIRN_CHECK(!entries.empty() && entries.size() <= kMaxNodeEntries, "leaf entry count");
  std::string blob;
  blob.reserve(kLeafHeaderSize + entries.size() * kLeafletEntrySize);
  ByteWriter out(blob);
  out.raw(kLeafMagic.data(), kLeafMagic.size());
  out.u16(kTreeFormatVersion);
  out.u8(static_cast<uint8_t>(perm));
  out.u8(0);  // reserved
  out.u32(static_cast<uint32_t>(entries.size()));
  out.u32(static_cast<uint32_t>(kLeafletEntrySize));
  for (const LeafletEntry& entry : entries) writeLeafletEntry(out, entry);
  return blob;
}

core::Result<LeafNode> parseLeaf(std::string_view blob, const storage::ContentId& id,
                                 Permutation perm) {
  ByteReader in(blob);
  CAIRN_ASSIGN_OR_RETURN(TreeBlobHeader header,
                         readTreeBlobHeader(in, "leaf", id, kLeafMagic, perm));
  if (header.byte != 0) return corruptBlob("leaf", id, "reserved header byte not zero");
  const uint32_t count = header.first;
  const uint32_t entrySize = header.second;
  if (entrySize != kLeafletEntrySize) {
    return corruptBlob("leaf", id, "entry size " + std::to_string(entrySize));
  }
  if (count == 0 || count > kMaxNodeEntries) {
    return corruptBlob("leaf", id, "entry count " + std::to_string(count));
  }
  if (blob.size() != kLeafHeaderSize + uint64_t{count} * kLeafletEntrySize) {
    return corruptBlob(
        "leaf", id,
        "size " + std::to_string(blob.size()) + " for " + std::to_string(count) + " entries");
  }
  LeafNode leaf;
  leaf.perm = perm;
  leaf.entries.resize(count);
  for (uint32_t e = 0; e < count; ++e) {
    if (std::string problem = readLeafletEntry(in, perm, leaf.entries[e]); !problem.empty()) {
      return corruptBlob("leaf", id, "entry " + std::to_string(e) + ": " + problem);
    }
    if (e > 0 && !(leaf.entries[e - 1].lastKey < leaf.entries[e].firstKey)) {
      return corruptBlob("leaf", id, "entry " + std::to_string(e) + " out of key order");
    }
  }
  return leaf;
}

}  // namespace cairn::index
