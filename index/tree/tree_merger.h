#pragma once
// mergeIntoTree: folds a sorted run of row changes into an existing permutation tree, copy on
// write. The result shares every untouched leaflet, leaf and branch with the base tree by id;
// only the leaflets the changes land in, the leaves holding them and the branches on their paths
// are written (docs/formats/permutation-tree.md, "Copy-on-write updates"). The background
// indexer uses it to fold the novelty overlay into a new tree without rebuilding the whole
// permutation.
//
// Thread-safety: a call touches only its arguments; the store and the cache are thread-safe, so
// merges into different trees (or readers of the base tree) may run concurrently.

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>

#include "core/status.h"
#include "index/index_config.h"
#include "index/permutation.h"
#include "index/tree/index_cache.h"
#include "index/tree/permutation_root.h"
#include "storage/blob_store.h"

namespace cairn::index {

// One key's new state. Changes are sorted strictly by the permutation's key (RowKey of row in
// perm order), one per key. present: the row (all columns, incl. t) is in the new tree — insert,
// or replace the existing row with that key (its t may differ). !present: the key is not in the
// new tree (a key that is not there is fine: nothing to do).
struct RowChange {
  IndexRow row;
  bool present = true;
};

struct MergeStats {
  uint64_t bytesWritten = 0;       // sum of new blob sizes
  uint64_t blobsWritten = 0;       // leaflet, leaf and branch blobs handed to the store
  uint64_t leafletsRewritten = 0;  // new leaflets encoded
  uint64_t leafletsReused = 0;     // leaflet entries copied unchanged into rewritten leaves
  uint64_t leafletsDecoded = 0;    // base leaflets read (the touched ones and absorbed neighbours)
  uint64_t leavesWritten = 0;
  uint64_t branchesWritten = 0;
};

struct MergeResult {
  PermutationRoot root;
  MergeStats stats;
};

// The tree `base` (may be empty) with `changes` applied, as a new root; `base` itself is not
// modified and stays readable. Writes only new blobs: every leaflet whose rows do not change
// keeps its blob and directory entry (history locator included), every leaf and branch subtree
// no change touches is reused by id. When no change alters a row (deletes of absent keys,
// re-inserts of identical rows) the result is `base` and nothing is written.
//
// Invalid input (changes not strictly increasing by key) -> InvalidArgument, before anything is
// read or written. A store failure or a corrupt base blob -> that status; blobs written before
// the failure may remain in the store, unreferenced, but no root is returned.
//
// `cache` (may be null) serves and receives the base nodes and leaflet columns the merge reads,
// and receives the new nodes it writes. `config` must be the one the tree is written with.
//
// `cancel` (may be null): once it reads true the merge stops before its next write (so within
// about one leaf's rewrite) and returns Cancelled, leaving what it stored unreferenced (garbage
// collection takes it). A merge of scattered changes into a large tree rewrites most leaves and may
// take seconds; this bounds how long a stopping indexer waits for it.
core::Result<MergeResult> mergeIntoTree(storage::BlobStore& store, Permutation perm,
                                        const PermutationRoot& base,
                                        std::span<const RowChange> changes,
                                        std::shared_ptr<IndexCache> cache,
                                        const IndexConfig& config,
                                        const std::atomic<bool>* cancel = nullptr);

}  // namespace cairn::index
