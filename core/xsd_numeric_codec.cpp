#include "core/xsd_numeric_codec.h"

#include <array>
#include <charconv>
#include <cmath>
#include <limits>

#include "core/check.h"

namespace cairn::core::xsd {
namespace {

constexpr bool isAsciiDigit(char c) { return c >= '0' && c <= '9'; }

// 10^0 .. 10^16, for padding decimal mantissas to 16 digits.
constexpr auto kPowersOfTen = [] {
  std::array<uint64_t, kDecimalDigits + 1> powers{};
  uint64_t power = 1;
  for (uint64_t& p : powers) {
    p = power;
    power *= 10;
  }
  return powers;
}();

constexpr uint64_t kMantissaMask = (uint64_t{1} << kDecimalMantissaBits) - 1;

// Longest canonical double: "-2.2250738585072014E-308" (24 bytes).
constexpr size_t kMaxCanonicalFloating = 32;

// Writes the XSD canonical form of `value` to `out` and returns its length. std::to_chars in
// scientific format without a precision gives the shortest digits that round-trip for the type;
// only the spelling differs from XSD's ("1e+00" → "1.0E0").
template <typename T>
size_t formatCanonical(char* out, T value) {
  if (std::isnan(value)) {
    std::char_traits<char>::copy(out, "NaN", 3);
    return 3;
  }
  if (std::isinf(value)) {
    const std::string_view s = value < 0 ? "-INF" : "INF";
    std::char_traits<char>::copy(out, s.data(), s.size());
    return s.size();
  }
  char buf[kMaxCanonicalFloating];
  const auto result = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
  CAIRN_CHECK(result.ec == std::errc(), "to_chars failed on a finite value");
  const std::string_view text(buf, static_cast<size_t>(result.ptr - buf));
  const size_t e = text.find('e');
  CAIRN_CHECK(e != std::string_view::npos);
  const std::string_view mantissa = text.substr(0, e);
  std::string_view exponent = text.substr(e + 1);

  size_t n = 0;
  std::char_traits<char>::copy(out, mantissa.data(), mantissa.size());
  n += mantissa.size();
  if (mantissa.find('.') == std::string_view::npos) {
    out[n++] = '.';
    out[n++] = '0';
  }
  out[n++] = 'E';
  if (exponent.front() == '-') out[n++] = '-';
  exponent.remove_prefix(1);  // the sign, '+' or '-'
  while (exponent.size() > 1 && exponent.front() == '0') exponent.remove_prefix(1);
  std::char_traits<char>::copy(out + n, exponent.data(), exponent.size());
  return n + exponent.size();
}

// Parses `lexical` as T and accepts it only if it is exactly the canonical form of its value:
// cheaper to get right than a grammar of shortest digits, and exact by construction.
template <typename T>
std::optional<T> parseCanonicalFloating(std::string_view lexical) {
  if (lexical.empty() || lexical.size() > kMaxCanonicalFloating) return std::nullopt;
  if (lexical == "INF") return std::numeric_limits<T>::infinity();
  if (lexical == "-INF") return -std::numeric_limits<T>::infinity();
  if (lexical == "NaN") return std::numeric_limits<T>::quiet_NaN();
  T value;
  const char* end = lexical.data() + lexical.size();
  const auto result = std::from_chars(lexical.data(), end, value, std::chars_format::scientific);
  if (result.ec != std::errc() || result.ptr != end || std::isnan(value)) return std::nullopt;
  char canonical[kMaxCanonicalFloating];
  const size_t n = formatCanonical(canonical, value);
  if (std::string_view(canonical, n) != lexical) return std::nullopt;
  return value;
}

uint64_t magnitudeKey(uint64_t mantissa, int exponent) {
  return (static_cast<uint64_t>(exponent - kDecimalMinExponent) << kDecimalMantissaBits) | mantissa;
}

}  // namespace

IntegerRange integerRange(ObjectType t) {
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  switch (t) {
    case otype::kInteger:
    case otype::kLong:
      return {kMin, kMax};
    case otype::kInt:
      return {INT32_MIN, INT32_MAX};
    case otype::kShort:
      return {INT16_MIN, INT16_MAX};
    case otype::kByte:
      return {INT8_MIN, INT8_MAX};
    case otype::kNonNegativeInteger:
    case otype::kUnsignedLong:
      return {0, kMax};
    case otype::kPositiveInteger:
      return {1, kMax};
    case otype::kNonPositiveInteger:
      return {kMin, 0};
    case otype::kNegativeInteger:
      return {kMin, -1};
    case otype::kUnsignedInt:
      return {0, UINT32_MAX};
    case otype::kUnsignedShort:
      return {0, UINT16_MAX};
    case otype::kUnsignedByte:
      return {0, UINT8_MAX};
    default:
      CAIRN_CHECK(false, "not an integer type");
  }
  return {};
}

std::optional<uint64_t> encodeIntegerKey(std::string_view s, IntegerRange range) {
  size_t pos = 0;
  const bool negative = !s.empty() && s[0] == '-';
  if (negative) pos = 1;
  const size_t n = s.size() - pos;
  // 19 digits always fit in uint64; 20 or more exceed int64.
  if (n == 0 || n > 19) return std::nullopt;
  if (s[pos] == '0' && (n > 1 || negative)) return std::nullopt;  // leading zero, "-0"
  uint64_t magnitude = 0;
  for (size_t i = pos; i < s.size(); ++i) {
    const auto digit = static_cast<unsigned>(static_cast<unsigned char>(s[i]) - '0');
    if (digit > 9) return std::nullopt;
    magnitude = magnitude * 10 + digit;
  }
  constexpr auto kMaxMagnitude = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
  if (magnitude > kMaxMagnitude + (negative ? 1 : 0)) return std::nullopt;
  // Two's complement negation in uint64 reaches INT64_MIN without signed overflow.
  const auto value = static_cast<int64_t>(negative ? 0 - magnitude : magnitude);
  if (value < range.min || value > range.max) return std::nullopt;
  return integerKey(value);
}

void appendIntegerKey(std::string& out, uint64_t key) {
  char buf[24];
  const auto result = std::to_chars(buf, buf + sizeof buf, integerOfKey(key));
  out.append(buf, result.ptr);
}

DecimalKeyParts decimalKeyParts(uint64_t key) {
  if (key == kSignBit) return {};
  const bool negative = (key & kSignBit) == 0;
  const uint64_t magnitude = (negative ? ~key : key) & ~kSignBit;
  const uint64_t mantissa = magnitude & kMantissaMask;
  CAIRN_CHECK(mantissa >= kDecimalMantissaMin && mantissa < kDecimalMantissaLimit,
              "not an xsd:decimal key");
  return {negative, mantissa,
          static_cast<int>(magnitude >> kDecimalMantissaBits) + kDecimalMinExponent};
}

std::optional<uint64_t> encodeDecimalKey(std::string_view s) {
  const bool negative = !s.empty() && s[0] == '-';
  const std::string_view unsignedPart = s.substr(negative ? 1 : 0);
  const size_t point = unsignedPart.find('.');
  if (point == std::string_view::npos) return std::nullopt;
  const std::string_view integerDigits = unsignedPart.substr(0, point);
  const std::string_view fractionDigits = unsignedPart.substr(point + 1);
  if (integerDigits.empty() || fractionDigits.empty()) return std::nullopt;
  if (integerDigits.size() > 1 && integerDigits[0] == '0') return std::nullopt;
  if (fractionDigits.size() > 1 && fractionDigits.back() == '0') return std::nullopt;
  for (char c : integerDigits) {
    if (!isAsciiDigit(c)) return std::nullopt;
  }
  for (char c : fractionDigits) {
    if (!isAsciiDigit(c)) return std::nullopt;
  }
  const bool integerIsZero = integerDigits == "0";
  if (integerIsZero && fractionDigits == "0") {
    if (negative) return std::nullopt;  // "-0.0": zero has one form
    return kSignBit;
  }

  // The digits integerDigits ++ fractionDigits, indexed as one sequence; first and last are the
  // positions of the first and last significant (non-zero) digit.
  const auto digitAt = [&](size_t i) {
    return i < integerDigits.size() ? integerDigits[i] : fractionDigits[i - integerDigits.size()];
  };
  size_t first = 0;
  int exponent = 0;
  if (!integerIsZero) {
    if (integerDigits.size() > static_cast<size_t>(kDecimalMaxExponent) + 1) return std::nullopt;
    exponent = static_cast<int>(integerDigits.size()) - 1;
  } else {
    const size_t k = fractionDigits.find_first_not_of('0');
    if (k > static_cast<size_t>(-kDecimalMinExponent) - 1) return std::nullopt;
    first = integerDigits.size() + k;
    exponent = -static_cast<int>(k) - 1;
  }
  size_t last = integerDigits.size() + fractionDigits.size() - 1;
  if (fractionDigits == "0") {
    last = integerDigits.find_last_not_of('0');  // "120.0": the 0s of 120 are not significant
  }
  const size_t count = last - first + 1;
  if (count > static_cast<size_t>(kDecimalDigits)) return std::nullopt;
  uint64_t mantissa = 0;
  for (size_t i = first; i <= last; ++i) mantissa = mantissa * 10 + (digitAt(i) - '0');
  mantissa *= kPowersOfTen[kDecimalDigits - count];
  const uint64_t key = kSignBit | magnitudeKey(mantissa, exponent);
  return negative ? ~key : key;
}

void appendDecimalKey(std::string& out, uint64_t key) {
  const DecimalKeyParts parts = decimalKeyParts(key);
  if (parts.mantissa == 0) {
    out += "0.0";
    return;
  }
  if (parts.negative) out += '-';
  char digits[kDecimalDigits + 1];
  const auto result = std::to_chars(digits, digits + sizeof digits, parts.mantissa);
  CAIRN_CHECK(result.ptr == digits + kDecimalDigits);
  size_t n = kDecimalDigits;
  while (digits[n - 1] == '0') --n;
  if (parts.exponent >= 0) {
    const auto integerLength = static_cast<size_t>(parts.exponent) + 1;
    if (n <= integerLength) {
      out.append(digits, n);
      out.append(integerLength - n, '0');
      out += ".0";
    } else {
      out.append(digits, integerLength);
      out += '.';
      out.append(digits + integerLength, n - integerLength);
    }
  } else {
    out += "0.";
    out.append(static_cast<size_t>(-parts.exponent - 1), '0');
    out.append(digits, n);
  }
}

std::optional<uint64_t> encodeDoubleKey(std::string_view lexical) {
  const auto value = parseCanonicalFloating<double>(lexical);
  if (!value) return std::nullopt;
  if (std::isnan(*value)) return doubleKey(std::bit_cast<double>(kCanonicalNaNBits));
  return doubleKey(*value);
}

std::optional<uint64_t> encodeFloatKey(std::string_view lexical) {
  const auto value = parseCanonicalFloating<float>(lexical);
  if (!value) return std::nullopt;
  if (std::isnan(*value)) return doubleKey(std::bit_cast<double>(kCanonicalNaNBits));
  return doubleKey(static_cast<double>(*value));
}

void appendCanonicalDouble(std::string& out, double value) {
  char buf[kMaxCanonicalFloating];
  out.append(buf, formatCanonical(buf, value));
}

void appendCanonicalFloat(std::string& out, float value) {
  char buf[kMaxCanonicalFloating];
  out.append(buf, formatCanonical(buf, value));
}

void appendDoubleKey(std::string& out, uint64_t key) {
  appendCanonicalDouble(out, doubleOfKey(key));
}

void appendFloatKey(std::string& out, uint64_t key) {
  const double value = doubleOfKey(key);
  const auto narrowed = static_cast<float>(value);
  CAIRN_CHECK(std::isnan(value) || static_cast<double>(narrowed) == value, "not an xsd:float key");
  appendCanonicalFloat(out, narrowed);
}

}  // namespace cairn::core::xsd
