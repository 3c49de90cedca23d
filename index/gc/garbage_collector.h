#pragma once
// Garbage collection of blobs: removes every blob that no retained index root and no commit chain
// reaches — what old roots alone used (each re-index rewrites part of the trees) and what failed
// or crashed indexing runs and imports left behind. docs/formats/blob-store.md ("Removal") has
// the rules; in short:
//
//   - Every head is a root of reachability. `ledger/<name>` names an index root: it is kept with
//     `retainRoots` predecessors along `previous` (a predecessor already removed ends the walk).
//     `commit/<name>` names a commit record: the whole chain is kept, so with the current root's
//     history segments every past t stays readable; old index roots are not needed for that.
//     Any other head is kept as what its blob parses as (an index root or a commit record); a
//     head whose blob is neither stops the collection.
//   - `pinnedRoots` (and what `beforeMark` returns) are kept too: roots that snapshots still in
//     use read (LiveLedger::rootsInUse).
//   - Any failure to read a blob the mark needs (missing, corrupt, malformed), or a reachable blob
//     that is not stored, stops the collection with an error naming it; nothing is removed.
//   - Blobs put through `blobs` after the collection starts are never removed (tracking in
//     storage::PutTrackingBlobStore), so writers may go on while it runs — provided the host
//     makes `beforeMark` wait for the writes that began before (LedgerRegistry does).
//
// Thread-safety: one collection per store at a time (a second one fails: the store is already
// tracking). Reads and writes through `blobs` may run concurrently.

#include <cstdint>
#include <functional>
#include <vector>

#include "core/status.h"
#include "storage/blob_store.h"
#include "storage/put_tracking_blob_store.h"

namespace cairn::index {

struct GcOptions {
  // Index roots kept per ledger besides the current one, newest first along `previous`.
  uint64_t retainRoots = 0;
  // Mark and count, remove nothing.
  bool dryRun = false;
  // Index roots to keep besides the retained ones.
  std::vector<storage::ContentId> pinnedRoots;
  // Called once, after puts are tracked and before any head is read. A host with writers must
  // return only when every write that began before the call has published its head or failed,
  // and returns the roots its snapshots still read (added to pinnedRoots). Null: nothing else
  // writes (an offline store).
  std::function<core::Result<std::vector<storage::ContentId>>()> beforeMark;
};

struct GcReport {
  uint64_t blobsScanned = 0;       // blobs in the store when the sweep listed them
  uint64_t blobsReachable = 0;     // of those, reachable from what is kept
  uint64_t blobsRemoved = 0;       // removed (dry run: would have been)
  uint64_t bytesRemoved = 0;       // their stored sizes
  uint64_t blobsPutMeanwhile = 0;  // unreachable, but put while the collection ran: kept
  uint64_t indexRoots = 0;         // index roots kept
  uint64_t commitRecords = 0;      // commit records kept
  bool dryRun = false;
  double millis = 0;
};

// One collection over the blobs `heads` reach in `blobs`. On error nothing was removed.
core::Result<GcReport> collectGarbage(storage::PutTrackingBlobStore& blobs,
                                      const storage::HeadStore& heads, const GcOptions& options);

}  // namespace cairn::index
