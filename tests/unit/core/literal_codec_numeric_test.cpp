// Inline keys of integers, decimals, doubles and floats: round trips, ranges, and key order ==
// value order on random values (fixed seeds), checked against oracles written independently of
// the codec (native arithmetic, printf/strtod, fixed-point strings).

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/literal_codec.h"
#include "core/xsd_value.h"

namespace cairn::core {
namespace {

uint64_t mustEncode(ObjectType t, const std::string& lexical) {
  const auto key = encodeInline(t, lexical);
  EXPECT_TRUE(key.has_value()) << lexical;
  if (!key) return 0;
  EXPECT_EQ(decodeInline(t, *key), lexical);
  return *key;
}

// Integers.

struct IntegerType {
  ObjectType type;
  int64_t min;
  int64_t max;
};

constexpr int64_t kMin64 = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax64 = std::numeric_limits<int64_t>::max();

constexpr IntegerType kIntegerTypes[] = {
    {otype::kInteger, kMin64, kMax64},     {otype::kLong, kMin64, kMax64},
    {otype::kInt, INT32_MIN, INT32_MAX},   {otype::kShort, INT16_MIN, INT16_MAX},
    {otype::kByte, INT8_MIN, INT8_MAX},    {otype::kNonNegativeInteger, 0, kMax64},
    {otype::kPositiveInteger, 1, kMax64},  {otype::kNonPositiveInteger, kMin64, 0},
    {otype::kNegativeInteger, kMin64, -1}, {otype::kUnsignedLong, 0, kMax64},
    {otype::kUnsignedInt, 0, UINT32_MAX},  {otype::kUnsignedShort, 0, UINT16_MAX},
    {otype::kUnsignedByte, 0, UINT8_MAX},
};

TEST(LiteralCodecIntegerTest, RangesOfEveryIntegerType) {
  std::mt19937_64 rng(11);
  for (const IntegerType& it : kIntegerTypes) {
    SCOPED_TRACE(it.type);
    mustEncode(it.type, std::to_string(it.min));
    mustEncode(it.type, std::to_string(it.max));
    if (it.min != kMin64) {
      EXPECT_EQ(encodeInline(it.type, std::to_string(it.min - 1)), std::nullopt);
      EXPECT_EQ(parseXsdValue(it.type, std::to_string(it.min - 1)), std::nullopt);
    }
    if (it.max != kMax64) {
      EXPECT_EQ(encodeInline(it.type, std::to_string(it.max + 1)), std::nullopt);
      EXPECT_EQ(parseXsdValue(it.type, std::to_string(it.max + 1)), std::nullopt);
    }
    std::uniform_int_distribution<int64_t> inRange(it.min, it.max);
    for (int i = 0; i < 200; ++i) {
      const int64_t v = inRange(rng);
      const uint64_t key = mustEncode(it.type, std::to_string(v));
      EXPECT_EQ(valueOfInline(it.type, key).integer, v);
    }
  }
}

TEST(LiteralCodecIntegerTest, BeyondInt64IsNotInline) {
  for (ObjectType t : {otype::kInteger, otype::kUnsignedLong, otype::kNonNegativeInteger}) {
    EXPECT_EQ(encodeInline(t, "9223372036854775808"), std::nullopt);
    EXPECT_EQ(encodeInline(t, "18446744073709551615"), std::nullopt);
    EXPECT_EQ(encodeInline(t, "99999999999999999999"), std::nullopt);
    EXPECT_EQ(encodeInline(t, "100000000000000000000000"), std::nullopt);
  }
  EXPECT_EQ(encodeInline(otype::kInteger, "-9223372036854775809"), std::nullopt);
  EXPECT_EQ(encodeInline(otype::kInteger, "-10000000000000000000"), std::nullopt);
}

TEST(LiteralCodecIntegerTest, KeyOrderIsValueOrder) {
  std::mt19937_64 rng(12);
  std::vector<int64_t> values = {kMin64, kMin64 + 1, -1, 0, 1, kMax64 - 1, kMax64};
  std::uniform_int_distribution<int> small(-1000, 1000);
  std::uniform_int_distribution<int> shift(0, 63);
  for (int i = 0; i < 3000; ++i) {
    switch (i % 3) {
      case 0:
        values.push_back(static_cast<int64_t>(rng()));
        break;
      case 1:
        values.push_back(small(rng));
        break;
      default:
        values.push_back(static_cast<int64_t>(rng()) >> shift(rng));
        break;
    }
  }
  std::vector<std::pair<uint64_t, int64_t>> keyed;
  for (int64_t v : values) keyed.emplace_back(mustEncode(otype::kInteger, std::to_string(v)), v);
  std::sort(keyed.begin(), keyed.end());
  for (size_t i = 1; i < keyed.size(); ++i) {
    ASSERT_LE(keyed[i - 1].second, keyed[i].second);
    ASSERT_EQ(keyed[i - 1].first == keyed[i].first, keyed[i - 1].second == keyed[i].second);
  }
}

// Decimals.

// A decimal as sign, significant digits and the power of ten of the first digit.
struct DecimalSample {
  bool negative = false;
  std::string digits;  // empty for zero
  int exponent = 0;
};

std::string canonicalDecimal(const DecimalSample& d) {
  if (d.digits.empty()) return "0.0";
  std::string out = d.negative ? "-" : "";
  if (d.exponent >= 0) {
    std::string integerPart = d.digits.substr(0, std::min<size_t>(d.digits.size(), d.exponent + 1));
    integerPart.resize(d.exponent + 1, '0');
    const std::string fraction =
        d.digits.size() > integerPart.size() ? d.digits.substr(integerPart.size()) : "0";
    out += integerPart + "." + fraction;
  } else {
    out += "0." + std::string(-d.exponent - 1, '0') + d.digits;
  }
  return out;
}

// Oracle: both numbers as fixed-point strings of one width, compared as text.
int compareDecimalsByText(const DecimalSample& a, const DecimalSample& b) {
  const auto fixed = [](const DecimalSample& d) {
    constexpr int kWidth = 300;  // covers exponents -256..255
    std::string integerPart(kWidth, '0');
    std::string fraction(kWidth, '0');
    for (size_t i = 0; i < d.digits.size(); ++i) {
      const int power = d.exponent - static_cast<int>(i);
      if (power >= 0) {
        integerPart[kWidth - 1 - power] = d.digits[i];
      } else {
        fraction[-power - 1] = d.digits[i];
      }
    }
    return integerPart + fraction;
  };
  const int signA = a.digits.empty() ? 0 : (a.negative ? -1 : 1);
  const int signB = b.digits.empty() ? 0 : (b.negative ? -1 : 1);
  if (signA != signB) return signA < signB ? -1 : 1;
  const int magnitude = fixed(a).compare(fixed(b));
  const int clamped = magnitude < 0 ? -1 : (magnitude > 0 ? 1 : 0);
  return signA < 0 ? -clamped : clamped;
}

DecimalSample randomDecimal(std::mt19937_64& rng) {
  DecimalSample d;
  if (rng() % 50 == 0) return d;  // zero
  d.negative = rng() % 2 == 0;
  const int count = 1 + static_cast<int>(rng() % 16);
  for (int i = 0; i < count; ++i) {
    char c = static_cast<char>('0' + rng() % 10);
    if ((i == 0 || i == count - 1) && c == '0') c = '1' + static_cast<char>(rng() % 9);
    d.digits += c;
  }
  // Mostly everyday magnitudes, sometimes the extremes of the key.
  d.exponent =
      rng() % 4 == 0 ? static_cast<int>(rng() % 512) - 256 : static_cast<int>(rng() % 41) - 20;
  return d;
}

TEST(LiteralCodecDecimalTest, DocumentedExamples) {
  for (const char* lexical : {"1.0", "1.5", "0.25", "-3.0", "120.0", "0.0", "-0.001",
                              "1234567890123456.0", "0.1234567890123456", "9999999999999999.0"}) {
    mustEncode(otype::kDecimal, lexical);
  }
  EXPECT_EQ(encodeInline(otype::kDecimal, "0.0"), uint64_t{1} << 63);
  EXPECT_EQ(encodeInline(otype::kDecimal, "12345678901234567.0"), std::nullopt);  // 17 digits
  EXPECT_EQ(encodeInline(otype::kDecimal, "1.00000000000000001"), std::nullopt);
  EXPECT_EQ(encodeInline(otype::kDecimal, "120000000000000000000000.0").has_value(), true);
}

TEST(LiteralCodecDecimalTest, ExponentLimits) {
  // 10^255 and 10^-256 are the largest and smallest powers that fit; one step beyond does not.
  mustEncode(otype::kDecimal, "1" + std::string(255, '0') + ".0");
  mustEncode(otype::kDecimal, "-9" + std::string(255, '0') + ".0");
  EXPECT_EQ(encodeInline(otype::kDecimal, "1" + std::string(256, '0') + ".0"), std::nullopt);
  mustEncode(otype::kDecimal, "0." + std::string(255, '0') + "1");
  EXPECT_EQ(encodeInline(otype::kDecimal, "0." + std::string(256, '0') + "1"), std::nullopt);
  // Far beyond: still parsed as values, just not inline.
  EXPECT_TRUE(parseXsdValue(otype::kDecimal, "1" + std::string(1000, '0') + ".5").has_value());
}

TEST(LiteralCodecDecimalTest, KeyOrderIsValueOrder) {
  std::mt19937_64 rng(21);
  std::vector<DecimalSample> samples(4000);
  for (auto& d : samples) d = randomDecimal(rng);
  // Neighbours that differ only in the last digit or by one exponent step.
  for (int i = 0; i < 200; ++i) {
    DecimalSample d = samples[i];
    if (d.digits.empty()) continue;
    d.exponent = std::min(d.exponent + 1, 255);
    samples.push_back(d);
  }
  std::vector<std::pair<uint64_t, size_t>> keyed;
  for (size_t i = 0; i < samples.size(); ++i) {
    keyed.emplace_back(mustEncode(otype::kDecimal, canonicalDecimal(samples[i])), i);
  }
  std::sort(keyed.begin(), keyed.end());
  for (size_t i = 1; i < keyed.size(); ++i) {
    const DecimalSample& a = samples[keyed[i - 1].second];
    const DecimalSample& b = samples[keyed[i].second];
    const int expected = compareDecimalsByText(a, b);
    ASSERT_LE(expected, 0) << canonicalDecimal(a) << " vs " << canonicalDecimal(b);
    ASSERT_EQ(keyed[i - 1].first == keyed[i].first, expected == 0);
    // The value semantics agree, from keys and from text.
    const auto byKeys = compareXsdValues(valueOfInline(otype::kDecimal, keyed[i - 1].first),
                                         valueOfInline(otype::kDecimal, keyed[i].first));
    EXPECT_EQ(byKeys,
              expected == 0 ? std::partial_ordering::equivalent : std::partial_ordering::less);
  }
}

// Doubles and floats.

// Oracle for XSD's canonical double/float: the fewest significant digits that read back as the
// same value (printf rounds correctly, strtod/strtof read back), spelled d.dddEn.
template <typename T>
std::string canonicalFloating(T v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v < 0 ? "-INF" : "INF";
  char buf[64];
  for (int precision = 1;; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*e", precision - 1, static_cast<double>(v));
    const T back = std::is_same_v<T, float> ? static_cast<T>(std::strtof(buf, nullptr))
                                            : static_cast<T>(std::strtod(buf, nullptr));
    if (back == v) break;
  }
  std::string s = buf;
  const size_t e = s.find('e');
  std::string mantissa = s.substr(0, e);
  if (mantissa.find('.') == std::string::npos) mantissa += ".0";
  const int exponent = std::atoi(s.c_str() + e + 1);
  return mantissa + "E" + std::to_string(exponent);
}

template <typename T>
std::vector<T> floatingSamples(uint64_t seed) {
  using Limits = std::numeric_limits<T>;
  std::vector<T> out = {T(0),
                        -T(0),
                        T(1),
                        T(-1),
                        T(0.1),
                        T(-2.5e-3),
                        T(150),
                        Limits::max(),
                        -Limits::max(),
                        Limits::min(),
                        -Limits::min(),
                        Limits::denorm_min(),
                        -Limits::denorm_min(),
                        Limits::infinity(),
                        -Limits::infinity(),
                        Limits::quiet_NaN(),
                        Limits::epsilon(),
                        T(1e23),
                        T(123456789)};
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 4000; ++i) {
    T v;
    if constexpr (std::is_same_v<T, double>) {
      v = std::bit_cast<double>(rng());
    } else {
      v = std::bit_cast<float>(static_cast<uint32_t>(rng()));
    }
    if (std::isnan(v)) continue;  // only the canonical NaN has a key; it is in the list
    out.push_back(v);
    if (i % 4 == 0) out.push_back(std::nextafter(v, Limits::infinity()));
    if (i % 8 == 0) out.push_back(static_cast<T>(static_cast<int>(rng() % 2001) - 1000) / T(8));
  }
  return out;
}

template <typename T>
void checkFloatingOrder(ObjectType type, uint64_t seed) {
  std::vector<std::pair<uint64_t, T>> keyed;
  for (T v : floatingSamples<T>(seed)) {
    const std::string lexical = canonicalFloating(v);
    const uint64_t key = mustEncode(type, lexical);
    const XsdValue value = valueOfInline(type, key);
    if (std::isnan(v)) {
      EXPECT_TRUE(std::isnan(value.number));
    } else {
      EXPECT_EQ(std::bit_cast<uint64_t>(value.number),
                std::bit_cast<uint64_t>(static_cast<double>(v)))
          << lexical;
    }
    keyed.emplace_back(key, v);
  }
  std::sort(keyed.begin(), keyed.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  for (size_t i = 1; i < keyed.size(); ++i) {
    const T a = keyed[i - 1].second;
    const T b = keyed[i].second;
    if (std::isnan(b)) {
      EXPECT_EQ(i + 1, keyed.size()) << "NaN sorts last";
      continue;
    }
    ASSERT_FALSE(std::isnan(a)) << "NaN sorts last";
    ASSERT_LE(a, b) << canonicalFloating(a) << " vs " << canonicalFloating(b);
    // Equal keys only for identical values; equal values with different keys only for ±0.
    if (keyed[i - 1].first != keyed[i].first && a == b) {
      EXPECT_TRUE(a == 0 && std::signbit(a) && !std::signbit(b));
    }
  }
}

TEST(LiteralCodecDoubleTest, KeyOrderIsValueOrder) {
  checkFloatingOrder<double>(otype::kDouble, 31);
}
TEST(LiteralCodecFloatTest, KeyOrderIsValueOrder) { checkFloatingOrder<float>(otype::kFloat, 32); }

TEST(LiteralCodecDoubleTest, DocumentedExamples) {
  for (const char* lexical :
       {"1.0E0", "1.5E2", "-2.5E-3", "0.0E0", "-0.0E0", "INF", "-INF", "NaN",
        "1.7976931348623157E308", "5.0E-324", "2.2250738585072014E-308", "1.0E23", "1.0E-1"}) {
    mustEncode(otype::kDouble, lexical);
  }
  EXPECT_LT(*encodeInline(otype::kDouble, "-0.0E0"), *encodeInline(otype::kDouble, "0.0E0"));
  EXPECT_LT(*encodeInline(otype::kDouble, "INF"), *encodeInline(otype::kDouble, "NaN"));
  EXPECT_LT(*encodeInline(otype::kDouble, "-INF"),
            *encodeInline(otype::kDouble, "-1.7976931348623157E308"));
}

TEST(LiteralCodecFloatTest, DocumentedExamples) {
  for (const char* lexical : {"1.0E0", "1.5E2", "-2.5E-3", "0.0E0", "-0.0E0", "INF", "-INF", "NaN",
                              "3.4028235E38", "1.0E-45", "1.0E-1", "1.2345679E8"}) {
    mustEncode(otype::kFloat, lexical);
  }
  // Double's digits for 0.1 are not float's shortest digits.
  EXPECT_EQ(encodeInline(otype::kFloat, "1.0000000149011612E-1"), std::nullopt);
  EXPECT_EQ(encodeInline(otype::kFloat, "3.4028236E38"), std::nullopt);  // beyond FLT_MAX
  EXPECT_EQ(encodeInline(otype::kFloat, "1.0E39"), std::nullopt);
}

TEST(LiteralCodecFloatTest, FloatAndDoubleKeysShareOneScale) {
  // A float key is the key of the same value as a double, so the two interleave correctly.
  EXPECT_EQ(encodeInline(otype::kFloat, "1.5E2"), encodeInline(otype::kDouble, "1.5E2"));
  EXPECT_EQ(encodeInline(otype::kFloat, "-INF"), encodeInline(otype::kDouble, "-INF"));
  EXPECT_EQ(encodeInline(otype::kFloat, "NaN"), encodeInline(otype::kDouble, "NaN"));
}

}  // namespace
}  // namespace cairn::core
