// ISO 8601 text to temporal values, in every form java.time's (and so Neo4j's) parsers accept
// for openCypher: calendar, week and ordinal dates in extended and basic format, reduced
// precision ("2015-07", "2015"), times with ':' or without, fractions of up to nine digits with
// '.' or ',', offsets "Z", "+01:00", "+0100", "+01", zone names in brackets, and durations in the
// designator form ("P1Y2M3W4DT5H6M7.8S", fractions and signs per part) or the alternative form
// ("P2012-02-02T14:37:21.545").

#include <cstdlib>
#include <string>

#include "query/value/temporal/calendar.h"
#include "query/value/temporal/temporal_internal.h"

namespace cairn::query::value {

namespace {

using detail::throwInvalidValue;

[[noreturn]] void throwMalformed(TemporalType type, std::string_view text) {
  throwInvalidValue("cannot parse '" + std::string(text) + "' as a " +
                    std::string(temporalTypeName(type)));
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

size_t countDigits(std::string_view s, size_t from) {
  size_t n = 0;
  while (from + n < s.size() && isDigit(s[from + n])) ++n;
  return n;
}

int64_t digitsValue(std::string_view s) {
  int64_t v = 0;
  for (char c : s) v = v * 10 + (c - '0');
  return v;
}

// A parse failure inside the helpers below; the entry points turn it into the error naming the
// whole text.
struct Malformed {};

void requireRange(int64_t v, int64_t lo, int64_t hi) {
  if (v < lo || v > hi) throw Malformed{};
}

int64_t dateFromFields(int64_t year, int64_t month, int64_t day) {
  requireRange(year, calendar::kMinYear, calendar::kMaxYear);
  requireRange(month, 1, 12);
  requireRange(day, 1, calendar::daysInMonth(year, month));
  return calendar::daysFromCivil(year, month, day);
}

int64_t dateFromWeek(int64_t weekYear, int64_t week, int64_t dayOfWeek) {
  requireRange(week, 1, calendar::isoWeeksInYear(weekYear));
  requireRange(dayOfWeek, 1, 7);
  return calendar::isoWeekOneMonday(weekYear) + (week - 1) * 7 + (dayOfWeek - 1);
}

int64_t dateFromOrdinal(int64_t year, int64_t ordinalDay) {
  requireRange(ordinalDay, 1, calendar::daysInYear(year));
  return calendar::daysFromCivil(year, 1, 1) + ordinalDay - 1;
}

// The whole of `s` as a date.
int64_t parseDatePart(std::string_view s) {
  size_t pos = 0;
  int64_t year = 0;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    const size_t n = countDigits(s, 1);
    if (n < 4 || n > 9) throw Malformed{};
    year = digitsValue(s.substr(1, n));
    if (s[0] == '-') year = -year;
    pos = 1 + n;
  } else {
    if (countDigits(s, 0) < 4) throw Malformed{};
    year = digitsValue(s.substr(0, 4));
    pos = 4;
  }
  std::string_view rest = s.substr(pos);
  if (rest.empty()) return dateFromFields(year, 1, 1);
  const bool extended = rest[0] == '-';
  if (extended) rest.remove_prefix(1);
  if (!rest.empty() && rest[0] == 'W') {
    rest.remove_prefix(1);
    if (rest.size() < 2 || countDigits(rest, 0) < 2) throw Malformed{};
    const int64_t week = digitsValue(rest.substr(0, 2));
    rest.remove_prefix(2);
    int64_t dayOfWeek = 1;
    if (!rest.empty()) {
      if (extended) {
        if (rest[0] != '-') throw Malformed{};
        rest.remove_prefix(1);
      }
      if (rest.size() != 1 || !isDigit(rest[0])) throw Malformed{};
      dayOfWeek = rest[0] - '0';
    }
    if (year < calendar::kMinYear || year > calendar::kMaxYear) throw Malformed{};
    return dateFromWeek(year, week, dayOfWeek);
  }
  const size_t n = countDigits(rest, 0);
  if (extended) {
    if (n == 3 && rest.size() == 3) return dateFromOrdinal(year, digitsValue(rest));
    if (n != 2) throw Malformed{};
    const int64_t month = digitsValue(rest.substr(0, 2));
    rest.remove_prefix(2);
    if (rest.empty()) return dateFromFields(year, month, 1);
    if (rest.size() != 3 || rest[0] != '-' || countDigits(rest, 1) != 2) throw Malformed{};
    return dateFromFields(year, month, digitsValue(rest.substr(1)));
  }
  if (n != rest.size()) throw Malformed{};
  if (n == 2) return dateFromFields(year, digitsValue(rest), 1);
  if (n == 3) return dateFromOrdinal(year, digitsValue(rest));
  if (n == 4)
    return dateFromFields(year, digitsValue(rest.substr(0, 2)), digitsValue(rest.substr(2)));
  throw Malformed{};
}

// "HH[:MM[:SS[.f]]]" or "HH[MM[SS[.f]]]": the nanosecond of the day.
int64_t parseTimePart(std::string_view s) {
  if (countDigits(s, 0) < 2) throw Malformed{};
  int64_t fields[3] = {digitsValue(s.substr(0, 2)), 0, 0};
  size_t pos = 2;
  const bool extended = pos < s.size() && s[pos] == ':';
  for (int i = 1; i < 3 && pos < s.size(); ++i) {
    if (extended) {
      if (s[pos] != ':') break;
      ++pos;
    }
    if (countDigits(s, pos) < 2) throw Malformed{};
    fields[i] = digitsValue(s.substr(pos, 2));
    pos += 2;
  }
  int64_t nanos = 0;
  if (pos < s.size() && (s[pos] == '.' || s[pos] == ',')) {
    ++pos;
    const size_t n = countDigits(s, pos);
    if (n == 0 || n > 9) throw Malformed{};
    nanos = digitsValue(s.substr(pos, n));
    for (size_t i = n; i < 9; ++i) nanos *= 10;
    pos += n;
  }
  if (pos != s.size()) throw Malformed{};
  requireRange(fields[0], 0, 23);
  requireRange(fields[1], 0, 59);
  requireRange(fields[2], 0, 59);
  return ((fields[0] * 60 + fields[1]) * 60 + fields[2]) * kNanosPerSecond + nanos;
}

struct TimeText {
  int64_t nanoOfDay = 0;
  std::optional<int32_t> offset;
  std::string zoneName;
};

// A time of day followed by an optional offset and an optional "[Zone/Name]".
TimeText parseZonedTimePart(std::string_view s) {
  TimeText out;
  if (!s.empty() && s.back() == ']') {
    const size_t open = s.rfind('[');
    if (open == std::string_view::npos) throw Malformed{};
    out.zoneName = std::string(s.substr(open + 1, s.size() - open - 2));
    s = s.substr(0, open);
  }
  const size_t sign = s.find_first_of("+-Zz");
  if (sign != std::string_view::npos) {
    out.offset = detail::parseOffset(s.substr(sign));
    if (!out.offset) throw Malformed{};
    s = s.substr(0, sign);
  }
  out.nanoOfDay = parseTimePart(s);
  return out;
}

DateTime zonedDateTime(const LocalDateTime& local, const TimeText& time,
                       std::string_view defaultZone) {
  if (!time.zoneName.empty()) {
    return detail::resolveLocal(local, detail::parseZone(time.zoneName), time.offset);
  }
  if (time.offset) return DateTime{local, *time.offset, ""};
  if (defaultZone.empty()) return DateTime{local, 0, ""};
  return detail::resolveLocal(local, detail::parseZone(defaultZone));
}

// One designator number: an optional sign, digits, an optional fraction.
struct DurationNumber {
  int64_t whole = 0;
  double value = 0;
  bool fractional = false;
  int64_t nanos = 0;  // the fraction as nanoseconds (seconds only)
  bool negative = false;
};

Duration parseDurationText(std::string_view s) {
  bool negateAll = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    negateAll = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty() || (s[0] != 'P' && s[0] != 'p')) throw Malformed{};
  s.remove_prefix(1);
  // The alternative form: P<date>T<time> with the date and time parts as amounts.
  if (s.size() >= 4 && countDigits(s, 0) >= 4 && (s.size() == 4 || s[4] == '-' || s[4] == 'T')) {
    const size_t t = s.find('T');
    std::string_view datePart = s.substr(0, t);
    int64_t years = 0, months = 0, days = 0;
    if (datePart.size() != 10 || datePart[4] != '-' || datePart[7] != '-' ||
        countDigits(datePart, 5) != 2 || countDigits(datePart, 8) != 2) {
      throw Malformed{};
    }
    years = digitsValue(datePart.substr(0, 4));
    months = digitsValue(datePart.substr(5, 2));
    days = digitsValue(datePart.substr(8, 2));
    int64_t nanos = 0;
    if (t != std::string_view::npos) nanos = parseTimePart(s.substr(t + 1));
    Duration d = detail::makeDuration(years * 12 + months, days, 0, nanos);
    return negateAll ? detail::makeDuration(-d.months, -d.days, -d.seconds, -int64_t{d.nanos}) : d;
  }
  bool inTime = false;
  bool any = false;
  bool fractional = false;
  double months = 0, days = 0, seconds = 0;
  int64_t exactMonths = 0, exactDays = 0, exactSeconds = 0, nanos = 0;
  const std::string_view dateUnits = "YMWD";
  const std::string_view timeUnits = "HMS";
  size_t lastUnit = 0;  // the order of units is fixed; each at most once
  while (!s.empty()) {
    if (s[0] == 'T' || s[0] == 't') {
      if (inTime) throw Malformed{};
      inTime = true;
      lastUnit = 0;
      s.remove_prefix(1);
      if (s.empty()) throw Malformed{};
      continue;
    }
    DurationNumber num;
    size_t pos = 0;
    if (s[0] == '-' || s[0] == '+') {
      num.negative = s[0] == '-';
      pos = 1;
    }
    const size_t n = countDigits(s, pos);
    if (n == 0 || n > 18) throw Malformed{};
    num.whole = digitsValue(s.substr(pos, n));
    pos += n;
    std::string fraction;
    if (pos < s.size() && (s[pos] == '.' || s[pos] == ',')) {
      const size_t f = countDigits(s, pos + 1);
      if (f == 0) throw Malformed{};
      fraction = std::string(s.substr(pos + 1, f));
      num.fractional = true;
      pos += 1 + f;
    }
    if (pos >= s.size()) throw Malformed{};
    const char unit = static_cast<char>(s[pos] >= 'a' ? s[pos] - 'a' + 'A' : s[pos]);
    s.remove_prefix(pos + 1);
    const std::string_view units = inTime ? timeUnits : dateUnits;
    const size_t rank = units.find(unit);
    if (rank == std::string_view::npos || rank + 1 <= lastUnit) throw Malformed{};
    lastUnit = rank + 1;
    any = true;
    const int64_t sign = num.negative ? -1 : 1;
    num.value =
        sign *
        std::strtod((std::to_string(num.whole) + (fraction.empty() ? "" : "." + fraction)).c_str(),
                    nullptr);
    if (inTime && unit == 'S') {
      exactSeconds += sign * num.whole;
      if (!fraction.empty()) {
        if (fraction.size() > 9) throw Malformed{};
        int64_t f = digitsValue(fraction);
        for (size_t i = fraction.size(); i < 9; ++i) f *= 10;
        nanos += sign * f;
      }
      seconds += sign * static_cast<double>(num.whole);
      continue;
    }
    if (num.fractional) fractional = true;
    const int64_t whole = sign * num.whole;
    switch (inTime ? unit + 1 : unit) {  // 'M' of minutes becomes 'N'
      case 'Y':
        exactMonths += whole * 12;
        months += num.value * 12;
        break;
      case 'M':
        exactMonths += whole;
        months += num.value;
        break;
      case 'W':
        exactDays += whole * 7;
        days += num.value * 7;
        break;
      case 'D':
        exactDays += whole;
        days += num.value;
        break;
      case 'H' + 1:
        exactSeconds += whole * 3600;
        seconds += num.value * 3600;
        break;
      case 'M' + 1:
        exactSeconds += whole * 60;
        seconds += num.value * 60;
        break;
      default:
        throw Malformed{};
    }
  }
  if (!any) throw Malformed{};
  Duration d = fractional
                   ? detail::approximateDuration(months, days, seconds, static_cast<double>(nanos))
                   : detail::makeDuration(exactMonths, exactDays, exactSeconds, nanos);
  if (negateAll) d = detail::makeDuration(-d.months, -d.days, -d.seconds, -int64_t{d.nanos});
  return d;
}

}  // namespace

