#pragma once
// Lexical forms of the typed literals the generator writes. Canonical forms follow XML Schema 1.0
// (the forms RDF stores print back): xsd:integer without sign or leading zeros, xsd:decimal with
// at least one digit after the point and no other trailing zero ("12.5", "3.0"), xsd:double as a
// one-digit mantissa and an exponent ("4.5E0", "1.25E3", "0.0E0"), xsd:boolean "true"/"false",
// xsd:date "YYYY-MM-DD", xsd:dateTime with "Z" for UTC or no timezone. The nonCanonical*
// variants spell the same value another legal way ("007", "12.50", "45E-1", "1", "+00:00"), so
// stores must keep lexical forms apart from values. Values come from integers (cents, grams,
// mantissa and power of ten), never from binary floating point, so the text is exact and
// portable.

#include <charconv>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "bench/datagen/random.h"
#include "core/check.h"

namespace cairn::bench::datagen {

// A short lexical form built in place (no allocation). Lexical forms here are < 64 bytes.
class ShortText {
 public:
  std::string_view view() const { return {buf_, size_}; }
  void clear() { size_ = 0; }

  void append(std::string_view s) {
    CAIRN_DCHECK(size_ + s.size() <= sizeof(buf_));
    std::memcpy(buf_ + size_, s.data(), s.size());
    size_ += s.size();
  }
  void append(char c) {
    CAIRN_DCHECK(size_ < sizeof(buf_));
    buf_[size_++] = c;
  }
  void appendInt(int64_t v) {
    auto [end, ec] = std::to_chars(buf_ + size_, buf_ + sizeof(buf_), v);
    CAIRN_DCHECK(ec == std::errc());
    size_ = static_cast<size_t>(end - buf_);
  }
  // Zero-padded to at least `width` digits; v >= 0.
  void appendPadded(uint64_t v, int width) {
    char digits[24];
    auto [end, ec] = std::to_chars(digits, digits + sizeof(digits), v);
    const int n = static_cast<int>(end - digits);
    for (int i = n; i < width; ++i) append('0');
    append(std::string_view(digits, static_cast<size_t>(n)));
  }

