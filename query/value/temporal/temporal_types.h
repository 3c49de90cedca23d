#pragma once
// The six temporal types of openCypher 9 (date, localtime, time, localdatetime, datetime,
// duration) as plain values: what a query::Value holds for them. Their semantics (parsing ISO
// 8601 strings, construction from maps, accessors, truncation, arithmetic, comparison, text)
// live beside this header in query/value/temporal/.
//
// Calendar: proleptic Gregorian with astronomical years (year 0 exists), as java.time, which
// the TCK's expectations follow. Precision: nanoseconds. A zone is either a fixed offset or a
// named IANA zone (then `offsetSeconds` is the zone's offset at that instant).

#include <compare>
#include <cstdint>
#include <string>

namespace cairn::query::value {

inline constexpr int64_t kNanosPerSecond = 1'000'000'000;
inline constexpr int64_t kNanosPerDay = 86'400 * kNanosPerSecond;

// A calendar date: days since 1970-01-01 (negative before).
struct Date {
  int64_t epochDay = 0;
  auto operator<=>(const Date&) const = default;
};

// A time of day without a zone: nanoseconds since midnight, [0, kNanosPerDay).
struct LocalTime {
  int64_t nanoOfDay = 0;
  auto operator<=>(const LocalTime&) const = default;
};

// A time of day at a UTC offset (seconds east of UTC, within ±18 h).
struct Time {
  int64_t nanoOfDay = 0;
  int32_t offsetSeconds = 0;
  bool operator==(const Time&) const = default;
};

// A date and time without a zone.
struct LocalDateTime {
  int64_t epochDay = 0;
  int64_t nanoOfDay = 0;
  auto operator<=>(const LocalDateTime&) const = default;
};

// A date and time in a zone: the local date-time, its offset from UTC, and the IANA zone name
// when it was given as one ("Europe/Stockholm"; empty for a plain offset).
struct DateTime {
  LocalDateTime local;
  int32_t offsetSeconds = 0;
  std::string zone;
  bool operator==(const DateTime&) const = default;
};

// An amount of time as openCypher keeps it: months, days and seconds apart (a month has no
// fixed number of days, a day no fixed number of seconds across zone changes), each with its own
// sign; `nanos` is in [0, 1e9) and adds to `seconds`.
struct Duration {
  int64_t months = 0;
  int64_t days = 0;
  int64_t seconds = 0;
  int32_t nanos = 0;
  bool operator==(const Duration&) const = default;
};

}  // namespace cairn::query::value
