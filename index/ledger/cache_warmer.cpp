#include "index/ledger/cache_warmer.h"

#include <optional>
#include <vector>

#include "index/tree/column_batch.h"
#include "index/tree/permutation_reader.h"
#include "index/tree/scan_cursor.h"

namespace cairn::index {
namespace {

bool stopRequested(const CacheWarmOptions& options) {
  return options.stop != nullptr && options.stop->load(std::memory_order_relaxed);
}

}  // namespace

core::Result<CacheWarmReport> warmIndexCache(const Ledger& ledger,
                                             const CacheWarmOptions& options) {
  CacheWarmReport report;
  IndexCache& cache = *ledger.cache();
  const auto full = [&] { return cache.bytesUsed() >= options.budgetBytes; };
  ColumnBatch batch;
  for (const GraphIndex& graph : ledger.root().graphs) {
    std::vector<ScanCursor> cursors;
    for (Permutation perm : kAllPermutations) {
      PermutationReader reader(ledger.blobs(), perm, graph.permutation(perm), ledger.cache(),
                               ledger.config());
      // What a current-state read decodes: the key columns. t is read only by scans of past
      // states (and of leaflets with rows newer than the snapshot, which a root's never has).
      cursors.push_back(reader.scan(ScanRange::all(), kKeyColumns));
    }
    const auto tally = [&] {
      for (const ScanCursor& cursor : cursors) {
        report.columnsDecoded += cursor.stats().columnsDecoded;
        report.leafletBlobsRead += cursor.stats().leafletBlobsRead;
      }
    };
    // One batch of each permutation in turn, until all are done.
    std::vector<bool> done(cursors.size(), false);
    for (size_t open = cursors.size(); open > 0;) {
      for (size_t i = 0; i < cursors.size(); ++i) {
        if (done[i]) continue;
        if (stopRequested(options) || full()) {
          tally();
          return report;
        }
        CAIRN_ASSIGN_OR_RETURN(bool more, cursors[i].next(batch));
        report.rows += batch.rows;
        if (!more) {
          done[i] = true;
          --open;
        }
      }
    }
    tally();
  }
  report.complete = true;
  return report;
}

}  // namespace cairn::index
