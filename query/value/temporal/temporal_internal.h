#pragma once
// Helpers shared by the temporal library's source files (not part of its interface): error
// raising, zones (fixed offsets and IANA names resolved through date/tz), instants of zoned
// values and duration normalisation.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.h"
#include "query/value/temporal/temporal.h"

namespace cairn::query::value::detail {

[[noreturn]] void throwInvalidValue(const std::string& message);
[[noreturn]] void throwInvalidType(const std::string& message);

// A time zone as a value carries it: an IANA name (offset resolved per instant) or, with an
// empty name, the fixed offset.
struct Zone {
  std::string name;
  int32_t fixedOffset = 0;
};

// "Z", "+01:00", "+0100", "+01", "-02:05:07": the offset in seconds; nullopt if not an offset.
std::optional<int32_t> parseOffset(std::string_view text);
// An offset or an IANA zone name; kArgumentError for neither.
Zone parseZone(std::string_view text);
// The zone a datetime is in.
Zone zoneOf(const DateTime& t);
// The offset of `zone` at the UTC instant `epochSecond`.
int32_t offsetAtInstant(const Zone& zone, int64_t epochSecond);

// The datetime of `local` in `zone` (java's ZonedDateTime.ofLocal): in a gap the local time moves
// forward by the gap's length; in an overlap `preferredOffset` wins when it is valid, else the
// earlier offset.
DateTime resolveLocal(const LocalDateTime& local, const Zone& zone,
                      std::optional<int32_t> preferredOffset = std::nullopt);
// The datetime at an instant, seen in `zone`.
DateTime atInstant(int64_t epochSecond, int64_t nanoOfSecond, const Zone& zone);

// The system clock, for the offset a named zone gives a time (which has no date).
int64_t nowEpochSecond();

int64_t localEpochSecond(const LocalDateTime& t);
int64_t epochSecondOf(const DateTime& t);
// Nanoseconds of a time of day at its offset, measured from midnight UTC (may be negative).
inline int64_t utcNanoOfDay(const Time& t) {
  return t.nanoOfDay - static_cast<int64_t>(t.offsetSeconds) * kNanosPerSecond;
}

LocalDateTime localFromEpochSecond(int64_t epochSecond, int64_t nanoOfSecond);

// A duration from exact parts: nanos folded into seconds (`nanos` then in [0, 1e9)).
Duration makeDuration(int64_t months, int64_t days, int64_t seconds, int64_t nanos);
// From fractional parts, as Neo4j's DurationValue.approximate: the fraction of a month flows into
// days (an average month: 2,629,746 s), of a day into seconds, of a second into nanoseconds.
Duration approximateDuration(double months, double days, double seconds, double nanos);

// Checked int64 arithmetic: kArgumentError on overflow.
int64_t checkedAdd(int64_t a, int64_t b);
int64_t checkedMul(int64_t a, int64_t b);

// Lower-cased ASCII, for case-insensitive unit and key names.
std::string lowerAscii(std::string_view s);

}  // namespace cairn::query::value::detail
