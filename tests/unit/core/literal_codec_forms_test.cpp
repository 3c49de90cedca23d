// Which lexical forms are inline (canonical), which are merely valid, which are ill-typed — a
// table — and the codec contract on arbitrary input: a key is returned only if it decodes to the
// very same bytes, and then it carries the value parseXsdValue reads from those bytes.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "core/literal_codec.h"
#include "core/xsd_value.h"

namespace cairn::core {
namespace {

enum Form { kInline, kValid, kIllTyped };

struct Row {
  ObjectType type;
  const char* lexical;
  Form form;
};

// Asserts the contract for one input and returns whether it was inline.
bool checkContract(ObjectType type, const std::string& lexical) {
  const auto key = encodeInline(type, lexical);
  const auto value = parseXsdValue(type, lexical);
  if (!key) return false;
  EXPECT_EQ(decodeInline(type, *key), lexical);
  EXPECT_TRUE(value.has_value()) << "inline but ill-typed: " << lexical;
  if (!value) return true;
  const XsdValue fromKey = valueOfInline(type, *key);
  const bool nan = (value->kind == XsdKind::kFloat || value->kind == XsdKind::kDouble) &&
                   std::isnan(value->number);
  if (nan) {
    EXPECT_TRUE(std::isnan(fromKey.number));
  } else {
    EXPECT_EQ(compareXsdValues(*value, fromKey), std::partial_ordering::equivalent) << lexical;
  }
  return true;
}

const Row kRows[] = {
    {otype::kBoolean, "true", kInline},
    {otype::kBoolean, "false", kInline},
    {otype::kBoolean, "1", kValid},
    {otype::kBoolean, "0", kValid},
    {otype::kBoolean, " true\n", kValid},
    {otype::kBoolean, "TRUE", kIllTyped},
    {otype::kBoolean, "yes", kIllTyped},
    {otype::kBoolean, "", kIllTyped},

    {otype::kInteger, "0", kInline},
    {otype::kInteger, "-7", kInline},
    {otype::kInteger, "-0", kValid},
    {otype::kInteger, "+1", kValid},
    {otype::kInteger, "01", kValid},
    {otype::kInteger, "00", kValid},
    {otype::kInteger, " 1", kValid},
    {otype::kInteger, "1\t", kValid},
    {otype::kInteger, "9223372036854775807", kInline},
    {otype::kInteger, "-9223372036854775808", kInline},
    {otype::kInteger, "9223372036854775808", kValid},
    {otype::kInteger, "-9223372036854775809", kValid},
    {otype::kInteger, "123456789012345678901234567890", kValid},
    {otype::kInteger, "1.0", kIllTyped},
    {otype::kInteger, "1e3", kIllTyped},
    {otype::kInteger, "1 2", kIllTyped},
    {otype::kInteger, "-", kIllTyped},
    {otype::kInteger, "+", kIllTyped},
    {otype::kInteger, "", kIllTyped},
    {otype::kInteger, "0x10", kIllTyped},
    {otype::kByte, "127", kInline},
    {otype::kByte, "-128", kInline},
    {otype::kByte, "300", kIllTyped},
    {otype::kByte, "-129", kIllTyped},
    {otype::kByte, "+127", kValid},
    {otype::kByte, "000127", kValid},
    {otype::kInt, "2147483648", kIllTyped},
    {otype::kShort, "-32768", kInline},
    {otype::kNonNegativeInteger, "-1", kIllTyped},
    {otype::kNonNegativeInteger, "-0", kValid},
    {otype::kNonNegativeInteger, "0", kInline},
    {otype::kNonNegativeInteger, "99999999999999999999999", kValid},
    {otype::kPositiveInteger, "0", kIllTyped},
    {otype::kPositiveInteger, "-0", kIllTyped},
    {otype::kPositiveInteger, "1", kInline},
    {otype::kNonPositiveInteger, "1", kIllTyped},
    {otype::kNonPositiveInteger, "+0", kValid},
    {otype::kNonPositiveInteger, "-99999999999999999999999", kValid},
    {otype::kNegativeInteger, "0", kIllTyped},
    {otype::kNegativeInteger, "-1", kInline},
    {otype::kNegativeInteger, "99999999999999999999999", kIllTyped},
    {otype::kLong, "9223372036854775808", kIllTyped},
    {otype::kUnsignedLong, "9223372036854775807", kInline},
    {otype::kUnsignedLong, "9223372036854775808", kValid},
    {otype::kUnsignedLong, "18446744073709551615", kValid},
    {otype::kUnsignedLong, "018446744073709551615", kValid},
    {otype::kUnsignedLong, "18446744073709551616", kIllTyped},
    {otype::kUnsignedLong, "-1", kIllTyped},
    {otype::kUnsignedInt, "4294967295", kInline},
    {otype::kUnsignedInt, "4294967296", kIllTyped},
    {otype::kUnsignedShort, "65536", kIllTyped},
    {otype::kUnsignedByte, "255", kInline},
    {otype::kUnsignedByte, "256", kIllTyped},

    {otype::kDecimal, "1.0", kInline},
    {otype::kDecimal, "-3.0", kInline},
    {otype::kDecimal, "120.0", kInline},
    {otype::kDecimal, "0.0", kInline},
    {otype::kDecimal, "0.25", kInline},
    {otype::kDecimal, "1", kValid},
    {otype::kDecimal, "1.50", kValid},
    {otype::kDecimal, ".5", kValid},
    {otype::kDecimal, "-.5", kValid},
    {otype::kDecimal, "5.", kValid},
    {otype::kDecimal, "+1.0", kValid},
    {otype::kDecimal, "-0.0", kValid},
    {otype::kDecimal, "00.5", kValid},
    {otype::kDecimal, "0.10", kValid},
    {otype::kDecimal, "1.00", kValid},
    {otype::kDecimal, " 1.0 ", kValid},
    {otype::kDecimal, "12345678901234567.0", kValid},
    {otype::kDecimal, ".", kIllTyped},
    {otype::kDecimal, "-", kIllTyped},
    {otype::kDecimal, "1.0.0", kIllTyped},
    {otype::kDecimal, "1e1", kIllTyped},
    {otype::kDecimal, "1,5", kIllTyped},
    {otype::kDecimal, "INF", kIllTyped},
    {otype::kDecimal, "NaN", kIllTyped},

    {otype::kDouble, "1.0E0", kInline},
    {otype::kDouble, "1.5E2", kInline},
    {otype::kDouble, "-2.5E-3", kInline},
    {otype::kDouble, "0.0E0", kInline},
    {otype::kDouble, "-0.0E0", kInline},
    {otype::kDouble, "INF", kInline},
    {otype::kDouble, "-INF", kInline},
    {otype::kDouble, "NaN", kInline},
    {otype::kDouble, "+INF", kValid},
    {otype::kDouble, "1E0", kValid},
    {otype::kDouble, "1.0e0", kValid},
    {otype::kDouble, "1.0E+0", kValid},
    {otype::kDouble, "1.0E00", kValid},
    {otype::kDouble, "10.0E0", kValid},
    {otype::kDouble, "0.1E1", kValid},
    {otype::kDouble, "1.50E0", kValid},
    {otype::kDouble, "0E0", kValid},
    {otype::kDouble, "0.00E0", kValid},
    {otype::kDouble, "1", kValid},
    {otype::kDouble, "-1.5", kValid},
    {otype::kDouble, ".5e1", kValid},
    {otype::kDouble, "5.E3", kValid},
    {otype::kDouble, "+1.5E-3", kValid},
    {otype::kDouble, "1.0000000000000001E0", kValid},  // rounds to 1.0E0
    {otype::kDouble, "1.0E400", kValid},               // XSD 1.1: INF
    {otype::kDouble, "1.0E-400", kValid},              // XSD 1.1: 0
    {otype::kDouble, "inf", kIllTyped},
    {otype::kDouble, "Infinity", kIllTyped},
    {otype::kDouble, "nan", kIllTyped},
    {otype::kDouble, "-NaN", kIllTyped},
    {otype::kDouble, "+NaN", kIllTyped},
    {otype::kDouble, "1.0E", kIllTyped},
    {otype::kDouble, "E5", kIllTyped},
    {otype::kDouble, "1.0E+", kIllTyped},
    {otype::kDouble, "0x1p3", kIllTyped},
    {otype::kDouble, "1.0E0.5", kIllTyped},
    {otype::kFloat, "1.0E-1", kInline},
    {otype::kFloat, "3.4028235E38", kInline},
    {otype::kFloat, "0.1", kValid},
    {otype::kFloat, "1.0000000149011612E-1", kValid},
    {otype::kFloat, "1.0E39", kValid},
    {otype::kFloat, "NaN", kInline},
    {otype::kFloat, "NAN", kIllTyped},

    {otype::kDateTime, "2024-02-29T12:00:00Z", kInline},
    {otype::kDateTime, "2000-02-29T00:00:00", kInline},
    {otype::kDateTime, "0000-02-29T00:00:00", kInline},  // year 0 (1 BCE) is a leap year
    {otype::kDateTime, "-0001-01-01T00:00:00", kInline},
    {otype::kDateTime, "-0004-02-29T23:59:59.999-14:00", kInline},
    {otype::kDateTime, "12024-01-01T00:00:00", kInline},
    {otype::kDateTime, "0999-12-31T23:59:59+14:00", kInline},
    {otype::kDateTime, "2024-01-01T00:00:00.5", kInline},
    {otype::kDateTime, "2024-01-01T00:00:00.05", kInline},
    {otype::kDateTime, "2024-01-01T00:00:00.123", kInline},
    {otype::kDateTime, "2024-01-01T00:00:00+00:00", kInline},
    {otype::kDateTime, "2024-01-01T00:00:00-14:00", kInline},
    {otype::kDateTime, "2024-01-01T00:00:00+05:30", kInline},
    {otype::kDateTime, "-0000-01-01T00:00:00", kValid},
    {otype::kDateTime, "2024-01-01T24:00:00", kValid},
    {otype::kDateTime, "2024-12-31T24:00:00.000Z", kValid},
    {otype::kDateTime, "2024-01-01T00:00:00.50", kValid},
    {otype::kDateTime, "2024-01-01T00:00:00.0", kValid},
    {otype::kDateTime, "2024-01-01T00:00:00.1234", kValid},
    {otype::kDateTime, "2024-01-01T00:00:00.123456789012345678901", kValid},
    {otype::kDateTime, "2024-01-01T00:00:00-00:00", kValid},
    {otype::kDateTime, "\n2024-01-01T00:00:00Z ", kValid},
    {otype::kDateTime, "2023-02-29T12:00:00Z", kIllTyped},
    {otype::kDateTime, "1900-02-29T00:00:00", kIllTyped},
    {otype::kDateTime, "-0001-02-29T00:00:00", kIllTyped},
    {otype::kDateTime, "2024-04-31T00:00:00", kIllTyped},
    {otype::kDateTime, "2024-13-01T00:00:00", kIllTyped},
    {otype::kDateTime, "2024-00-01T00:00:00", kIllTyped},
    {otype::kDateTime, "2024-01-00T00:00:00", kIllTyped},
    {otype::kDateTime, "2024-1-01T00:00:00", kIllTyped},
    {otype::kDateTime, "24-01-01T00:00:00", kIllTyped},
    {otype::kDateTime, "02024-01-01T00:00:00", kIllTyped},
    {otype::kDateTime, "+2024-01-01T00:00:00", kIllTyped},
    {otype::kDateTime, "2024-01-01T24:00:01", kIllTyped},
    {otype::kDateTime, "2024-01-01T24:00:00.1", kIllTyped},
    {otype::kDateTime, "2024-01-01T00:00:60", kIllTyped},
    {otype::kDateTime, "2024-01-01T00:60:00", kIllTyped},
    {otype::kDateTime, "2024-01-01T25:00:00", kIllTyped},
    {otype::kDateTime, "2024-01-01T00:00:00.", kIllTyped},
    {otype::kDateTime, "2024-01-01T00:00", kIllTyped},
    {otype::kDateTime, "2024-01-01t00:00:00", kIllTyped},
    {otype::kDateTime, "2024-01-01 00:00:00", kIllTyped},
    {otype::kDateTime, "2024-01-01", kIllTyped},
    {otype::kDateTime, "2024-01-01T00:00:00z", kIllTyped},
    {otype::kDateTime, "2024-01-01T00:00:00 Z", kIllTyped},
    {otype::kDateTime, "2024-01-01T00:00:00+14:01", kIllTyped},
    {otype::kDateTime, "2024-01-01T00:00:00+15:00", kIllTyped},
    {otype::kDateTime, "2024-01-01T00:00:00+05:60", kIllTyped},
    {otype::kDateTime, "2024-01-01T00:00:00+5:00", kIllTyped},
    {otype::kDateTime, "2024-01-01T00:00:00+0500", kIllTyped},
    {otype::kDateTime, "2024-01-01T00:00:00Z+01:00", kIllTyped},
    {otype::kDateTimeStamp, "2024-01-01T00:00:00Z", kInline},
    {otype::kDateTimeStamp, "2024-01-01T00:00:00-00:00", kValid},
    {otype::kDateTimeStamp, "2024-01-01T00:00:00", kIllTyped},
    {otype::kDate, "2024-01-01", kInline},
    {otype::kDate, "2024-01-01Z", kInline},
    {otype::kDate, "2024-01-01+01:00", kInline},
    {otype::kDate, "-0045-03-15", kInline},
    {otype::kDate, "2024-01-01-00:00", kValid},
    {otype::kDate, "-0000-01-01", kValid},
    {otype::kDate, "2024-01-01T00:00:00", kIllTyped},
    {otype::kDate, "2024-02-30", kIllTyped},
    {otype::kTime, "00:00:00", kInline},
    {otype::kTime, "23:59:59.999", kInline},
    {otype::kTime, "12:00:00+14:00", kInline},
    {otype::kTime, "12:00:00-14:00", kInline},
    {otype::kTime, "24:00:00", kValid},
    {otype::kTime, "12:00:00.10", kValid},
    {otype::kTime, "12:00:00-00:00", kValid},
    {otype::kTime, "12:00", kIllTyped},
    {otype::kTime, "1:00:00", kIllTyped},
    {otype::kTime, "24:30:00", kIllTyped},
    {otype::kTime, "T12:00:00", kIllTyped},
};

TEST(LiteralCodecFormsTest, CanonicalValidAndIllTypedForms) {
  for (const Row& row : kRows) {
    SCOPED_TRACE(std::string(datatypeOfBuiltin(row.type)) + " \"" + row.lexical + "\"");
    EXPECT_EQ(checkContract(row.type, row.lexical), row.form == kInline);
    EXPECT_EQ(parseXsdValue(row.type, row.lexical).has_value(), row.form != kIllTyped);
    // The lexical variant of a type reads the same values.
    EXPECT_EQ(parseXsdValue(lexicalTypeOf(row.type), row.lexical).has_value(),
              row.form != kIllTyped);
  }
}

TEST(LiteralCodecFormsTest, NonBuiltinTypesHaveNoInlineForm) {
  for (ObjectType t : {otype::kNone, otype::kIri, otype::kString, ObjectType{0x1E},
                       ObjectType{0x2C}, ObjectType{0x3F}, lexicalTypeOf(otype::kInteger)}) {
    EXPECT_EQ(encodeInline(t, "1"), std::nullopt) << t;
  }
  EXPECT_EQ(parseXsdValue(otype::kString, "1"), std::nullopt);
  EXPECT_EQ(parseXsdValue(ObjectType{0x1E}, "1"), std::nullopt);
}

// Random edits of canonical and non-canonical seeds: whatever encodeInline accepts must decode to
// the same bytes and carry the value parseXsdValue reads.
TEST(LiteralCodecFormsTest, ContractHoldsForMutatedInput) {
  struct Seeds {
    ObjectType type;
    std::vector<std::string> seeds;
  };
  const Seeds all[] = {
      {otype::kBoolean, {"true", "false", "1"}},
      {otype::kInteger, {"0", "-9223372036854775808", "9223372036854775807", "120", "-1"}},
      {otype::kByte, {"127", "-128", "0", "99"}},
      {otype::kUnsignedLong, {"9223372036854775807", "18446744073709551615", "1"}},
      {otype::kPositiveInteger, {"1", "10"}},
      {otype::kDecimal, {"0.0", "-1.5", "120.0", "0.001", "1234567890123456.0"}},
      {otype::kDouble, {"1.0E0", "-2.5E-3", "1.7976931348623157E308", "5.0E-324", "NaN", "-INF"}},
      {otype::kFloat, {"1.0E-1", "3.4028235E38", "1.0E-45", "INF"}},
      {otype::kDateTime,
       {"2024-02-29T23:59:59.999+14:00", "-0001-01-01T00:00:00", "0000-12-31T00:00:00Z"}},
      {otype::kDateTimeStamp, {"2024-02-29T23:59:59.5Z", "1970-01-01T00:00:00-00:30"}},
      {otype::kDate, {"2024-02-29", "-0400-02-29-14:00", "0000-01-01Z"}},
      {otype::kTime, {"23:59:59.999", "00:00:00+14:00", "12:30:00.05Z"}},
  };
  constexpr std::string_view kAlphabet = "0123456789-+.:EeTZ INFNa";
  std::mt19937_64 rng(51);
  for (const Seeds& s : all) {
    int accepted = 0;
    for (int i = 0; i < 4000; ++i) {
      std::string text = s.seeds[rng() % s.seeds.size()];
      const int edits = 1 + static_cast<int>(rng() % 3);
      for (int e = 0; e < edits; ++e) {
        const size_t pos = text.empty() ? 0 : rng() % (text.size() + 1);
        const char c = kAlphabet[rng() % kAlphabet.size()];
        switch (rng() % 4) {
          case 0:
            text.insert(text.begin() + pos, c);
            break;
          case 1:
            if (pos < text.size()) text.erase(pos, 1);
            break;
          case 2:
            if (pos < text.size()) text[pos] = c;
            break;
          default:
            if (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
              text[pos] = static_cast<char>('0' + rng() % 10);  // a plausible digit change
            }
            break;
        }
      }
      accepted += checkContract(s.type, text) ? 1 : 0;
      if (::testing::Test::HasFailure()) {
        FAIL() << "type " << s.type << " input \"" << text << "\"";
      }
    }
    // The edits must reach canonical forms too, or the test proves little.
    EXPECT_GT(accepted, 50) << s.type;
  }
}

}  // namespace
}  // namespace cairn::core
