#pragma once
// ReachableBlobs: the mark phase of garbage collection — the set of blob ids reachable from the
// index roots and commit chains a collection keeps (docs/formats/blob-store.md, "Removal").
//
// From an index root: the root blob; both dictionaries (root, segments, chunks); each graph's
// statistics blob and four permutation trees (branches, leaves, leaflets); the history manifest,
// its segment directories and their blocks. From a commit head: every record back to the first.
//
// Interior blobs (roots, branches, leaves, dictionary roots and segments, history manifests and
// directories, commit records) are fetched, hash-checked by the store and parsed, since they name
// other blobs: a missing, corrupt or malformed one is an error naming it. Leaf blobs (leaflets,
// dictionary chunks, history blocks, statistics) name nothing and are only listed; the collector
// checks that they are stored. A subtree whose top is already marked is not walked again: blobs
// are content-addressed, so equal ids have equal subtrees, and a root that shares most of its
// blobs with one marked before costs only what is new.
//
// Thread-safety: one thread. The store must outlive this object.

#include <cstdint>
#include <unordered_set>

#include "core/status.h"
#include "index/dictionary/dictionary_root.h"
#include "index/ledger/index_root.h"
#include "index/permutation.h"
#include "index/tree/permutation_root.h"
#include "storage/blob_store.h"

namespace cairn::index {

class ReachableBlobs {
 public:
  explicit ReachableBlobs(const storage::BlobStore& store) : store_(store) {}

  // Marks index root `id` and everything it names; returns the parsed root (for its `previous`).
  core::Result<IndexRoot> addIndexRoot(const storage::ContentId& id);
  // Marks the commit records from `head` back to the first one. Each record's t must be below its
  // successor's (Corruption otherwise).
  core::Status addCommitChain(const storage::ContentId& head);

  bool contains(const storage::ContentId& id) const { return ids_.contains(id); }
  size_t size() const { return ids_.size(); }
  const std::unordered_set<storage::ContentId, storage::ContentIdHash>& ids() const { return ids_; }
  // Distinct index roots and commit records marked so far.
  uint64_t indexRoots() const { return indexRoots_; }
  uint64_t commitRecords() const { return commitRecords_; }

 private:
  // Marks `id`; false when it already was.
  bool mark(const storage::ContentId& id) { return ids_.insert(id).second; }
  core::Status addDictionary(DictionaryKind kind, const DictionaryRoot& root);
  core::Status addTree(Permutation perm, const PermutationRoot& root);
  core::Status addHistory(const storage::ContentId& manifest);
  // The delta manifest, its run directories and their blocks.
  core::Status addDelta(const storage::ContentId& manifest);

  const storage::BlobStore& store_;
  std::unordered_set<storage::ContentId, storage::ContentIdHash> ids_;
  uint64_t indexRoots_ = 0;
  uint64_t commitRecords_ = 0;
};

}  // namespace cairn::index
