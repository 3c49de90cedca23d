#pragma once
// The pure temporal library of openCypher's six temporal types (temporal_types.h): parsing the
// ISO 8601 strings the functions accept, construction from component maps, selecting from other
// temporals, accessors, truncation, arithmetic with durations, duration.between and comparison,
// all as Neo4j (java.time) does them, which is what the openCypher TCK expects. It knows nothing
// of query::Value; temporal_values.cpp adapts it to the Cypher evaluator.
//
// Failures throw core::Error with openCypher's classes: kArgumentError for a value out of range or
// a malformed string ("InvalidArgumentValue"), kTypeError for a component of the wrong type
// ("InvalidArgumentType"). Everything is thread-safe and deterministic (zone rules are read once,
// from the system's tz database, by Howard Hinnant's date/tz), with one exception taken from
// Neo4j: a `time` given a named zone (it has no date) takes that zone's offset at this moment.

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "query/value/temporal/temporal_types.h"

namespace cairn::query::value {

// In the alternatives' order of `Temporal`.
enum class TemporalType { kDate, kLocalTime, kTime, kLocalDateTime, kDateTime, kDuration };

using Temporal = std::variant<Date, LocalTime, Time, LocalDateTime, DateTime, Duration>;

inline TemporalType temporalType(const Temporal& t) { return static_cast<TemporalType>(t.index()); }
// "date", "localtime", "time", "localdatetime", "datetime", "duration": the function names.
std::string_view temporalTypeName(TemporalType type);
std::string formatTemporal(const Temporal& t);

// ---- Parsing: every ISO 8601 form of the TCK ("2015-W30-2", "2015202", "21:40:32.142+0100",
// "...[Europe/Stockholm]", "P1Y2M3DT4H5M6.7S", "P2012-02-02T14:37:21.545", ...). A time or
// datetime without an offset gets `defaultZone` (UTC when empty).
Temporal parseTemporal(TemporalType type, std::string_view text, std::string_view defaultZone = {});

// ---- Construction from a map, e.g. date({year: 1984, week: 10, dayOfWeek: 3}) or
// datetime({date: d, time: t, timezone: 'Europe/London'}). Values are integers, floats (only
// durations take fractions), strings (timezone) or temporals (date, time, datetime).
using ComponentValue = std::variant<int64_t, double, std::string, Temporal>;
struct Component {
  std::string name;
  ComponentValue value;
};
using Components = std::vector<Component>;

// Unknown keys, missing or inconsistent fields and out-of-range values are kArgumentError.
Temporal constructTemporal(TemporalType type, const Components& components,
                           std::string_view defaultZone = {});
// `type(other)`: date(datetime(...)), localtime(time(...)), ... (Neo4j's conversions).
Temporal convertTemporal(TemporalType type, const Temporal& other);
// The current instant (nanoseconds since the Unix epoch) as `type`, in `zone` (UTC when empty).
Temporal currentTemporal(TemporalType type, int64_t epochNanos, std::string_view zone = {});
// datetime.fromepoch(seconds, nanos), datetime.fromepochmillis(millis): UTC datetimes.
DateTime dateTimeFromEpoch(int64_t seconds, int64_t nanos);
DateTime dateTimeFromEpochMillis(int64_t millis);

// ---- Accessors: `t.key` (year, week, dayOfWeek, timezone, epochMillis, ...; for durations
// years, months, ..., nanosecondsOfSecond). nullopt when the type has no such component.
using ComponentResult = std::variant<int64_t, std::string>;
std::optional<ComponentResult> temporalComponent(const Temporal& t, std::string_view key);

// ---- Truncation: `type.truncate(unit, t, overrides)` with unit one of millennium, century,
// decade, year, weekYear, quarter, month, week, day, hour, minute, second, millisecond,
// microsecond (case-insensitive). `t` may be any instant type that holds what `type` needs.
Temporal truncateTemporal(TemporalType type, std::string_view unit, const Temporal& t,
                          const Components& overrides = {});

// ---- Arithmetic. `t` is an instant type (not a duration): months first, then days, then
// seconds and nanoseconds, as java.time with day-of-month clamping.
Temporal addDuration(const Temporal& t, const Duration& d);
Temporal subtractDuration(const Temporal& t, const Duration& d);
Duration addDurations(const Duration& a, const Duration& b);
Duration subtractDurations(const Duration& a, const Duration& b);
Duration multiplyDuration(const Duration& d, int64_t factor);
Duration multiplyDuration(const Duration& d, double factor);
Duration divideDuration(const Duration& d, double divisor);  // divisor 0: kArgumentError

enum class BetweenUnit { kAll, kMonths, kDays, kSeconds };
// duration.between / inMonths / inDays / inSeconds: `from` and `to` are instant types; a side
// without a date borrows the other's, one without a time gets midnight, one without a zone gets
// the other's.
Duration durationBetween(const Temporal& from, const Temporal& to, BetweenUnit unit);

// ---- Comparison. `<=>` of two instants of one type (times and datetimes by instant);
// nullopt across types and for durations (which are not ordered).
std::optional<std::strong_ordering> compareTemporals(const Temporal& a, const Temporal& b);
// `a = b`: same type and same value (durations after normalisation; datetimes at the same
// instant in the same zone).
bool temporalEquals(const Temporal& a, const Temporal& b);

}  // namespace cairn::query::value
