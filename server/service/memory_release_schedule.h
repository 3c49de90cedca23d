#pragma once
// MemoryReleaseSchedule: when an idle server gives the allocator's free memory back to the
// kernel (MemoryReleaseService does it; this class only decides, so tests can drive it with
// their own clock).
//
// The executables keep freed memory for reuse (core/io/jemalloc_conf.cpp: dirty_decay_ms:-1),
// because faulting it in again cost writers up to a third of their time; RSS stays at its
// high-water mark. Once no request has run for `idle`, that memory is better off with the
// kernel. Rules:
//   - a release is due after `idle` with no request running and none started or finished, once
//     per quiet spell;
//   - within the same quiet spell, again only if the retained bytes have grown by `regrowth`
//     since the last release (background work — the indexer folding novelty — freed more) and
//     `idle` has passed since it;
//   - never while the allocator says it retains less than `minimum` (not worth the faults).
//
// Thread-safety: none; one thread looks (MemoryReleaseService's).

#include <chrono>
#include <cstdint>
#include <optional>

namespace cairn::server {

struct MemoryReleasePolicy {
  std::chrono::milliseconds idle{30'000};
  uint64_t minimumBytes = uint64_t{16} << 20;
  uint64_t regrowthBytes = uint64_t{64} << 20;
};

class MemoryReleaseSchedule {
 public:
  using Clock = std::chrono::steady_clock;

  MemoryReleaseSchedule(MemoryReleasePolicy policy, Clock::time_point start);

  // One look at `now`: `activity` is a count that changes whenever a request starts or finishes,
  // `running` the requests under way; `retained` the allocator's retained free bytes (nullopt:
  // it cannot say, and only the idle rule applies). True: release now, then call released().
  bool due(uint64_t activity, uint64_t running, std::optional<uint64_t> retained,
           Clock::time_point now);
  // A release happened at `now`, leaving `retainedAfter` bytes retained.
  void released(std::optional<uint64_t> retainedAfter, Clock::time_point now);

 private:
  MemoryReleasePolicy policy_;
  uint64_t activity_ = 0;
  Clock::time_point quietSince_;
  std::optional<Clock::time_point> lastRelease_;  // within the current quiet spell
  std::optional<uint64_t> retainedAfterRelease_;
};

}  // namespace cairn::server
