#include "server/service/memory_release_schedule.h"

namespace cairn::server {

MemoryReleaseSchedule::MemoryReleaseSchedule(MemoryReleasePolicy policy, Clock::time_point start)
    : policy_(policy), quietSince_(start) {}

bool MemoryReleaseSchedule::due(uint64_t activity, uint64_t running,
                                std::optional<uint64_t> retained, Clock::time_point now) {
  if (activity != activity_ || running > 0) {
    activity_ = activity;
    quietSince_ = now;
    lastRelease_.reset();
    return false;
  }
  if (now - quietSince_ < policy_.idle) return false;
  if (retained && *retained < policy_.minimumBytes) return false;
  if (!lastRelease_) return true;
  if (now - *lastRelease_ < policy_.idle || !retained || !retainedAfterRelease_) return false;
  return *retained >= *retainedAfterRelease_ + policy_.regrowthBytes;
}

void MemoryReleaseSchedule::released(std::optional<uint64_t> retainedAfter, Clock::time_point now) {
  lastRelease_ = now;
  retainedAfterRelease_ = retainedAfter;
}

}  // namespace cairn::server
