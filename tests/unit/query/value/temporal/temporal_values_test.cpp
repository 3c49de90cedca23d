// The temporal functions, operators and properties as the Cypher evaluator reaches them: through
// registerTemporalFunctions() into a FunctionRegistry, temporalArithmetic() and temporalProperty().

#include "query/value/temporal/temporal_values.h"

#include <gtest/gtest.h>

#include <vector>

#include "core/error.h"
#include "query/value/functions/function_registry.h"
#include "query/value/temporal/temporal_text.h"
#include "query/value/value.h"
#include "query/value/value_program.h"

namespace cairn::query::value::temporal_values_test {
namespace {

class TemporalValues : public ::testing::Test {
 protected:
  TemporalValues() { registerTemporalFunctions(registry_); }

  Value call(std::string_view name, std::vector<Value> args) {
    const auto& fn = registry_.resolve(name, args.size());
    return fn.impl(args, ctx_);
  }

  static Value str(std::string s) { return Value::string(std::move(s)); }
  static Value map(Value::Map m) { return Value::map(std::move(m)); }

  FunctionRegistry registry_;
  EvalContext ctx_;
};

TEST_F(TemporalValues, ParsesStringsByFunction) {
  EXPECT_EQ(formatDate(call("date", {str("2015-W30-2")}).asDate()), "2015-07-21");
  EXPECT_EQ(formatLocalTime(call("localtime", {str("214032.142")}).asLocalTime()), "21:40:32.142");
  EXPECT_EQ(formatTime(call("time", {str("2140-02")}).asTime()), "21:40-02:00");
  EXPECT_EQ(formatLocalDateTime(call("localdatetime", {str("2015202T21")}).asLocalDateTime()),
            "2015-07-21T21:00");
  EXPECT_EQ(
      formatDateTime(
          call("datetime", {str("2015-07-21T21:40:32.142+0845[Australia/Eucla]")}).asDateTime()),
      "2015-07-21T21:40:32.142+08:45[Australia/Eucla]");
  EXPECT_EQ(formatDuration(call("DURATION", {str("P0.75M")}).asDuration()), "P22DT19H51M49.5S");
}

TEST_F(TemporalValues, ConstructsFromMapsAndOtherTemporals) {
  const Value d = call("date", {map({{"year", Value::integer(1984)},
                                     {"week", Value::integer(10)},
                                     {"dayOfWeek", Value::integer(3)}})});
  EXPECT_EQ(formatDate(d.asDate()), "1984-03-07");
  const Value dt = call(
      "datetime",
      {map({{"date", d}, {"hour", Value::integer(12)}, {"timezone", str("Europe/Stockholm")}})});
  EXPECT_EQ(formatDateTime(dt.asDateTime()), "1984-03-07T12:00+01:00[Europe/Stockholm]");
  EXPECT_EQ(formatLocalTime(call("localtime", {dt}).asLocalTime()), "12:00");
  const Value dur = call("duration", {map({{"days", Value::floating(1.5)}})});
  EXPECT_EQ(formatDuration(dur.asDuration()), "P1DT12H");
}

TEST_F(TemporalValues, NullArgumentsGiveNull) {
  for (const char* fn : {"date", "localtime", "time", "localdatetime", "datetime", "duration",
                         "date.statement", "datetime.realtime", "localtime.transaction"}) {
    EXPECT_TRUE(call(fn, {Value()}).isNull()) << fn;
  }
  EXPECT_TRUE(call("duration.between", {Value(), call("date", {str("2015")})}).isNull());
  EXPECT_TRUE(call("date.truncate", {str("month"), Value()}).isNull());
}

TEST_F(TemporalValues, ClockFunctionsGiveTheCurrentInstant) {
  const Value now = call("datetime", {});
  const Value later = call("datetime.realtime", {str("Europe/London")});
  ASSERT_EQ(now.kind(), ValueKind::kDateTime);
  ASSERT_EQ(later.kind(), ValueKind::kDateTime);
  EXPECT_EQ(later.asDateTime().zone, "Europe/London");
  Value out;
  ASSERT_TRUE(temporalProperty(now, "year", out));
  EXPECT_GE(out.asInteger(), 2024);
}

TEST_F(TemporalValues, TruncatesBetweenAndEpoch) {
  const Value dt = call("datetime", {str("1984-10-11T12:31:14.645876123+01:00")});
  EXPECT_EQ(formatDateTime(
                call("datetime.truncate", {str("weekYear"), dt, map({{"day", Value::integer(5)}})})
                    .asDateTime()),
            "1984-01-05T00:00+01:00");
  EXPECT_EQ(formatDate(call("date.truncate", {str("quarter"), dt}).asDate()), "1984-10-01");
  const Value between = call("duration.between", {call("date", {str("-999999999-01-01")}),
                                                  call("date", {str("+999999999-12-31")})});
  EXPECT_EQ(formatDuration(between.asDuration()), "P1999999998Y11M30D");
  EXPECT_EQ(formatDuration(call("duration.inSeconds", {call("localtime", {str("12:00")}),
                                                       call("localtime", {str("10:00:00.5")})})
                               .asDuration()),
            "PT-1H-59M-59.5S");
  EXPECT_EQ(
      formatDateTime(call("datetime.fromepoch", {Value::integer(416779), Value::integer(999999999)})
                         .asDateTime()),
      "1970-01-05T19:46:19.999999999Z");
  EXPECT_EQ(
      formatDateTime(call("datetime.fromepochmillis", {Value::integer(237821673987)}).asDateTime()),
      "1977-07-15T13:34:33.987Z");
}

TEST_F(TemporalValues, WrongArgumentsAreErrors) {
  try {
    call("date", {Value::boolean(true)});
    FAIL() << "date(true) succeeded";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kTypeError);
  }
  try {
    call("date", {str("2015-13-01")});
    FAIL() << "date('2015-13-01') succeeded";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), core::ErrorCode::kArgumentError);
    EXPECT_EQ(e.detail(), "InvalidArgumentValue");
  }
  EXPECT_THROW(call("date.truncate", {str("hour"), call("date", {str("2015")})}), core::Error);
  EXPECT_THROW(
      call("duration.between", {call("duration", {str("P1D")}), call("date", {str("2015")})}),
      core::Error);
}

