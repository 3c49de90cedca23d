#include "server/service/cache_warm_service.h"

#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <exception>
#include <string>

#include "index/ledger/cache_warmer.h"

namespace cairn::server {
namespace {

// Linux gives each thread its own nice value (setpriority on the thread id); elsewhere this
// leaves the thread at the process's priority.
void lowerThisThreadsPriority() {
#ifdef __linux__
  (void)setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 19);
#endif
}

}  // namespace

CacheWarmService::CacheWarmService(LedgerRegistry& ledgers, observability::MetricsRegistry& metrics,
                                   size_t budgetBytes)
    : ledgers_(ledgers),
      budgetBytes_(budgetBytes),
      running_(metrics.gauge("cairn_cache_warm_running",
                             "1 while the decoded-index cache is being warmed after a start")),
      rows_(metrics.counter("cairn_cache_warm_rows_total",
                            "Index rows read to warm the decoded-index cache")),
      columnsDecoded_(metrics.counter("cairn_cache_warm_columns_decoded_total",
                                      "Leaflet columns decoded to warm the decoded-index cache")) {
  if (budgetBytes_ == 0) return;
  running_.set(1);
  thread_ = std::thread([this] { run(); });
}

CacheWarmService::~CacheWarmService() {
  stop_.store(true, std::memory_order_relaxed);
  if (thread_.joinable()) thread_.join();
}

void CacheWarmService::run() {
  lowerThisThreadsPriority();
  index::CacheWarmOptions options;
  options.budgetBytes = budgetBytes_;
  options.stop = &stop_;
  for (const std::string& name : ledgers_.names()) {
    if (stop_.load(std::memory_order_relaxed)) break;
    const auto started = std::chrono::steady_clock::now();
    try {
      auto report = index::warmIndexCache(*ledgers_.get(name), options);
      if (!report.isOk()) {
        spdlog::warn("warming the cache with ledger '{}' stopped: {}", name,
                     report.status().toString());
        continue;
      }
      rows_.inc(report->rows);
      columnsDecoded_.inc(report->columnsDecoded);
      const double ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
              .count();
      spdlog::info("warmed the cache with ledger '{}': {} rows, {} columns decoded, {:.0f} ms{}",
                   name, report->rows, report->columnsDecoded, ms,
                   report->complete ? "" : " (stopped at the warm-cache budget)");
      if (!report->complete) break;  // the budget is spent (or the server stops)
    } catch (const std::exception& e) {
      // A ledger that cannot be opened is its queries' problem; warming goes on with the next.
      spdlog::warn("warming the cache with ledger '{}' failed: {}", name, e.what());
    }
  }
  running_.set(0);
}

}  // namespace cairn::server
