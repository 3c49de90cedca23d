// Equality, comparability, equivalence and the ORDER BY order (query/value/value_compare.h),
// with the TCK's tables (expressions/comparison, clauses/return-orderby) as the expectations.

#include "query/value/value_compare.h"

#include <algorithm>
#include <cmath>

#include "tests/unit/query/value/value_test_support.h"

namespace cairn::query::value::testing {
namespace {

struct Case {
  const char* lhs;
  const char* rhs;
  const char* result;
};

Value valueOf(const char* text) {
  Runner run;
  return run.value(lit(text));
}

std::string ternaryText(std::optional<bool> b) { return b ? (*b ? "true" : "false") : "null"; }

// Comparison1 [6], [7], [9], List3 and the null rules of the design.
TEST(ValueEquality, TckTables) {
  const Case cases[] = {
      {"[1, 2]", "[1]", "false"},
      {"[null]", "[1]", "null"},
      {"['a']", "[1]", "false"},
      {"[[1]]", "[[1], [null]]", "false"},
      {"[[1], [2]]", "[[1], [null]]", "null"},
      {"[[1], [2, 3]]", "[[1], [null]]", "false"},
      {"{}", "{}", "true"},
      {"{k: true}", "{k: true}", "true"},
      {"{k: 1}", "{k: 1}", "true"},
      {"{k: 1.0}", "{k: 1.0}", "true"},
      {"{k: 'abc'}", "{k: 'abc'}", "true"},
      {"{k: 'a', l: 2}", "{k: 'a', l: 2}", "true"},
      {"{}", "{k: null}", "false"},
      {"{k: null}", "{}", "false"},
      {"{k: 1}", "{k: 1, l: null}", "false"},
      {"{k: null, l: 1}", "{l: 1}", "false"},
      {"{k: null}", "{k: null, l: null}", "false"},
      {"{k: null}", "{k: null}", "null"},
      {"{k: 1}", "{k: null}", "null"},
      {"{k: 1, l: null}", "{k: null, l: null}", "null"},
      {"{k: 1, l: null}", "{k: null, l: 1}", "null"},
      {"{k: 1, l: null}", "{k: 1, l: 1}", "null"},
      {"1.0", "1.0", "true"},
      {"1", "1.0", "true"},
      {"'1.0'", "1.0", "false"},
      {"'1'", "1", "false"},
      {"null", "null", "null"},
      {"null", "1", "null"},
      {"[1, 2]", "[1, 2]", "true"},
      {"[1, 2]", "[1.0, 2.0]", "true"},
      {"[1, 2]", "[3, null]", "false"},
      {"true", "1", "false"},
      {"4611686018427387905", "4611686018427387900", "false"},
      {"4611686018427387905", "4611686018427387905", "true"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(ternaryText(equals(valueOf(c.lhs), valueOf(c.rhs))), c.result)
        << c.lhs << " = " << c.rhs;
  }
}

TEST(ValueEquality, IntegersAgainstFloatsAreExact) {
  const int64_t big = (int64_t{1} << 53) + 1;
  EXPECT_EQ(equals(Value::integer(big), Value::floating(static_cast<double>(big))), false);
  EXPECT_EQ(equals(Value::integer(big - 1), Value::floating(static_cast<double>(big - 1))), true);
  EXPECT_EQ(equals(Value::integer(INT64_MAX), Value::floating(9223372036854775808.0)), false);
  EXPECT_EQ(equals(Value::integer(3), Value::floating(3.5)), false);
  EXPECT_EQ(equals(Value::integer(0), Value::floating(-0.0)), true);
}

// Comparison1 [8]: NaN equals nothing, itself included; <> is true.
TEST(ValueEquality, NaN) {
  const Value nan = Value::floating(std::nan(""));
  for (const Value& other : {Value::integer(1), Value::floating(1.0), nan, Value::string("a")}) {
    EXPECT_EQ(equals(nan, other), false);
  }
}

TEST(ValueEquality, EntitiesByIdentity) {
  EXPECT_EQ(equals(Value::node(1), Value::node(1)), true);
  EXPECT_EQ(equals(Value::node(1), Value::node(2)), false);
  const Value r1 = Value::relationship({7, 1, 2, 9});
  const Value r1again = Value::relationship({7, 1, 2, 9});
  EXPECT_EQ(equals(r1, r1again), true);
  EXPECT_EQ(equals(r1, Value::relationship({8, 1, 2, 9})), false);
  EXPECT_EQ(equals(r1, Value::node(7)), false);
}

TEST(ValueEquality, Temporals) {
  // Time and datetime by instant; the other kinds by value; durations by their parts.
  EXPECT_EQ(equals(Value::time({10 * 3600 * kNanosPerSecond, 3600}),
                   Value::time({9 * 3600 * kNanosPerSecond, 0})),
            true);
  EXPECT_EQ(equals(Value::dateTime({{0, 3600 * kNanosPerSecond}, 3600, ""}),
                   Value::dateTime({{0, 0}, 0, ""})),
            true);
  EXPECT_EQ(equals(Value::date({5}), Value::localDateTime({5, 0})), false);
  EXPECT_EQ(equals(Value::duration({1, 2, 3, 4}), Value::duration({1, 2, 3, 4})), true);
  EXPECT_EQ(equals(Value::duration({0, 1, 0, 0}), Value::duration({0, 0, 86400, 0})), false);
}

std::string orderText(const char* lhs, const char* rhs) {
  const auto c = compare(valueOf(lhs), valueOf(rhs));
  if (!c) return "null";
  if (*c == std::partial_ordering::unordered) return "unordered";
  return *c < 0 ? "<" : (*c > 0 ? ">" : "=");
}

// Comparison2 [3]-[6]: comparable within numbers, strings, booleans, lists; null otherwise.
TEST(ValueComparability, TckTables) {
  const Case cases[] = {
      {"1", "3.14", "<"},
      {"[1, 0]", "[1]", ">"},
      {"[1, null]", "[1]", ">"},
      {"[1, 2]", "[1, null]", "null"},
      {"[1, 'a']", "[1, null]", "null"},
      {"[1, 2]", "[3, null]", "<"},
      {"1.0", "1.0", "="},
      {"1", "1.0", "="},
      {"'1.0'", "1.0", "null"},
      {"'1'", "1", "null"},
      {"'a'", "'b'", "<"},
      {"'B'", "'a'", "<"},
      {"false", "true", "<"},
      {"true", "1", "null"},
      {"[]", "{}", "null"},
      {"{}", "{}", "null"},
      {"null", "null", "null"},
      {"[]", "[]", "="},
      {"['a']", "[1]", "null"},
  };
  for (const Case& c : cases)
    EXPECT_EQ(orderText(c.lhs, c.rhs), c.result) << c.lhs << " vs " << c.rhs;
  const Value nan = Value::floating(std::nan(""));
  EXPECT_EQ(compare(nan, Value::integer(1)), std::partial_ordering::unordered);
  EXPECT_EQ(compare(nan, nan), std::partial_ordering::unordered);
  EXPECT_EQ(compare(nan, Value::string("a")), std::nullopt);
  EXPECT_EQ(compare(Value::node(1), Value::node(2)), std::nullopt);
}

// Temporal7: within a type; time and datetime by instant; durations and mixed kinds are null.
TEST(ValueComparability, Temporals) {
  EXPECT_EQ(compare(Value::date({1}), Value::date({2})), std::partial_ordering::less);
  // 10:00+01:00 is 09:00Z, before 09:35:14Z.
  const Value t1 = Value::time({10 * 3600 * kNanosPerSecond, 3600});
  const Value t2 = Value::time({(9 * 3600 + 35 * 60 + 14) * kNanosPerSecond, 0});
  EXPECT_EQ(compare(t1, t2), std::partial_ordering::less);
  const Value d1 = Value::dateTime({{100, 0}, 0, ""});
  const Value d2 = Value::dateTime({{100, 0}, 5 * 3600, ""});
  EXPECT_EQ(compare(d1, d2), std::partial_ordering::greater);
  EXPECT_EQ(compare(Value::duration({1, 0, 0, 0}), Value::duration({2, 0, 0, 0})), std::nullopt);
  EXPECT_EQ(compare(Value::date({1}), Value::localDateTime({1, 0})), std::nullopt);
}

// ReturnOrderBy1 [11]: map < node < relationship < list < path < string < boolean < number
// < NaN < null.
TEST(ValueOrder, DistinctTypesInTheExpectedOrder) {
  const Value path = Value::path({{1, 2}, {Relationship{5, 1, 2, 9}}});
  std::vector<Value> values = {Value::node(1),
                               Value::relationship({5, 1, 2, 9}),
                               path,
                               Value::floating(1.5),
                               valueOf("['list']"),
                               Value::string("text"),
                               Value(),
                               Value::boolean(false),
                               Value::floating(std::nan("")),
                               valueOf("{a: 'map'}")};
  std::sort(values.begin(), values.end(),
            [](const Value& a, const Value& b) { return orderCompare(a, b) < 0; });
  std::vector<std::string> texts;
  for (const Value& v : values) texts.push_back(toText(v));
  EXPECT_EQ(texts,
            (std::vector<std::string>{"{a: 'map'}", "(#1)", "[#5]", "['list']", "<(#1)-[#5]->(#2)>",
                                      "'text'", "false", "1.5", "NaN", "null"}));
}

TEST(ValueOrder, TemporalKindsAndWithinKinds) {
  std::vector<Value> values = {Value::duration({0, 1, 0, 0}),
                               Value::localTime({5}),
                               Value::time({5, 0}),
                               Value::date({3}),
                               Value::localDateTime({3, 0}),
                               Value::dateTime({{3, 0}, 0, ""}),
                               Value::date({2}),
                               Value::duration({0, 0, 10, 0})};
  std::sort(values.begin(), values.end(),
            [](const Value& a, const Value& b) { return orderCompare(a, b) < 0; });
  std::vector<ValueKind> kinds;
  for (const Value& v : values) kinds.push_back(v.kind());
  EXPECT_EQ(kinds, (std::vector<ValueKind>{ValueKind::kDateTime, ValueKind::kLocalDateTime,
                                           ValueKind::kDate, ValueKind::kDate, ValueKind::kTime,
                                           ValueKind::kLocalTime, ValueKind::kDuration,
                                           ValueKind::kDuration}));
  EXPECT_EQ(values[2].asDate().epochDay, 2);
  EXPECT_EQ(values[6].asDuration().seconds, 10);  // 10 s before 1 day
}

TEST(ValueOrder, NumbersMixAndListsAreLexicographic) {
  EXPECT_LT(orderCompare(Value::integer(1), Value::floating(1.5)), 0);
  EXPECT_EQ(orderCompare(Value::integer(1), Value::floating(1.0)), 0);
  EXPECT_LT(orderCompare(Value::floating(-HUGE_VAL), Value::integer(INT64_MIN)), 0);
  EXPECT_GT(orderCompare(Value::floating(std::nan("")), Value::floating(HUGE_VAL)), 0);
  EXPECT_LT(orderCompare(valueOf("[1, 2]"), valueOf("[1, 2, 0]")), 0);
  EXPECT_LT(orderCompare(valueOf("[1, 'a']"), valueOf("[1, 2]")), 0);   // string < number
  EXPECT_LT(orderCompare(valueOf("[1, 2]"), valueOf("[1, null]")), 0);  // null last
  EXPECT_LT(orderCompare(valueOf("{a: 1}"), valueOf("{a: 1, b: 1}")), 0);
}

TEST(ValueEquivalence, NullAndNaNAreEquivalentToThemselves) {
  const Value nan = Value::floating(std::nan(""));
  EXPECT_TRUE(equivalent(Value(), Value()));
  EXPECT_TRUE(equivalent(nan, Value::floating(-std::nan(""))));
  EXPECT_TRUE(equivalent(Value::integer(1), Value::floating(1.0)));
  EXPECT_TRUE(equivalent(valueOf("[1, null, {a: 2}]"), valueOf("[1.0, null, {a: 2.0}]")));
  EXPECT_FALSE(equivalent(valueOf("[1]"), valueOf("[1, null]")));
  EXPECT_FALSE(equivalent(Value::string("1"), Value::integer(1)));
  // Same instant, different offsets: equal (=) but not equivalent (they print differently).
  const Value a = Value::dateTime({{0, 3600 * kNanosPerSecond}, 3600, ""});
  const Value b = Value::dateTime({{0, 0}, 0, ""});
  EXPECT_EQ(equals(a, b), true);
  EXPECT_FALSE(equivalent(a, b));
}

TEST(ValueEquivalence, HashAgreesWithEquivalence) {
  const std::vector<std::pair<Value, Value>> pairs = {
      {Value::integer(1), Value::floating(1.0)},
      {Value::integer(0), Value::floating(-0.0)},
      {Value::floating(std::nan("")), Value::floating(std::nan("1"))},
      {valueOf("[1, 'a', null]"), valueOf("[1.0, 'a', null]")},
      {valueOf("{b: 2, a: 1}"), valueOf("{a: 1.0, b: 2}")},
      {Value(), Value()},
      {Value::relationship({5, 1, 2, 3}), Value::relationship({5, 1, 2, 3})},
  };
  for (const auto& [a, b] : pairs) {
    ASSERT_TRUE(equivalent(a, b)) << toText(a) << " vs " << toText(b);
    EXPECT_EQ(hashEquivalent(a), hashEquivalent(b)) << toText(a);
  }
  EXPECT_NE(hashEquivalent(Value::integer(1)), hashEquivalent(Value::integer(2)));
  EXPECT_NE(hashEquivalent(valueOf("[1, 2]")), hashEquivalent(valueOf("[2, 1]")));
}

}  // namespace
}  // namespace cairn::query::value::testing
