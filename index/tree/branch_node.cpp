#include "index/tree/branch_node.h"

#include "index/leaflet/blob_format.h"
#include "index/leaflet/byte_io.h"

namespace cairn::index {

std::string encodeBranch(Permutation perm, uint8_t level, std::span<const BranchEntry> entries) {
  CAIRN_CHECK(level >= 1, "branch level 0");
  CAIRN_CHECK(!entries.empty() && entries.size() <= kMaxNodeEntries, "branch entry count");
  std::string blob;
  blob.reserve(kBranchHeaderSize + entries.size() * kBranchEntrySize);
  ByteWriter out(blob);
  out.raw(kBranchMagic.data(), kBranchMagic.size());
  out.u16(kTreeFormatVersion);
  out.u8(static_cast<uint8_t>(perm));
  out.u8(level);
  out.u32(static_cast<uint32_t>(entries.size()));
  out.u32(static_cast<uint32_t>(kBranchEntrySize));
  for (const BranchEntry& entry : entries) {
    out.id(entry.child);
    for (uint64_t v : entry.firstKey) out.u64(v);
    for (uint64_t v : entry.lastKey) out.u64(v);
    out.u64(entry.rowCount);
    out.u64(entry.minT);
    out.u64(entry.maxT);
  }
  CAIRN_CHECK(blob.size() == kBranchHeaderSize + entries.size() * kBranchEntrySize,
              "branch entry size drifted from format");
  return blob;
}

core::Result<BranchNode> parseBranch(std::string_view blob, const storage::ContentId& id,
                                     Permutation perm) {
  ByteReader in(blob);
  CAIRN_ASSIGN_OR_RETURN(TreeBlobHeader header,
                         readTreeBlobHeader(in, "branch", id, kBranchMagic, perm));
  const uint8_t level = header.byte;
  const uint32_t count = header.first;
  const uint32_t entrySize = header.second;
  if (level == 0) return corruptBlob("branch", id, "level 0");
  if (entrySize != kBranchEntrySize) {
    return corruptBlob("branch", id, "entry size " + std::to_string(entrySize));
  }
  if (count == 0 || count > kMaxNodeEntries) {
    return corruptBlob("branch", id, "entry count " + std::to_string(count));
  }
  if (blob.size() != kBranchHeaderSize + uint64_t{count} * kBranchEntrySize) {
    return corruptBlob(
        "branch", id,
        "size " + std::to_string(blob.size()) + " for " + std::to_string(count) + " entries");
  }
  BranchNode branch;
  branch.perm = perm;
  branch.level = level;
  branch.entries.resize(count);
  for (uint32_t e = 0; e < count; ++e) {
    BranchEntry& entry = branch.entries[e];
    bool ok = in.id(entry.child);
    for (uint64_t& v : entry.firstKey) ok = ok && in.u64(v);
    for (uint64_t& v : entry.lastKey) ok = ok && in.u64(v);
    ok = ok && in.u64(entry.rowCount) && in.u64(entry.minT) && in.u64(entry.maxT);
    if (!ok) return corruptBlob("branch", id, "truncated entry " + std::to_string(e));
    const std::string where = "entry " + std::to_string(e);
    if (entry.child.isNull()) return corruptBlob("branch", id, where + ": null child");
    if (entry.rowCount == 0) return corruptBlob("branch", id, where + ": no rows");
    if (entry.firstKey > entry.lastKey) {
      return corruptBlob("branch", id, where + ": first key after last key");
    }
    if (entry.minT > entry.maxT) return corruptBlob("branch", id, where + ": min t after max t");
    if (e > 0 && !(branch.entries[e - 1].lastKey < entry.firstKey)) {
      return corruptBlob("branch", id, where + " out of key order");
    }
  }
  return branch;
}

}  // namespace cairn::index
