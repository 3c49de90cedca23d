// The TCK value syntax (tests/support/tck/tck_value.h): parsing every kind the expected tables
// use, the canonical text, and the TCK's equality.

#include "tests/support/tck/tck_value.h"

#include <gtest/gtest.h>

#include <cmath>

namespace cairn::tck {
namespace {

TckValue v(std::string_view text) { return parseTckValue(text); }

TEST(TckValueTest, ParsesScalars) {
  EXPECT_TRUE(v("null").isNull());
  EXPECT_EQ(v("true").asBoolean(), true);
  EXPECT_EQ(v(" false ").asBoolean(), false);
  EXPECT_EQ(v("42").asInteger(), 42);
  EXPECT_EQ(v("-9223372036854775808").asInteger(), INT64_MIN);
  EXPECT_EQ(v("1.5").asFloat(), 1.5);
  EXPECT_EQ(v("1e-5").asFloat(), 1e-5);
  EXPECT_EQ(v("-1.2635418652381264e305").asFloat(), -1.2635418652381264e305);
  EXPECT_TRUE(std::signbit(v("-0.0").asFloat()));
  EXPECT_TRUE(std::isnan(v("NaN").asFloat()));
  EXPECT_EQ(v("Inf").asFloat(), HUGE_VAL);
  EXPECT_EQ(v("-Inf").asFloat(), -HUGE_VAL);
  EXPECT_EQ(v("1").kind(), TckValue::Kind::kInteger);
  EXPECT_EQ(v("1.0").kind(), TckValue::Kind::kFloat);
  EXPECT_EQ(v("1e3").kind(), TckValue::Kind::kFloat);
}

TEST(TckValueTest, ParsesStringsWithEscapes) {
  EXPECT_EQ(v("''").asString(), "");
  EXPECT_EQ(v("'a b'").asString(), "a b");
  EXPECT_EQ(v(R"('\'')").asString(), "'");
  // Literals6 [5] after Gherkin's unescaping of the table cell.
  EXPECT_EQ(v(R"('a\\bcn5t\'"\\//\\"\'')").asString(), R"(a\bcn5t'"\//\"')");
  EXPECT_EQ(v("'\nFoo\n'").asString(), "\nFoo\n");
  EXPECT_EQ(v(R"('\u00e9\t')").asString(), "\xc3\xa9\t");
  EXPECT_EQ(v("'2015-07-21T21:40:32.142+01:00'").asString(), "2015-07-21T21:40:32.142+01:00");
  EXPECT_EQ(v("'Malmö'").asString(), "Malmö");
}

TEST(TckValueTest, ParsesContainers) {
  const TckValue list = v("[1, 'a', [], [null, 2.0]]");
  ASSERT_EQ(list.asList().size(), 4u);
  EXPECT_EQ(list.asList()[2].asList().size(), 0u);
  EXPECT_TRUE(list.asList()[3].asList()[0].isNull());

  const TckValue map = v("{name: 'Mats', `my key`: 1, ``: null, age: {x: [1]}}");
  ASSERT_EQ(map.asMap().size(), 4u);
  EXPECT_EQ(map.asMap()[0].first, "");  // keys sorted
  EXPECT_EQ(map.asMap()[1].first, "age");
  EXPECT_EQ(map.asMap()[2].first, "my key");
  EXPECT_EQ(map.asMap()[3].first, "name");
  EXPECT_EQ(v("{}").asMap().size(), 0u);
}

TEST(TckValueTest, ParsesGraphElements) {
  const TckValue node = v("(:B:A {p: 1, name: 'x'})");
  EXPECT_EQ(node.asNode().labels, (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(node.asNode().properties.size(), 2u);
  EXPECT_TRUE(v("()").asNode().labels.empty());
  EXPECT_EQ(v("({p: 1})").asNode().properties.size(), 1u);

  const TckValue rel = v("[:T {since: 2001}]");
  EXPECT_EQ(rel.asRelationship().type, "T");
  EXPECT_EQ(rel.asRelationship().properties.size(), 1u);
  EXPECT_EQ(v("[:`has space`]").asRelationship().type, "has space");

  const TckValue path = v("<(:A)-[:T]->(:B {p: 2})<-[:U {q: 1}]-()>");
  const TckPath& p = path.asPath();
  EXPECT_EQ(p.start.labels, std::vector<std::string>{"A"});
  ASSERT_EQ(p.hops.size(), 2u);
  EXPECT_TRUE(p.hops[0].forward);
  EXPECT_EQ(p.hops[0].relationship.type, "T");
  EXPECT_FALSE(p.hops[1].forward);
  EXPECT_EQ(p.hops[1].relationship.type, "U");
  EXPECT_TRUE(p.hops[1].node.labels.empty());
  EXPECT_EQ(v("<()>").asPath().hops.size(), 0u);
  EXPECT_EQ(v("[<(:A)-[:T]->(:B)>]").asList()[0].kind(), TckValue::Kind::kPath);
}

TEST(TckValueTest, RejectsMalformedText) {
  for (const char* bad :
       {"", "'open", "[1, 2", "{a 1}", "{a: 1, a: 2}", "1 2", "9223372036854775808", "1.", "nul",
        "(:A", "[:T", "<(:A)-[:T]-(:B)>", "'\\q'", "1e999", "truex", "12abc"}) {
    EXPECT_THROW(parseTckValue(bad), TckValueError) << bad;
  }
}

TEST(TckValueTest, CanonicalTextRoundTrips) {
  EXPECT_EQ(v("1.0").toString(), "1.0");
  EXPECT_EQ(v("-0.0").toString(), "-0.0");
  EXPECT_EQ(v("1e308").toString(), "1e+308");
  EXPECT_EQ(v("0.1").toString(), "0.1");
  EXPECT_EQ(v("NaN").toString(), "NaN");
  EXPECT_EQ(v("-Inf").toString(), "-Inf");
  EXPECT_EQ(v("{b: 1, a: [true, null]}").toString(), "{a: [true, null], b: 1}");
  EXPECT_EQ(v("(:B:A {p: 'x'})").toString(), "(:A:B {p: 'x'})");
  EXPECT_EQ(v("({``: 1})").toString(), "({``: 1})");
  EXPECT_EQ(v("<(:A)<-[:T {w: 1.5}]-()>").toString(), "<(:A)<-[:T {w: 1.5}]-()>");
  EXPECT_EQ(TckValue::string("it's\\\n").toString(), R"('it\'s\\\n')");
  for (const char* text :
       {"null", "-17", "2.5e-7", "'a\\'b'", "[1, [2.0, 'x']]", "{`a b`: {c: []}}", "(:L {k: -1})",
        "[:R {k: 'v'}]", "<(:A)-[:T]->(:B)<-[:U]-()>", "1.2635418652381264e+305"}) {
    const TckValue value = v(text);
    EXPECT_TRUE(tckEquals(parseTckValue(value.toString()), value)) << text;
    EXPECT_EQ(parseTckValue(value.toString()).toString(), value.toString()) << text;
  }
}

TEST(TckValueTest, EqualityFollowsTheTck) {
  EXPECT_FALSE(tckEquals(v("1"), v("1.0")));  // integers and floats are different values
  EXPECT_TRUE(tckEquals(v("NaN"), v("NaN")));
  EXPECT_FALSE(tckEquals(v("NaN"), v("1.0")));
  EXPECT_TRUE(tckEquals(v("0.0"), v("-0.0")));
  EXPECT_TRUE(tckEquals(v("1e3"), v("1000.0")));
  EXPECT_FALSE(tckEquals(v("null"), v("'null'")));
  EXPECT_TRUE(tckEquals(v("{a: 1, b: 2}"), v("{b: 2, a: 1}")));
  EXPECT_FALSE(tckEquals(v("{a: 1}"), v("{a: 1, b: null}")));
  EXPECT_TRUE(tckEquals(v("(:A:B {p: 1})"), v("(:B:A {p: 1})")));
  EXPECT_FALSE(tckEquals(v("(:A {p: 1})"), v("(:A {p: 1.0})")));
  EXPECT_FALSE(tckEquals(v("(:A)"), v("(:A:B)")));
  EXPECT_FALSE(tckEquals(v("[:T]"), v("[:U]")));
  EXPECT_FALSE(tckEquals(v("(:A)"), v("[:A]")));
  EXPECT_FALSE(tckEquals(v("<(:A)-[:T]->(:B)>"), v("<(:A)<-[:T]-(:B)>")));
  EXPECT_TRUE(tckEquals(v("<(:A)-[:T]->(:B)>"), v("<(:A)-[:T]->(:B)>")));
}

TEST(TckValueTest, ListsCompareInOrderUnlessAskedOtherwise) {
  const TckEqualityOptions unordered{true};
  EXPECT_FALSE(tckEquals(v("[1, 2]"), v("[2, 1]")));
  EXPECT_TRUE(tckEquals(v("[1, 2]"), v("[2, 1]"), unordered));
  EXPECT_FALSE(tckEquals(v("[1, 1, 2]"), v("[1, 2, 2]"), unordered));  // multisets, not sets
  EXPECT_FALSE(tckEquals(v("[1, 2]"), v("[1, 2, 2]"), unordered));
  // At every depth, including inside maps and node properties.
  EXPECT_TRUE(tckEquals(v("[[1, 2], {k: [3, 4]}]"), v("[{k: [4, 3]}, [2, 1]]"), unordered));
  EXPECT_TRUE(tckEquals(v("({l: ['a', 'b']})"), v("({l: ['b', 'a']})"), unordered));
  EXPECT_FALSE(tckEquals(v("({l: ['a', 'b']})"), v("({l: ['b', 'a']})")));
}

}  // namespace
}  // namespace cairn::tck
