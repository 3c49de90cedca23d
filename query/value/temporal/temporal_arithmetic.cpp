// Arithmetic with durations, duration.between and comparison, following java.time as Neo4j
// uses it: a duration's months apply first (clamping the day to the month's end), then its days,
// then its seconds and nanoseconds; between() counts whole months, then whole days, then the rest.

#include <cmath>

#include "query/value/temporal/calendar.h"
#include "query/value/temporal/temporal_internal.h"

namespace cairn::query::value {

namespace {

using detail::checkedAdd;
using detail::checkedMul;
using detail::throwInvalidValue;
using Int128 = __int128;

int64_t plusMonths(int64_t epochDay, int64_t months) {
  if (months == 0) return epochDay;
  const auto ymd = calendar::civilFromDays(epochDay);
  const int64_t total = checkedAdd(ymd.year * 12 + (ymd.month - 1), months);
  const int64_t year = calendar::floorDiv(total, 12);
  const int64_t month = calendar::floorMod(total, 12) + 1;
  if (year < calendar::kMinYear || year > calendar::kMaxYear) {
    throwInvalidValue("date out of range");
  }
  return calendar::daysFromCivil(year, month,
                                 std::min(ymd.day, calendar::daysInMonth(year, month)));
}

int64_t plusDays(int64_t epochDay, int64_t days) {
  const int64_t r = checkedAdd(epochDay, days);
  const int64_t year = calendar::civilFromDays(r).year;
  if (year < calendar::kMinYear || year > calendar::kMaxYear)
    throwInvalidValue("date out of range");
  return r;
}

Int128 localNanos(const LocalDateTime& t) {
  return static_cast<Int128>(t.epochDay) * kNanosPerDay + t.nanoOfDay;
}

LocalDateTime fromLocalNanos(Int128 nanos) {
  Int128 day = nanos / kNanosPerDay;
  Int128 rest = nanos % kNanosPerDay;
  if (rest < 0) {
    rest += kNanosPerDay;
    --day;
  }
  const auto epochDay = static_cast<int64_t>(day);
  const int64_t year = calendar::civilFromDays(epochDay).year;
  if (year < calendar::kMinYear || year > calendar::kMaxYear)
    throwInvalidValue("date out of range");
  return LocalDateTime{epochDay, static_cast<int64_t>(rest)};
}

Int128 instantNanos(const DateTime& t) {
  return localNanos(t.local) - static_cast<Int128>(t.offsetSeconds) * kNanosPerSecond;
}

DateTime fromInstantNanos(Int128 nanos, const detail::Zone& zone) {
  Int128 second = nanos / kNanosPerSecond;
  Int128 nano = nanos % kNanosPerSecond;
  if (nano < 0) {
    nano += kNanosPerSecond;
    --second;
  }
  const DateTime r =
      detail::atInstant(static_cast<int64_t>(second), static_cast<int64_t>(nano), zone);
  fromLocalNanos(localNanos(r.local));  // range check
  return r;
}

int64_t wrapTime(int64_t nanoOfDay, Int128 delta) {
  Int128 r = (static_cast<Int128>(nanoOfDay) + delta) % kNanosPerDay;
  if (r < 0) r += kNanosPerDay;
  return static_cast<int64_t>(r);
}

// `t` plus `sign` times each part of `d`, part by part as Neo4j's DurationValue.addTo.
Temporal addSigned(const Temporal& t, const Duration& d, int64_t sign) {
  const int64_t months = checkedMul(d.months, sign);
  const int64_t days = checkedMul(d.days, sign);
  const Int128 timeNanos =
      (static_cast<Int128>(d.seconds) * kNanosPerSecond + d.nanos) * static_cast<Int128>(sign);
  switch (temporalType(t)) {
    case TemporalType::kDate: {
      // A date only moves by whole days of the seconds part.
      const int64_t secondDays = checkedMul(d.seconds, sign) / 86'400;
      return Date{
          plusDays(plusDays(plusMonths(std::get<Date>(t).epochDay, months), days), secondDays)};
    }
    case TemporalType::kLocalTime:
      return LocalTime{wrapTime(std::get<LocalTime>(t).nanoOfDay, timeNanos)};
    case TemporalType::kTime: {
      const auto& v = std::get<Time>(t);
      return Time{wrapTime(v.nanoOfDay, timeNanos), v.offsetSeconds};
    }
    case TemporalType::kLocalDateTime: {
      const auto& v = std::get<LocalDateTime>(t);
      const LocalDateTime moved{plusDays(plusMonths(v.epochDay, months), days), v.nanoOfDay};
      return fromLocalNanos(localNanos(moved) + timeNanos);
    }
    case TemporalType::kDateTime: {
      const auto& v = std::get<DateTime>(t);
      const detail::Zone zone = detail::zoneOf(v);
      DateTime moved = v;
      if (months != 0 || days != 0) {
        const LocalDateTime local{plusDays(plusMonths(v.local.epochDay, months), days),
                                  v.local.nanoOfDay};
        moved = detail::resolveLocal(local, zone, v.offsetSeconds);
      }
      if (timeNanos != 0) moved = fromInstantNanos(instantNanos(moved) + timeNanos, zone);
      return moved;
    }
    case TemporalType::kDuration:
      break;
  }
  detail::throwInvalidType("a duration cannot be added to a duration this way");
}

// ---- between

// An instant type widened so both sides of between() have the same parts.
struct Point {
  std::optional<int64_t> epochDay;
  int64_t nanoOfDay = 0;
  bool hasTime = false;
  std::optional<detail::Zone> zone;
  int32_t offset = 0;
};

Point pointOf(const Temporal& t) {
  Point p;
  switch (temporalType(t)) {
    case TemporalType::kDate:
      p.epochDay = std::get<Date>(t).epochDay;
      break;
    case TemporalType::kLocalTime:
      p.nanoOfDay = std::get<LocalTime>(t).nanoOfDay;
      p.hasTime = true;
      break;
    case TemporalType::kTime: {
      const auto& v = std::get<Time>(t);
      p.nanoOfDay = v.nanoOfDay;
      p.hasTime = true;
      p.zone = detail::Zone{"", v.offsetSeconds};
      p.offset = v.offsetSeconds;
      break;
    }
    case TemporalType::kLocalDateTime: {
      const auto& v = std::get<LocalDateTime>(t);
      p.epochDay = v.epochDay;
      p.nanoOfDay = v.nanoOfDay;
      p.hasTime = true;
      break;
    }
    case TemporalType::kDateTime: {
      const auto& v = std::get<DateTime>(t);
      p.epochDay = v.local.epochDay;
      p.nanoOfDay = v.local.nanoOfDay;
      p.hasTime = true;
      p.zone = detail::zoneOf(v);
      p.offset = v.offsetSeconds;
      break;
    }
    case TemporalType::kDuration:
      detail::throwInvalidType("duration.between() takes instants, not durations");
  }
  return p;
}

// Gives `p` what `other` has and it lacks: a date, a zone (a time gets midnight implicitly).
void attach(Point& p, const Point& other) {
  if (!p.epochDay && other.epochDay) p.epochDay = other.epochDay;
  if (!p.zone && other.zone) {
    p.zone = other.zone;
    if (p.epochDay && !p.zone->name.empty()) {
      p.offset =
          detail::resolveLocal(LocalDateTime{*p.epochDay, p.nanoOfDay}, *p.zone).offsetSeconds;
      // A local time in a gap moves forward, as java's ZonedDateTime.of does.
      const DateTime r = detail::resolveLocal(LocalDateTime{*p.epochDay, p.nanoOfDay}, *p.zone);
      p.epochDay = r.local.epochDay;
      p.nanoOfDay = r.local.nanoOfDay;
    } else {
      p.offset = p.zone->name.empty() ? p.zone->fixedOffset : other.offset;
    }
  }
}

LocalDateTime localOf(const Point& p) { return LocalDateTime{*p.epochDay, p.nanoOfDay}; }

Int128 pointInstant(const Point& p) {
  return localNanos(localOf(p)) - static_cast<Int128>(p.offset) * kNanosPerSecond;
}

// java's LocalDateTime.until for MONTHS (months = true) or DAYS.
int64_t dateUnitsUntil(const LocalDateTime& from, const LocalDateTime& to, bool months) {
  int64_t end = to.epochDay;
  if (end > from.epochDay && to.nanoOfDay < from.nanoOfDay) {
    --end;
  } else if (end < from.epochDay && to.nanoOfDay > from.nanoOfDay) {
    ++end;
  }
  if (!months) return end - from.epochDay;
  const auto a = calendar::civilFromDays(from.epochDay);
  const auto b = calendar::civilFromDays(end);
  const int64_t packed1 = (a.year * 12 + a.month - 1) * 32 + a.day;
  const int64_t packed2 = (b.year * 12 + b.month - 1) * 32 + b.day;
  return (packed2 - packed1) / 32;
}

// `to`'s local date-time in `from`'s zone (java converts the end of until() so).
LocalDateTime localInZoneOf(const Point& to, const Point& from) {
  if (!to.zone) return localOf(to);
  const Int128 instant = pointInstant(to);
  const detail::Zone& zone = *from.zone;
  Int128 second = instant / kNanosPerSecond, nano = instant % kNanosPerSecond;
  if (nano < 0) {
    nano += kNanosPerSecond;
    --second;
  }
  return detail::atInstant(static_cast<int64_t>(second), static_cast<int64_t>(nano), zone).local;
}

Duration durationFromNanos(int64_t months, int64_t days, Int128 nanos) {
  Int128 seconds = nanos / kNanosPerSecond;
  Int128 rest = nanos % kNanosPerSecond;
  if (rest < 0) {
    rest += kNanosPerSecond;
    --seconds;
  }
  if (seconds > INT64_MAX || seconds < INT64_MIN) throwInvalidValue("duration out of range");
  return Duration{months, days, static_cast<int64_t>(seconds), static_cast<int32_t>(rest)};
}

template <typename T>
std::strong_ordering compareWide(const T& a, const T& b) {
  return a < b ? std::strong_ordering::less
               : (b < a ? std::strong_ordering::greater : std::strong_ordering::equal);
}

}  // namespace

Temporal addDuration(const Temporal& t, const Duration& d) { return addSigned(t, d, 1); }
Temporal subtractDuration(const Temporal& t, const Duration& d) { return addSigned(t, d, -1); }

Duration addDurations(const Duration& a, const Duration& b) {
  return detail::makeDuration(checkedAdd(a.months, b.months), checkedAdd(a.days, b.days),
                              checkedAdd(a.seconds, b.seconds), int64_t{a.nanos} + b.nanos);
}

Duration subtractDurations(const Duration& a, const Duration& b) {
  return detail::makeDuration(checkedAdd(a.months, -b.months), checkedAdd(a.days, -b.days),
                              checkedAdd(a.seconds, -b.seconds), int64_t{a.nanos} - b.nanos);
}

Duration multiplyDuration(const Duration& d, int64_t factor) {
  const Int128 nanos =
      (static_cast<Int128>(d.seconds) * kNanosPerSecond + d.nanos) * static_cast<Int128>(factor);
  return durationFromNanos(checkedMul(d.months, factor), checkedMul(d.days, factor), nanos);
}

Duration multiplyDuration(const Duration& d, double factor) {
  return detail::approximateDuration(
      static_cast<double>(d.months) * factor, static_cast<double>(d.days) * factor,
      static_cast<double>(d.seconds) * factor, static_cast<double>(d.nanos) * factor);
}

Duration divideDuration(const Duration& d, double divisor) {
  if (divisor == 0) {
    throw core::Error(core::ErrorCode::kArithmeticError, "DivisionByZero",
                      "a duration divided by zero");
  }
  return detail::approximateDuration(
      static_cast<double>(d.months) / divisor, static_cast<double>(d.days) / divisor,
      static_cast<double>(d.seconds) / divisor, static_cast<double>(d.nanos) / divisor);
}

Duration durationBetween(const Temporal& fromValue, const Temporal& toValue, BetweenUnit unit) {
  Point from = pointOf(fromValue);
  Point to = pointOf(toValue);
  attach(from, to);
  attach(to, from);
  if (!from.epochDay) {
    // Two times of day: only their difference in nanoseconds (at a common offset).
    if (unit == BetweenUnit::kMonths || unit == BetweenUnit::kDays) return Duration{};
    const Int128 nanos = static_cast<Int128>(to.nanoOfDay) - from.nanoOfDay -
                         static_cast<Int128>(to.offset - from.offset) * kNanosPerSecond;
    return durationFromNanos(0, 0, nanos);
  }
  const bool zoned = from.zone.has_value();
  auto nanosBetween = [&](const Point& a) {
    return zoned ? pointInstant(to) - pointInstant(a)
                 : localNanos(localOf(to)) - localNanos(localOf(a));
  };
  if (unit == BetweenUnit::kSeconds) return durationFromNanos(0, 0, nanosBetween(from));
  const LocalDateTime toLocal = zoned ? localInZoneOf(to, from) : localOf(to);
  if (unit == BetweenUnit::kDays)
    return Duration{0, dateUnitsUntil(localOf(from), toLocal, false), 0, 0};
  const int64_t months = dateUnitsUntil(localOf(from), toLocal, true);
  if (unit == BetweenUnit::kMonths) return Duration{months, 0, 0, 0};
  // Step `from` by the whole months, then by the whole days; the rest is time.
  auto moved = [&](const LocalDateTime& local) {
    Point p = from;
    if (zoned && !from.zone->name.empty()) {
      const DateTime r = detail::resolveLocal(local, *from.zone, from.offset);
      p.offset = r.offsetSeconds;
      p.epochDay = r.local.epochDay;
      p.nanoOfDay = r.local.nanoOfDay;
    } else {
      p.epochDay = local.epochDay;
      p.nanoOfDay = local.nanoOfDay;
    }
    return p;
  };
  const Point afterMonths =
      moved(LocalDateTime{plusMonths(*from.epochDay, months), from.nanoOfDay});
  const int64_t days = dateUnitsUntil(localOf(afterMonths), toLocal, false);
  const Point afterDays =
      moved(LocalDateTime{plusDays(*afterMonths.epochDay, days), afterMonths.nanoOfDay});
  return durationFromNanos(months, days, nanosBetween(afterDays));
}

std::optional<std::strong_ordering> compareTemporals(const Temporal& a, const Temporal& b) {
  if (a.index() != b.index()) return std::nullopt;
  switch (temporalType(a)) {
    case TemporalType::kDate:
      return std::get<Date>(a) <=> std::get<Date>(b);
    case TemporalType::kLocalTime:
      return std::get<LocalTime>(a) <=> std::get<LocalTime>(b);
    case TemporalType::kLocalDateTime:
      return std::get<LocalDateTime>(a) <=> std::get<LocalDateTime>(b);
    case TemporalType::kTime: {
      const auto& x = std::get<Time>(a);
      const auto& y = std::get<Time>(b);
      if (auto c = detail::utcNanoOfDay(x) <=> detail::utcNanoOfDay(y); c != 0) return c;
      return x.nanoOfDay <=> y.nanoOfDay;
    }
    case TemporalType::kDateTime: {
      const auto& x = std::get<DateTime>(a);
      const auto& y = std::get<DateTime>(b);
      if (auto c = compareWide(instantNanos(x), instantNanos(y)); c != 0) return c;
      if (auto c = x.local <=> y.local; c != 0) return c;
      return x.zone <=> y.zone;
    }
    case TemporalType::kDuration:
      return std::nullopt;
  }
  return std::nullopt;
}

// Times and datetimes are equal when their local values and zones are (java's equals, as
// Neo4j's), which is plain field equality here; durations are kept normalised.
bool temporalEquals(const Temporal& a, const Temporal& b) { return a == b; }

}  // namespace cairn::query::value
