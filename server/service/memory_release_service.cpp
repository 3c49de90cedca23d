#include "server/service/memory_release_service.h"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "core/io/allocator_tuning.h"

namespace cairn::server {

namespace {
// How often the thread looks: a quarter of the idle time, within these bounds.
constexpr std::chrono::milliseconds kShortestLook{50};
constexpr std::chrono::milliseconds kLongestLook{5'000};
}  // namespace

MemoryReleaseService::MemoryReleaseService(MemoryReleasePolicy policy,
                                           observability::MetricsRegistry& metrics)
    : releases_(metrics.counter(
          "cairn_memory_releases_total",
          "Times the idle server gave the allocator's retained free memory back to the kernel")),
      releasedBytes_(metrics.counter("cairn_memory_released_bytes_total",
                                     "Retained free bytes given back to the kernel")),
      schedule_(policy, MemoryReleaseSchedule::Clock::now()) {
  if (policy.idle.count() > 0) {
    periodic_.emplace(std::clamp(policy.idle / 4, kShortestLook, kLongestLook), [this] { look(); });
  }
}

MemoryReleaseService::~MemoryReleaseService() { stop(); }

std::shared_ptr<void> MemoryReleaseService::requestStarted() {
  activity_.fetch_add(1, std::memory_order_relaxed);
  running_.fetch_add(1, std::memory_order_relaxed);
  // No object to own: the token is its deleter. The service outlives every request
  // (CairnServer::stop drains them first).
  return std::shared_ptr<void>(nullptr, [this](void*) {
    activity_.fetch_add(1, std::memory_order_relaxed);
    running_.fetch_sub(1, std::memory_order_relaxed);
  });
}

void MemoryReleaseService::stop() {
  if (periodic_) periodic_->stop();
}

void MemoryReleaseService::look() {
  using Clock = MemoryReleaseSchedule::Clock;
  const auto retained = core::allocatorRetainedFreeBytes();
  if (!schedule_.due(activity_.load(std::memory_order_relaxed),
                     running_.load(std::memory_order_relaxed), retained, Clock::now())) {
    return;
  }
  const auto start = Clock::now();
  core::releaseFreeMemory();
  const auto after = core::allocatorRetainedFreeBytes();
  schedule_.released(after, Clock::now());
  releases_.inc();
  const uint64_t freed = retained && after && *retained > *after ? *retained - *after : 0;
  releasedBytes_.inc(freed);
  spdlog::info("idle: gave {} MiB of retained free memory back to the system in {:.1f} ms",
               freed >> 20,
               std::chrono::duration<double, std::milli>(Clock::now() - start).count());
}

}  // namespace cairn::server
