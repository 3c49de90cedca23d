// Accessors (`d.year`, `t.offsetMinutes`, `dur.monthsOfQuarter`, ...) and truncation
// (`date.truncate('week', d, {dayOfWeek: 2})`) of temporal values.

#include "query/value/temporal/calendar.h"
#include "query/value/temporal/temporal_internal.h"
#include "query/value/temporal/temporal_text.h"

namespace cairn::query::value {

namespace {

using detail::throwInvalidValue;

std::string offsetText(int32_t offsetSeconds) {
  // formatTime prints "00:00" then the offset; the offset is what follows.
  return formatTime(Time{0, offsetSeconds}).substr(5);
}

std::optional<ComponentResult> dateComponent(int64_t epochDay, std::string_view key) {
  const auto ymd = calendar::civilFromDays(epochDay);
  if (key == "year") return ymd.year;
  if (key == "quarter") return (ymd.month - 1) / 3 + 1;
  if (key == "month") return ymd.month;
  if (key == "week") return calendar::isoWeekOf(epochDay).week;
  if (key == "weekyear") return calendar::isoWeekOf(epochDay).weekYear;
  if (key == "day") return ymd.day;
  if (key == "ordinalday") return epochDay - calendar::daysFromCivil(ymd.year, 1, 1) + 1;
  if (key == "dayofweek" || key == "weekday") return calendar::dayOfWeek(epochDay);
  if (key == "dayofquarter") {
    return epochDay - calendar::daysFromCivil(ymd.year, calendar::quarterStartMonth(ymd.month), 1) +
           1;
  }
  return std::nullopt;
}

std::optional<ComponentResult> timeComponent(int64_t nanoOfDay, std::string_view key) {
  const int64_t nanos = nanoOfDay % kNanosPerSecond;
  if (key == "hour") return nanoOfDay / calendar::kNanosPerHour;
  if (key == "minute") return nanoOfDay / calendar::kNanosPerMinute % 60;
  if (key == "second") return nanoOfDay / kNanosPerSecond % 60;
  if (key == "millisecond") return nanos / 1'000'000;
  if (key == "microsecond") return nanos / 1'000;
  if (key == "nanosecond") return nanos;
  return std::nullopt;
}

std::optional<ComponentResult> zoneComponent(int32_t offset, const std::string& zone,
                                             std::string_view key) {
  if (key == "timezone") return zone.empty() ? offsetText(offset) : zone;
  if (key == "offset") return offsetText(offset);
  if (key == "offsetminutes") return int64_t{offset / 60};
  if (key == "offsetseconds") return int64_t{offset};
  return std::nullopt;
}

std::optional<ComponentResult> durationComponent(const Duration& d, std::string_view key) {
  const __int128 totalNanos = static_cast<__int128>(d.seconds) * kNanosPerSecond + d.nanos;
  if (key == "years") return d.months / 12;
  if (key == "quarters") return d.months / 3;
  if (key == "months") return d.months;
  if (key == "weeks") return d.days / 7;
  if (key == "days") return d.days;
  if (key == "hours") return d.seconds / 3600;
  if (key == "minutes") return d.seconds / 60;
  if (key == "seconds") return d.seconds;
  if (key == "milliseconds") return static_cast<int64_t>(totalNanos / 1'000'000);
  if (key == "microseconds") return static_cast<int64_t>(totalNanos / 1'000);
  if (key == "nanoseconds") return static_cast<int64_t>(totalNanos);
  if (key == "quartersofyear") return d.months / 3 % 4;
  if (key == "monthsofquarter") return d.months % 3;
  if (key == "monthsofyear") return d.months % 12;
  if (key == "daysofweek") return d.days % 7;
  if (key == "minutesofhour") return d.seconds / 60 % 60;
  if (key == "secondsofminute") return d.seconds % 60;
  if (key == "millisecondsofsecond") return int64_t{d.nanos / 1'000'000};
  if (key == "microsecondsofsecond") return int64_t{d.nanos / 1'000};
  if (key == "nanosecondsofsecond") return int64_t{d.nanos};
  return std::nullopt;
}

// The first day of the period `unit` that holds `epochDay`; nullopt when `unit` is not a date unit.
std::optional<int64_t> truncateDate(int64_t epochDay, const std::string& unit) {
  const auto ymd = calendar::civilFromDays(epochDay);
  auto yearStart = [](int64_t y) { return calendar::daysFromCivil(y, 1, 1); };
  if (unit == "millennium") return yearStart(calendar::floorDiv(ymd.year, 1000) * 1000);
  if (unit == "century") return yearStart(calendar::floorDiv(ymd.year, 100) * 100);
  if (unit == "decade") return yearStart(calendar::floorDiv(ymd.year, 10) * 10);
  if (unit == "year") return yearStart(ymd.year);
  if (unit == "weekyear") return calendar::isoWeekOneMonday(calendar::isoWeekOf(epochDay).weekYear);
  if (unit == "quarter") {
    return calendar::daysFromCivil(ymd.year, calendar::quarterStartMonth(ymd.month), 1);
  }
  if (unit == "month") return calendar::daysFromCivil(ymd.year, ymd.month, 1);
  if (unit == "week") return epochDay - (calendar::dayOfWeek(epochDay) - 1);
  if (unit == "day") return epochDay;
  return std::nullopt;
}

// The time of day cut to `unit`; nullopt when `unit` is not a time unit.
std::optional<int64_t> truncateTime(int64_t nanoOfDay, const std::string& unit) {
  int64_t step = 0;
  if (unit == "day") step = kNanosPerDay;
  if (unit == "hour") step = calendar::kNanosPerHour;
  if (unit == "minute") step = calendar::kNanosPerMinute;
  if (unit == "second") step = kNanosPerSecond;
  if (unit == "millisecond") step = 1'000'000;
  if (unit == "microsecond") step = 1'000;
  if (step == 0) return std::nullopt;
  return nanoOfDay - nanoOfDay % step;
}

}  // namespace

std::optional<ComponentResult> temporalComponent(const Temporal& t, std::string_view key) {
  const std::string k = detail::lowerAscii(key);
  switch (temporalType(t)) {
    case TemporalType::kDate:
      return dateComponent(std::get<Date>(t).epochDay, k);
    case TemporalType::kLocalTime:
      return timeComponent(std::get<LocalTime>(t).nanoOfDay, k);
    case TemporalType::kTime: {
      const auto& v = std::get<Time>(t);
      if (auto r = timeComponent(v.nanoOfDay, k)) return r;
      return zoneComponent(v.offsetSeconds, "", k);
    }
    case TemporalType::kLocalDateTime: {
      const auto& v = std::get<LocalDateTime>(t);
      if (auto r = dateComponent(v.epochDay, k)) return r;
      return timeComponent(v.nanoOfDay, k);
    }
    case TemporalType::kDateTime: {
      const auto& v = std::get<DateTime>(t);
      if (auto r = dateComponent(v.local.epochDay, k)) return r;
      if (auto r = timeComponent(v.local.nanoOfDay, k)) return r;
      if (k == "epochseconds") return detail::epochSecondOf(v);
      if (k == "epochmillis") {
        return detail::checkedAdd(detail::checkedMul(detail::epochSecondOf(v), 1000),
                                  v.local.nanoOfDay % kNanosPerSecond / 1'000'000);
      }
      return zoneComponent(v.offsetSeconds, v.zone, k);
    }
    case TemporalType::kDuration:
      return durationComponent(std::get<Duration>(t), k);
  }
  return std::nullopt;
}

Temporal truncateTemporal(TemporalType type, std::string_view unitName, const Temporal& t,
                          const Components& overrides) {
  const std::string unit = detail::lowerAscii(unitName);
  const std::string fn = std::string(temporalTypeName(type)) + ".truncate";
  if (type == TemporalType::kDuration || std::holds_alternative<Duration>(t)) {
    detail::throwInvalidType(fn + "() cannot truncate a duration");
  }
  // What the input holds: the local date and time, and a zone if it has one.
  std::optional<int64_t> epochDay;
  int64_t nanoOfDay = 0;
  std::optional<detail::Zone> zone;
  std::optional<int32_t> offset;
  if (const auto* d = std::get_if<Date>(&t)) epochDay = d->epochDay;
  if (const auto* l = std::get_if<LocalTime>(&t)) nanoOfDay = l->nanoOfDay;
  if (const auto* z = std::get_if<Time>(&t)) {
    nanoOfDay = z->nanoOfDay;
    zone = detail::Zone{"", z->offsetSeconds};
  }
  if (const auto* l = std::get_if<LocalDateTime>(&t)) {
    epochDay = l->epochDay;
    nanoOfDay = l->nanoOfDay;
  }
  if (const auto* z = std::get_if<DateTime>(&t)) {
    epochDay = z->local.epochDay;
    nanoOfDay = z->local.nanoOfDay;
    zone = detail::zoneOf(*z);
    offset = z->offsetSeconds;
  }
  const bool wantsDate = type == TemporalType::kDate || type == TemporalType::kLocalDateTime ||
                         type == TemporalType::kDateTime;
  if (wantsDate && !epochDay) throwInvalidValue(fn + "() needs a value with a date");

  if (wantsDate) {
    if (auto d = truncateDate(*epochDay, unit)) {
      epochDay = d;
      nanoOfDay = 0;
    } else if (auto n = truncateTime(nanoOfDay, unit); n && type != TemporalType::kDate) {
      nanoOfDay = *n;
    } else {
      throwInvalidValue(fn + "(): cannot truncate to '" + std::string(unitName) + "'");
    }
  } else if (auto n = truncateTime(nanoOfDay, unit)) {
    nanoOfDay = *n % kNanosPerDay;
  } else {
    throwInvalidValue(fn + "(): cannot truncate to '" + std::string(unitName) + "'");
  }

  // The overrides apply to the truncated value as a base; a timezone among them re-labels the
  // truncated local value (no instant conversion), as the TCK expects.
  Components fields;
  std::optional<std::string> timezone;
  for (const Component& c : overrides) {
    if (detail::lowerAscii(c.name) == "timezone") {
      const auto* s = std::get_if<std::string>(&c.value);
      if (s == nullptr) detail::throwInvalidType(fn + "(): timezone must be a string");
      timezone = *s;
    } else {
      fields.push_back(c);
    }
  }
  // Finer fractions given over a millisecond (microsecond) truncation add to the kept
  // milliseconds (microseconds) rather than replace them, as Neo4j does.
  auto given = [&](std::string_view key) {
    for (const Component& c : fields) {
      if (detail::lowerAscii(c.name) == key) return true;
    }
    return false;
  };
  const int64_t fraction = nanoOfDay % kNanosPerSecond;
  if (unit == "millisecond" && !given("millisecond") &&
      (given("microsecond") || given("nanosecond"))) {
    fields.push_back(Component{"millisecond", fraction / 1'000'000});
  } else if (unit == "microsecond" && !given("microsecond") && !given("millisecond") &&
             given("nanosecond")) {
    fields.push_back(Component{"microsecond", fraction / 1'000});
  }
  const bool zoned = type == TemporalType::kTime || type == TemporalType::kDateTime;
  if (timezone && !zoned) throwInvalidValue(fn + "() does not take a timezone");
  if (wantsDate) fields.push_back(Component{"date", Date{*epochDay}});
  if (type != TemporalType::kDate) fields.push_back(Component{"time", LocalTime{nanoOfDay}});
  const TemporalType localType = type == TemporalType::kTime       ? TemporalType::kLocalTime
                                 : type == TemporalType::kDateTime ? TemporalType::kLocalDateTime
                                                                   : type;
  Temporal local = constructTemporal(localType, fields);
  if (!zoned) return local;
  detail::Zone target = timezone ? detail::parseZone(*timezone) : zone.value_or(detail::Zone{});
  if (timezone) offset.reset();
  if (type == TemporalType::kTime) {
    const int32_t off = target.name.empty()
                            ? target.fixedOffset
                            : detail::offsetAtInstant(target, detail::nowEpochSecond());
    return Time{std::get<LocalTime>(local).nanoOfDay, off};
  }
  return detail::resolveLocal(std::get<LocalDateTime>(local), target, offset);
}

}  // namespace cairn::query::value
