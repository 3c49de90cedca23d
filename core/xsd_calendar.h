#pragma once
// Proleptic Gregorian calendar arithmetic with astronomical year numbering (year 0 is 1 BCE, year
// -1 is 2 BCE), which is what XML Schema 1.1 uses for its date and time types. Pure constexpr
// integer functions; exact for |year| < 10^12, far beyond what the XSD codecs accept.

#include <cstdint>

namespace cairn::core::xsd {

inline constexpr int64_t kSecondsPerDay = 86'400;
inline constexpr int64_t kMinutesPerDay = 1'440;
inline constexpr int64_t kMillisPerDay = 86'400'000;

// Division rounding toward negative infinity, and the matching non-negative remainder.
constexpr int64_t floorDiv(int64_t a, int64_t b) {
  const int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
constexpr int64_t floorMod(int64_t a, int64_t b) { return a - floorDiv(a, b) * b; }

constexpr bool isLeapYear(int64_t year) {
  return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
}

constexpr unsigned daysInMonth(int64_t year, unsigned month) {
  constexpr unsigned kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return month == 2 && isLeapYear(year) ? 29 : kDays[month - 1];
}

// Days from 1970-01-01 to year-month-day (negative before it). The date must be valid.
// The year is shifted to start in March so the leap day is the last day of a 400-year era.
constexpr int64_t daysFromCivil(int64_t year, unsigned month, unsigned day) {
  const int64_t y = year - (month <= 2 ? 1 : 0);
  const int64_t era = floorDiv(y, 400);
  const int64_t yearOfEra = y - era * 400;  // [0, 399]
  const int64_t dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
  const int64_t dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
  return era * 146'097 + dayOfEra - 719'468;
}

struct CivilDate {
  int64_t year = 1970;
  unsigned month = 1;
  unsigned day = 1;
  bool operator==(const CivilDate&) const = default;
};

// The inverse of daysFromCivil.
constexpr CivilDate civilFromDays(int64_t days) {
  const int64_t z = days + 719'468;
  const int64_t era = floorDiv(z, 146'097);
  const int64_t dayOfEra = z - era * 146'097;  // [0, 146096]
  const int64_t yearOfEra =
      (dayOfEra - dayOfEra / 1460 + dayOfEra / 36'524 - dayOfEra / 146'096) / 365;  // [0, 399]
  const int64_t dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
  const int64_t shiftedMonth = (5 * dayOfYear + 2) / 153;  // [0, 11], March = 0
  const auto day = static_cast<unsigned>(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1);
  const auto month = static_cast<unsigned>(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9);
  return {yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day};
}

}  // namespace cairn::core::xsd
