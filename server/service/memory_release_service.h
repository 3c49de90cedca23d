#pragma once
// MemoryReleaseService: a thread that gives the allocator's retained free memory back to the
// kernel when the server has been idle (the rules: MemoryReleaseSchedule), counted in /metrics
// (cairn_memory_releases_total, cairn_memory_released_bytes_total; CairnServer reports the
// retained bytes as the gauge cairn_allocator_retained_free_bytes) and logged.
//
// Thread-safety: requestStarted() from any thread (the network threads call it as requests
// arrive); stop() from the thread that owns the service.

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>

#include "server/observability/metrics.h"
#include "server/service/memory_release_schedule.h"
#include "server/service/periodic_task.h"

namespace cairn::server {

class MemoryReleaseService {
 public:
  // `policy.idle` 0: never release (the thread is not started).
  MemoryReleaseService(MemoryReleasePolicy policy, observability::MetricsRegistry& metrics);
  ~MemoryReleaseService();  // stop()
  MemoryReleaseService(const MemoryReleaseService&) = delete;
  MemoryReleaseService& operator=(const MemoryReleaseService&) = delete;

  // A request arrived: the server is not idle until the returned token is destroyed (whoever
  // holds it drops it when the request ends, however it ends).
  std::shared_ptr<void> requestStarted();

  // Ends the thread (a release under way finishes first). Idempotent.
  void stop();

 private:
  void look();  // on the thread: a release if one is due

  std::atomic<uint64_t> activity_{0};  // requests started and finished
  std::atomic<uint64_t> running_{0};
  observability::Counter& releases_;
  observability::Counter& releasedBytes_;
  MemoryReleaseSchedule schedule_;        // the thread's alone
  std::optional<PeriodicTask> periodic_;  // last: stopped before the rest goes
};

}  // namespace cairn::server
