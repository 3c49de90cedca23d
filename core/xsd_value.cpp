#include "core/xsd_value.h"

#include <charconv>
#include <cmath>
#include <limits>

#include "core/check.h"
#include "core/xsd_calendar.h"
#include "core/xsd_lexical.h"
#include "core/xsd_numeric_codec.h"
#include "core/xsd_temporal_codec.h"

namespace cairn::core {
namespace {

// Beyond these powers of ten every double and float has overflowed or underflowed; deciding
// them up front keeps absurd exponents ("1E999999999999999999999") away from from_chars.
constexpr int64_t kFloatingExponentLimit = 400;
constexpr int64_t kSecondsOfTimezoneSpan = 14 * 3600;
constexpr uint64_t kAttosPerMilli = 1'000'000'000'000'000;

std::string_view stripLeadingZeros(std::string_view s) {
  const size_t k = s.find_first_not_of('0');
  return k == std::string_view::npos ? std::string_view{} : s.substr(k);
}

std::string_view stripTrailingZeros(std::string_view s) {
  const size_t k = s.find_last_not_of('0');
  return k == std::string_view::npos ? std::string_view{} : s.substr(0, k + 1);
}

// A decimal number in XsdDecimal's normal form, borrowed.
struct DecimalView {
  bool negative = false;
  std::string_view digits;
  int64_t exponent = 0;
};

XsdDecimal makeDecimal(bool negative, std::string_view integerDigits,
                       std::string_view fractionDigits) {
  XsdDecimal d;
  integerDigits = stripLeadingZeros(integerDigits);
  if (!integerDigits.empty()) {
    d.exponent = static_cast<int64_t>(integerDigits.size());
    d.digits.reserve(integerDigits.size() + fractionDigits.size());
    d.digits.append(integerDigits);
    d.digits.append(fractionDigits);
    d.digits.resize(stripTrailingZeros(d.digits).size());
  } else {
    const std::string_view significant = stripLeadingZeros(fractionDigits);
    d.exponent = -static_cast<int64_t>(fractionDigits.size() - significant.size());
    d.digits.assign(stripTrailingZeros(significant));
  }
  if (d.digits.empty()) d.exponent = 0;
  d.negative = negative && !d.digits.empty();
  return d;
}

// `buffer` holds the digits of a small integer for as long as the view is used.
DecimalView exactView(const XsdValue& v, char (&buffer)[24]) {
  if (v.kind == XsdKind::kInteger && !v.bigInteger) {
    if (v.integer == 0) return {};
    const uint64_t magnitude =
        v.integer < 0 ? 0 - static_cast<uint64_t>(v.integer) : static_cast<uint64_t>(v.integer);
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, magnitude).ptr;
    const std::string_view digits(buffer, static_cast<size_t>(end - buffer));
    return {v.integer < 0, stripTrailingZeros(digits), static_cast<int64_t>(digits.size())};
  }
  return {v.decimal.negative, v.decimal.digits, v.decimal.exponent};
}

std::partial_ordering compareExact(const DecimalView& a, const DecimalView& b) {
  const int signA = a.digits.empty() ? 0 : (a.negative ? -1 : 1);
  const int signB = b.digits.empty() ? 0 : (b.negative ? -1 : 1);
  if (signA != signB || signA == 0) return signA <=> signB;
  // Normal forms: a longer integer part is a larger magnitude; then the digits decide.
  std::strong_ordering magnitude = a.exponent <=> b.exponent;
  if (magnitude == 0) magnitude = a.digits <=> b.digits;
  return signA > 0 ? magnitude : 0 <=> magnitude;
}

template <typename T>
T signedExtreme(bool negative, bool overflow) {
  const T magnitude = overflow ? std::numeric_limits<T>::infinity() : T(0);
  return negative ? -magnitude : magnitude;
}

// XPath's cast of a decimal to float or double: correctly rounded, ±INF beyond the range.
template <typename T>
T decimalToFloating(const DecimalView& d) {
  if (d.digits.empty()) return T(0);
  if (d.exponent > kFloatingExponentLimit) return signedExtreme<T>(d.negative, true);
  if (d.exponent < -kFloatingExponentLimit) return signedExtreme<T>(d.negative, false);
  std::string text = d.negative ? "-0." : "0.";
  text.append(d.digits);
  text += 'e';
  text += std::to_string(d.exponent);
  T value;
  const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
  if (result.ec == std::errc::result_out_of_range) {
    return signedExtreme<T>(d.negative, d.exponent > 0);
  }
  CAIRN_CHECK(result.ec == std::errc() && result.ptr == text.data() + text.size());
  return value;
}

template <typename T>
T exactToFloating(const XsdValue& v) {
  if (v.kind == XsdKind::kInteger && !v.bigInteger) return static_cast<T>(v.integer);
  char buffer[24];
  return decimalToFloating<T>(exactView(v, buffer));
}

float toFloat(const XsdValue& v) {
  if (v.kind == XsdKind::kFloat) return static_cast<float>(v.number);
  return exactToFloating<float>(v);
}

std::partial_ordering compareNumbers(const XsdValue& a, const XsdValue& b) {
  if (a.kind == XsdKind::kDouble || b.kind == XsdKind::kDouble) return toDouble(a) <=> toDouble(b);
  if (a.kind == XsdKind::kFloat || b.kind == XsdKind::kFloat) return toFloat(a) <=> toFloat(b);
  if (a.kind == XsdKind::kInteger && !a.bigInteger && b.kind == XsdKind::kInteger &&
      !b.bigInteger) {
    return a.integer <=> b.integer;
  }
  char bufferA[24];
  char bufferB[24];
  return compareExact(exactView(a, bufferA), exactView(b, bufferB));
}

std::partial_ordering compareInstants(int64_t secondsA, uint64_t attosA, int64_t secondsB,
                                      uint64_t attosB) {
  if (secondsA != secondsB) return secondsA <=> secondsB;
  return attosA <=> attosB;
}

std::partial_ordering compareTemporal(const XsdTemporal& a, const XsdTemporal& b) {
  if (a.hasTimezone == b.hasTimezone) {
    return compareInstants(a.seconds, a.attoseconds, b.seconds, b.attoseconds);
  }
  // The value without a timezone could be any instant within 14 hours of its local time.
  const XsdTemporal& zoned = a.hasTimezone ? a : b;
  const XsdTemporal& floating = a.hasTimezone ? b : a;
  std::partial_ordering zonedVsFloating = std::partial_ordering::unordered;
  if (compareInstants(zoned.seconds, zoned.attoseconds, floating.seconds - kSecondsOfTimezoneSpan,
                      floating.attoseconds) < 0) {
    zonedVsFloating = std::partial_ordering::less;
  } else if (compareInstants(zoned.seconds, zoned.attoseconds,
                             floating.seconds + kSecondsOfTimezoneSpan, floating.attoseconds) > 0) {
    zonedVsFloating = std::partial_ordering::greater;
  } else {
    return std::partial_ordering::unordered;
  }
  return a.hasTimezone ? zonedVsFloating : 0 <=> zonedVsFloating;
}

std::optional<XsdValue> parseBoolean(std::string_view s) {
  if (s == "true" || s == "1") return XsdValue::ofBoolean(true);
  if (s == "false" || s == "0") return XsdValue::ofBoolean(false);
  return std::nullopt;
}

// Whether an integer type admits values beyond int64 of the given sign (`digits` without
// leading zeros, at least 19 of them).
bool admitsBigInteger(ObjectType t, bool negative, std::string_view digits) {
  switch (t) {
    case otype::kInteger:
      return true;
    case otype::kNonNegativeInteger:
    case otype::kPositiveInteger:
      return !negative;
    case otype::kNonPositiveInteger:
    case otype::kNegativeInteger:
      return negative;
    case otype::kUnsignedLong:
      return !negative &&
             (digits.size() < 20 || (digits.size() == 20 && digits <= "18446744073709551615"));
    default:
      return false;
  }
}

std::optional<XsdValue> parseInteger(ObjectType t, std::string_view s) {
  const auto parts = xsd::splitInteger(s);
  if (!parts) return std::nullopt;
  const std::string_view digits = stripLeadingZeros(parts->integerDigits);
  const bool negative = parts->sign == '-' && !digits.empty();
  if (digits.size() <= 19) {
    uint64_t magnitude = 0;
    for (char c : digits) magnitude = magnitude * 10 + static_cast<uint64_t>(c - '0');
    constexpr auto kMax = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
    if (magnitude <= kMax + (negative ? 1 : 0)) {
      const auto value = static_cast<int64_t>(negative ? 0 - magnitude : magnitude);
      const xsd::IntegerRange range = xsd::integerRange(t);
      if (value < range.min || value > range.max) return std::nullopt;
      return XsdValue::ofInteger(value);
    }
  }
  if (!admitsBigInteger(t, negative, digits)) return std::nullopt;
  XsdValue v;
  v.kind = XsdKind::kInteger;
  v.bigInteger = true;
  v.decimal = makeDecimal(negative, digits, {});
  return v;
}

std::optional<XsdValue> parseDecimal(std::string_view s) {
  const auto parts = xsd::splitDecimal(s);
  if (!parts) return std::nullopt;
  return XsdValue::ofDecimal(
      makeDecimal(parts->sign == '-', parts->integerDigits, parts->fractionDigits));
}

// XSD 1.1: the nearest T, ±INF for magnitudes beyond its range, ±0 below it.
template <typename T>
std::optional<T> parseFloating(std::string_view s) {
  const auto parts = xsd::splitFloating(s);
  if (!parts) return std::nullopt;
  switch (parts->special) {
    case xsd::FloatingSpecial::kPositiveInfinity:
      return std::numeric_limits<T>::infinity();
    case xsd::FloatingSpecial::kNegativeInfinity:
      return -std::numeric_limits<T>::infinity();
    case xsd::FloatingSpecial::kNaN:
      return std::numeric_limits<T>::quiet_NaN();
    case xsd::FloatingSpecial::kNone:
      break;
  }
  const bool negative = parts->mantissa.sign == '-';
  const XsdDecimal mantissa =
      makeDecimal(false, parts->mantissa.integerDigits, parts->mantissa.fractionDigits);
  if (mantissa.isZero()) return negative ? -T(0) : T(0);
  // The power of ten of the value, saturated: exponents of more than 15 digits are all extreme.
  const std::string_view exponentDigits = stripLeadingZeros(parts->exponentDigits);
  int64_t exponent = 0;
  if (exponentDigits.size() > 15) {
    exponent = std::numeric_limits<int32_t>::max();
  } else {
    for (char c : exponentDigits) exponent = exponent * 10 + (c - '0');
  }
  if (parts->exponentSign == '-') exponent = -exponent;
  const int64_t magnitude = mantissa.exponent + exponent;
  if (magnitude > kFloatingExponentLimit) return signedExtreme<T>(negative, true);
  if (magnitude < -kFloatingExponentLimit) return signedExtreme<T>(negative, false);
  // from_chars reads XSD's syntax except for a leading '+'.
  const std::string_view text = parts->mantissa.sign == '+' ? s.substr(1) : s;
  T value;
  const char* end = text.data() + text.size();
  const auto result = std::from_chars(text.data(), end, value);
  if (result.ec == std::errc::result_out_of_range) return signedExtreme<T>(negative, magnitude > 0);
  if (result.ec != std::errc() || result.ptr != end) return std::nullopt;
  return value;
}

XsdTemporal temporalOfParts(const xsd::TemporalParts& p, bool hasDate) {
  XsdTemporal t;
  const int64_t days = hasDate ? xsd::daysFromCivil(p.year, p.month, p.day) : 0;
  // 24:00:00 ends the day: in a dateTime that is the next day's first instant; a time has no day
  // to carry into, so it is 00:00:00.
  const int64_t hour = !hasDate && p.hour == 24 ? 0 : p.hour;
  t.seconds = days * xsd::kSecondsPerDay + (hour * 60 + p.minute) * 60 + p.second;
  uint64_t unit = kAttosPerMilli * 100;  // the first fraction digit counts 10^17 attoseconds
  for (size_t i = 0; i < p.fractionDigits.size() && unit != 0; ++i, unit /= 10) {
    t.attoseconds += static_cast<uint64_t>(p.fractionDigits[i] - '0') * unit;
  }
  if (p.timezone.kind != xsd::TimezoneKind::kNone) {
    t.hasTimezone = true;
    t.offsetMinutes = static_cast<int16_t>(p.timezone.offsetMinutes);
    t.seconds -= int64_t{p.timezone.offsetMinutes} * 60;
  }
  return t;
}

std::optional<XsdValue> parseTemporal(ObjectType t, std::string_view s) {
  switch (t) {
    case otype::kDateTime:
    case otype::kDateTimeStamp: {
      const auto p = xsd::splitDateTime(s);
      if (!p) return std::nullopt;
      if (t == otype::kDateTimeStamp && p->timezone.kind == xsd::TimezoneKind::kNone) {
        return std::nullopt;
      }
      return XsdValue::ofTemporal(XsdKind::kDateTime, temporalOfParts(*p, true));
    }
    case otype::kDate: {
      const auto p = xsd::splitDate(s);
      if (!p) return std::nullopt;
      return XsdValue::ofTemporal(XsdKind::kDate, temporalOfParts(*p, true));
    }
    case otype::kTime: {
      const auto p = xsd::splitTime(s);
      if (!p) return std::nullopt;
      return XsdValue::ofTemporal(XsdKind::kTime, temporalOfParts(*p, false));
    }
    default:
      return std::nullopt;
  }
}

XsdTemporal temporalOfMillis(const xsd::TemporalKeyParts& parts) {
  XsdTemporal t;
  t.seconds = xsd::floorDiv(parts.value, 1000);
  t.attoseconds = static_cast<uint64_t>(xsd::floorMod(parts.value, 1000)) * kAttosPerMilli;
  t.hasTimezone = parts.timezone.hasTimezone();
  t.offsetMinutes = static_cast<int16_t>(parts.timezone.offsetMinutes);
  return t;
}

}  // namespace

