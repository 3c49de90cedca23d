// Date/time functions (SPARQL §17.4.5) and hash functions (§17.4.6), with the W3C suite's data:
// year-01 ... tz-01 over data.ttl's dates, md5-01 ... sha512-02 over "foo" and "食".

#include "tests/unit/query/expr/expr_test_support.h"

namespace cairn::query::expr::testing {
namespace {

constexpr const char* kD1 = "\"2010-06-21T11:28:01Z\"^^xsd:dateTime";
constexpr const char* kD2 = "\"2010-12-21T15:38:02-08:00\"^^xsd:dateTime";
constexpr const char* kD3 = "\"2008-06-20T23:59:00Z\"^^xsd:dateTime";
constexpr const char* kD4 = "\"2011-02-01T01:02:03\"^^xsd:dateTime";

TEST(DateTimeFunctions, Components) {
  EXPECT_EQ(eval(Op::kYear, {kD1}), "\"2010\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kYear, {kD3}), "\"2008\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kMonth, {kD2}), "\"12\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kMonth, {kD4}), "\"2\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kDay, {kD1}), "\"21\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kDay, {kD4}), "\"1\"^^xsd:integer");
  // Local time as written, not normalized to UTC.
  EXPECT_EQ(eval(Op::kHours, {kD2}), "\"15\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kHours, {kD3}), "\"23\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kMinutes, {kD2}), "\"38\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kMinutes, {kD4}), "\"2\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kYear, {"\"-0044-03-15T12:00:00Z\"^^xsd:dateTime"}), "\"-44\"^^xsd:integer");
}

TEST(DateTimeFunctions, SecondsAreDecimals) {
  EXPECT_EQ(eval(Op::kSeconds, {kD1}), "\"1.0\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kSeconds, {kD3}), "\"0.0\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kSeconds, {"\"2011-01-10T14:45:13.815-05:00\"^^xsd:dateTime"}),
            "\"13.815\"^^xsd:decimal");
  EXPECT_EQ(eval(Op::kSeconds, {"\"2011-01-10T14:45:13.500\"^^xsd:dateTime"}),
            "\"13.5\"^^xsd:decimal");
}

TEST(DateTimeFunctions, EndOfDayIsTheNextDay) {
  EXPECT_EQ(eval(Op::kDay, {"\"2010-12-31T24:00:00Z\"^^xsd:dateTime"}), "\"1\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kYear, {"\"2010-12-31T24:00:00Z\"^^xsd:dateTime"}), "\"2011\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kHours, {"\"2010-12-31T24:00:00Z\"^^xsd:dateTime"}), "\"0\"^^xsd:integer");
}

TEST(DateTimeFunctions, TimezoneAndTz) {
  EXPECT_EQ(eval(Op::kTimezone, {kD1}), "\"PT0S\"^^xsd:dayTimeDuration");
  EXPECT_EQ(eval(Op::kTimezone, {kD2}), "\"-PT8H\"^^xsd:dayTimeDuration");
  EXPECT_EQ(eval(Op::kTimezone, {"\"2010-01-01T00:00:00+05:30\"^^xsd:dateTime"}),
            "\"PT5H30M\"^^xsd:dayTimeDuration");
  EXPECT_EQ(eval(Op::kTimezone, {kD4}), "error");
  EXPECT_EQ(eval(Op::kTz, {kD1}), "\"Z\"");
  EXPECT_EQ(eval(Op::kTz, {kD2}), "\"-08:00\"");
  EXPECT_EQ(eval(Op::kTz, {kD4}), "\"\"");
}

TEST(DateTimeFunctions, WrongTypesAreErrors) {
  EXPECT_EQ(eval(Op::kYear, {"\"2010-06-21T11:28:01Z\""}), "error");
  EXPECT_EQ(eval(Op::kYear, {"\"2010-13-21T11:28:01Z\"^^xsd:dateTime"}), "error");
  EXPECT_EQ(eval(Op::kHours, {"\"2010-06-21\"^^xsd:date"}), "error");
  EXPECT_EQ(eval(Op::kYear, {"\"2010-06-21\"^^xsd:date"}), "\"2010\"^^xsd:integer");
  EXPECT_EQ(eval(Op::kMonth, {"2010"}), "error");
}

TEST(DateTimeFunctions, NowIsTheQueryInstant) {
  EXPECT_EQ(eval(call(Op::kNow)), "\"2026-11-30T00:31:02.123Z\"^^xsd:dateTime");
  EXPECT_EQ(eval(call(Op::kYear, {call(Op::kNow)})), "\"2026\"^^xsd:integer");
  const std::string now = currentDateTime();
  EXPECT_EQ(now.size(), 24u) << now;
  EXPECT_EQ(now.back(), 'Z');
  const core::Term asLiteral = core::Term::literal(now, xsd("dateTime"));
  EXPECT_NE(eval(call(Op::kYear, {v("a")}), TestRow({asLiteral})), "error") << now;
}

TEST(HashFunctions, W3cDigests) {
  EXPECT_EQ(eval(Op::kMd5, {"\"foo\""}), "\"acbd18db4cc2f85cedef654fccc4a4d8\"");
  EXPECT_EQ(eval(Op::kMd5, {"\"食べ物\""}), "\"e7ada485d13b1decf628c9211bc3a97b\"");
  EXPECT_EQ(eval(Op::kSha1, {"\"foo\""}), "\"0beec7b5ea3f0fdbc95d0dd47f3c5bc275da8a33\"");
  EXPECT_EQ(eval(Op::kSha256, {"\"食\""}),
            "\"0fbe868d1df356ca9df7ebff346da3a56280e059a7ea81186ef885b140d254ee\"");
  EXPECT_EQ(eval(Op::kSha512, {"\"foo\""}),
            "\"f7fbba6e0636f890e56fbbf3283e524c6fa3204ae298382d624741d0dc6638326e282c41be5e4254d88"
            "20772c5518a2c5a8c0c7f7eda19594a7eb539453e1ed7\"");
  EXPECT_EQ(eval(Op::kSha384, {"\"abc\""}),
            "\"cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358ba"
            "eca134c825a7\"");
  EXPECT_EQ(eval(Op::kMd5, {"\"foo\"^^xsd:string"}), "\"acbd18db4cc2f85cedef654fccc4a4d8\"");
}

TEST(HashFunctions, OnlySimpleLiteralsAndXsdStrings) {
  EXPECT_EQ(eval(Op::kMd5, {"\"foo\"@en"}), "error");
  EXPECT_EQ(eval(Op::kSha1, {"1"}), "error");
  EXPECT_EQ(eval(Op::kSha256, {"<http://a>"}), "error");
}

}  // namespace
}  // namespace cairn::query::expr::testing
