#pragma once
// Constants shared by the three permutation-tree blob kinds (leaflet, leaf, branch) and the one
// way their parsers report a malformed blob. Every byte is documented in
// docs/formats/permutation-tree.md; change both together and bump kTreeFormatVersion.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/status.h"
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

}  // namespace cairn::index
