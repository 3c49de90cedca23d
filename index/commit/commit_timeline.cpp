#include "index/commit/commit_timeline.h"

#include <string>

#include "index/dictionary/byte_codec.h"
#include "index/novelty/size_tiers.h"

namespace cairn::index {
namespace {

constexpr std::string_view kTimelineMagic = "CTML";
constexpr uint16_t kTimelineFormatVersion = 1;

core::Status timelineOutOfOrder(size_t k) {
  return core::Status::invalidArgument("commit timeline: time #" + std::to_string(k) +
                                       " is not after the one before");
}

}  // namespace

core::Result<TimelineSegmentRef> writeTimelineSegment(storage::BlobStore& store,
                                                      std::span<const CommitTime> times) {
  if (times.empty()) return core::Status::invalidArgument("commit timeline: an empty segment");
  // t and millis as deltas from the entry before: a commit a few milliseconds after the last
  // costs two or three bytes.
  std::string blob(kTimelineMagic);
  bytes::putFixed16(blob, kTimelineFormatVersion);
  bytes::putVarint(blob, times.size());
  bytes::putVarint(blob, times[0].t);
  bytes::putFixed64(blob, static_cast<uint64_t>(times[0].millis));
  for (size_t k = 1; k < times.size(); ++k) {
    if (times[k].t <= times[k - 1].t || times[k].millis < times[k - 1].millis)
      return timelineOutOfOrder(k);
    bytes::putVarint(blob, times[k].t - times[k - 1].t);
    bytes::putVarint(blob, static_cast<uint64_t>(times[k].millis - times[k - 1].millis));
  }
  TimelineSegmentRef ref;
  CAIRN_ASSIGN_OR_RETURN(ref.id, store.put(blob));
  ref.firstT = times.front().t;
  ref.lastT = times.back().t;
  ref.count = times.size();
  return ref;
}

core::Result<std::vector<CommitTime>> readTimelineSegment(const storage::BlobStore& store,
                                                          const TimelineSegmentRef& ref) {
  CAIRN_ASSIGN_OR_RETURN(const std::string blob, store.get(ref.id));
  auto bad = [&](const std::string& why) {
    return core::Status::corruption("timeline segment " + ref.id.shortHex() + ": " + why);
  };
  bytes::ByteReader in(blob);
  std::string_view magic;
  uint16_t version = 0;
  uint64_t count = 0;
  if (!in.readBytes(kTimelineMagic.size(), magic) || magic != kTimelineMagic)
    return bad("not a timeline segment");
  if (!in.readFixed16(version) || version != kTimelineFormatVersion)
    return bad("unsupported version");
  if (!in.readVarint(count) || count == 0 || count != ref.count) return bad("wrong entry count");
  // Every entry takes at least two bytes, so a count the blob cannot hold is refused before
  // anything is allocated for it.
  if (count - 1 > in.remaining() / 2) return bad("truncated");
  std::vector<CommitTime> times;
  times.reserve(count);
  uint64_t t = 0;
  uint64_t millis = 0;
  if (!in.readVarint(t) || !in.readFixed64(millis)) return bad("truncated");
  times.push_back({t, static_cast<int64_t>(millis)});
  for (uint64_t k = 1; k < count; ++k) {
    uint64_t dt = 0;
    uint64_t dms = 0;
    if (!in.readVarint(dt) || !in.readVarint(dms)) return bad("truncated");
    if (dt == 0 || t + dt < t || dms > static_cast<uint64_t>(INT64_MAX) - millis) {
      return bad("entry #" + std::to_string(k) + " out of range");
    }
    t += dt;
    millis += dms;
    times.push_back({t, static_cast<int64_t>(millis)});
  }
  if (!in.atEnd()) return bad("trailing bytes");
  if (times.front().t != ref.firstT || times.back().t != ref.lastT) {
    return bad("holds t " + std::to_string(times.front().t) + " … " +
               std::to_string(times.back().t) + ", the root names " + std::to_string(ref.firstT) +
               " … " + std::to_string(ref.lastT));
  }
  return times;
}

core::Result<std::vector<CommitTime>> readTimeline(const storage::BlobStore& store,
                                                   std::span<const TimelineSegmentRef> segments) {
  std::vector<CommitTime> all;
  for (const TimelineSegmentRef& ref : segments) {
    CAIRN_ASSIGN_OR_RETURN(const std::vector<CommitTime> times, readTimelineSegment(store, ref));
    if (!all.empty() &&
        (times.front().t <= all.back().t || times.front().millis < all.back().millis)) {
      return core::Status::corruption("timeline segment " + ref.id.shortHex() +
                                      " does not follow the one before");
    }
    all.insert(all.end(), times.begin(), times.end());
  }
  return all;
}

core::Result<std::vector<TimelineSegmentRef>> appendToTimeline(
    storage::BlobStore& store, std::vector<TimelineSegmentRef> segments,
    std::span<const CommitTime> times) {
  if (times.empty()) return segments;
  if (!segments.empty() && times.front().t <= segments.back().lastT) {
    return core::Status::invalidArgument("commit timeline: new times do not follow the last");
  }
  std::vector<uint64_t> sizes;
  for (const TimelineSegmentRef& ref : segments) sizes.push_back(ref.count);
  sizes.push_back(times.size());
  const size_t absorb = tieredMergeCount(std::move(sizes)) - 1;
  const size_t first = segments.size() - absorb;
  CAIRN_ASSIGN_OR_RETURN(std::vector<CommitTime> merged,
                         readTimeline(store, std::span(segments).subspan(first)));
  // writeTimelineSegment checks that the new times follow the merged ones.
  merged.insert(merged.end(), times.begin(), times.end());
  CAIRN_ASSIGN_OR_RETURN(TimelineSegmentRef ref, writeTimelineSegment(store, merged));
  segments.resize(first);
  segments.push_back(ref);
  return segments;
}

}  // namespace cairn::index