TEST_F(TemporalValues, Arithmetic) {
  const Value d = call("date", {str("2015-01-31")});
  const Value month = call("duration", {str("P1M")});
  Value out;
  ASSERT_TRUE(temporalArithmetic(Op::kAdd, d, month, out));
  EXPECT_EQ(formatDate(out.asDate()), "2015-02-28");
  ASSERT_TRUE(temporalArithmetic(Op::kAdd, month, d, out));
  EXPECT_EQ(formatDate(out.asDate()), "2015-02-28");
  ASSERT_TRUE(temporalArithmetic(Op::kSubtract, d, month, out));
  EXPECT_EQ(formatDate(out.asDate()), "2014-12-31");
  ASSERT_TRUE(temporalArithmetic(Op::kMultiply, Value::floating(0.5), month, out));
  EXPECT_EQ(formatDuration(out.asDuration()), "P15DT5H14M33S");
  ASSERT_TRUE(temporalArithmetic(Op::kDivide, month, Value::integer(2), out));
  EXPECT_EQ(formatDuration(out.asDuration()), "P15DT5H14M33S");
  ASSERT_TRUE(temporalArithmetic(Op::kMultiply, month, Value::integer(-1), out));
  EXPECT_EQ(formatDuration(out.asDuration()), "P-1M");
  ASSERT_TRUE(temporalArithmetic(Op::kSubtract, month, month, out));
  EXPECT_EQ(formatDuration(out.asDuration()), "PT0S");
  // No temporal rule: the evaluator raises its own TypeError.
  EXPECT_FALSE(temporalArithmetic(Op::kAdd, d, d, out));
  EXPECT_FALSE(temporalArithmetic(Op::kSubtract, month, d, out));
  EXPECT_FALSE(temporalArithmetic(Op::kDivide, Value::integer(2), month, out));
  EXPECT_FALSE(temporalArithmetic(Op::kMultiply, d, Value::integer(2), out));
}

TEST_F(TemporalValues, Properties) {
  const Value dt = call("datetime", {str("1984-11-11T12:31:14.645876123[Europe/Stockholm]")});
  Value out;
  ASSERT_TRUE(temporalProperty(dt, "weekDay", out));
  EXPECT_EQ(out.asInteger(), 7);
  ASSERT_TRUE(temporalProperty(dt, "timezone", out));
  EXPECT_EQ(out.asString(), "Europe/Stockholm");
  ASSERT_TRUE(temporalProperty(dt, "offset", out));
  EXPECT_EQ(out.asString(), "+01:00");
  ASSERT_TRUE(temporalProperty(dt, "epochMillis", out));
  EXPECT_EQ(out.asInteger(), 469020674645);
  EXPECT_FALSE(temporalProperty(dt, "years", out));
  EXPECT_FALSE(temporalProperty(Value::integer(1), "year", out));
  const Value dur = call("duration", {str("PT-23H-59M-59.9S")});
  ASSERT_TRUE(temporalProperty(dur, "seconds", out));
  EXPECT_EQ(out.asInteger(), -86400);
  ASSERT_TRUE(temporalProperty(dur, "nanosecondsOfSecond", out));
  EXPECT_EQ(out.asInteger(), 100000000);
}

}  // namespace
}  // namespace cairn::query::value::temporal_values_test
