#pragma once
// Leaf blobs: the uncompressed directory of up to IndexConfig::leafletsPerLeaf leaflets
// (docs/formats/permutation-tree.md, "Leaf blob"). A leaf holds no row data: it is small, so a
// copy-on-write commit that changes one leaflet rewrites that leaflet and this header only.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "index/leaflet/leaflet_entry.h"
#include "index/permutation.h"
#include "storage/content_id.h"

namespace cairn::index {

inline constexpr size_t kLeafHeaderSize = 16;

struct LeafNode {
  Permutation perm = Permutation::kSPOT;
  std::vector<LeafletEntry> entries;  // in key order, at least one

  size_t memoryBytes() const {
    return sizeof(LeafNode) + entries.capacity() * sizeof(LeafletEntry);
  }
};

std::string encodeLeaf(Permutation perm, std::span<const LeafletEntry> entries);

// Parses and validates a leaf blob (fixed sizes, every entry valid, entries in strictly
// increasing, non-overlapping key order, permutation `perm`). Corruption names `id`.
core::Result<LeafNode> parseLeaf(std::string_view blob, const storage::ContentId& id,
                                 Permutation perm);

}  // namespace cairn::index
