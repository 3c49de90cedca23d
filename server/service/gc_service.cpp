#include "server/service/gc_service.h"

#include <spdlog/spdlog.h>

#include "core/error.h"

namespace cairn::server {

GcService::GcService(LedgerRegistry& ledgers, observability::MetricsRegistry& metrics,
                     std::chrono::seconds interval, uint64_t retainRoots)
    : ledgers_(ledgers),
      interval_(interval),
      retainRoots_(retainRoots),
      runs_(metrics.counter("cairn_gc_runs_total",
                            "Garbage collections completed (dry runs not counted)")),
      failures_(metrics.counter("cairn_gc_failures_total",
                                "Garbage collections stopped by an error (nothing removed)")),
      blobsRemoved_(
          metrics.counter("cairn_gc_blobs_removed_total", "Blobs removed by garbage collection")),
      bytesRemoved_(metrics.counter("cairn_gc_bytes_removed_total",
                                    "Stored bytes of the blobs garbage collection removed")) {
  if (interval_.count() > 0) periodic_.emplace(interval_, [this] { runPeriodic(); });
}

GcService::~GcService() { stop(); }

GcOutcome GcService::run(std::optional<uint64_t> retainRoots, bool dryRun) {
  const uint64_t retain = retainRoots.value_or(retainRoots_);
  try {
    GcOutcome outcome = ledgers_.collectGarbage(retain, dryRun);
    const index::GcReport& r = outcome.report;
    if (!dryRun) {
      runs_.inc();
      blobsRemoved_.inc(r.blobsRemoved);
      bytesRemoved_.inc(r.bytesRemoved);
    }
    spdlog::info(
        "garbage collection{}: {} of {} blobs unreachable{} ({} bytes), {} index roots and {} "
        "commits kept, {:.0f} ms; store {} -> {} bytes",
        dryRun ? " (dry run)" : "", r.blobsRemoved, r.blobsScanned, dryRun ? "" : " and removed",
        r.bytesRemoved, r.indexRoots, r.commitRecords, r.millis + outcome.compactionMillis,
        outcome.diskBytesBefore, outcome.diskBytesAfter);
    return outcome;
  } catch (const core::Error& e) {
    if (!dryRun) failures_.inc();
    spdlog::error("garbage collection failed: {}", e.message());
    throw;
  }
}

void GcService::stop() {
  if (periodic_) periodic_->stop();
}

void GcService::runPeriodic() {
  try {
    run(std::nullopt, /*dryRun=*/false);
  } catch (const core::Error&) {
    // Logged and counted by run(); the next interval tries again.
  } catch (const std::exception& e) {
    spdlog::error("garbage collection failed: {}", e.what());
  }
}

}  // namespace cairn::server