XsdValue XsdValue::ofBoolean(bool v) {
  XsdValue value;
  value.kind = XsdKind::kBoolean;
  value.boolean = v;
  return value;
}

XsdValue XsdValue::ofInteger(int64_t v) {
  XsdValue value;
  value.kind = XsdKind::kInteger;
  value.integer = v;
  return value;
}

XsdValue XsdValue::ofDecimal(XsdDecimal v) {
  XsdValue value;
  value.kind = XsdKind::kDecimal;
  value.decimal = std::move(v);
  return value;
}

XsdValue XsdValue::ofDouble(double v) {
  XsdValue value;
  value.kind = XsdKind::kDouble;
  value.number = v;
  return value;
}

XsdValue XsdValue::ofFloat(float v) {
  XsdValue value;
  value.kind = XsdKind::kFloat;
  value.number = v;
  return value;
}

XsdValue XsdValue::ofTemporal(XsdKind kind, XsdTemporal v) {
  CAIRN_CHECK(kind == XsdKind::kDateTime || kind == XsdKind::kDate || kind == XsdKind::kTime);
  XsdValue value;
  value.kind = kind;
  value.temporal = v;
  return value;
}

std::optional<XsdValue> parseXsdValue(ObjectType type, std::string_view lexical) {
  if (isLexicalBuiltin(type)) type = inlineTypeOf(type);
  const std::string_view s = xsd::collapseWhitespace(lexical);
  if (xsd::isIntegerType(type)) return parseInteger(type, s);
  switch (type) {
    case otype::kBoolean:
      return parseBoolean(s);
    case otype::kDecimal:
      return parseDecimal(s);
    case otype::kDouble: {
      const auto v = parseFloating<double>(s);
      return v ? std::optional(XsdValue::ofDouble(*v)) : std::nullopt;
    }
    case otype::kFloat: {
      const auto v = parseFloating<float>(s);
      return v ? std::optional(XsdValue::ofFloat(*v)) : std::nullopt;
    }
    default:
      return parseTemporal(type, s);
  }
}

