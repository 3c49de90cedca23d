// valueToTerm / termToValue: every scalar kind round-trips exactly, the literals are the forms
// the store keeps inline where xsd has the type (so a computed value and a stored one are one
// term), and foreign RDF literals read as their nearest Cypher value.

#include "query/graph/value_terms.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>

#include "core/literal_codec.h"
#include "core/object_type.h"
#include "query/graph/property_graph_vocabulary.h"
#include "query/value/temporal/temporal.h"
#include "query/value/value_compare.h"

// Named, not anonymous: unity batches put several test files in one translation unit.
namespace cairn::query::graph::value_terms_test {

using value::Value;
using value::ValueKind;

const std::string kXsd = "http://www.w3.org/2001/XMLSchema#";

// Same kind and same value, down to the bits of a float (-0.0 is not 0.0) and the zone of a
// datetime; NaN matches NaN.
bool identical(const Value& a, const Value& b) {
  if (a.kind() != b.kind()) return false;
  if (a.kind() == ValueKind::kFloat) {
    if (std::isnan(a.asFloat())) return std::isnan(b.asFloat());
    return std::bit_cast<uint64_t>(a.asFloat()) == std::bit_cast<uint64_t>(b.asFloat());
  }
  if (a.kind() == ValueKind::kDateTime) return a.asDateTime() == b.asDateTime();
  if (a.kind() == ValueKind::kTime) return a.asTime() == b.asTime();
  return value::equivalent(a, b);
}

Value temporal(value::TemporalType type, std::string_view text) {
  value::Temporal t = value::parseTemporal(type, text);
  return std::visit(
      [](auto&& x) -> Value {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, value::Date>) return Value::date(x);
        if constexpr (std::is_same_v<T, value::LocalTime>) return Value::localTime(x);
        if constexpr (std::is_same_v<T, value::Time>) return Value::time(x);
        if constexpr (std::is_same_v<T, value::LocalDateTime>) return Value::localDateTime(x);
        if constexpr (std::is_same_v<T, value::DateTime>) return Value::dateTime(x);
        if constexpr (std::is_same_v<T, value::Duration>) return Value::duration(x);
      },
      t);
}

// Checks the literal `v` maps to and that it maps back to `v` itself.
void expectRoundTrip(const Value& v, const std::string& lexical, const std::string& datatype) {
  SCOPED_TRACE(lexical);
  auto term = valueToTerm(v);
  ASSERT_TRUE(term.has_value());
  EXPECT_EQ(term->kind, core::TermKind::kLiteral);
  EXPECT_EQ(term->value, lexical);
  EXPECT_EQ(term->datatype, datatype);
  EXPECT_TRUE(term->language.empty());
  auto back = termToValue(*term);
  ASSERT_TRUE(back.has_value());
  EXPECT_TRUE(identical(*back, v)) << "kind " << value::kindName(back->kind());
}

// The literal is the store's canonical, inline form of its datatype.
void expectInline(const Value& v) {
  auto term = valueToTerm(v);
  ASSERT_TRUE(term.has_value());
  auto type = core::builtinTypeForDatatype(term->datatype);
  ASSERT_TRUE(type.has_value()) << term->datatype;
  EXPECT_TRUE(core::encodeInline(*type, term->value).has_value()) << term->value;
}

TEST(ValueTerms, BooleansAndStrings) {
  expectRoundTrip(Value::boolean(true), "true", kXsd + "boolean");
  expectRoundTrip(Value::boolean(false), "false", kXsd + "boolean");
  expectRoundTrip(Value::string("héllo \"x\"\n"), "héllo \"x\"\n", "");
  expectRoundTrip(Value::string(""), "", "");
  expectInline(Value::boolean(true));
}

TEST(ValueTerms, IntegersIncludingTheExtremes) {
  const int64_t kMin = std::numeric_limits<int64_t>::min();
  const int64_t kMax = std::numeric_limits<int64_t>::max();
  expectRoundTrip(Value::integer(0), "0", kXsd + "integer");
  expectRoundTrip(Value::integer(-42), "-42", kXsd + "integer");
  expectRoundTrip(Value::integer(kMax), "9223372036854775807", kXsd + "integer");
  expectRoundTrip(Value::integer(kMin), "-9223372036854775808", kXsd + "integer");
  for (int64_t i : {int64_t{0}, int64_t{-1}, int64_t{7}, kMin, kMax})
    expectInline(Value::integer(i));
}

