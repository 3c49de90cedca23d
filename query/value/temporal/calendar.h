#pragma once
// Proleptic Gregorian calendar arithmetic on epoch days (days since 1970-01-01), ISO weeks and
// the time-of-day split, shared by the temporal library. Howard Hinnant's civil algorithms
// (http://howardhinnant.github.io/date_algorithms.html), exact for every int32 year. Pure.

#include <cstdint>

namespace cairn::query::value::calendar {

inline constexpr int64_t kNanosPerMinute = 60'000'000'000;
inline constexpr int64_t kNanosPerHour = 60 * kNanosPerMinute;
// java.time's LocalDate range, which the TCK's extremes ('+999999999-12-31') use.
inline constexpr int64_t kMinYear = -999'999'999;
inline constexpr int64_t kMaxYear = 999'999'999;

struct YearMonthDay {
  int64_t year = 1970;
  int64_t month = 1;  // 1..12
  int64_t day = 1;    // 1..31
};

constexpr bool isLeapYear(int64_t y) { return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0); }

constexpr int64_t daysInMonth(int64_t y, int64_t m) {
  constexpr int64_t kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && isLeapYear(y) ? 29 : kDays[m - 1];
}

constexpr int64_t daysInYear(int64_t y) { return isLeapYear(y) ? 366 : 365; }

constexpr int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
constexpr int64_t floorMod(int64_t a, int64_t b) { return a - floorDiv(a, b) * b; }

constexpr int64_t daysFromCivil(int64_t y, int64_t m, int64_t d) {
  y -= m <= 2;
  const int64_t era = floorDiv(y, 400);
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

constexpr YearMonthDay civilFromDays(int64_t z) {
  z += 719468;
  const int64_t era = floorDiv(z, 146097);
  const int64_t doe = z - era * 146097;
  const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const int64_t y = yoe + era * 400;
  const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const int64_t mp = (5 * doy + 2) / 153;
  const int64_t d = doy - (153 * mp + 2) / 5 + 1;
  const int64_t m = mp < 10 ? mp + 3 : mp - 9;
  return {y + (m <= 2), m, d};
}

// 1 = Monday ... 7 = Sunday (ISO 8601); 1970-01-01 was a Thursday.
constexpr int64_t dayOfWeek(int64_t epochDay) { return floorMod(epochDay + 3, 7) + 1; }

// The Monday of ISO week 1 of `weekYear` (the week holding January 4th).
constexpr int64_t isoWeekOneMonday(int64_t weekYear) {
  const int64_t jan4 = daysFromCivil(weekYear, 1, 4);
  return jan4 - (dayOfWeek(jan4) - 1);
}

constexpr int64_t isoWeeksInYear(int64_t weekYear) {
  return (isoWeekOneMonday(weekYear + 1) - isoWeekOneMonday(weekYear)) / 7;
}

struct IsoWeek {
  int64_t weekYear = 0;
  int64_t week = 1;
};

constexpr IsoWeek isoWeekOf(int64_t epochDay) {
  int64_t wy = civilFromDays(epochDay).year + 1;
  while (epochDay < isoWeekOneMonday(wy)) --wy;
  return {wy, (epochDay - isoWeekOneMonday(wy)) / 7 + 1};
}

constexpr int64_t quarterStartMonth(int64_t month) { return (month - 1) / 3 * 3 + 1; }

}  // namespace cairn::query::value::calendar
