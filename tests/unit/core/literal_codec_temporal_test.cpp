// Inline keys of dateTime, dateTimeStamp, date and time: round trips and key order == time-line
// order on random values (fixed seeds) incl. BCE years, year 0, leap days and every timezone
// offset, checked against std::chrono's civil calendar as an independent oracle.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <string>
#include <vector>

#include "core/literal_codec.h"
#include "core/xsd_temporal_codec.h"
#include "core/xsd_value.h"

namespace cairn::core {
namespace {

namespace chr = std::chrono;

enum class Zone { kNone, kUtc, kOffset };

struct Sample {
  int year = 1970;
  unsigned month = 1;
  unsigned day = 1;
  unsigned hour = 0;
  unsigned minute = 0;
  unsigned second = 0;
  int millis = 0;
  int fractionDigits = 0;
  Zone zone = Zone::kNone;
  int offsetMinutes = 0;
};

std::string pad(int64_t v, int width) {
  std::string s = std::to_string(v);
  return std::string(s.size() < static_cast<size_t>(width) ? width - s.size() : 0, '0') + s;
}

std::string formatDate(const Sample& s) {
  return (s.year < 0 ? "-" : "") + pad(std::abs(s.year), 4) + "-" + pad(s.month, 2) + "-" +
         pad(s.day, 2);
}

std::string formatTime(const Sample& s) {
  std::string out = pad(s.hour, 2) + ":" + pad(s.minute, 2) + ":" + pad(s.second, 2);
  if (s.fractionDigits > 0) out += "." + pad(s.millis, 3).substr(0, s.fractionDigits);
  return out;
}

std::string formatZone(const Sample& s) {
  switch (s.zone) {
    case Zone::kNone:
      return "";
    case Zone::kUtc:
      return "Z";
    case Zone::kOffset: {
      const int m = std::abs(s.offsetMinutes);
      return (s.offsetMinutes < 0 ? "-" : "+") + pad(m / 60, 2) + ":" + pad(m % 60, 2);
    }
  }
  return "";
}

std::string formatDateTime(const Sample& s) {
  return formatDate(s) + "T" + formatTime(s) + formatZone(s);
}

int64_t oracleDays(const Sample& s) {
  const chr::year_month_day ymd{chr::year{s.year}, chr::month{s.month}, chr::day{s.day}};
  EXPECT_TRUE(ymd.ok());
  return chr::sys_days{ymd}.time_since_epoch().count();
}

int64_t offsetOf(const Sample& s) { return s.zone == Zone::kOffset ? s.offsetMinutes : 0; }

int64_t millisOfDay(const Sample& s) {
  return ((s.hour * 60 + s.minute) * 60 + s.second) * int64_t{1000} + s.millis;
}

// The point on the time line in ms (no timezone: read as UTC).
int64_t oracleDateTimeMillis(const Sample& s) {
  return oracleDays(s) * 86'400'000 + millisOfDay(s) - offsetOf(s) * 60'000;
}
int64_t oracleDateMillis(const Sample& s) {
  return oracleDays(s) * 86'400'000 - offsetOf(s) * 60'000;
}
int64_t oracleTimeMillis(const Sample& s) { return millisOfDay(s) - offsetOf(s) * 60'000; }

Sample randomSample(std::mt19937_64& rng) {
  Sample s;
  switch (rng() % 4) {
    case 0:
      s.year = 1900 + static_cast<int>(rng() % 250);
      break;
    case 1:
      s.year = static_cast<int>(rng() % 65535) - 32767;
      break;  // std::chrono's range
    case 2:
      s.year = static_cast<int>(rng() % 21) - 10;
      break;  // around year 0 (1 BCE)
    default:
      s.year = static_cast<int>(rng() % 4000) - 2000;
      break;
  }
  s.month = 1 + static_cast<unsigned>(rng() % 12);
  const unsigned last = static_cast<unsigned>(
      chr::year_month_day_last{chr::year{s.year}, chr::month_day_last{chr::month{s.month}}}.day());
  s.day = 1 + static_cast<unsigned>(rng() % last);
  if (rng() % 10 == 0) {  // a leap day
    s.year -= ((s.year % 4) + 4) % 4;
    if (!chr::year{s.year}.is_leap()) s.year -= 4;
    s.month = 2;
    s.day = 29;
  }
  s.hour = static_cast<unsigned>(rng() % 24);
  s.minute = static_cast<unsigned>(rng() % 60);
  s.second = static_cast<unsigned>(rng() % 60);
  if (rng() % 3 == 0) {  // an end of the day
    s.hour = 23;
    s.minute = 59;
    s.second = 59;
  }
  s.fractionDigits = static_cast<int>(rng() % 4);
  switch (s.fractionDigits) {
    case 1:
      s.millis = 100 * static_cast<int>(1 + rng() % 9);
      break;
    case 2:
      s.millis = 10 * static_cast<int>(1 + rng() % 99);
      break;
    case 3:
      s.millis = static_cast<int>(rng() % 1000);
      break;
    default:
      break;
  }
  if (s.fractionDigits == 2 && s.millis % 100 == 0) s.millis += 10;
  if (s.fractionDigits == 3 && s.millis % 10 == 0) s.millis += 1;
  s.zone = static_cast<Zone>(rng() % 3);
  if (s.zone == Zone::kOffset) {
    s.offsetMinutes = rng() % 2 == 0 ? static_cast<int>(rng() % 1681) - 840
                                     : 15 * (static_cast<int>(rng() % 113) - 56);
  }
  return s;
}

// Sorted by key, the oracle's time line must never go back; equal keys only for equal text.
void checkOrder(ObjectType type, const std::vector<std::string>& lexicals,
                const std::vector<int64_t>& oracle) {
  std::vector<std::pair<uint64_t, size_t>> keyed;
  for (size_t i = 0; i < lexicals.size(); ++i) {
    const auto key = encodeInline(type, lexicals[i]);
    ASSERT_TRUE(key.has_value()) << lexicals[i];
    ASSERT_EQ(decodeInline(type, *key), lexicals[i]);
    keyed.emplace_back(*key, i);
  }
  std::sort(keyed.begin(), keyed.end());
  for (size_t i = 1; i < keyed.size(); ++i) {
    const size_t a = keyed[i - 1].second;
    const size_t b = keyed[i].second;
    ASSERT_LE(oracle[a], oracle[b]) << lexicals[a] << " vs " << lexicals[b];
    ASSERT_EQ(keyed[i - 1].first == keyed[i].first, lexicals[a] == lexicals[b]);
  }
}

// XSD's partial order, from the oracle's ms: a value without timezone spans ±14 hours.
std::partial_ordering oracleOrder(int64_t a, bool zonedA, int64_t b, bool zonedB) {
  if (zonedA == zonedB) return a <=> b;
  constexpr int64_t kSpan = 14 * 3'600'000;
  const int64_t zoned = zonedA ? a : b;
  const int64_t floating = zonedA ? b : a;
  std::partial_ordering r = std::partial_ordering::unordered;
  if (zoned < floating - kSpan) r = std::partial_ordering::less;
  if (zoned > floating + kSpan) r = std::partial_ordering::greater;
  return zonedA || r == std::partial_ordering::unordered ? r : 0 <=> r;
}

void checkValueOrder(ObjectType type, const std::vector<std::string>& lexicals,
                     const std::vector<int64_t>& oracle, const std::vector<Sample>& samples,
                     std::mt19937_64& rng) {
  for (int i = 0; i < 3000; ++i) {
    const size_t a = rng() % lexicals.size();
    // Neighbouring samples too: variants of one local time, where the ±14 hour rule matters.
    const size_t b = i % 2 == 0 ? rng() % lexicals.size() : (a + 1) % lexicals.size();
    const auto va = parseXsdValue(type, lexicals[a]);
    const auto vb = parseXsdValue(type, lexicals[b]);
    ASSERT_TRUE(va && vb);
    const bool zonedA = samples[a].zone != Zone::kNone;
    const bool zonedB = samples[b].zone != Zone::kNone;
    const auto expected = oracleOrder(oracle[a], zonedA, oracle[b], zonedB);
    ASSERT_EQ(compareXsdValues(*va, *vb), expected) << lexicals[a] << " vs " << lexicals[b];
    // Values read from keys are the values read from text.
    const XsdValue ka = valueOfInline(type, *encodeInline(type, lexicals[a]));
    ASSERT_EQ(ka.temporal, va->temporal) << lexicals[a];
  }
}

TEST(LiteralCodecDateTimeTest, KeyOrderIsTimeLineOrder) {
  std::mt19937_64 rng(41);
  std::vector<Sample> samples;
  std::vector<std::string> lexicals;
  std::vector<int64_t> oracle;
  for (int i = 0; i < 4000; ++i) {
    Sample s = randomSample(rng);
    samples.push_back(s);
    // The same local time as "+00:00" (vs "Z": same instant, another key) and without a
    // timezone (within ±14 hours: indeterminate against the zoned forms).
    if (i % 5 == 0) {
      Sample t = s;
      t.zone = Zone::kOffset;
      t.offsetMinutes = 0;
      samples.push_back(t);
      t.zone = Zone::kNone;
      samples.push_back(t);
      t.zone = Zone::kOffset;
      t.offsetMinutes = 780 + static_cast<int>(rng() % 61);  // 13-14 hours: the edge of the span
      if (rng() % 2 == 0) t.offsetMinutes = -t.offsetMinutes;
      samples.push_back(t);
    }
  }
  for (const Sample& s : samples) {
    lexicals.push_back(formatDateTime(s));
    oracle.push_back(oracleDateTimeMillis(s));
  }
  checkOrder(otype::kDateTime, lexicals, oracle);
  checkValueOrder(otype::kDateTime, lexicals, oracle, samples, rng);
}

TEST(LiteralCodecDateTimeTest, DateTimeStampRequiresATimezone) {
  std::mt19937_64 rng(42);
  for (int i = 0; i < 1000; ++i) {
    const Sample s = randomSample(rng);
    const std::string lexical = formatDateTime(s);
    if (s.zone == Zone::kNone) {
      EXPECT_EQ(encodeInline(otype::kDateTimeStamp, lexical), std::nullopt) << lexical;
      EXPECT_EQ(parseXsdValue(otype::kDateTimeStamp, lexical), std::nullopt) << lexical;
    } else {
      EXPECT_EQ(encodeInline(otype::kDateTimeStamp, lexical),
                encodeInline(otype::kDateTime, lexical));
      EXPECT_EQ(decodeInline(otype::kDateTimeStamp, *encodeInline(otype::kDateTimeStamp, lexical)),
                lexical);
    }
  }
}

TEST(LiteralCodecDateTest, KeyOrderIsTimeLineOrder) {
  std::mt19937_64 rng(43);
  std::vector<Sample> samples;
  std::vector<std::string> lexicals;
  std::vector<int64_t> oracle;
  for (int i = 0; i < 4000; ++i) samples.push_back(randomSample(rng));
  for (const Sample& s : samples) {
    lexicals.push_back(formatDate(s) + formatZone(s));
    oracle.push_back(oracleDateMillis(s));
  }
  checkOrder(otype::kDate, lexicals, oracle);
  checkValueOrder(otype::kDate, lexicals, oracle, samples, rng);
}

TEST(LiteralCodecTimeTest, KeyOrderIsTimeLineOrder) {
  std::mt19937_64 rng(44);
  std::vector<Sample> samples;
  std::vector<std::string> lexicals;
  std::vector<int64_t> oracle;
  for (int i = 0; i < 4000; ++i) samples.push_back(randomSample(rng));
  for (const Sample& s : samples) {
    lexicals.push_back(formatTime(s) + formatZone(s));
    oracle.push_back(oracleTimeMillis(s));
  }
  checkOrder(otype::kTime, lexicals, oracle);
  checkValueOrder(otype::kTime, lexicals, oracle, samples, rng);
}

TEST(LiteralCodecDateTimeTest, EdgesOfTheKeyRange) {
  // The first and last instants a dateTime key holds (2^50 ms either side of 1970, checked with
  // Python's datetime) decode to canonical text that encodes back.
  constexpr uint64_t kLow = (uint64_t{xsd::kTimezoneUtc} << xsd::kFractionBits) | 3;
  const uint64_t first = kLow;
  const uint64_t last = ((uint64_t{1} << 51) - 1) << 13 | kLow;
  for (uint64_t key : {first, last}) {
    const std::string lexical = decodeInline(otype::kDateTime, key);
    EXPECT_EQ(encodeInline(otype::kDateTime, lexical), key) << lexical;
  }
  EXPECT_EQ(decodeInline(otype::kDateTime, first), "-33709-08-27T01:52:37.376Z");
  EXPECT_EQ(decodeInline(otype::kDateTime, last), "37648-05-06T22:07:22.623Z");
  // The same last instant written in another timezone is still inline; one step beyond is not.
  const std::string lastWest = "37648-05-06T08:07:22.623-14:00";
  ASSERT_TRUE(encodeInline(otype::kDateTime, lastWest).has_value());
  EXPECT_EQ(*encodeInline(otype::kDateTime, lastWest) >> 13, last >> 13);
  EXPECT_EQ(decodeInline(otype::kDateTime, *encodeInline(otype::kDateTime, lastWest)), lastWest);
  // Beyond them: valid values, not inline.
  for (const char* lexical : {"37649-01-01T00:00:00Z", "-33710-01-01T00:00:00Z",
                              "37648-05-06T22:07:22.624Z", "-33709-08-27T01:52:37.375Z",
                              "37648-05-06T22:07:22.623-00:01", "123456789-01-01T00:00:00"}) {
    EXPECT_EQ(encodeInline(otype::kDateTime, lexical), std::nullopt) << lexical;
    EXPECT_TRUE(parseXsdValue(otype::kDateTime, lexical).has_value()) << lexical;
  }
  // Dates reach much further.
  for (const char* lexical : {"123456789-01-01", "-123456789-12-31Z", "8000000000-02-29+14:00"}) {
    const auto key = encodeInline(otype::kDate, lexical);
    ASSERT_TRUE(key.has_value()) << lexical;
    EXPECT_EQ(decodeInline(otype::kDate, *key), lexical);
  }
  EXPECT_EQ(encodeInline(otype::kDate, "9000000000-01-01"), std::nullopt);
  EXPECT_LT(*encodeInline(otype::kDate, "-123456789-12-31Z"),
            *encodeInline(otype::kDate, "0000-01-01"));
  EXPECT_LT(*encodeInline(otype::kDate, "0000-01-01"),
            *encodeInline(otype::kDate, "123456789-01-01"));
}

TEST(LiteralCodecDateTimeTest, EqualInstantsTieOnTheInstantAndOrderByTimezone) {
  const auto z = encodeInline(otype::kDateTime, "2024-01-01T00:00:00Z");
  const auto plus0 = encodeInline(otype::kDateTime, "2024-01-01T00:00:00+00:00");
  const auto plus1 = encodeInline(otype::kDateTime, "2024-01-01T01:00:00+01:00");
  const auto none = encodeInline(otype::kDateTime, "2024-01-01T00:00:00");
  ASSERT_TRUE(z && plus0 && plus1 && none);
  EXPECT_NE(*z, *plus0);
  EXPECT_EQ(*z >> 13, *plus0 >> 13);
  EXPECT_EQ(*z >> 13, *plus1 >> 13);
  EXPECT_EQ(*z >> 13, *none >> 13);
  EXPECT_EQ(compareXsdValues(valueOfInline(otype::kDateTime, *z),
                             valueOfInline(otype::kDateTime, *plus1)),
            std::partial_ordering::equivalent);
  EXPECT_EQ(
      compareXsdValues(valueOfInline(otype::kDateTime, *z), valueOfInline(otype::kDateTime, *none)),
      std::partial_ordering::unordered);
}

}  // namespace
}  // namespace cairn::core
