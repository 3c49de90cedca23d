#include "query/value/temporal/temporal_text.h"

#include <cstdio>
#include <cstdlib>

#include "query/value/temporal/calendar.h"

namespace cairn::query::value {

namespace {

void appendPadded(std::string& out, int64_t v, int width) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%0*lld", width, static_cast<long long>(v));
  out += buf;
}

// ".5", ".000000002": the nanoseconds as the shortest exact decimal fraction (none for 0).
void appendFraction(std::string& out, int64_t nanos) {
  if (nanos == 0) return;
  char buf[16];
  std::snprintf(buf, sizeof buf, ".%09lld", static_cast<long long>(nanos));
  std::string frac(buf);
  while (frac.back() == '0') frac.pop_back();
  out += frac;
}

// java.time's LocalDate text: four digits at least, a sign below year 0 and above 9999.
void appendDate(std::string& out, int64_t epochDay) {
  const auto ymd = calendar::civilFromDays(epochDay);
  if (ymd.year < 0) {
    out += '-';
  } else if (ymd.year > 9999) {
    out += '+';
  }
  appendPadded(out, std::llabs(ymd.year), 4);
  out += '-';
  appendPadded(out, ymd.month, 2);
  out += '-';
  appendPadded(out, ymd.day, 2);
}

// "HH:MM", then ":SS" and the fraction only when they are not zero (as java.time and the TCK).
void appendTimeOfDay(std::string& out, int64_t nanoOfDay) {
  const int64_t seconds = nanoOfDay / kNanosPerSecond;
  const int64_t nanos = nanoOfDay % kNanosPerSecond;
  appendPadded(out, seconds / 3600, 2);
  out += ':';
  appendPadded(out, seconds / 60 % 60, 2);
  if (seconds % 60 != 0 || nanos != 0) {
    out += ':';
    appendPadded(out, seconds % 60, 2);
    appendFraction(out, nanos);
  }
}

void appendOffset(std::string& out, int32_t offsetSeconds) {
  if (offsetSeconds == 0) {
    out += 'Z';
    return;
  }
  out += offsetSeconds < 0 ? '-' : '+';
  const int64_t abs = std::llabs(offsetSeconds);
  appendPadded(out, abs / 3600, 2);
  out += ':';
  appendPadded(out, abs / 60 % 60, 2);
  if (abs % 60 != 0) {
    out += ':';
    appendPadded(out, abs % 60, 2);
  }
}

void appendDurationPart(std::string& out, int64_t v, char unit) {
  if (v == 0) return;
  out += std::to_string(v);
  out += unit;
}

}  // namespace

std::string formatDate(const Date& d) {
  std::string out;
  appendDate(out, d.epochDay);
  return out;
}

std::string formatLocalTime(const LocalTime& t) {
  std::string out;
  appendTimeOfDay(out, t.nanoOfDay);
  return out;
}

std::string formatTime(const Time& t) {
  std::string out;
  appendTimeOfDay(out, t.nanoOfDay);
  appendOffset(out, t.offsetSeconds);
  return out;
}

std::string formatLocalDateTime(const LocalDateTime& t) {
  std::string out;
  appendDate(out, t.epochDay);
  out += 'T';
  appendTimeOfDay(out, t.nanoOfDay);
  return out;
}

std::string formatDateTime(const DateTime& t) {
  std::string out = formatLocalDateTime(t.local);
  appendOffset(out, t.offsetSeconds);
  if (!t.zone.empty()) {
    out += '[';
    out += t.zone;
    out += ']';
  }
  return out;
}

// Months split into years and months, seconds into hours, minutes and seconds; each part keeps
// the sign of its field, so mixed signs print as Neo4j does ("P1DT-0.001S").
std::string formatDuration(const Duration& d) {
  if (d.months == 0 && d.days == 0 && d.seconds == 0 && d.nanos == 0) return "PT0S";
  std::string out = "P";
  appendDurationPart(out, d.months / 12, 'Y');
  appendDurationPart(out, d.months % 12, 'M');
  appendDurationPart(out, d.days, 'D');
  const __int128 total = static_cast<__int128>(d.seconds) * kNanosPerSecond + d.nanos;
  if (total == 0) return out;
  out += 'T';
  const bool negative = total < 0;
  const __int128 abs = negative ? -total : total;
  const int64_t wholeSeconds = static_cast<int64_t>(abs / kNanosPerSecond);
  const int64_t nanos = static_cast<int64_t>(abs % kNanosPerSecond);
  const int64_t sign = negative ? -1 : 1;
  appendDurationPart(out, sign * (wholeSeconds / 3600), 'H');
  appendDurationPart(out, sign * (wholeSeconds / 60 % 60), 'M');
  if (wholeSeconds % 60 != 0 || nanos != 0) {
    if (negative) out += '-';
    out += std::to_string(wholeSeconds % 60);
    appendFraction(out, nanos);
    out += 'S';
  }
  return out;
}

}  // namespace cairn::query::value
