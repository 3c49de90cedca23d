#pragma once
// The values behind XSD built-in literals, for comparisons that must look past the lexical form:
// "01"^^xsd:integer equals "1"^^xsd:integer, 1 (integer) < 1.5 (decimal), and
// "2024-01-01T01:00:00+01:00" equals "2024-01-01T00:00:00Z". Keys of one inline type already sort
// in value order (core/literal_codec.h); XsdValue is what the query engine falls back to for
// lexical (non-inline) forms and for comparisons across types.
//
// Numbers compare with XPath's promotion (as SPARQL's operators do): integer and decimal exactly;
// if either side is a float (and neither a double) both become floats; if either is a double both
// become doubles. NaN is unordered, -0 equals 0. Booleans: false < true. dateTime, date and time
// each follow XSD's partial order: values with a timezone, or both without, compare on the time
// line (no timezone read as UTC); otherwise the timezone-less value spans ±14 hours and an overlap
// is indeterminate, i.e. unordered. Values of different kinds are unordered.
//
// Plain data; every function here is pure and thread-safe.

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/object_type.h"

namespace cairn::core {

enum class XsdKind : uint8_t {
  kBoolean,
  kInteger,
  kDecimal,
  kFloat,
  kDouble,
  kDateTime,
  kDate,
  kTime
};

// An exact decimal number: (negative ? -1 : 1) × 0.d1 d2 … dn × 10^exponent, digits without
// leading or trailing zeros. Zero has no digits and is not negative.
struct XsdDecimal {
  bool negative = false;
  std::string digits;
  int64_t exponent = 0;

  bool isZero() const { return digits.empty(); }
  bool operator==(const XsdDecimal&) const = default;
};

// A dateTime, date or time as a point on XSD's time line plus the timezone it was written in.
struct XsdTemporal {
  // dateTime: the instant in seconds since 1970-01-01T00:00:00Z, i.e. local time minus the offset
  // (local time read as UTC when there is no timezone). date: its first instant. time: the second
  // of day minus the offset, so it may fall outside [0, 86400).
  int64_t seconds = 0;
  // The fraction of the second in units of 10^-18 s. XSD asks for milliseconds; digits past the
  // 18th are dropped (the one place a value is not exact).
  uint64_t attoseconds = 0;
  bool hasTimezone = false;
  int16_t offsetMinutes = 0;  // -840..840 when hasTimezone

  bool operator==(const XsdTemporal&) const = default;
};

struct XsdValue {
  XsdKind kind = XsdKind::kBoolean;
  bool boolean = false;     // kBoolean
  int64_t integer = 0;      // kInteger that fits int64
  bool bigInteger = false;  // kInteger that does not: the value is in `decimal`
  XsdDecimal decimal;       // kDecimal, big kInteger
  double number = 0;        // kDouble, kFloat (a float widens to double exactly)
  XsdTemporal temporal;     // kDateTime, kDate, kTime

  bool isNumeric() const {
    return kind == XsdKind::kInteger || kind == XsdKind::kDecimal || kind == XsdKind::kFloat ||
           kind == XsdKind::kDouble;
  }
  bool isTemporal() const {
    return kind == XsdKind::kDateTime || kind == XsdKind::kDate || kind == XsdKind::kTime;
  }

  static XsdValue ofBoolean(bool v);
  static XsdValue ofInteger(int64_t v);
  static XsdValue ofDecimal(XsdDecimal v);  // must be normalized as documented above
  static XsdValue ofDouble(double v);
  static XsdValue ofFloat(float v);
  static XsdValue ofTemporal(XsdKind kind, XsdTemporal v);
};

// The value of `lexical` as a literal of `type` (an inline built-in type or its lexical variant;
// an integer-derived type checks its range, dateTimeStamp requires a timezone). Accepts every valid
// lexical form, canonical or not, after XSD's whitespace collapsing; nullopt if the literal is
// ill-typed or `type` is not an inline built-in type. Implementation limit: dates with years of
// more than 11 digits are treated as ill-typed.
std::optional<XsdValue> parseXsdValue(ObjectType type, std::string_view lexical);

// The value of an inline key (a key encodeInline produced for `inlineType`). No string detour.
XsdValue valueOfInline(ObjectType inlineType, uint64_t key);

std::partial_ordering compareXsdValues(const XsdValue& a, const XsdValue& b);

// The number promoted to double (XPath casting: nearest, ±INF beyond the range).
// Precondition: a.isNumeric().
double toDouble(const XsdValue& a);

}  // namespace cairn::core
