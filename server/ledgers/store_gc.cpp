#include "server/ledgers/store_gc.h"

#include <chrono>
#include <nlohmann/json.hpp>

#include "core/error.h"

namespace cairn::server {

GcOutcome collectStoreGarbage(storage::RocksDbStore& store, storage::PutTrackingBlobStore& tracked,
                              const index::GcOptions& options) {
  GcOutcome outcome;
  outcome.retainRoots = options.retainRoots;
  // Sizes are informative: a failure to list the directory leaves them 0.
  auto before = store.approximateBytesOnDisk();
  outcome.diskBytesBefore = before.isOk() ? *before : 0;
  auto report = index::collectGarbage(tracked, store, options);
  if (!report.isOk()) throw core::Error(core::ErrorCode::kStorageError, report.status().message());
  outcome.report = *report;
  if (!options.dryRun && outcome.report.blobsRemoved > 0) {
    const auto started = std::chrono::steady_clock::now();
    const core::Status compacted = store.compactBlobs();
    if (!compacted.isOk()) {
      throw core::Error(core::ErrorCode::kStorageError,
                        "garbage collection removed " +
                            std::to_string(outcome.report.blobsRemoved) +
                            " blobs, but compacting the store failed (the space comes back with "
                            "later compactions): " +
                            compacted.message());
    }
    outcome.compactionMillis =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
            .count();
  }
  auto after = store.approximateBytesOnDisk();
  outcome.diskBytesAfter = after.isOk() ? *after : 0;
  return outcome;
}

nlohmann::json gcOutcomeJson(const GcOutcome& outcome) {
  const index::GcReport& r = outcome.report;
  return {{"dryRun", r.dryRun},
          {"retainRoots", outcome.retainRoots},
          {"blobsScanned", r.blobsScanned},
          {"blobsReachable", r.blobsReachable},
          {"blobsRemoved", r.blobsRemoved},
          {"bytesRemoved", r.bytesRemoved},
          {"blobsPutMeanwhile", r.blobsPutMeanwhile},
          {"indexRoots", r.indexRoots},
          {"commitRecords", r.commitRecords},
          {"millis", r.millis},
          {"compactionMillis", outcome.compactionMillis},
          {"diskBytesBefore", outcome.diskBytesBefore},
          {"diskBytesAfter", outcome.diskBytesAfter}};
}

}  // namespace cairn::server