TEST(ValueTerms, FloatsIncludingSignedZeroNaNAndInfinities) {
  expectRoundTrip(Value::floating(1.0), "1.0E0", kXsd + "double");
  expectRoundTrip(Value::floating(4.2), "4.2E0", kXsd + "double");
  expectRoundTrip(Value::floating(-0.0), "-0.0E0", kXsd + "double");
  expectRoundTrip(Value::floating(0.0), "0.0E0", kXsd + "double");
  expectRoundTrip(Value::floating(std::nan("")), "NaN", kXsd + "double");
  expectRoundTrip(Value::floating(std::numeric_limits<double>::infinity()), "INF", kXsd + "double");
  expectRoundTrip(Value::floating(-std::numeric_limits<double>::infinity()), "-INF",
                  kXsd + "double");
  // Shortest digits that read back (Java would print 4.9E-324).
  expectRoundTrip(Value::floating(std::numeric_limits<double>::denorm_min()), "5.0E-324",
                  kXsd + "double");
  expectRoundTrip(Value::floating(std::numeric_limits<double>::max()), "1.7976931348623157E308",
                  kXsd + "double");
  expectRoundTrip(Value::floating(0.1), "1.0E-1", kXsd + "double");
  for (double d : {1.0, -0.0, 0.1, -1e300}) expectInline(Value::floating(d));
  expectInline(Value::floating(std::nan("")));
}

TEST(ValueTerms, LocalTemporalsAreXsdLiterals) {
  using value::TemporalType;
  expectRoundTrip(temporal(TemporalType::kDate, "2020-01-01"), "2020-01-01", kXsd + "date");
  expectRoundTrip(temporal(TemporalType::kDate, "-0001-03-01"), "-0001-03-01", kXsd + "date");
  expectRoundTrip(temporal(TemporalType::kDate, "0000-02-29"), "0000-02-29", kXsd + "date");
  // java.time writes "+12024-…"; xsd's canonical year has no '+'.
  expectRoundTrip(temporal(TemporalType::kDate, "+12024-05-06"), "12024-05-06", kXsd + "date");
  expectRoundTrip(temporal(TemporalType::kDate, "+999999999-12-31"), "999999999-12-31",
                  kXsd + "date");
  expectRoundTrip(temporal(TemporalType::kDate, "-999999999-01-01"), "-999999999-01-01",
                  kXsd + "date");
  // Cypher's text drops zero seconds; xsd needs them.
  expectRoundTrip(temporal(TemporalType::kLocalDateTime, "2020-01-01T10:00"), "2020-01-01T10:00:00",
                  kXsd + "dateTime");
  expectRoundTrip(temporal(TemporalType::kLocalDateTime, "1969-12-31T23:59:59.5"),
                  "1969-12-31T23:59:59.5", kXsd + "dateTime");
  expectRoundTrip(temporal(TemporalType::kLocalDateTime, "2015-07-21T21:40:32.123456789"),
                  "2015-07-21T21:40:32.123456789", kXsd + "dateTime");
  expectRoundTrip(temporal(TemporalType::kLocalTime, "10:00"), "10:00:00", kXsd + "time");
  expectRoundTrip(temporal(TemporalType::kLocalTime, "00:00:00.000000001"), "00:00:00.000000001",
                  kXsd + "time");
  expectRoundTrip(temporal(TemporalType::kLocalTime, "23:59:59.999999999"), "23:59:59.999999999",
                  kXsd + "time");
  // Up to milliseconds the forms are the ones the store keeps inline.
  expectInline(temporal(TemporalType::kDate, "2020-01-01"));
  expectInline(temporal(TemporalType::kDate, "-0001-03-01"));
  expectInline(temporal(TemporalType::kLocalDateTime, "2020-01-01T10:00"));
  expectInline(temporal(TemporalType::kLocalDateTime, "2020-01-01T10:00:00.12"));
  expectInline(temporal(TemporalType::kLocalTime, "10:00:01.5"));
}

TEST(ValueTerms, ZonedTemporalsAndDurationsKeepTheirCypherText) {
  using value::TemporalType;
  const std::string kTime(kTimeDatatype);
  const std::string kDateTime(kDateTimeDatatype);
  const std::string kDuration(kDurationDatatype);
  expectRoundTrip(temporal(TemporalType::kTime, "21:40:32.142+01:00"), "21:40:32.142+01:00", kTime);
  expectRoundTrip(temporal(TemporalType::kTime, "10:00Z"), "10:00Z", kTime);
  expectRoundTrip(temporal(TemporalType::kTime, "10:00-18:00"), "10:00-18:00", kTime);
  expectRoundTrip(temporal(TemporalType::kTime, "10:00+05:30:15"), "10:00+05:30:15", kTime);
  expectRoundTrip(temporal(TemporalType::kDateTime, "2015-07-21T21:40:32.142+01:00"),
                  "2015-07-21T21:40:32.142+01:00", kDateTime);
  expectRoundTrip(temporal(TemporalType::kDateTime, "2015-07-21T21:40:32.142[Europe/London]"),
                  "2015-07-21T21:40:32.142+01:00[Europe/London]", kDateTime);
  expectRoundTrip(temporal(TemporalType::kDateTime, "2015-01-21T21:40[Europe/London]"),
                  "2015-01-21T21:40Z[Europe/London]", kDateTime);
  expectRoundTrip(temporal(TemporalType::kDateTime, "+12024-01-01T00:00-05:00"),
                  "+12024-01-01T00:00-05:00", kDateTime);
  // The second 01:30 of a day the clocks go back: the offset tells it from the first.
  expectRoundTrip(
      Value::dateTime(value::DateTime{std::get<value::LocalDateTime>(value::parseTemporal(
                                          TemporalType::kLocalDateTime, "2021-10-31T01:30")),
                                      0, "Europe/London"}),
      "2021-10-31T01:30Z[Europe/London]", kDateTime);
  expectRoundTrip(temporal(TemporalType::kDuration, "P14DT16H12M"), "P14DT16H12M", kDuration);
  expectRoundTrip(temporal(TemporalType::kDuration, "PT0S"), "PT0S", kDuration);
  expectRoundTrip(Value::duration(value::Duration{13, -2, -1, 500'000'000}), "P1Y1M-2DT-0.5S",
                  kDuration);
  expectRoundTrip(Value::duration(value::Duration{-25, 3, 7322, 1}), "P-2Y-1M3DT2H2M2.000000001S",
                  kDuration);
  expectRoundTrip(Value::duration(value::Duration{0, 0, -3600, 0}), "PT-1H", kDuration);
}

