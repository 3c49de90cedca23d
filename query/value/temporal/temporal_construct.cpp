// Temporal values from component maps (date({year: 1984, week: 10}), datetime({date: d, time: t,
// timezone: 'Europe/London'}), duration({days: 1.5})), conversions between the instant types,
// the clock and the epoch constructors. The rules are Neo4j's: a base temporal given as `date`,
// `time` or `datetime` supplies every field the map does not; a zoned base moved to another
// `timezone` keeps its instant; without a base the smaller fields default to their first value
// but may not be given without the larger ones (no minute without hour).

#include <array>
#include <cmath>

#include "query/value/temporal/calendar.h"
#include "query/value/temporal/temporal_internal.h"

namespace cairn::query::value {

namespace {

using detail::throwInvalidType;
using detail::throwInvalidValue;

enum Field : int {
  kYear,
  kMonth,
  kDay,
  kWeek,
  kDayOfWeek,
  kQuarter,
  kDayOfQuarter,
  kOrdinalDay,
  kHour,
  kMinute,
  kSecond,
  kMillisecond,
  kMicrosecond,
  kNanosecond,
  kEpochSeconds,
  kEpochMillis,
  kFieldCount
};

constexpr std::array<std::string_view, kFieldCount> kFieldNames = {
    "year",         "month",      "day",          "week",       "dayofweek", "quarter",
    "dayofquarter", "ordinalday", "hour",         "minute",     "second",    "millisecond",
    "microsecond",  "nanosecond", "epochseconds", "epochmillis"};

struct Fields {
  std::array<std::optional<int64_t>, kFieldCount> v;
  std::optional<Temporal> date, time, datetime;
  std::optional<std::string> timezone;

