// The TCK's literal text of values (query/value/value_text.h). Float texts are those of
// expressions/literals/Literals5.feature.

#include "query/value/value_text.h"

#include <cmath>

#include "tests/unit/query/value/value_test_support.h"

namespace cairn::query::value::testing {
namespace {

TEST(ValueText, FloatsAsTheTckWritesThem) {
  const std::pair<double, const char*> cases[] = {
      {1.0, "1.0"},
      {0.1, "0.1"},
      {3985764.3405892686, "3985764.3405892686"},
      {0.3405892687, "0.3405892687"},
      {1.2635418652381264e305, "1.2635418652381264e305"},
      {1e-305, "1e-305"},
      {0.0, "0.0"},
      {-0.0, "-0.0"},
      {-1.2635418652381264e305, "-1.2635418652381264e305"},
      {-1e-305, "-1e-305"},
      {1e9, "1000000000.0"},
      {1e8, "100000000.0"},
      {1e-5, "0.00001"},
      {1e-6, "0.000001"},
      {-1e9, "-1000000000.0"},
      {-1e-5, "-0.00001"},
      {1e308, "1e308"},
      {1.23456789e308, "1.23456789e308"},
      {2.5, "2.5"},
      {-12.75, "-12.75"},
      {1e21, "1e21"},
      {123456789012345678.0, "123456789012345680.0"},
      {1e-7, "1e-7"},
  };
  for (const auto& [d, text] : cases) EXPECT_EQ(formatFloat(d), text) << d;
  EXPECT_EQ(formatFloat(std::nan("")), "NaN");
  EXPECT_EQ(formatFloat(HUGE_VAL), "Infinity");
  EXPECT_EQ(formatFloat(-HUGE_VAL), "-Infinity");
}

TEST(ValueText, FloatsReadBackExactly) {
  for (double d : {0.1 + 0.2, 1.0 / 3, 2.0 / 3e10, 123.456e-200, 9007199254740993.0, 5e-324}) {
    EXPECT_EQ(std::strtod(formatFloat(d).c_str(), nullptr), d) << formatFloat(d);
  }
}

TEST(ValueText, ScalarsListsAndMaps) {
  EXPECT_EQ(toText(Value()), "null");
  EXPECT_EQ(toText(Value::boolean(true)), "true");
  EXPECT_EQ(toText(Value::integer(-42)), "-42");
  EXPECT_EQ(toText(Value::integer(INT64_MIN)), "-9223372036854775808");
  EXPECT_EQ(toText(Value::string("it's a \\ test\n")), "'it\\'s a \\\\ test\\n'");
  EXPECT_EQ(toText(Value::string("")), "''");
  EXPECT_EQ(toText(Value::list({})), "[]");
  EXPECT_EQ(toText(Value::list({Value::integer(1), Value::floating(2), Value(),
                                Value::list({Value::string("x")})})),
            "[1, 2.0, null, ['x']]");
  EXPECT_EQ(toText(Value::map({})), "{}");
  // Keys in stored order, which is sorted; the last of duplicate keys wins.
  EXPECT_EQ(toText(Value::map(
                {{"b", Value::string("x")}, {"a", Value::integer(1)}, {"b", Value::string("y")}})),
            "{a: 1, b: 'y'}");
}

TEST(ValueText, EntitiesThroughTheGraph) {
  FakeGraph graph;
  const Value a = graph.addNode(1, {"A", "B"}, {{"name", Value::string("x")}});
  const Value empty = graph.addNode(2, {});
  const Value bare = graph.addNode(3, {}, {{"k", Value::integer(1)}});
  const Value r = graph.addRelationship(7, 1, 2, "T", {{"w", Value::floating(0.5)}});
  EXPECT_EQ(toText(a, &graph), "(:A:B {name: 'x'})");
  EXPECT_EQ(toText(empty, &graph), "()");
  EXPECT_EQ(toText(bare, &graph), "({k: 1})");
  EXPECT_EQ(toText(r, &graph), "[:T {w: 0.5}]");
  const Relationship rel = r.asRelationship();
  EXPECT_EQ(toText(Value::path({{1, 2}, {rel}}), &graph), "<(:A:B {name: 'x'})-[:T {w: 0.5}]->()>");
  // Traversed against its direction.
  EXPECT_EQ(toText(Value::path({{2, 1}, {rel}}), &graph), "<()<-[:T {w: 0.5}]-(:A:B {name: 'x'})>");
  EXPECT_EQ(toText(Value::path({{2}, {}}), &graph), "<()>");
  EXPECT_EQ(toText(Value::path({{1, 2}, {rel}})), "<(#1)-[#7]->(#2)>");
}

}  // namespace
}  // namespace cairn::query::value::testing

namespace cairn::query::value::testing {
namespace {

// Temporal values print through query/value/temporal/temporal_text.h, quoted as the TCK writes
// them.
TEST(ValueText, TemporalsAsQuotedIsoText) {
  EXPECT_EQ(toText(Value::date({0})), "'1970-01-01'");
  EXPECT_EQ(toText(Value::localTime({(21 * 3600 + 40 * 60 + 32) * kNanosPerSecond + 142'000'000})),
            "'21:40:32.142'");
  EXPECT_EQ(toText(Value::duration({14, 16, 12 * 3600 + 12 * 60 + 10, 0})), "'P1Y2M16DT12H12M10S'");
  EXPECT_EQ(toText(Value::duration({})), "'PT0S'");
  EXPECT_EQ(toText(Value::list({Value::date({1})})), "['1970-01-02']");
}

}  // namespace
}  // namespace cairn::query::value::testing
