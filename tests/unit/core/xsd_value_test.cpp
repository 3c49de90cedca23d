// Value semantics: equal values of different lexical forms and types compare equal, numeric
// promotion follows XPath, temporal values follow XSD's partial order.

#include "core/xsd_value.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>

#include "core/literal_codec.h"

namespace cairn::core {
namespace {

using PO = std::partial_ordering;

XsdValue value(ObjectType t, const std::string& lexical) {
  const auto v = parseXsdValue(t, lexical);
  EXPECT_TRUE(v.has_value()) << lexical;
  return v.value_or(XsdValue{});
}

struct Comparison {
  ObjectType typeA;
  const char* a;
  ObjectType typeB;
  const char* b;
  PO expected;
};

const Comparison kComparisons[] = {
    // Same type, different forms.
    {otype::kInteger, "01", otype::kInteger, "1", PO::equivalent},
    {otype::kInteger, "-0", otype::kInteger, "0", PO::equivalent},
    {otype::kInteger, "+5", otype::kInteger, " 5 ", PO::equivalent},
    {otype::kDecimal, "1.50", otype::kDecimal, "1.5", PO::equivalent},
    {otype::kDecimal, "-0.0", otype::kDecimal, "0", PO::equivalent},
    {otype::kDecimal, ".5", otype::kDecimal, "0.50", PO::equivalent},
    {otype::kDecimal, "0.30000000000000001", otype::kDecimal, "0.3", PO::greater},
    {otype::kDecimal, "-0.30000000000000001", otype::kDecimal, "-0.3", PO::less},
    {otype::kDecimal, "99.9", otype::kDecimal, "100", PO::less},
    {otype::kDecimal, "-99.9", otype::kDecimal, "-100", PO::greater},
    {otype::kDecimal, "0.001", otype::kDecimal, "0.01", PO::less},
    {otype::kDouble, "1E0", otype::kDouble, "1.0E0", PO::equivalent},
    {otype::kDouble, "-0.0E0", otype::kDouble, "0.0E0", PO::equivalent},
    {otype::kDouble, "NaN", otype::kDouble, "NaN", PO::unordered},
    {otype::kDouble, "INF", otype::kDouble, "+INF", PO::equivalent},
    {otype::kDouble, "1.0E400", otype::kDouble, "INF", PO::equivalent},
    {otype::kDouble, "-1.0E400", otype::kDouble, "-INF", PO::equivalent},
    {otype::kDouble, "1.0E-400", otype::kDouble, "0", PO::equivalent},
    {otype::kDouble, "1E99999999999999999999999", otype::kDouble, "INF", PO::equivalent},
    {otype::kDouble, "0.0000001E-99999999999999999999999", otype::kDouble, "0", PO::equivalent},
    {otype::kDouble, "0E99999999999999999999999", otype::kDouble, "0", PO::equivalent},
    {otype::kFloat, "1.0E39", otype::kFloat, "INF", PO::equivalent},
    {otype::kFloat, "3.40282356E38", otype::kFloat, "3.4028235E38", PO::equivalent},
    {otype::kFloat, "3.4028236E38", otype::kFloat, "INF", PO::equivalent},  // past the midpoint
    {otype::kBoolean, "true", otype::kBoolean, "1", PO::equivalent},
    {otype::kBoolean, "false", otype::kBoolean, "true", PO::less},
    // Integer-derived types are integers.
    {otype::kInt, "1", otype::kInteger, "1", PO::equivalent},
    {otype::kUnsignedByte, "255", otype::kByte, "-1", PO::greater},
    {otype::kUnsignedLong, "18446744073709551615", otype::kLong, "9223372036854775807",
     PO::greater},
    // Big integers.
    {otype::kInteger, "123456789012345678901234567890", otype::kInteger,
     "123456789012345678901234567889", PO::greater},
    {otype::kInteger, "-123456789012345678901234567890", otype::kInteger, "-9223372036854775808",
     PO::less},
    {otype::kInteger, "9223372036854775808", otype::kInteger, "9223372036854775807", PO::greater},
    {otype::kInteger, "123456789012345678901234567890", otype::kDecimal,
     "123456789012345678901234567890.5", PO::less},
    {otype::kInteger, "100000000000000000000", otype::kDecimal, "100000000000000000000.0",
     PO::equivalent},
    // Numeric promotion.
    {otype::kInteger, "1", otype::kDecimal, "1.0", PO::equivalent},
    {otype::kInteger, "1", otype::kDecimal, "1.0000000000000000000001", PO::less},
    {otype::kInteger, "1", otype::kDouble, "1.0E0", PO::equivalent},
    {otype::kInteger, "0", otype::kDouble, "-0.0E0", PO::equivalent},
    {otype::kDecimal, "0.1", otype::kDouble, "0.1", PO::equivalent},  // decimal → double
    {otype::kDecimal, "0.1", otype::kFloat, "0.1", PO::equivalent},   // decimal → float
    {otype::kFloat, "0.1", otype::kDouble, "0.1", PO::greater},       // float(0.1) > 0.1
    {otype::kInteger, "9007199254740993", otype::kDouble, "9007199254740992", PO::equivalent},
    {otype::kInteger, "9007199254740993", otype::kInteger, "9007199254740992", PO::greater},
    {otype::kInteger, "16777217", otype::kFloat, "16777216", PO::equivalent},
    {otype::kInteger, "123456789012345678901234567890", otype::kDouble, "INF", PO::less},
    {otype::kInteger, "-123456789012345678901234567890", otype::kDouble, "-1.0E30", PO::greater},
    {otype::kDecimal, "1.0", otype::kDouble, "NaN", PO::unordered},
    {otype::kFloat, "NaN", otype::kFloat, "NaN", PO::unordered},
    {otype::kFloat, "-INF", otype::kInteger, "-9223372036854775808", PO::less},
    // Different kinds.
    {otype::kBoolean, "true", otype::kInteger, "1", PO::unordered},
    {otype::kDateTime, "2024-01-01T00:00:00Z", otype::kDate, "2024-01-01Z", PO::unordered},
    {otype::kTime, "00:00:00", otype::kDate, "2024-01-01", PO::unordered},
    {otype::kDouble, "1.0E0", otype::kTime, "00:00:01", PO::unordered},
    // dateTime.
    {otype::kDateTime, "2024-01-01T00:00:00Z", otype::kDateTime, "2024-01-01T01:00:00+01:00",
     PO::equivalent},
    {otype::kDateTime, "2024-01-01T00:00:00Z", otype::kDateTime, "2024-01-01T00:00:00+00:00",
     PO::equivalent},
    {otype::kDateTime, "2024-01-01T00:00:00Z", otype::kDateTime, "2024-01-01T00:00:00-00:00",
     PO::equivalent},
    {otype::kDateTimeStamp, "2024-01-01T00:00:00Z", otype::kDateTime, "2023-12-31T19:00:00-05:00",
     PO::equivalent},
    {otype::kDateTime, "2024-01-01T24:00:00", otype::kDateTime, "2024-01-02T00:00:00",
     PO::equivalent},
    {otype::kDateTime, "2024-12-31T24:00:00Z", otype::kDateTime, "2025-01-01T00:00:00Z",
     PO::equivalent},
    {otype::kDateTime, "2024-01-01T00:00:00.1", otype::kDateTime, "2024-01-01T00:00:00.100000",
     PO::equivalent},
    {otype::kDateTime, "2024-01-01T00:00:00.000000000000000001Z", otype::kDateTime,
     "2024-01-01T00:00:00Z", PO::greater},
    {otype::kDateTime, "-0001-12-31T23:59:59Z", otype::kDateTime, "0000-01-01T00:00:00Z", PO::less},
    {otype::kDateTime, "-0000-01-01T00:00:00", otype::kDateTime, "0000-01-01T00:00:00",
     PO::equivalent},
    {otype::kDateTime, "10000-01-01T00:00:00", otype::kDateTime, "9999-12-31T23:59:59.999",
     PO::greater},
    // With and without timezone: ordered only beyond 14 hours.
    {otype::kDateTime, "2024-01-01T00:00:00Z", otype::kDateTime, "2024-01-01T00:00:00",
     PO::unordered},
    {otype::kDateTime, "2024-01-01T00:00:00", otype::kDateTime, "2024-01-01T13:59:59Z",
     PO::unordered},
    {otype::kDateTime, "2024-01-01T00:00:00", otype::kDateTime, "2024-01-01T14:00:00Z",
     PO::unordered},
    {otype::kDateTime, "2024-01-01T00:00:00", otype::kDateTime, "2024-01-01T14:00:01Z", PO::less},
    {otype::kDateTime, "2024-01-01T00:00:00", otype::kDateTime, "2023-12-31T09:59:59Z",
     PO::greater},
    {otype::kDateTime, "2024-01-01T00:00:00", otype::kDateTime, "2023-12-31T10:00:00Z",
     PO::unordered},
    {otype::kDateTime, "2024-01-01T14:00:00.001Z", otype::kDateTime, "2024-01-01T00:00:00",
     PO::greater},
    // date and time.
    {otype::kDate, "2024-01-01", otype::kDate, "2024-01-01-00:00", PO::unordered},
    {otype::kDate, "2024-01-01Z", otype::kDate, "2024-01-01+00:00", PO::equivalent},
    {otype::kDate, "2024-01-01Z", otype::kDate, "2024-01-02", PO::less},
    {otype::kDate, "2024-01-02+14:00", otype::kDate, "2024-01-01-10:00", PO::equivalent},
    {otype::kDate, "2024-01-01", otype::kDate, "2024-01-02", PO::less},
    {otype::kDate, "0000-02-29", otype::kDate, "0000-03-01", PO::less},
    {otype::kTime, "24:00:00", otype::kTime, "00:00:00", PO::equivalent},
    {otype::kTime, "12:00:00+01:00", otype::kTime, "11:00:00Z", PO::equivalent},
    {otype::kTime, "23:00:00-05:00", otype::kTime, "01:00:00Z", PO::greater},  // 04:00Z next day
    {otype::kTime, "12:00:00", otype::kTime, "12:00:00Z", PO::unordered},
    {otype::kTime, "00:00:00Z", otype::kTime, "23:59:59", PO::less},  // one reference day
    {otype::kTime, "12:00:00.5", otype::kTime, "12:00:00.49999", PO::greater},
};

TEST(XsdValueTest, ComparisonsAcrossFormsAndTypes) {
  for (const Comparison& c : kComparisons) {
    SCOPED_TRACE(std::string(c.a) + " vs " + c.b);
    const XsdValue a = value(c.typeA, c.a);
    const XsdValue b = value(c.typeB, c.b);
    EXPECT_EQ(compareXsdValues(a, b), c.expected);
    // Antisymmetric: swapping the sides reverses the answer.
    EXPECT_EQ(compareXsdValues(b, a), 0 <=> c.expected);
  }
}

TEST(XsdValueTest, ParsedValuesAreNormalized) {
  const XsdValue d = value(otype::kDecimal, " -00120.0500 ");
  EXPECT_EQ(d.kind, XsdKind::kDecimal);
  EXPECT_EQ(d.decimal, (XsdDecimal{true, "12005", 3}));
  EXPECT_EQ(value(otype::kDecimal, "-0.00").decimal, XsdDecimal{});
  EXPECT_EQ(value(otype::kDecimal, "0.0012").decimal, (XsdDecimal{false, "12", -2}));
  const XsdValue big = value(otype::kInteger, "-000123456789012345678901234567890");
  EXPECT_TRUE(big.bigInteger);
  EXPECT_EQ(big.decimal, (XsdDecimal{true, "12345678901234567890123456789", 30}));
  const XsdValue small = value(otype::kInteger, "-0009223372036854775808");
  EXPECT_FALSE(small.bigInteger);
  EXPECT_EQ(small.integer, std::numeric_limits<int64_t>::min());
  EXPECT_TRUE(std::signbit(value(otype::kDouble, "-0").number));
  EXPECT_TRUE(std::signbit(value(otype::kDouble, "-1.0E-400").number));
  EXPECT_TRUE(std::isnan(value(otype::kFloat, "NaN").number));
  EXPECT_EQ(value(otype::kFloat, "0.1").number, static_cast<double>(0.1f));

  const XsdValue t = value(otype::kDateTime, "1970-01-01T01:00:00.25+01:30");
  EXPECT_EQ(t.kind, XsdKind::kDateTime);
  EXPECT_EQ(t.temporal.seconds, -1800);
  EXPECT_EQ(t.temporal.attoseconds, 250'000'000'000'000'000u);
  EXPECT_TRUE(t.temporal.hasTimezone);
  EXPECT_EQ(t.temporal.offsetMinutes, 90);
  EXPECT_EQ(value(otype::kDateTimeStamp, "1970-01-01T00:00:00Z").kind, XsdKind::kDateTime);
  EXPECT_EQ(value(otype::kTime, "00:00:00-14:00").temporal.seconds, 14 * 3600);
  EXPECT_EQ(value(otype::kDate, "1969-12-31").temporal.seconds, -86400);
}

TEST(XsdValueTest, ToDoublePromotes) {
  EXPECT_EQ(toDouble(value(otype::kInteger, "3")), 3.0);
  EXPECT_EQ(toDouble(value(otype::kDecimal, "0.1")), 0.1);
  EXPECT_EQ(toDouble(value(otype::kFloat, "0.1")), static_cast<double>(0.1f));
  EXPECT_EQ(toDouble(value(otype::kInteger, "-1" + std::string(400, '0'))),
            -std::numeric_limits<double>::infinity());
  EXPECT_EQ(toDouble(value(otype::kDecimal, "0." + std::string(400, '0') + "1")), 0.0);
  // A decimal beyond the double range promotes to INF.
  EXPECT_EQ(compareXsdValues(value(otype::kDecimal, "1" + std::string(340, '0') + ".0"),
                             value(otype::kDouble, "INF")),
            PO::equivalent);
  // DBL_MAX written out in full, as a decimal.
  EXPECT_EQ(toDouble(value(otype::kDecimal, "17976931348623157" + std::string(292, '0'))),
            std::numeric_limits<double>::max());
}

// Random pairs of integers and decimals, compared through values, against exact arithmetic on
// __int128 (decimals with up to 6 fraction digits scaled to integers).
TEST(XsdValueTest, ExactComparisonMatchesIntegerArithmetic) {
  std::mt19937_64 rng(61);
  const auto randomScaled = [&] {
    const int64_t whole = static_cast<int64_t>(rng()) >> (rng() % 64);
    const int64_t fraction = static_cast<int64_t>(rng() % 1'000'000);
    return static_cast<__int128>(whole) * 1'000'000 + (whole < 0 ? -fraction : fraction);
  };
  const auto decimalText = [](__int128 scaled) {
    const bool negative = scaled < 0;
    unsigned __int128 m = negative ? -static_cast<unsigned __int128>(scaled) : scaled;
    std::string whole;
    unsigned __int128 w = m / 1'000'000;
    do {
      whole.insert(whole.begin(), static_cast<char>('0' + static_cast<int>(w % 10)));
      w /= 10;
    } while (w != 0);
    std::string fraction = std::to_string(static_cast<int>(m % 1'000'000));
    fraction.insert(0, 6 - fraction.size(), '0');
    return (negative ? "-" : "") + whole + "." + fraction;
  };
  for (int i = 0; i < 5000; ++i) {
    const __int128 a = randomScaled();
    const __int128 b = i % 3 == 0 ? a : randomScaled();
    const PO expected = a < b ? PO::less : (a > b ? PO::greater : PO::equivalent);
    const XsdValue va = value(otype::kDecimal, decimalText(a));
    const XsdValue vb = value(otype::kDecimal, decimalText(b));
    ASSERT_EQ(compareXsdValues(va, vb), expected) << decimalText(a) << " vs " << decimalText(b);
    // Integer vs decimal: the integer part of a against b.
    const __int128 wholeA = a / 1'000'000 * 1'000'000;
    const XsdValue ia =
        value(otype::kInteger, decimalText(wholeA).substr(0, decimalText(wholeA).find('.')));
    const PO expectedWhole = wholeA < b ? PO::less : (wholeA > b ? PO::greater : PO::equivalent);
    ASSERT_EQ(compareXsdValues(ia, vb), expectedWhole)
        << decimalText(wholeA) << " vs " << decimalText(b);
  }
}

}  // namespace
}  // namespace cairn::core
