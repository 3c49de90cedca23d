#pragma once
// CacheWarmService: when the server starts, decodes the index of every ledger in the store into
// the shared decoded-index cache on a background thread (index::warmIndexCache), up to a budget,
// so that the first queries after a start find their leaflets decoded instead of paying ~0.1 ms
// per leaflet column they touch first. Ledgers go in name order; the thread runs at the lowest
// CPU priority, so queries that arrive meanwhile take the cores first (they are answered at
// once, from whatever is warm, or by decoding what they need themselves).
//
// /metrics: cairn_cache_warm_running (1 while warming), cairn_cache_warm_rows_total (index rows
// read), cairn_cache_warm_columns_decoded_total. Each ledger's warm-up is logged.
//
// Thread-safety: construct and destroy from one thread; the work runs on the service's thread.

#include <atomic>
#include <cstddef>
#include <thread>

#include "server/ledgers/ledger_registry.h"
#include "server/observability/metrics.h"

namespace cairn::server {

class CacheWarmService {
 public:
  // Starts warming at once; `budgetBytes` 0 does nothing.
  CacheWarmService(LedgerRegistry& ledgers, observability::MetricsRegistry& metrics,
                   size_t budgetBytes);
  ~CacheWarmService();  // stops warming (between batches) and joins the thread
  CacheWarmService(const CacheWarmService&) = delete;
  CacheWarmService& operator=(const CacheWarmService&) = delete;

 private:
  void run();

  LedgerRegistry& ledgers_;
  const size_t budgetBytes_;
  observability::Gauge& running_;
  observability::Counter& rows_;
  observability::Counter& columnsDecoded_;
  std::atomic<bool> stop_{false};
  std::thread thread_;  // last: started once the rest is set
};

}  // namespace cairn::server
