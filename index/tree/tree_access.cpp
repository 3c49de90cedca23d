#include "index/tree/tree_access.h"

#include "index/leaflet/blob_format.h"

namespace cairn::index {

TreeAccess::TreeAccess(const storage::BlobStore& store, Permutation perm, PermutationRoot root,
                       std::shared_ptr<IndexCache> cache, IndexConfig config)
    : store_(store), perm_(perm), root_(root), cache_(std::move(cache)), config_(config) {
  CAIRN_CHECK(cache_ != nullptr, "TreeAccess needs a cache");
  const auto& keyCols = keyColumns(perm);
  for (int n = 1; n <= kKeyColumnCount; ++n) {
    leadingKeyMasks_[n] = leadingKeyMasks_[n - 1] | columnBit(keyCols[n - 1]);
  }
}

core::Result<std::shared_ptr<const BranchNode>> TreeAccess::branch(const storage::ContentId& id,
                                                                   uint32_t level,
                                                                   ScanStats& stats) const {
  ++stats.nodesVisited;
  const IndexCache::Key key = IndexCache::key(id, IndexCache::Kind::kBranch);
  std::shared_ptr<const BranchNode> node = cache_->findAs<BranchNode>(key);
  if (node == nullptr) {
    CAIRN_ASSIGN_OR_RETURN(std::string blob, store_.get(id));
    CAIRN_ASSIGN_OR_RETURN(BranchNode parsed, parseBranch(blob, id, perm_));
    auto owned = std::make_shared<const BranchNode>(std::move(parsed));
    cache_->insert(key, owned, owned->memoryBytes());
    node = std::move(owned);
  }
  if (node->level != level) {
    return corruptBlob("branch", id,
                       "has level " + std::to_string(node->level) + ", its parent implies " +
                           std::to_string(level));
  }
  return node;
}

core::Result<std::shared_ptr<const LeafNode>> TreeAccess::leaf(const storage::ContentId& id,
                                                               ScanStats& stats) const {
  ++stats.nodesVisited;
  const IndexCache::Key key = IndexCache::key(id, IndexCache::Kind::kLeaf);
  std::shared_ptr<const LeafNode> node = cache_->findAs<LeafNode>(key);
  if (node != nullptr) return node;
  CAIRN_ASSIGN_OR_RETURN(std::string blob, store_.get(id));
  CAIRN_ASSIGN_OR_RETURN(LeafNode parsed, parseLeaf(blob, id, perm_));
  auto owned = std::make_shared<const LeafNode>(std::move(parsed));
  cache_->insert(key, owned, owned->memoryBytes());
  return std::shared_ptr<const LeafNode>(std::move(owned));
}

}  // namespace cairn::index
