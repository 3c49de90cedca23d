#pragma once
// Inline keys of the numeric XSD types: xsd:integer and its derived types, xsd:decimal,
// xsd:double and xsd:float. core/literal_codec.h states the contract (encode only canonical
// forms, decode gives the same bytes back, unsigned key order is value order);
// docs/formats/inline-literals.md documents the bit layouts. Most callers want literal_codec.h;
// these pieces are public for core/xsd_value.cpp, which reads values straight from keys.
//
// Encoders allocate nothing and use no locale: they run once per literal on the import path.

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/object_type.h"

namespace cairn::core::xsd {

inline constexpr uint64_t kSignBit = uint64_t{1} << 63;

// xsd:integer and derived types: key = uint64(value) XOR 2^63.

constexpr bool isIntegerType(ObjectType t) {
  return t >= otype::kInteger && t <= otype::kUnsignedByte;
}

// The values an integer type admits, clipped to int64 (inline keys hold no more).
struct IntegerRange {
  int64_t min = 0;
  int64_t max = 0;
};
IntegerRange integerRange(ObjectType integerType);

constexpr uint64_t integerKey(int64_t value) { return static_cast<uint64_t>(value) ^ kSignBit; }
constexpr int64_t integerOfKey(uint64_t key) { return static_cast<int64_t>(key ^ kSignBit); }

// Canonical: -?(0|[1-9][0-9]*), not "-0", within `range`.
std::optional<uint64_t> encodeIntegerKey(std::string_view lexical, IntegerRange range);
void appendIntegerKey(std::string& out, uint64_t key);

// xsd:decimal: [sign 1][biased decimal exponent 9][16-digit mantissa 54].
// A non-zero value is m × 10^(exponent - 15) with 10^15 <= m < 10^16, i.e. exponent is the
// power of ten of the first significant digit. Negative values store the complement of their
// magnitude's key so that order holds; zero is exactly kSignBit.

inline constexpr int kDecimalDigits = 16;
inline constexpr int kDecimalMinExponent = -256;
inline constexpr int kDecimalMaxExponent = 255;
inline constexpr int kDecimalMantissaBits = 54;
inline constexpr uint64_t kDecimalMantissaMin = 1'000'000'000'000'000;     // 10^15
inline constexpr uint64_t kDecimalMantissaLimit = 10'000'000'000'000'000;  // 10^16

struct DecimalKeyParts {
  bool negative = false;
  uint64_t mantissa = 0;  // 0 for zero, else in [10^15, 10^16)
  int exponent = 0;       // power of ten of the first significant digit
};
DecimalKeyParts decimalKeyParts(uint64_t key);

// Canonical: -?(0|[1-9][0-9]*)\.[0-9]+ with no trailing zero in the fraction unless it is "0",
// not "-0.0"; at most 16 significant digits, exponent within the limits above.
std::optional<uint64_t> encodeDecimalKey(std::string_view lexical);
void appendDecimalKey(std::string& out, uint64_t key);

// xsd:double and xsd:float: IEEE bits b; negative → ~b, otherwise b | 2^63.
// A float is widened to double (exactly) first, so float and double keys share one scale.

constexpr uint64_t doubleKey(double value) {
  const auto bits = std::bit_cast<uint64_t>(value);
  return (bits & kSignBit) != 0 ? ~bits : bits | kSignBit;
}
constexpr double doubleOfKey(uint64_t key) {
  return std::bit_cast<double>((key & kSignBit) != 0 ? key & ~kSignBit : ~key);
}
// The one NaN that has a key: the positive quiet NaN, which sorts after +INF.
inline constexpr uint64_t kCanonicalNaNBits = 0x7FF8'0000'0000'0000;

// Canonical (XSD): "INF", "-INF", "NaN", or d.d+E-?d+ with a non-zero leading digit (except for
// ±0.0E0), the shortest digits that round-trip, and no '+' or leading zeros in the exponent.
std::optional<uint64_t> encodeDoubleKey(std::string_view lexical);
std::optional<uint64_t> encodeFloatKey(std::string_view lexical);
void appendDoubleKey(std::string& out, uint64_t key);
void appendFloatKey(std::string& out, uint64_t key);

// The canonical lexical forms themselves, for any value (NaN of any payload prints "NaN").
void appendCanonicalDouble(std::string& out, double value);
void appendCanonicalFloat(std::string& out, float value);

}  // namespace cairn::core::xsd
