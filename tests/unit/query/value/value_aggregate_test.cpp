// openCypher's aggregates (query/value/value_aggregate.h), with expressions/aggregation of the
// TCK as the expectations.

#include "query/value/value_aggregate.h"

#include <cmath>

#include "tests/unit/query/value/value_test_support.h"

namespace cairn::query::value::testing {
namespace {

using F = AggregateCall::Function;

// Feeds the elements of the literal list `values` (with `extra` as the percentile) and returns
// the result's text or "error:<detail>".
std::string aggregate(F function, const char* values, bool distinct = false, Value extra = Value(),
                      bool star = false) {
  Runner run;
  try {
    auto agg = makeValueAggregator(function, distinct, star);
    const Value list = run.value(lit(values));
    for (const Value& v : list.asList()) agg->add(v, extra);
    return toText(agg->result());
  } catch (const core::Error& e) {
    return "error:" + e.detail();
  }
}

TEST(ValueAggregates, CountSumAvg) {
  EXPECT_EQ(aggregate(F::kCount, "[1, null, 2, 2]"), "3");
  EXPECT_EQ(aggregate(F::kCount, "[1, null, 2, 2]", true), "2");
  EXPECT_EQ(aggregate(F::kCount, "[1, null, 2, 2]", false, Value(), true), "4");  // count(*)
  EXPECT_EQ(aggregate(F::kCount, "[]"), "0");
  EXPECT_EQ(aggregate(F::kCount, "[1, 1.0, [1], [1.0], null]", true), "2");
  EXPECT_EQ(aggregate(F::kSum, "[1, 2, null, 3]"), "6");
  EXPECT_EQ(aggregate(F::kSum, "[1, 2.5]"), "3.5");
  EXPECT_EQ(aggregate(F::kSum, "[]"), "0");
  EXPECT_EQ(aggregate(F::kSum, "[1, 1, 2]", true), "3");
  EXPECT_EQ(aggregate(F::kSum, "[9223372036854775807, 1]"), "error:IntegerOverflow");
  EXPECT_EQ(aggregate(F::kSum, "[1, 'a']"), "error:InvalidArgumentType");
  EXPECT_EQ(aggregate(F::kAvg, "[1, 2, null]"), "1.5");
  EXPECT_EQ(aggregate(F::kAvg, "[]"), "null");
  EXPECT_EQ(aggregate(F::kAvg, "[null]"), "null");
  EXPECT_EQ(aggregate(F::kAvg, "[1, 1, 4]", true), "2.5");
}

TEST(ValueAggregates, DurationsAreNotSupportedYet) {
  auto agg = makeValueAggregator(F::kSum, false);
  try {
    agg->add(Value::duration({1, 0, 0, 0}));
    FAIL();
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kUnsupported);
  }
}

TEST(ValueAggregates, MinMaxCollect) {
  EXPECT_EQ(aggregate(F::kMin, "[3, 1.5, null, 2]"), "1.5");
  EXPECT_EQ(aggregate(F::kMax, "[3, 1.5, null, 2]"), "3");
  EXPECT_EQ(aggregate(F::kMax, "[]"), "null");
  // Across types: ORDER BY's order (string < boolean < number).
  EXPECT_EQ(aggregate(F::kMin, "[1, 'a', true]"), "'a'");
  EXPECT_EQ(aggregate(F::kMax, "[1, 'a', true]"), "1");
  EXPECT_EQ(aggregate(F::kMax, "[[1, 2], [1, 3], [1]]"), "[1, 3]");
  EXPECT_EQ(aggregate(F::kCollect, "[1, null, 'a', [2]]"), "[1, 'a', [2]]");
  EXPECT_EQ(aggregate(F::kCollect, "[]"), "[]");
  EXPECT_EQ(aggregate(F::kCollect, "[1, 1.0, 2, null, 2, {a: 1}, {a: 1}]", true), "[1, 2, {a: 1}]");
}

// Aggregation6: percentileDisc and percentileCont over 10.0, 20.0, 30.0, and bad percentiles.
TEST(ValueAggregates, Percentiles) {
  const char* prices = "[10.0, 30.0, null, 20.0]";
  const std::pair<double, const char*> cases[] = {{0.0, "10.0"}, {0.5, "20.0"}, {1.0, "30.0"}};
  for (const auto& [p, result] : cases) {
    EXPECT_EQ(aggregate(F::kPercentileDisc, prices, false, Value::floating(p)), result) << p;
    EXPECT_EQ(aggregate(F::kPercentileCont, prices, false, Value::floating(p)), result) << p;
  }
  EXPECT_EQ(aggregate(F::kPercentileCont, "[10, 20]", false, Value::floating(0.25)), "12.5");
  EXPECT_EQ(aggregate(F::kPercentileDisc, "[1, 2, 3, 4]", false, Value::floating(0.5)), "2");
  EXPECT_EQ(aggregate(F::kPercentileDisc, "[1, 2, 3, 4]", false, Value::floating(0.51)), "3");
  EXPECT_EQ(aggregate(F::kPercentileDisc, "[]", false, Value::floating(0.5)), "null");
  for (const Value& bad :
       {Value::integer(1000), Value::integer(-1), Value::floating(1.1), Value()}) {
    EXPECT_EQ(aggregate(F::kPercentileDisc, "[10.0]", false, bad), "error:NumberOutOfRange");
    EXPECT_EQ(aggregate(F::kPercentileCont, "[10.0]", false, bad), "error:NumberOutOfRange");
  }
  EXPECT_EQ(aggregate(F::kPercentileDisc, "[]", false, Value::integer(2)),
            "null");  // no row, no check
}

TEST(ValueAggregates, StandardDeviation) {
  EXPECT_EQ(aggregate(F::kStDev, "[]"), "0.0");
  EXPECT_EQ(aggregate(F::kStDev, "[5]"), "0.0");
  EXPECT_EQ(aggregate(F::kStDevP, "[2, 4, 4, 4, 5, 5, 7, 9]"), "2.0");
  Runner run;
  auto sample = makeValueAggregator(F::kStDev, false);
  for (int v : {2, 4, 4, 4, 5, 5, 7, 9}) sample->add(Value::integer(v));
  EXPECT_NEAR(sample->result().asFloat(), std::sqrt(32.0 / 7.0), 1e-12);
  EXPECT_EQ(aggregate(F::kStDevP, "[1, 1, 3]", true), "1.0");
  EXPECT_EQ(aggregate(F::kStDev, "['a']"), "error:InvalidArgumentType");
}

TEST(ValueAggregates, SparqlOnlyFunctionsAreRejected) {
  EXPECT_THROW(makeValueAggregator(F::kSample, false), core::Error);
  EXPECT_THROW(makeValueAggregator(F::kGroupConcat, false), core::Error);
  AggregateCall star;
  star.function = F::kCount;
  auto agg = makeValueAggregator(star);
  agg->add(Value());
  EXPECT_EQ(toText(agg->result()), "1");
}

}  // namespace
}  // namespace cairn::query::value::testing
