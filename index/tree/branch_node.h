#pragma once
// Branch blobs: up to IndexConfig::branchFanout children, each with its key range, row count and
// t bounds (docs/formats/permutation-tree.md, "Branch blob"). A branch of level 1 points at
// leaves, of level L > 1 at branches of level L - 1; the root's level is PermutationRoot::height.
// Row counts and t bounds let count() take a whole subtree from its entry.

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "index/permutation.h"
#include "storage/content_id.h"

namespace cairn::index {

inline constexpr size_t kBranchHeaderSize = 16;
inline constexpr size_t kBranchEntrySize = 32 + 2 * 8 * kKeyColumnCount + 3 * 8;

struct BranchEntry {
  storage::ContentId child;
  RowKey firstKey{};
  RowKey lastKey{};
  uint64_t rowCount = 0;
  uint64_t minT = 0;
  uint64_t maxT = 0;
  bool operator==(const BranchEntry&) const = default;
};

struct BranchNode {
  Permutation perm = Permutation::kSPOT;
  uint8_t level = 1;
  std::vector<BranchEntry> entries;  // in key order, at least one

  size_t memoryBytes() const {
    return sizeof(BranchNode) + entries.capacity() * sizeof(BranchEntry);
  }
};

// The branch entry of a child node: its key range, rows and t bounds, from its own entries
// (leaflet entries of a leaf, or branch entries of a branch). Shared by the builder and the
// copy-on-write merger, which must summarize a node exactly alike.
template <typename Entry>
BranchEntry summarizeNode(const storage::ContentId& child, std::span<const Entry> entries) {
  BranchEntry summary;
  summary.child = child;
  summary.firstKey = entries.front().firstKey;
  summary.lastKey = entries.back().lastKey;
  summary.minT = UINT64_MAX;
  for (const Entry& e : entries) {
    summary.rowCount += e.rowCount;
    summary.minT = std::min(summary.minT, e.minT);
    summary.maxT = std::max(summary.maxT, e.maxT);
  }
  return summary;
}

std::string encodeBranch(Permutation perm, uint8_t level, std::span<const BranchEntry> entries);

// Parses and validates a branch blob (fixed sizes, level >= 1, entries non-empty with ordered
// keys and t bounds, strictly increasing and non-overlapping). Corruption names `id`.
core::Result<BranchNode> parseBranch(std::string_view blob, const storage::ContentId& id,
                                     Permutation perm);

}  // namespace cairn::index
