#pragma once
// Constants shared by the three permutation-tree blob kinds (leaflet, leaf, branch) and the one
// way their parsers report a malformed blob. Every byte is documented in
// docs/formats/permutation-tree.md; change both together and bump kTreeFormatVersion.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/status.h"
#include "index/leaflet/byte_io.h"
#include "index/permutation.h"
#include "storage/content_id.h"

namespace cairn::index {

using BlobMagic = std::array<char, 4>;
inline constexpr BlobMagic kLeafletMagic = {'C', 'N', 'L', 'T'};
inline constexpr BlobMagic kLeafMagic = {'C', 'N', 'L', 'F'};
inline constexpr BlobMagic kBranchMagic = {'C', 'N', 'B', 'R'};
inline constexpr uint16_t kTreeFormatVersion = 1;

// Parsers refuse row counts above this so a malformed directory cannot make a reader allocate
// gigabytes; builders refuse configurations that would exceed it.
inline constexpr uint32_t kMaxLeafletRows = uint32_t{1} << 24;
// Upper bound on entries in one leaf or branch blob (leafletsPerLeaf, branchFanout).
inline constexpr uint32_t kMaxNodeEntries = uint32_t{1} << 16;

// "leaf 3fa1b2c3d4e5: <what>" as a Corruption status.
inline core::Status corruptBlob(std::string_view kind, const storage::ContentId& id,
                                std::string_view what) {
  std::string message{kind};
  message += ' ';
  message += id.shortHex();
  message += ": ";
  message += what;
  return core::Status::corruption(std::move(message));
}

// decodeColumn words its errors for leaflets ("leaflet <id>: column t: <what>"). Blobs that
// reuse leaflet column blocks (history and delta blocks) keep the <what> and name themselves and
// their own column instead: "<kind> <id>: column <column>: <what>". Other statuses pass through.
inline core::Status relabelColumnFailure(const core::Status& status, std::string_view kind,
                                         const storage::ContentId& id, std::string_view column) {
  if (status.code() != core::StatusCode::kCorruption) return status;
  std::string_view what = status.message();
  if (size_t at = what.find(": column "); at != std::string_view::npos) {
    if (at = what.find(": ", at + 2); at != std::string_view::npos) what.remove_prefix(at + 2);
  }
  std::string message = "column ";
  message += column;
  message += ": ";
  message += what;
  return corruptBlob(kind, id, message);
}

// The 16-byte header every tree blob starts with: magic, version, permutation, then a byte and two
// u32 words whose meaning depends on the kind (leaflet: column mask, rows, reserved; leaf:
// reserved, count, entry size; branch: level, count, entry size).
struct TreeBlobHeader {
  uint8_t byte = 0;
  uint32_t first = 0;
  uint32_t second = 0;
};

// Reads the header and checks magic, version and permutation; Corruption naming the blob else.
inline core::Result<TreeBlobHeader> readTreeBlobHeader(ByteReader& in, std::string_view kind,
                                                       const storage::ContentId& id,
                                                       const BlobMagic& expectedMagic,
                                                       Permutation perm) {
  BlobMagic magic{};
  uint16_t version = 0;
  uint8_t permByte = 0;
  TreeBlobHeader header;
  if (!in.raw(magic.data(), magic.size()) || !in.u16(version) || !in.u8(permByte) ||
      !in.u8(header.byte) || !in.u32(header.first) || !in.u32(header.second)) {
    return corruptBlob(kind, id, "truncated header");
  }
  if (magic != expectedMagic) return corruptBlob(kind, id, "bad magic");
  if (version != kTreeFormatVersion) {
    return corruptBlob(kind, id, "unsupported format version " + std::to_string(version));
  }
  if (permByte != static_cast<uint8_t>(perm)) {
    return corruptBlob(kind, id, "belongs to another permutation");
  }
  return header;
}

}  // namespace cairn::index
