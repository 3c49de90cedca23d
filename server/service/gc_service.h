#pragma once
// GcService: garbage collection in the running server — one collection on request
// (POST /admin/gc) and, when `gc-interval-seconds` is set, one every interval on a thread of its
// own — counted in /metrics (cairn_gc_runs_total, cairn_gc_blobs_removed_total,
// cairn_gc_bytes_removed_total, cairn_gc_failures_total; dry runs are not counted) and logged.
//
// Thread-safety: run() may be called from any thread; collections run one at a time
// (LedgerRegistry::collectGarbage). stop() from the thread that owns the service.

#include <chrono>
#include <cstdint>
#include <optional>

#include "server/ledgers/ledger_registry.h"
#include "server/observability/metrics.h"
#include "server/service/periodic_task.h"

namespace cairn::server {

class GcService {
 public:
  // `interval` 0: no periodic collection. `retainRoots`: what a collection keeps unless told.
  GcService(LedgerRegistry& ledgers, observability::MetricsRegistry& metrics,
            std::chrono::seconds interval, uint64_t retainRoots);
  ~GcService();  // stop()
  GcService(const GcService&) = delete;
  GcService& operator=(const GcService&) = delete;

  // One collection, keeping `retainRoots` (default: the configured number) predecessors of each
  // root. Throws what LedgerRegistry::collectGarbage throws.
  GcOutcome run(std::optional<uint64_t> retainRoots, bool dryRun);
  uint64_t retainRoots() const { return retainRoots_; }

  // Ends the periodic thread; a collection it is running finishes first. Idempotent.
  void stop();

 private:
  void runPeriodic();

  LedgerRegistry& ledgers_;
  const std::chrono::seconds interval_;
  const uint64_t retainRoots_;
  observability::Counter& runs_;
  observability::Counter& failures_;
  observability::Counter& blobsRemoved_;
  observability::Counter& bytesRemoved_;
  std::optional<PeriodicTask> periodic_;  // last: stopped before the rest goes
};

}  // namespace cairn::server