TEST(ValueTerms, NonScalarsHaveNoTerm) {
  EXPECT_FALSE(valueToTerm(Value()).has_value());
  EXPECT_FALSE(valueToTerm(Value::list({Value::integer(1)})).has_value());
  EXPECT_FALSE(valueToTerm(Value::map({{"a", Value::integer(1)}})).has_value());
  EXPECT_FALSE(valueToTerm(Value::node(7)).has_value());
  EXPECT_FALSE(valueToTerm(Value::relationship(value::Relationship{1, 2, 3, 4})).has_value());
  EXPECT_FALSE(valueToTerm(Value::path(value::Path{{5}, {}})).has_value());
  EXPECT_FALSE(termToValue(core::Term::iri("http://example.org/a")).has_value());
  EXPECT_FALSE(termToValue(core::Term::blank("b1")).has_value());
}

TEST(ValueTerms, ForeignLiteralsReadAsTheNearestValue) {
  auto read = [](std::string lexical, std::string datatype, std::string language = {}) {
    auto v = termToValue(
        core::Term::literal(std::move(lexical), std::move(datatype), std::move(language)));
    EXPECT_TRUE(v.has_value());
    return v.value_or(Value());
  };
  EXPECT_TRUE(identical(read("01", kXsd + "integer"), Value::integer(1)));
  EXPECT_TRUE(identical(read(" 7 ", kXsd + "int"), Value::integer(7)));
  EXPECT_TRUE(identical(read("-5", kXsd + "short"), Value::integer(-5)));
  EXPECT_TRUE(identical(read("18446744073709551615", kXsd + "unsignedLong"),
                        Value::floating(18446744073709551615.0)));
  EXPECT_TRUE(identical(read("1.50", kXsd + "decimal"), Value::floating(1.5)));
  EXPECT_TRUE(identical(read("1.5E2", kXsd + "float"), Value::floating(150.0)));
  EXPECT_TRUE(identical(read("1", kXsd + "boolean"), Value::boolean(true)));
  EXPECT_TRUE(identical(read("s", kXsd + "string"), Value::string("s")));
  EXPECT_TRUE(identical(read("chat", "", "fr"), Value::string("chat")));
  EXPECT_TRUE(identical(read("abc", kXsd + "integer"), Value::string("abc")));  // ill-typed
  EXPECT_TRUE(identical(read("x", "http://example.org/dt"), Value::string("x")));
  EXPECT_TRUE(
      identical(read("not a time", std::string(kTimeDatatype)), Value::string("not a time")));
  EXPECT_TRUE(identical(read("", std::string(kEmptyListDatatype)), Value::list({})));
  // Zoned xsd temporals: the local time at their offset.
  EXPECT_TRUE(identical(read("2020-01-01T10:00:00+02:00", kXsd + "dateTime"),
                        temporal(value::TemporalType::kDateTime, "2020-01-01T10:00+02:00")));
  EXPECT_TRUE(identical(read("2020-01-01T10:00:00Z", kXsd + "dateTimeStamp"),
                        temporal(value::TemporalType::kDateTime, "2020-01-01T10:00Z")));
  EXPECT_TRUE(identical(read("2020-01-01T24:00:00", kXsd + "dateTime"),
                        temporal(value::TemporalType::kLocalDateTime, "2020-01-02T00:00")));
  EXPECT_TRUE(identical(read("23:00:00-05:00", kXsd + "time"),
                        temporal(value::TemporalType::kTime, "23:00-05:00")));
  EXPECT_TRUE(identical(read("2020-01-01-05:00", kXsd + "date"),
                        temporal(value::TemporalType::kDate, "2020-01-01")));
}

}  // namespace cairn::query::graph::value_terms_test