 private:
  char buf_[64];
  size_t size_ = 0;
};

enum class Xsd : uint8_t { kInteger, kDecimal, kDouble, kBoolean, kDate, kDateTime };

// Chance, per million literals of the numeric, boolean and dateTime kinds, that a non-canonical
// form is written instead of the canonical one (0.1%).
inline constexpr uint32_t kNonCanonicalPerMillion = 1000;

// --- canonical forms --------------------------------------------------------------------------

inline void integerLexical(ShortText& out, int64_t v) { out.appendInt(v); }

// The decimal unscaled * 10^-scale, e.g. (1250, 2) -> "12.5", (300, 2) -> "3.0", (-5, 1) -> "-0.5".
inline void decimalLexical(ShortText& out, int64_t unscaled, int scale) {
  uint64_t magnitude = unscaled < 0 ? 0 - static_cast<uint64_t>(unscaled) : unscaled;
  uint64_t pow10 = 1;
  for (int i = 0; i < scale; ++i) pow10 *= 10;
  uint64_t whole = magnitude / pow10;
  uint64_t fraction = magnitude % pow10;
  int digits = scale;
  while (digits > 1 && fraction % 10 == 0) {
    fraction /= 10;
    --digits;
  }
  if (unscaled < 0) out.append('-');
  out.appendInt(static_cast<int64_t>(whole));
  out.append('.');
  if (scale == 0) {
    out.append('0');
  } else {
    out.appendPadded(fraction, digits);
  }
}

// The double mantissa * 10^exponent in canonical form, e.g. (45, -1) -> "4.5E0",
// (1250, 0) -> "1.25E3", (0, 0) -> "0.0E0".
inline void doubleLexical(ShortText& out, int64_t mantissa, int exponent) {
  if (mantissa == 0) {
    out.append("0.0E0");
    return;
  }
  uint64_t magnitude = mantissa < 0 ? 0 - static_cast<uint64_t>(mantissa) : mantissa;
  while (magnitude % 10 == 0) {
    magnitude /= 10;
    ++exponent;
  }
  char digits[24] = {};
  auto [end, ec] = std::to_chars(digits, digits + sizeof(digits), magnitude);
  const int n = static_cast<int>(end - digits);
  if (mantissa < 0) out.append('-');
  out.append(digits[0]);
  out.append('.');
  if (n == 1) {
    out.append('0');
  } else {
    out.append(std::string_view(digits + 1, static_cast<size_t>(n - 1)));
  }
  out.append('E');
  out.appendInt(exponent + n - 1);
}

inline void booleanLexical(ShortText& out, bool v) { out.append(v ? "true" : "false"); }

struct CivilDate {
  int64_t year;
  unsigned month;  // 1..12
  unsigned day;    // 1..31
};

// Days since 1970-01-01 to a proleptic Gregorian date (the era-based civil-from-days method).
inline CivilDate civilFromDays(int64_t days) {
  days += 719468;
  const int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  const uint64_t dayOfEra = static_cast<uint64_t>(days - era * 146097);
  const uint64_t yearOfEra =
      (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
  const uint64_t dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
  const uint64_t mp = (5 * dayOfYear + 2) / 153;
  const unsigned day = static_cast<unsigned>(dayOfYear - (153 * mp + 2) / 5 + 1);
  const unsigned month = static_cast<unsigned>(mp < 10 ? mp + 3 : mp - 9);
  const int64_t year = static_cast<int64_t>(yearOfEra) + era * 400 + (month <= 2 ? 1 : 0);
  return {year, month, day};
}

// Days since 1970-01-01 of January 1st of `year`, for drawing dates within a year range.
inline int64_t daysFromYear(int64_t year) {
  const int64_t y = year - 1;
  return 365 * (year - 1970) + (y / 4 - y / 100 + y / 400) - (1969 / 4 - 1969 / 100 + 1969 / 400);
}

inline void dateLexical(ShortText& out, int64_t days) {
  const CivilDate d = civilFromDays(days);
  out.appendPadded(static_cast<uint64_t>(d.year), 4);
  out.append('-');
  out.appendPadded(d.month, 2);
  out.append('-');
  out.appendPadded(d.day, 2);
}

inline void timeOfDay(ShortText& out, uint32_t secondOfDay) {
  out.appendPadded(secondOfDay / 3600, 2);
  out.append(':');
  out.appendPadded(secondOfDay / 60 % 60, 2);
  out.append(':');
  out.appendPadded(secondOfDay % 60, 2);
}

// "2021-03-04T10:20:30Z" when utc, "2021-03-04T10:20:30" (no timezone) otherwise.
inline void dateTimeLexical(ShortText& out, int64_t days, uint32_t secondOfDay, bool utc) {
  dateLexical(out, days);
  out.append('T');
  timeOfDay(out, secondOfDay);
  if (utc) out.append('Z');
}

// --- non-canonical forms of the same values ---------------------------------------------------

inline void nonCanonicalInteger(ShortText& out, int64_t v, Rng& rng) {
  if (v >= 0 && rng.below(2) == 0) {
    out.append("00");  // "007"
    out.appendInt(v);
  } else if (v >= 0) {
    out.append('+');
    out.appendInt(v);
  } else {
    out.append("-0");
    out.appendInt(0 - v);
  }
}

inline void nonCanonicalDecimal(ShortText& out, int64_t unscaled, int scale, Rng& rng) {
  switch (rng.below(3)) {
    case 0: {  // every fraction digit kept: "1.50", "3.00"
      uint64_t magnitude = unscaled < 0 ? 0 - static_cast<uint64_t>(unscaled) : unscaled;
      uint64_t pow10 = 1;
      for (int i = 0; i < scale; ++i) pow10 *= 10;
      if (unscaled < 0) out.append('-');
      out.appendInt(static_cast<int64_t>(magnitude / pow10));
      out.append('.');
      if (scale > 0) out.appendPadded(magnitude % pow10, scale);
      // Guarantee a trailing zero after the last significant digit.
      if (scale == 0 || magnitude % 10 != 0) out.append('0');
      if (scale == 0) out.append('0');
      return;
    }
    case 1:  // an explicit plus sign: "+12.5" (a negative value gets a leading zero instead)
      out.append(unscaled < 0 ? "-0" : "+");
      decimalLexical(out, unscaled < 0 ? -unscaled : unscaled, scale);
      return;
    default:  // leading zero on the whole part: "012.5"
      if (unscaled < 0) {
        out.append("-0");
        decimalLexical(out, -unscaled, scale);
      } else {
        out.append('0');
        decimalLexical(out, unscaled, scale);
      }
      return;
  }
}

inline void nonCanonicalDouble(ShortText& out, int64_t mantissa, int exponent, Rng& rng) {
  switch (rng.below(3)) {
    case 0:  // the raw mantissa and exponent: "45E-1", "1e3"-like
      out.appendInt(mantissa);
      out.append(rng.below(2) == 0 ? 'E' : 'e');
      out.appendInt(exponent);
      return;
    case 1: {  // canonical digits, a lower-case 'e' and a '+' on a non-negative exponent
      ShortText canonical;
      doubleLexical(canonical, mantissa, exponent);
      std::string_view v = canonical.view();
      const size_t e = v.find('E');
      out.append(v.substr(0, e));
      out.append(v[e + 1] == '-' ? "e" : "e+");
      out.append(v.substr(e + 1));
      return;
    }
    default: {  // a trailing zero in the mantissa: "4.50E0"
      ShortText canonical;
      doubleLexical(canonical, mantissa, exponent);
      std::string_view v = canonical.view();
      const size_t e = v.find('E');
      out.append(v.substr(0, e));
      out.append('0');
      out.append(v.substr(e));
      return;
    }
  }
}

inline void nonCanonicalBoolean(ShortText& out, bool v) { out.append(v ? "1" : "0"); }

// The same instant as a canonical UTC dateTime, spelled with "+00:00" or with ".000" seconds.
inline void nonCanonicalDateTime(ShortText& out, int64_t days, uint32_t secondOfDay, Rng& rng) {
  dateLexical(out, days);
  out.append('T');
  timeOfDay(out, secondOfDay);
  out.append(rng.below(2) == 0 ? "+00:00" : ".000Z");
}

}  // namespace cairn::bench::datagen