  bool has(Field f) const { return v[f].has_value(); }
  bool anyOf(std::initializer_list<Field> fs) const {
    for (Field f : fs) {
      if (has(f)) return true;
    }
    return false;
  }
};

bool hasDate(const Temporal& t) {
  return std::holds_alternative<Date>(t) || std::holds_alternative<LocalDateTime>(t) ||
         std::holds_alternative<DateTime>(t);
}
bool hasTime(const Temporal& t) {
  return std::holds_alternative<LocalTime>(t) || std::holds_alternative<Time>(t) ||
         std::holds_alternative<LocalDateTime>(t) || std::holds_alternative<DateTime>(t);
}

int64_t epochDayOf(const Temporal& t) {
  if (auto* d = std::get_if<Date>(&t)) return d->epochDay;
  if (auto* l = std::get_if<LocalDateTime>(&t)) return l->epochDay;
  return std::get<DateTime>(t).local.epochDay;
}
int64_t nanoOfDayOf(const Temporal& t) {
  if (auto* l = std::get_if<LocalTime>(&t)) return l->nanoOfDay;
  if (auto* z = std::get_if<Time>(&t)) return z->nanoOfDay;
  if (auto* l = std::get_if<LocalDateTime>(&t)) return l->nanoOfDay;
  return std::get<DateTime>(t).local.nanoOfDay;
}
// The zone of a zoned source (a time's offset, a datetime's zone); nullopt for local ones.
std::optional<detail::Zone> zoneOfSource(const Temporal& t) {
  if (auto* z = std::get_if<Time>(&t)) return detail::Zone{"", z->offsetSeconds};
  if (auto* d = std::get_if<DateTime>(&t)) return detail::zoneOf(*d);
  return std::nullopt;
}

Fields readFields(TemporalType type, const Components& components) {
  const bool wantsDate = type != TemporalType::kLocalTime && type != TemporalType::kTime;
  const bool wantsTime = type != TemporalType::kDate;
  const bool zoned = type == TemporalType::kTime || type == TemporalType::kDateTime;
  Fields f;
  for (const Component& c : components) {
    const std::string key = detail::lowerAscii(c.name);
    const std::string name(temporalTypeName(type));
    auto temporalValue = [&](bool allowed, auto&& accepts) -> Temporal {
      const Temporal* t = std::get_if<Temporal>(&c.value);
      if (!allowed) throwInvalidValue(name + "() does not take the key '" + c.name + "'");
      if (t == nullptr || !accepts(*t)) {
        throwInvalidType(name + "(): '" + c.name + "' must be a temporal value that has a " + key);
      }
      return *t;
    };
    if (key == "date") {
      f.date = temporalValue(wantsDate, hasDate);
    } else if (key == "time") {
      f.time = temporalValue(wantsTime, hasTime);
    } else if (key == "datetime") {
      f.datetime = temporalValue(wantsDate && wantsTime,
                                 [](const Temporal& t) { return hasDate(t) && hasTime(t); });
    } else if (key == "timezone") {
      if (!zoned) throwInvalidValue(name + "() does not take a timezone");
      const auto* s = std::get_if<std::string>(&c.value);
      if (s == nullptr) throwInvalidType(name + "(): timezone must be a string");
      f.timezone = *s;
    } else {
      int field = 0;
      while (field < kFieldCount && kFieldNames[field] != key) ++field;
      if (field == kFieldCount) throwInvalidValue(name + "() has no component '" + c.name + "'");
      const bool dateField = field <= kOrdinalDay;
      const bool epochField = field >= kEpochSeconds;
      if ((dateField && !wantsDate) || (!dateField && !epochField && !wantsTime) ||
          (epochField && type != TemporalType::kDateTime)) {
        throwInvalidValue(name + "() does not take the component '" + c.name + "'");
      }
      const auto* i = std::get_if<int64_t>(&c.value);
      if (i == nullptr) throwInvalidType(name + "(): '" + c.name + "' must be an integer");
      f.v[field] = *i;
    }
  }
  return f;
}

void checkRange(const char* what, int64_t v, int64_t lo, int64_t hi) {
  if (v < lo || v > hi) {
    throwInvalidValue(std::string("invalid value for ") + what + ": " + std::to_string(v) +
                      " (valid: " + std::to_string(lo) + ".." + std::to_string(hi) + ")");
  }
}

// The date the fields (over an optional base date) describe, or nullopt when they describe none.
std::optional<int64_t> resolveDate(const Fields& f, std::optional<int64_t> base) {
  const bool weekGroup = f.anyOf({kWeek, kDayOfWeek});
  const bool quarterGroup = f.anyOf({kQuarter, kDayOfQuarter});
  const bool ordinalGroup = f.has(kOrdinalDay);
  const bool calendarGroup = f.anyOf({kMonth, kDay});
  if (weekGroup + quarterGroup + ordinalGroup + calendarGroup > 1) {
    throwInvalidValue("cannot mix calendar, week, quarter and ordinal date components");
  }
  if (!base && !f.has(kYear)) {
    if (weekGroup || quarterGroup || ordinalGroup || calendarGroup) {
      throwInvalidValue("a date needs a year");
    }
    return std::nullopt;
  }
  auto get = [&](Field field, int64_t fromBase, int64_t fallback) {
    return f.v[field] ? *f.v[field] : (base ? fromBase : fallback);
  };
  const auto baseYmd = calendar::civilFromDays(base.value_or(0));
  if (f.has(kYear)) checkRange("year", *f.v[kYear], calendar::kMinYear, calendar::kMaxYear);
  if (weekGroup) {
    const auto baseWeek = calendar::isoWeekOf(base.value_or(0));
    if (!base && !f.has(kWeek)) throwInvalidValue("dayOfWeek needs a week");
    const int64_t weekYear = get(kYear, baseWeek.weekYear, 0);
    const int64_t week = get(kWeek, baseWeek.week, 1);
    const int64_t dow = get(kDayOfWeek, calendar::dayOfWeek(base.value_or(0)), 1);
    checkRange("week", week, 1, calendar::isoWeeksInYear(weekYear));
    checkRange("dayOfWeek", dow, 1, 7);
    return calendar::isoWeekOneMonday(weekYear) + (week - 1) * 7 + dow - 1;
  }
  const int64_t year = get(kYear, baseYmd.year, 0);
  if (quarterGroup) {
    if (!base && !f.has(kQuarter)) throwInvalidValue("dayOfQuarter needs a quarter");
    const int64_t baseQuarterStart =
        calendar::daysFromCivil(baseYmd.year, calendar::quarterStartMonth(baseYmd.month), 1);
    const int64_t quarter = get(kQuarter, (baseYmd.month - 1) / 3 + 1, 1);
    const int64_t doq = get(kDayOfQuarter, base.value_or(0) - baseQuarterStart + 1, 1);
    checkRange("quarter", quarter, 1, 4);
    const int64_t start = calendar::daysFromCivil(year, quarter * 3 - 2, 1);
    const int64_t length = calendar::daysFromCivil(quarter == 4 ? year + 1 : year,
                                                   quarter == 4 ? 1 : quarter * 3 + 1, 1) -
                           start;
    checkRange("dayOfQuarter", doq, 1, length);
    return start + doq - 1;
  }
  if (ordinalGroup) {
    checkRange("ordinalDay", *f.v[kOrdinalDay], 1, calendar::daysInYear(year));
    return calendar::daysFromCivil(year, 1, 1) + *f.v[kOrdinalDay] - 1;
  }
  if (!base && f.has(kDay) && !f.has(kMonth)) throwInvalidValue("day needs a month");
  const int64_t month = get(kMonth, baseYmd.month, 1);
  const int64_t day = get(kDay, baseYmd.day, 1);
  checkRange("month", month, 1, 12);
  checkRange("day", day, 1, calendar::daysInMonth(year, month));
  return calendar::daysFromCivil(year, month, day);
}

// The time of day the fields (over an optional base time) describe; nullopt when none.
std::optional<int64_t> resolveTime(const Fields& f, std::optional<int64_t> base) {
  const bool subsecond = f.anyOf({kMillisecond, kMicrosecond, kNanosecond});
  if (!base) {
    if (!f.anyOf({kHour, kMinute, kSecond}) && !subsecond) return std::nullopt;
    if (!f.has(kHour)) throwInvalidValue("a time needs an hour");
    if (f.has(kSecond) && !f.has(kMinute)) throwInvalidValue("second needs a minute");
    if (subsecond && !f.has(kSecond)) throwInvalidValue("fractions of a second need a second");
  }
  const int64_t b = base.value_or(0);
  const int64_t hour = f.v[kHour].value_or(b / calendar::kNanosPerHour);
  const int64_t minute = f.v[kMinute].value_or(b / calendar::kNanosPerMinute % 60);
  const int64_t second = f.v[kSecond].value_or(b / kNanosPerSecond % 60);
  int64_t nanos = b % kNanosPerSecond;
  if (subsecond) {
    const bool ms = f.has(kMillisecond), us = f.has(kMicrosecond);
    if (ms) checkRange("millisecond", *f.v[kMillisecond], 0, 999);
    if (us) checkRange("microsecond", *f.v[kMicrosecond], 0, ms ? 999 : 999'999);
    if (f.has(kNanosecond)) {
      checkRange("nanosecond", *f.v[kNanosecond], 0, ms || us ? 999 : 999'999'999);
    }
    nanos = f.v[kMillisecond].value_or(0) * 1'000'000 + f.v[kMicrosecond].value_or(0) * 1'000 +
            f.v[kNanosecond].value_or(0);
  }
  checkRange("hour", hour, 0, 23);
  checkRange("minute", minute, 0, 59);
  checkRange("second", second, 0, 59);
  return ((hour * 60 + minute) * 60 + second) * kNanosPerSecond + nanos;
}

detail::Zone defaultZoneOf(std::string_view defaultZone) {
  return defaultZone.empty() ? detail::Zone{} : detail::parseZone(defaultZone);
}

Duration constructDuration(const Components& components) {
  static constexpr std::array<std::string_view, 11> kUnits = {
      "years",   "quarters", "months",       "weeks",        "days",       "hours",
      "minutes", "seconds",  "milliseconds", "microseconds", "nanoseconds"};
  // Per unit: into which part (0 months, 1 days, 2 seconds, 3 nanos) and how many of it.
  static constexpr std::array<std::pair<int, int64_t>, 11> kScale = {{{0, 12},
                                                                      {0, 3},
                                                                      {0, 1},
                                                                      {1, 7},
                                                                      {1, 1},
                                                                      {2, 3600},
                                                                      {2, 60},
                                                                      {2, 1},
                                                                      {3, 1'000'000},
                                                                      {3, 1'000},
                                                                      {3, 1}}};
  std::array<int64_t, 4> exact{};
  std::array<double, 4> approx{};
  bool fractional = false;
  for (const Component& c : components) {
    const std::string key = detail::lowerAscii(c.name);
    size_t u = 0;
    while (u < kUnits.size() && kUnits[u] != key) ++u;
    if (u == kUnits.size()) throwInvalidValue("duration() has no component '" + c.name + "'");
    const auto [part, scale] = kScale[u];
    if (const auto* i = std::get_if<int64_t>(&c.value)) {
      exact[part] = detail::checkedAdd(exact[part], detail::checkedMul(*i, scale));
      approx[part] += static_cast<double>(*i) * static_cast<double>(scale);
    } else if (const auto* d = std::get_if<double>(&c.value)) {
      fractional = true;
      approx[part] += *d * static_cast<double>(scale);
    } else {
      throwInvalidType("duration(): '" + c.name + "' must be a number");
    }
  }
  if (fractional) return detail::approximateDuration(approx[0], approx[1], approx[2], approx[3]);
  return detail::makeDuration(exact[0], exact[1], exact[2], exact[3]);
}

DateTime fromEpochFields(const Fields& f, const detail::Zone& zone) {
  for (int i = 0; i < kFieldCount; ++i) {
    if (f.v[i] && i != kEpochSeconds && i != kEpochMillis && i != kNanosecond) {
      throwInvalidValue("epochSeconds/epochMillis cannot be combined with other components");
    }
  }
  if (f.date || f.time || f.datetime || (f.has(kEpochSeconds) && f.has(kEpochMillis))) {
    throwInvalidValue("epochSeconds/epochMillis cannot be combined with other components");
  }
  int64_t second = 0, nanos = f.v[kNanosecond].value_or(0);
  checkRange("nanosecond", nanos, 0, 999'999'999);
  if (f.has(kEpochSeconds)) {
    second = *f.v[kEpochSeconds];
  } else {
    second = calendar::floorDiv(*f.v[kEpochMillis], 1000);
    nanos += calendar::floorMod(*f.v[kEpochMillis], 1000) * 1'000'000;
    if (nanos >= kNanosPerSecond) {
      ++second;
      nanos -= kNanosPerSecond;
    }
  }
  return detail::atInstant(second, nanos, zone);
}

}  // namespace

Temporal constructTemporal(TemporalType type, const Components& components,
                           std::string_view defaultZone) {
  if (type == TemporalType::kDuration) return constructDuration(components);
  const Fields f = readFields(type, components);
  const bool zoned = type == TemporalType::kTime || type == TemporalType::kDateTime;
  std::optional<detail::Zone> newZone;
  if (f.timezone) newZone = detail::parseZone(*f.timezone);

  if (f.has(kEpochSeconds) || f.has(kEpochMillis)) {
    return fromEpochFields(f, newZone ? *newZone : defaultZoneOf(defaultZone));
  }

  std::optional<int64_t> baseDate, baseTime;
  std::optional<detail::Zone> baseZone;
  std::optional<int32_t> baseOffset;  // the source's offset, preferred in an overlap
  if (f.datetime) {
    if (f.date || f.time) throwInvalidValue("datetime cannot be combined with date or time");
    Temporal source = *f.datetime;
    if (const auto* dt = std::get_if<DateTime>(&source); dt && zoned && newZone) {
      source = detail::atInstant(detail::epochSecondOf(*dt), dt->local.nanoOfDay % kNanosPerSecond,
                                 *newZone);
    }
    baseDate = epochDayOf(source);
    baseTime = nanoOfDayOf(source);
    baseZone = zoneOfSource(source);
    if (const auto* dt = std::get_if<DateTime>(&source)) baseOffset = dt->offsetSeconds;
  }
  if (f.date) baseDate = epochDayOf(*f.date);
  if (f.time) {
    baseTime = nanoOfDayOf(*f.time);
    baseZone = zoneOfSource(*f.time);
    if (const auto* dt = std::get_if<DateTime>(&*f.time)) baseOffset = dt->offsetSeconds;
  }

  const std::optional<int64_t> epochDay =
      type == TemporalType::kLocalTime || type == TemporalType::kTime ? std::optional<int64_t>(0)
                                                                      : resolveDate(f, baseDate);
  if (!epochDay) throwInvalidValue(std::string(temporalTypeName(type)) + "() needs a year");
  if (type == TemporalType::kDate) return Date{*epochDay};

  // A zoned time moved to another zone keeps its instant: shift it before the fields apply.
  if (zoned && newZone && f.time && baseZone && baseTime) {
    const LocalDateTime local{*epochDay, *baseTime};
    // The source's zone at the new date (not the source's own offset): Neo4j's choice, which
    // the TCK pins down (a Stockholm time moved to a summer date is at +02:00).
    const int32_t oldOffset = detail::resolveLocal(local, *baseZone, baseOffset).offsetSeconds;
    const int64_t instantSecond = detail::localEpochSecond(local) - oldOffset;
    const int32_t newOffset = detail::offsetAtInstant(*newZone, instantSecond);
    baseTime = calendar::floorMod(*baseTime + int64_t{newOffset - oldOffset} * kNanosPerSecond,
                                  kNanosPerDay);
    baseOffset.reset();
  }

  const int64_t nanoOfDay = resolveTime(f, baseTime).value_or(0);
  switch (type) {
    case TemporalType::kLocalTime:
      return LocalTime{nanoOfDay};
    case TemporalType::kLocalDateTime:
      return LocalDateTime{*epochDay, nanoOfDay};
    case TemporalType::kTime: {
      const detail::Zone zone = newZone    ? *newZone
                                : baseZone ? *baseZone
                                           : defaultZoneOf(defaultZone);
      const int32_t offset = zone.name.empty()
                                 ? zone.fixedOffset
                                 : detail::offsetAtInstant(zone, detail::nowEpochSecond());
      return Time{nanoOfDay, offset};
    }
    default: {
      const detail::Zone zone = newZone    ? *newZone
                                : baseZone ? *baseZone
                                           : defaultZoneOf(defaultZone);
      return detail::resolveLocal(LocalDateTime{*epochDay, nanoOfDay}, zone, baseOffset);
    }
  }
}

Temporal convertTemporal(TemporalType type, const Temporal& other) {
  if (type == TemporalType::kDuration) {
    if (std::holds_alternative<Duration>(other)) return other;
    throwInvalidType("duration() cannot convert a " +
                     std::string(temporalTypeName(temporalType(other))));
  }
  if (std::holds_alternative<Duration>(other)) {
    throwInvalidType(std::string(temporalTypeName(type)) + "() cannot convert a duration");
  }
  std::string key = "datetime";
  if (type == TemporalType::kDate || !hasTime(other)) key = "date";
  if (type == TemporalType::kLocalTime || type == TemporalType::kTime || !hasDate(other)) {
    key = "time";
  }
  return constructTemporal(type, Components{Component{key, other}});
}

Temporal currentTemporal(TemporalType type, int64_t epochNanos, std::string_view zone) {
  const DateTime now =
      detail::atInstant(calendar::floorDiv(epochNanos, kNanosPerSecond),
                        calendar::floorMod(epochNanos, kNanosPerSecond), defaultZoneOf(zone));
  switch (type) {
    case TemporalType::kDate:
      return Date{now.local.epochDay};
    case TemporalType::kLocalTime:
      return LocalTime{now.local.nanoOfDay};
    case TemporalType::kTime:
      return Time{now.local.nanoOfDay, now.offsetSeconds};
    case TemporalType::kLocalDateTime:
      return now.local;
    case TemporalType::kDateTime:
      return now;
    case TemporalType::kDuration:
      break;
  }
  throwInvalidValue("duration has no current value");
}

DateTime dateTimeFromEpoch(int64_t seconds, int64_t nanos) {
  checkRange("nanosecond", nanos, 0, 999'999'999);
  return detail::atInstant(seconds, nanos, detail::Zone{});
}

DateTime dateTimeFromEpochMillis(int64_t millis) {
  return detail::atInstant(calendar::floorDiv(millis, 1000),
                           calendar::floorMod(millis, 1000) * 1'000'000, detail::Zone{});
}

}  // namespace cairn::query::value
