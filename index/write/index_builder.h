#pragma once
// The indexer's one step: from a snapshot (index root + novelty), write the index root that
// holds the same facts with an empty novelty. Everything is copy-on-write: each permutation tree
// is the old one with the novelty's net changes merged into the leaflets they touch (every other
// blob is reused by id), the dictionaries gain one append segment with the terms commits added,
// the statistics are the old ones plus the delta, and the facts the novelty retracted or
// superseded become history segments (index/history), which only reads at an earlier t open.
//
// Nothing here moves a head: the caller publishes the returned root (LiveLedger::indexNow).
//
// Thread-safety: reads the snapshot, which is immutable; writes only new blobs. Run one build
// per ledger at a time.

#include <cstdint>
#include <memory>

#include "core/status.h"
#include "index/ledger/index_root.h"
#include "index/ledger/ledger.h"
#include "storage/blob_store.h"

namespace cairn::index {

struct IndexBuildReport {
  uint64_t fromT = 0;           // the old root's t
  uint64_t toT = 0;             // the new root's t
  uint64_t flakes = 0;          // novelty changes folded in (over all graphs, SPOT)
  uint64_t rowsChanged = 0;     // keys whose row was inserted, replaced or deleted (SPOT)
  uint64_t historyEntries = 0;  // intervals moved to history (per permutation: SPOT count)
  uint64_t newIris = 0;
  uint64_t newStrings = 0;
  uint64_t bytesWritten = 0;  // every new blob: leaflets, leaves, branches, history, ...
  uint64_t blobsWritten = 0;
  uint64_t leafletsRewritten = 0;
  uint64_t leafletsReused = 0;
  double seconds = 0;
};

struct BuiltIndexRoot {
  IndexRoot root;
  storage::ContentId id;  // of the root blob, already stored
  IndexBuildReport report;
};

core::Result<BuiltIndexRoot> buildIndexRoot(storage::BlobStore& blobs, const Ledger& snapshot);

}  // namespace cairn::index
