#include "index/tree/permutation_builder.h"

#include <algorithm>
#include <string_view>

#include "index/leaflet/blob_format.h"
#include "index/tree/leaf_node.h"

namespace cairn::index {
PermutationBuilder::PermutationBuilder(storage::BlobStore& store, Permutation perm,
                                       const IndexConfig& config)
    : store_(store),
      perm_(perm),
      config_(config),
      cutsAtPredicate_(perm == Permutation::kPSOT || perm == Permutation::kPOST),
      encoder_(perm, config.zstdLevel) {
  CAIRN_CHECK(config.leafletRows >= 1 && config.leafletRows <= kMaxLeafletRows, "leafletRows");
  CAIRN_CHECK(config.leafletsPerLeaf >= 1 && config.leafletsPerLeaf <= kMaxNodeEntries,
              "leafletsPerLeaf");
  CAIRN_CHECK(config.branchFanout >= 2 && config.branchFanout <= kMaxNodeEntries, "branchFanout");
  for (auto& column : open_) column.reserve(config.leafletRows);
}

core::Status PermutationBuilder::add(const IndexRow& row) {
  CAIRN_CHECK(!finished_, "add() after finish()");
  if (!failure_.isOk()) return failure_;
  if (hasLast_) {
    CAIRN_CHECK(rowLess(perm_, last_, row), "rows must arrive strictly increasing in key order");
    if (cutsAtPredicate_ && row.p != last_.p && open_[0].size() >= config_.predicateCutRows) {
      CAIRN_RETURN_IF_ERROR(flushLeaflet());
    }
  }
  for (int c = 0; c < kColumnCount; ++c) open_[c].push_back(row.get(static_cast<Column>(c)));
  last_ = row;
  hasLast_ = true;
  ++rows_;
  if (open_[0].size() >= config_.leafletRows) CAIRN_RETURN_IF_ERROR(flushLeaflet());
  return core::Status::ok();
}

core::Status PermutationBuilder::addBatch(std::span<const IndexRow> rows) {
  for (const IndexRow& row : rows) CAIRN_RETURN_IF_ERROR(add(row));
  return core::Status::ok();
}

core::Result<storage::ContentId> PermutationBuilder::putBlob(const std::string& blob) {
  core::Result<storage::ContentId> id = store_.put(blob);
  if (!id.isOk()) {
    failure_ = id.status();
    return failure_;
  }
  bytesWritten_ += blob.size();
  return id;
}

core::Status PermutationBuilder::flushLeaflet() {
  if (open_[0].empty()) return core::Status::ok();
  std::string blob;
  leafEntries_.push_back(encoder_.encode(open_, blob));
  leafletBlobs_.push_back(std::move(blob));
  for (auto& column : open_) column.clear();
  if (leafEntries_.size() >= config_.leafletsPerLeaf) return flushLeaf();
  return core::Status::ok();
}

core::Status PermutationBuilder::flushLeaf() {
  if (leafEntries_.empty()) return core::Status::ok();
  std::vector<std::string_view> blobs;
  std::vector<size_t> owners;
  for (size_t e = 0; e < leafletBlobs_.size(); ++e) {
    if (leafletBlobs_[e].empty()) continue;
    blobs.push_back(leafletBlobs_[e]);
    owners.push_back(e);
  }
  if (!blobs.empty()) {
    core::Result<std::vector<storage::ContentId>> ids = store_.putMany(blobs);
    if (!ids.isOk()) {
      failure_ = ids.status();
      return failure_;
    }
    if (ids->size() != blobs.size()) {
      failure_ = core::Status::internal("putMany returned " + std::to_string(ids->size()) +
                                        " ids for " + std::to_string(blobs.size()) + " blobs");
      return failure_;
    }
    for (size_t b = 0; b < blobs.size(); ++b) {
      leafEntries_[owners[b]].leaflet = (*ids)[b];
      bytesWritten_ += blobs[b].size();
    }
  }
  scratch_ = encodeLeaf(perm_, leafEntries_);
  CAIRN_ASSIGN_OR_RETURN(storage::ContentId leafId, putBlob(scratch_));
  const BranchEntry summary = summarizeNode(leafId, std::span<const LeafletEntry>(leafEntries_));
  leafEntries_.clear();
  leafletBlobs_.clear();
  return pushEntry(0, summary);
}

core::Status PermutationBuilder::pushEntry(size_t level, const BranchEntry& entry) {
  if (levels_.size() <= level) levels_.resize(level + 1);
  levels_[level].push_back(entry);
  if (levels_[level].size() >= config_.branchFanout) return flushBranch(level);
  return core::Status::ok();
}

core::Status PermutationBuilder::flushBranch(size_t level) {
  CAIRN_CHECK(level + 1 <= UINT8_MAX, "permutation tree too deep");
  std::vector<BranchEntry> children = std::move(levels_[level]);
  levels_[level].clear();
  scratch_ = encodeBranch(perm_, static_cast<uint8_t>(level + 1), children);
  CAIRN_ASSIGN_OR_RETURN(storage::ContentId branchId, putBlob(scratch_));
  return pushEntry(level + 1, summarizeNode(branchId, std::span<const BranchEntry>(children)));
}

core::Result<PermutationRoot> PermutationBuilder::finish() {
  CAIRN_CHECK(!finished_, "finish() called twice");
  finished_ = true;
  if (!failure_.isOk()) return failure_;
  CAIRN_RETURN_IF_ERROR(flushLeaflet());
  CAIRN_RETURN_IF_ERROR(flushLeaf());

  PermutationRoot root;
  root.rows = rows_;
  // Close levels bottom-up. The root is the single node left on the highest level; every level
  // below it still holding nodes gets a (partial) parent branch so all leaves share one depth.
  for (size_t level = 0; level < levels_.size(); ++level) {
    const bool higherExists = std::any_of(levels_.begin() + static_cast<ptrdiff_t>(level) + 1,
                                          levels_.end(), [](const auto& l) { return !l.empty(); });
    if (!higherExists && levels_[level].size() == 1) {
      root.root = levels_[level].front().child;
      root.height = static_cast<uint32_t>(level);
      CAIRN_CHECK(levels_[level].front().rowCount == rows_, "row count lost while building");
      return root;
    }
    if (!levels_[level].empty()) CAIRN_RETURN_IF_ERROR(flushBranch(level));
  }
  CAIRN_CHECK(rows_ == 0, "rows added but no root built");
  return root;
}

}  // namespace cairn::index
