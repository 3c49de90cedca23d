#pragma once
// The indexer's one step: from a snapshot (index root + novelty), write the index root that
// holds the same facts with no in-memory novelty. It takes one of two forms:
//
// - A delta run persists the changes of the commits since the root as one segment of the delta
//   layer (index/delta): four sorted runs, about the size of the changes. The trees, statistics
//   and history stay as they are. A few small segments merge into one as they accumulate
//   (size-tiered, like the in-memory runs), so reads merge a short list.
// - A fold merges the whole delta layer and the new changes into the trees. Everything is
//   copy-on-write: each permutation tree is the old one with the net changes merged into the
//   leaflets they touch (every other blob is reused by id), the statistics are the old ones plus
//   the delta, and the facts retracted or superseded become history segments (index/history),
//   which only reads at an earlier t open. The new root has no delta layer.
//
// A fold rewrites every leaflet a change lands in — for scattered changes, much of the index —
// so by default the indexer folds only once the delta layer would pass a fraction of the trees'
// size: a leaflet is then rewritten once per many commits. Both forms append the commits' new
// terms to the dictionaries (one segment per kind).
//
// Nothing here moves a head: the caller publishes the returned root (LiveLedger::indexNow).
//
// Thread-safety: reads the snapshot, which is immutable; writes only new blobs. Run one build
// per ledger at a time.

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>

#include "core/status.h"
#include "index/commit/commit_timeline.h"
#include "index/ledger/index_root.h"
#include "index/ledger/ledger.h"
#include "storage/blob_store.h"

namespace cairn::index {

// How the indexer chooses between a delta run and a fold.
struct IndexBuildOptions {
  enum class Mode : uint8_t {
    kAuto,   // fold when the delta layer would pass foldFlakes, else a delta run
    kFold,   // always fold
    kDelta,  // never fold (unless the snapshot has only a delta layer and no new commit)
  };
  Mode mode = Mode::kAuto;
  // kAuto's threshold in changes (delta layer plus new ones, all graphs); 0 picks the default:
  // a sixteenth of the trees' quads, at least 2^16 and at most 2^22.
  uint64_t foldFlakes = 0;
  // Threads a fold merges the four permutations with; 0: one fewer than the machine's cores (at
  // least one), so that writers committing meanwhile keep a core. With no writer to share with
  // (an offline `cairn index`) every core is the better choice.
  unsigned foldThreads = 0;
  // A delta run merges no segment that starts before this t (0: any may merge): the segments of
  // a root whose layer a fold is folding meanwhile must stay as that root names them, so the
  // fold's trees can take their place (carryDeltaOntoFold).
  uint64_t keepSegmentsBefore = 0;
  // When set and it reads true, the build stops at its next check (before each write of a
  // fold's trees, every few thousand changes otherwise) and returns Cancelled; what it stored is
  // then garbage no root reaches. A stopping LiveLedger cancels its runs this way rather than
  // wait for a fold that may take many seconds.
  const std::atomic<bool>* cancel = nullptr;

  uint64_t foldThreshold(uint64_t quads) const;
  unsigned foldConcurrency() const;
};

struct IndexBuildReport {
  uint64_t fromT = 0;           // the old root's t
  uint64_t toT = 0;             // the new root's t
  bool folded = false;          // a fold (else a delta run)
  uint64_t flakes = 0;          // changes folded or persisted (over all graphs, SPOT)
  uint64_t deltaFlakes = 0;     // changes in the new root's delta layer
  uint64_t segmentsMerged = 0;  // delta segments a delta run merged into its new one
  uint64_t rowsChanged = 0;     // keys whose row was inserted, replaced or deleted (SPOT)
  uint64_t historyEntries = 0;  // intervals moved to history (per permutation: SPOT count)
  uint64_t newIris = 0;
  uint64_t newStrings = 0;
  uint64_t bytesWritten = 0;  // every new blob: leaflets, leaves, branches, history, ...
  uint64_t blobsWritten = 0;
  uint64_t leafletsRewritten = 0;
  uint64_t leafletsReused = 0;
  double seconds = 0;
  // A fold of an older root's layer that could not be published: another fold replaced that
  // layer first (LiveLedger::foldDeltaLayer). Nothing was published.
  bool superseded = false;
};

struct BuiltIndexRoot {
  IndexRoot root;
  storage::ContentId id;  // of the root blob, already stored
  IndexBuildReport report;
};

// `times`: what the new root adds to the old one's commit timeline — the times of the commits
// after its last one (all of them, origin included, when the old root has none) through
// snapshot.t(), oldest first (LiveLedger keeps them). Without them the new root has no timeline
// (opening it then walks every commit record for its time).
core::Result<BuiltIndexRoot> buildIndexRoot(storage::BlobStore& blobs, const Ledger& snapshot,
                                            const IndexBuildOptions& options = {},
                                            std::span<const CommitTime> times = {});

// A fold may run for a long time on a large ledger; delta runs go on meanwhile (with
// keepSegmentsBefore = the folded root's t) so the writers' novelty stays small. This stacks
// what they added onto the fold: `fold` folded the layer of `foldedFrom` into trees at
// foldedFrom.t; `current` is the newest root, whose layer is foldedFrom's segments followed by
// segments of later commits. The result has the fold's trees, statistics and history (baseT =
// foldedFrom.t), `current`'s later segments as its layer, and `current`'s t and dictionaries; it
// is stored, and `previous` names `currentId`. nullopt when `current`'s layer does not extend
// foldedFrom's (another fold replaced it): the fold is then of no use.
core::Result<std::optional<BuiltIndexRoot>> carryDeltaOntoFold(storage::BlobStore& blobs,
                                                               const BuiltIndexRoot& fold,
                                                               const IndexRoot& foldedFrom,
                                                               const IndexRoot& current,
                                                               const storage::ContentId& currentId);

}  // namespace cairn::index
