#pragma once
// The lexical grammars (XML Schema 1.1 Part 2) of the built-in datatypes Cairn inlines, split
// into their parts without judging canonicity. The inline codec uses them and then insists on
// the one canonical form; value parsing (core/xsd_value.h) accepts every form they accept.
//
// The split functions take a lexical form whose whitespace has already been collapsed, allocate
// nothing, and return views into their input. Calendar validity (month 1-12, day within the
// month, leap years, 24:00:00 only as an exact end of day) is checked here, since a form that
// names no date is not in the lexical space. Implementation limit: years of more than
// kMaxYearDigits digits are rejected.

#include <cstdint>
#include <optional>
#include <string_view>

namespace cairn::core::xsd {

// XSD's whiteSpace facet "collapse" for types whose lexical space contains no spaces: strips
// leading and trailing #x20, #x9, #xA and #xD. (Inner whitespace makes the form invalid anyway.)
std::string_view collapseWhitespace(std::string_view lexical);

// Integer (\+|-)?[0-9]+ or decimal (\+|-)?([0-9]+(\.[0-9]*)?|\.[0-9]+).
struct DecimalParts {
  char sign = 0;  // 0, '+' or '-'
  std::string_view integerDigits;
  bool hasPoint = false;
  std::string_view fractionDigits;
};
std::optional<DecimalParts> splitInteger(std::string_view lexical);
std::optional<DecimalParts> splitDecimal(std::string_view lexical);

// xsd:double and xsd:float: a decimal mantissa with an optional exponent, or INF, +INF, -INF, NaN.
enum class FloatingSpecial : uint8_t { kNone, kPositiveInfinity, kNegativeInfinity, kNaN };
struct FloatingParts {
  FloatingSpecial special = FloatingSpecial::kNone;
  DecimalParts mantissa;
  char exponentSign = 0;            // 0, '+' or '-'
  std::string_view exponentDigits;  // empty when there is no exponent
};
std::optional<FloatingParts> splitFloating(std::string_view lexical);

enum class TimezoneKind : uint8_t { kNone, kUtc, kOffset };
struct TimezoneParts {
  TimezoneKind kind = TimezoneKind::kNone;
  char sign = 0;          // '+' or '-' for kOffset (kept: "-00:00" is a distinct form)
  int offsetMinutes = 0;  // -840..840 for kOffset
};

inline constexpr size_t kMaxYearDigits = 11;

// -?YYYY-MM-DDThh:mm:ss(.s+)?(tz)?, -?YYYY-MM-DD(tz)?, hh:mm:ss(.s+)?(tz)?; unused fields stay 0.
struct TemporalParts {
  bool negativeYear = false;
  std::string_view yearDigits;
  int64_t year = 0;  // astronomical: -0001 is -1, 0000 is 0
  unsigned month = 0;
  unsigned day = 0;
  unsigned hour = 0;  // 24 only as 24:00:00 with an all-zero fraction
  unsigned minute = 0;
  unsigned second = 0;
  bool hasFraction = false;
  std::string_view fractionDigits;  // at least one digit when hasFraction
  TimezoneParts timezone;
};
std::optional<TemporalParts> splitDateTime(std::string_view lexical);
std::optional<TemporalParts> splitDate(std::string_view lexical);
std::optional<TemporalParts> splitTime(std::string_view lexical);

}  // namespace cairn::core::xsd
