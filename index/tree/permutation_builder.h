#pragma once
// PermutationBuilder: writes one permutation tree bottom-up from rows in key order, streaming —
// it holds one open leaflet, one open leaf and one open branch per level, never the whole input.
//
// Leaflets end at IndexConfig::leafletRows rows and, in PSOT and POST, also where the predicate
// changes once they hold predicateCutRows rows, so most of their leaflets have a constant p and
// per-predicate counts come from directories. A leaf ends at leafletsPerLeaf leaflets, a branch
// at branchFanout children; finish() closes the partial ones and returns the root. Every leaf
// sits at the same depth.
//
// Not thread-safe. After a failed store write every call returns that failure.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/status.h"
#include "index/index_config.h"
#include "index/leaflet/leaflet_codec.h"
#include "index/permutation.h"
#include "index/tree/branch_node.h"
#include "index/tree/permutation_root.h"
#include "storage/blob_store.h"

namespace cairn::index {

class PermutationBuilder {
 public:
  // `store` must outlive the builder.
  PermutationBuilder(storage::BlobStore& store, Permutation perm, const IndexConfig& config);

  // Rows arrive strictly increasing in the permutation's key order (CAIRN_CHECK on violation).
  core::Status add(const IndexRow& row);
  core::Status addBatch(std::span<const IndexRow> rows);
  // Writes the partial leaflet, leaf and branches and returns the root. Call once.
  core::Result<PermutationRoot> finish();
  // Sum of the sizes of the blobs written so far.
  uint64_t bytesWritten() const { return bytesWritten_; }

 private:
  core::Status flushLeaflet();
  core::Status flushLeaf();
  core::Status pushEntry(size_t level, const BranchEntry& entry);
  core::Status flushBranch(size_t level);
  core::Result<storage::ContentId> putBlob(const std::string& blob);

  storage::BlobStore& store_;
  Permutation perm_;
  IndexConfig config_;
  bool cutsAtPredicate_;
  LeafletEncoder encoder_;

  LeafletColumns open_;  // rows of the open leaflet, by column
  IndexRow last_;
  bool hasLast_ = false;
  std::vector<LeafletEntry> leafEntries_;  // entries of the open leaf
  // Blobs of the leafEntries_ leaflets, stored in one putMany when the leaf closes ("" = none).
  std::vector<std::string> leafletBlobs_;
  // levels_[l]: finished nodes of level l (0 = leaves) waiting for their parent branch.
  std::vector<std::vector<BranchEntry>> levels_;
  std::string scratch_;

  uint64_t rows_ = 0;
  uint64_t bytesWritten_ = 0;
  core::Status failure_;
  bool finished_ = false;
};

}  // namespace cairn::index
