#pragma once
// The commit timeline: the time of every commit (and of the ledger's origin), which as-of queries
// turn into a t. LiveLedger keeps it in memory; an index root persists its prefix up to the
// root's t as a short list of immutable segments (docs/formats/timeline.md), so opening a ledger
// reads the commits after its root and not every commit back to the first.
//
// Each index run appends the times of the commits it covers as a new segment; the newest
// segments merge size-tiered (index/novelty/size_tiers.h), so a root lists about three segments
// per tier however many runs a ledger has seen.
//
// Thread-safety: free functions on values.

#include <cstdint>
#include <span>
#include <vector>

#include "core/status.h"
#include "storage/blob_store.h"

namespace cairn::index {

struct CommitTime {
  uint64_t t = 0;
  int64_t millis = 0;  // since 1970; never less than an earlier t's (a clock step back is clamped)

  bool operator==(const CommitTime&) const = default;
};

// One segment: the times of commits firstT … lastT (every t in between that has a commit).
struct TimelineSegmentRef {
  storage::ContentId id;
  uint64_t firstT = 0;
  uint64_t lastT = 0;
  uint64_t count = 0;

  bool operator==(const TimelineSegmentRef&) const = default;
};

// Stores `times` (non-empty; t strictly and millis weakly increasing) as one segment.
// InvalidArgument when they are not in order.
core::Result<TimelineSegmentRef> writeTimelineSegment(storage::BlobStore& store,
                                                      std::span<const CommitTime> times);
// Reads one segment back; Corruption naming the blob when it is malformed or does not match
// `ref`.
core::Result<std::vector<CommitTime>> readTimelineSegment(const storage::BlobStore& store,
                                                          const TimelineSegmentRef& ref);
// Every time the segments hold, in order; Corruption when segments overlap or go back in time.
core::Result<std::vector<CommitTime>> readTimeline(const storage::BlobStore& store,
                                                   std::span<const TimelineSegmentRef> segments);
// `segments` with `times` (after every time they hold) appended as a new segment, the newest
// segments merged into it size-tiered. No times: `segments` unchanged, nothing written.
core::Result<std::vector<TimelineSegmentRef>> appendToTimeline(
    storage::BlobStore& store, std::vector<TimelineSegmentRef> segments,
    std::span<const CommitTime> times);

}  // namespace cairn::index
