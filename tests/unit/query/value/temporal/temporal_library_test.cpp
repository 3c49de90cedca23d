// Edge cases of the pure temporal library beyond the TCK's tables (temporal_tck_test.cpp runs
// those): text at the ends of the year range, zone gaps and overlaps, error classes.

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "core/error.h"
#include "query/value/temporal/temporal.h"
#include "query/value/temporal/temporal_text.h"

namespace cairn::query::value::temporal_library_test {
namespace {

std::string parsed(TemporalType type, std::string_view text) {
  return formatTemporal(parseTemporal(type, text));
}

std::string built(TemporalType type, const Components& c) {
  return formatTemporal(constructTemporal(type, c));
}

void expectError(core::ErrorCode code, const std::function<void()>& f) {
  try {
    f();
    ADD_FAILURE() << "no error";
  } catch (const core::Error& e) {
    EXPECT_EQ(e.code(), code) << e.message();
  }
}

TEST(TemporalText, YearsOutsideFourDigitsAndOffsets) {
  EXPECT_EQ(parsed(TemporalType::kDate, "-0005-03-01"), "-0005-03-01");
  EXPECT_EQ(parsed(TemporalType::kDate, "+12345-01-02"), "+12345-01-02");
  EXPECT_EQ(parsed(TemporalType::kDate, "0000-02-29"), "0000-02-29");  // year 0 is a leap year
  EXPECT_EQ(parsed(TemporalType::kTime, "12:34:56-02:05:07"), "12:34:56-02:05:07");
  EXPECT_EQ(parsed(TemporalType::kTime, "00:00:00.000000001Z"), "00:00:00.000000001Z");
  EXPECT_EQ(formatDuration(Duration{}), "PT0S");
  EXPECT_EQ(formatDuration(Duration{0, 1, -1, 999'000'000}), "P1DT-0.001S");
  EXPECT_EQ(formatDuration(Duration{-23, 0, 0, 0}), "P-1Y-11M");
  EXPECT_EQ(parsed(TemporalType::kDuration, "-P1DT2H"), "P-1DT-2H");
  EXPECT_EQ(parsed(TemporalType::kDuration, "P1W"), "P7D");
}

TEST(TemporalParse, RejectsMalformedText) {
  for (const char* text :
       {"2015-13-01", "2015-02-29", "2015-W54", "2015-366", "15-07-21", "", "2015-07-21x"}) {
    expectError(core::ErrorCode::kArgumentError, [&] { parseTemporal(TemporalType::kDate, text); });
  }
  for (const char* text : {"24:00", "12:60", "12:00:00.1234567891", "12:00+19:00"}) {
    expectError(core::ErrorCode::kArgumentError, [&] { parseTemporal(TemporalType::kTime, text); });
  }
  for (const char* text : {"P", "PT", "P1H", "PT1D", "P1M1Y", "1D"}) {
    expectError(core::ErrorCode::kArgumentError,
                [&] { parseTemporal(TemporalType::kDuration, text); });
  }
  expectError(core::ErrorCode::kArgumentError,
              [] { parseTemporal(TemporalType::kDateTime, "2015-07-21T12:00[Nowhere/Atlantis]"); });
}

TEST(TemporalZones, GapsMoveForwardAndOverlapsTakeTheEarlierOffset) {
  // 2017-03-26 02:30 does not exist in Stockholm (clocks go 02:00 -> 03:00).
  EXPECT_EQ(built(TemporalType::kDateTime, {{"year", int64_t{2017}},
                                            {"month", int64_t{3}},
                                            {"day", int64_t{26}},
                                            {"hour", int64_t{2}},
                                            {"minute", int64_t{30}},
                                            {"timezone", std::string("Europe/Stockholm")}}),
            "2017-03-26T03:30+02:00[Europe/Stockholm]");
  // 2017-10-29 02:30 happens twice; the earlier (summer) offset wins.
  EXPECT_EQ(built(TemporalType::kDateTime, {{"year", int64_t{2017}},
                                            {"month", int64_t{10}},
                                            {"day", int64_t{29}},
                                            {"hour", int64_t{2}},
                                            {"minute", int64_t{30}},
                                            {"timezone", std::string("Europe/Stockholm")}}),
            "2017-10-29T02:30+02:00[Europe/Stockholm]");
  // Adding a day keeps the local time across the change; adding 24 hours keeps the instant.
  const Temporal before =
      parseTemporal(TemporalType::kDateTime, "2017-10-28T12:00[Europe/Stockholm]");
  EXPECT_EQ(formatTemporal(addDuration(before, Duration{0, 1, 0, 0})),
            "2017-10-29T12:00+01:00[Europe/Stockholm]");
  EXPECT_EQ(formatTemporal(addDuration(before, Duration{0, 0, 86'400, 0})),
            "2017-10-29T11:00+01:00[Europe/Stockholm]");
}

TEST(TemporalConstruct, RejectsInconsistentComponents) {
  using C = Components;
  const std::vector<std::pair<TemporalType, C>> bad = {
      {TemporalType::kDate, C{{"month", int64_t{1}}}},                      // no year
      {TemporalType::kDate, C{{"year", int64_t{1}}, {"day", int64_t{3}}}},  // day, no month
      {TemporalType::kDate, C{{"year", int64_t{1}}, {"month", int64_t{1}}, {"week", int64_t{1}}}},
      {TemporalType::kDate, C{{"year", int64_t{2015}}, {"week", int64_t{54}}}},
      {TemporalType::kDate, C{{"year", int64_t{1}}, {"hour", int64_t{1}}}},  // not a date field
      {TemporalType::kLocalTime, C{{"minute", int64_t{1}}}},                 // no hour
      {TemporalType::kLocalTime, C{{"hour", int64_t{1}}, {"second", int64_t{1}}}},
      {TemporalType::kLocalTime, C{{"hour", int64_t{1}},
                                   {"minute", int64_t{1}},
                                   {"second", int64_t{1}},
                                   {"millisecond", int64_t{1}},
                                   {"microsecond", int64_t{1000}}}},
      {TemporalType::kLocalTime, C{{"hour", int64_t{1}}, {"timezone", std::string("Z")}}},
      {TemporalType::kDateTime, C{{"year", int64_t{1}}, {"timezone", std::string("Mars/Base")}}},
      {TemporalType::kDuration, C{{"fortnights", int64_t{1}}}},
  };
  for (const auto& [type, c] : bad) {
    expectError(core::ErrorCode::kArgumentError, [&] { constructTemporal(type, c); });
  }
  expectError(core::ErrorCode::kTypeError, [] {
    constructTemporal(TemporalType::kDate, {{"year", std::string("1984")}});
  });
  expectError(core::ErrorCode::kTypeError, [] {
    constructTemporal(TemporalType::kDate, {{"date", Temporal{LocalTime{}}}});
  });
}

TEST(TemporalConstruct, FromEpochComponents) {
  EXPECT_EQ(built(TemporalType::kDateTime,
                  {{"epochSeconds", int64_t{416779}}, {"nanosecond", int64_t{999999999}}}),
            "1970-01-05T19:46:19.999999999Z");
  EXPECT_EQ(built(TemporalType::kDateTime,
                  {{"epochMillis", int64_t{-1}}, {"timezone", std::string("Europe/London")}}),
            "1970-01-01T00:59:59.999+01:00[Europe/London]");
  expectError(core::ErrorCode::kArgumentError, [] {
    constructTemporal(TemporalType::kDateTime,
                      {{"epochSeconds", int64_t{1}}, {"year", int64_t{1}}});
  });
  expectError(core::ErrorCode::kArgumentError, [] {
    constructTemporal(TemporalType::kLocalDateTime, {{"epochSeconds", int64_t{1}}});
  });
}

TEST(TemporalCompare, OrdersWithinATypeOnly) {
  const Temporal a = parseTemporal(TemporalType::kTime, "12:00+01:00");
  const Temporal b = parseTemporal(TemporalType::kTime, "11:30Z");
  EXPECT_EQ(compareTemporals(a, b), std::strong_ordering::less);  // 11:00Z < 11:30Z
  EXPECT_FALSE(compareTemporals(a, parseTemporal(TemporalType::kLocalTime, "12:00")));
  EXPECT_FALSE(compareTemporals(Temporal{Duration{1, 0, 0, 0}}, Temporal{Duration{2, 0, 0, 0}}));
  EXPECT_TRUE(temporalEquals(parseTemporal(TemporalType::kDuration, "PT70S"),
                             parseTemporal(TemporalType::kDuration, "PT1M10S")));
  EXPECT_FALSE(temporalEquals(parseTemporal(TemporalType::kDuration, "P1D"),
                              parseTemporal(TemporalType::kDuration, "PT24H")));
}

TEST(TemporalArithmetic, ClampsToMonthEndsAndChecksRange) {
  const Temporal jan31 = parseTemporal(TemporalType::kLocalDateTime, "2016-01-31T10:00");
  EXPECT_EQ(formatTemporal(addDuration(jan31, Duration{1, 1, 0, 0})), "2016-03-01T10:00");
  EXPECT_EQ(formatTemporal(addDuration(parseTemporal(TemporalType::kDate, "2016-01-31"),
                                       Duration{0, 0, 86'399, 0})),
            "2016-01-31");  // a date moves by whole days of the seconds only
  EXPECT_EQ(formatTemporal(addDuration(parseTemporal(TemporalType::kLocalTime, "23:00"),
                                       Duration{0, 5, 7'200, 0})),
            "01:00");
  expectError(core::ErrorCode::kArgumentError, [] {
    addDuration(parseTemporal(TemporalType::kDate, "+999999999-12-31"), Duration{0, 1, 0, 0});
  });
  expectError(core::ErrorCode::kArithmeticError, [] { divideDuration(Duration{1, 0, 0, 0}, 0.0); });
}

}  // namespace
}  // namespace cairn::query::value::temporal_library_test
