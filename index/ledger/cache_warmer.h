#pragma once
// Warming the decoded-index cache: decodes a snapshot's index — the key columns of every leaflet
// of every permutation of every graph — into its ledger's IndexCache before queries ask for it,
// so that the first reads after a server starts cost what later reads cost. A leaflet's first
// touch decodes its whole columns (16,384 rows each), ~0.1 ms per column; a point read that
// touches four leaflets cold pays that several times over, and warm it pays none.
//
// The four permutations advance together, one batch each in turn, so a budget smaller than the
// index leaves every permutation partly warm rather than one whole and three cold; graphs go in
// root order (the default graph first). The novelty and the history are memory already or never
// on a current-state path, so only the root's blobs are read.
//
// Thread-safety: runs on the caller's thread; the cache is shared and thread-safe, so queries
// may run meanwhile (they find what warming decoded, or decode it themselves).

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "core/status.h"
#include "index/ledger/ledger.h"

namespace cairn::index {

struct CacheWarmOptions {
  // Warming stops once the cache holds this many bytes (whatever put them there).
  size_t budgetBytes = 0;
  // Checked between batches; warming stops when it turns true. May be null.
  const std::atomic<bool>* stop = nullptr;
};

struct CacheWarmReport {
  uint64_t rows = 0;            // index rows read
  uint64_t columnsDecoded = 0;  // leaflet columns decoded (the rest were cached already)
  uint64_t leafletBlobsRead = 0;
  bool complete = false;  // every leaflet's key columns are in the cache
};

// Warms `ledger`'s cache as far as `options` allow. A storage error or a corrupt blob ends it
// with that status (what warming decoded stays cached; queries meet the same error).
core::Result<CacheWarmReport> warmIndexCache(const Ledger& ledger, const CacheWarmOptions& options);

}  // namespace cairn::index