Temporal parseTemporal(TemporalType type, std::string_view text, std::string_view defaultZone) {
  try {
    switch (type) {
      case TemporalType::kDate:
        return Date{parseDatePart(text)};
      case TemporalType::kLocalTime:
        return LocalTime{parseTimePart(text)};
      case TemporalType::kTime: {
        const TimeText t = parseZonedTimePart(text);
        int32_t offset = 0;
        if (t.offset) {
          offset = *t.offset;
        } else if (!t.zoneName.empty() || !defaultZone.empty()) {
          // A time carries an offset only; a named zone contributes today's (as Neo4j).
          const auto zone = detail::parseZone(t.zoneName.empty() ? defaultZone : t.zoneName);
          offset = detail::offsetAtInstant(zone, detail::nowEpochSecond());
        }
        return Time{t.nanoOfDay, offset};
      }
      case TemporalType::kLocalDateTime: {
        const size_t t = text.find_first_of("Tt");
        if (t == std::string_view::npos) return LocalDateTime{parseDatePart(text), 0};
        return LocalDateTime{parseDatePart(text.substr(0, t)), parseTimePart(text.substr(t + 1))};
      }
      case TemporalType::kDateTime: {
        const size_t t = text.find_first_of("Tt");
        if (t == std::string_view::npos) {
          return zonedDateTime(LocalDateTime{parseDatePart(text), 0}, TimeText{}, defaultZone);
        }
        const TimeText time = parseZonedTimePart(text.substr(t + 1));
        return zonedDateTime(LocalDateTime{parseDatePart(text.substr(0, t)), time.nanoOfDay}, time,
                             defaultZone);
      }
      case TemporalType::kDuration:
        return parseDurationText(text);
    }
  } catch (const Malformed&) {
  }
  throwMalformed(type, text);
}

}  // namespace cairn::query::value