XsdValue valueOfInline(ObjectType inlineType, uint64_t key) {
  if (xsd::isIntegerType(inlineType)) return XsdValue::ofInteger(xsd::integerOfKey(key));
  switch (inlineType) {
    case otype::kBoolean:
      CAIRN_CHECK(key <= 1, "not an xsd:boolean key");
      return XsdValue::ofBoolean(key != 0);
    case otype::kDecimal: {
      const xsd::DecimalKeyParts parts = xsd::decimalKeyParts(key);
      if (parts.mantissa == 0) return XsdValue::ofDecimal({});
      char digits[xsd::kDecimalDigits + 1];
      const auto end = std::to_chars(digits, digits + sizeof digits, parts.mantissa).ptr;
      XsdDecimal d;
      d.negative = parts.negative;
      d.digits.assign(stripTrailingZeros({digits, static_cast<size_t>(end - digits)}));
      d.exponent = parts.exponent + 1;
      return XsdValue::ofDecimal(std::move(d));
    }
    case otype::kDouble:
      return XsdValue::ofDouble(xsd::doubleOfKey(key));
    case otype::kFloat:
      return XsdValue::ofFloat(static_cast<float>(xsd::doubleOfKey(key)));
    case otype::kDateTime:
    case otype::kDateTimeStamp:
      return XsdValue::ofTemporal(XsdKind::kDateTime, temporalOfMillis(xsd::dateTimeKeyParts(key)));
    case otype::kTime:
      return XsdValue::ofTemporal(XsdKind::kTime, temporalOfMillis(xsd::timeKeyParts(key)));
    case otype::kDate: {
      const xsd::TemporalKeyParts parts = xsd::dateKeyParts(key);
      XsdTemporal t;
      t.seconds = parts.value * 60;
      t.hasTimezone = parts.timezone.hasTimezone();
      t.offsetMinutes = static_cast<int16_t>(parts.timezone.offsetMinutes);
      return XsdValue::ofTemporal(XsdKind::kDate, t);
    }
    default:
      CAIRN_CHECK(false, "valueOfInline: not an inline built-in type");
  }
  return {};
}

double toDouble(const XsdValue& v) {
  CAIRN_CHECK(v.isNumeric(), "toDouble of a non-numeric value");
  if (v.kind == XsdKind::kDouble || v.kind == XsdKind::kFloat) return v.number;
  return exactToFloating<double>(v);
}

std::partial_ordering compareXsdValues(const XsdValue& a, const XsdValue& b) {
  if (a.isNumeric() && b.isNumeric()) return compareNumbers(a, b);
  if (a.kind != b.kind) return std::partial_ordering::unordered;
  if (a.kind == XsdKind::kBoolean) return a.boolean <=> b.boolean;
  return compareTemporal(a.temporal, b.temporal);
}

}  // namespace cairn::core
