#pragma once
// TreeAccess: what every read of one permutation tree shares — the store, the root, the cache —
// and the cached loading of its nodes. Shared (immutably) by a PermutationReader and the cursors
// it creates; internal to index/tree.
//
// Node loads validate what they get: a branch must have the level its parent implies, a leaf
// must parse as a leaf of this permutation; anything else is a Corruption status naming the blob.

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/status.h"
#include "index/index_config.h"
#include "index/permutation.h"
#include "index/tree/branch_node.h"
#include "index/tree/column_batch.h"
#include "index/tree/index_cache.h"
#include "index/tree/leaf_node.h"
#include "index/tree/permutation_root.h"
#include "index/tree/scan_range.h"
#include "index/tree/scan_stats.h"
#include "storage/blob_store.h"

namespace cairn::index {

class TreeAccess {
 public:
  TreeAccess(const storage::BlobStore& store, Permutation perm, PermutationRoot root,
             std::shared_ptr<IndexCache> cache, IndexConfig config);

  Permutation perm() const { return perm_; }
  const PermutationRoot& root() const { return root_; }
  const IndexConfig& config() const { return config_; }
  IndexCache& cache() const { return *cache_; }
  const storage::BlobStore& store() const { return store_; }

  core::Result<std::shared_ptr<const BranchNode>> branch(const storage::ContentId& id,
                                                         uint32_t level, ScanStats& stats) const;
  core::Result<std::shared_ptr<const LeafNode>> leaf(const storage::ContentId& id,
                                                     ScanStats& stats) const;

  // The key columns among the first n of this permutation, as a mask.
  ColumnMask leadingKeyMask(int n) const { return leadingKeyMasks_[n]; }

 private:
  const storage::BlobStore& store_;
  Permutation perm_;
  PermutationRoot root_;
  std::shared_ptr<IndexCache> cache_;
  IndexConfig config_;
  std::array<ColumnMask, kKeyColumnCount + 1> leadingKeyMasks_{};
};

// Entries [first, second) of a node (branch or leaf) whose key span meets the range. Entries are
// sorted and disjoint (validated at parse time), so two binary searches find them.
template <typename Entry>
std::pair<size_t, size_t> entryWindow(const std::vector<Entry>& entries, const ScanRange& range) {
  // First entry whose last key reaches low.
  size_t lo = 0;
  for (size_t n = entries.size(); n > 0;) {
    const size_t half = n / 2;
    if (entries[lo + half].lastKey < range.low) {
      lo += half + 1;
      n -= half + 1;
    } else {
      n = half;
    }
  }
  // First entry at or after lo whose first key is past high.
  size_t hi = lo;
  for (size_t n = entries.size() - lo; n > 0;) {
    const size_t half = n / 2;
    if (entries[hi + half].firstKey <= range.high) {
      hi += half + 1;
      n -= half + 1;
    } else {
      n = half;
    }
  }
  return {lo, hi};
}

}  // namespace cairn::index
