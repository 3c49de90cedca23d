// The small shared pieces of the temporal library: errors, checked arithmetic, duration
// normalisation, type names and text dispatch.

#include <cmath>
#include <limits>

#include "query/value/temporal/calendar.h"
#include "query/value/temporal/temporal_internal.h"
#include "query/value/temporal/temporal_text.h"

namespace cairn::query::value {

namespace detail {

void throwInvalidValue(const std::string& message) {
  throw core::Error(core::ErrorCode::kArgumentError, "InvalidArgumentValue", message);
}

void throwInvalidType(const std::string& message) {
  throw core::Error(core::ErrorCode::kTypeError, "InvalidArgumentType", message);
}

int64_t checkedAdd(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) throwInvalidValue("temporal value out of range");
  return r;
}

int64_t checkedMul(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) throwInvalidValue("temporal value out of range");
  return r;
}

Duration makeDuration(int64_t months, int64_t days, int64_t seconds, int64_t nanos) {
  const int64_t carry = calendar::floorDiv(nanos, kNanosPerSecond);
  return Duration{months, days, checkedAdd(seconds, carry),
                  static_cast<int32_t>(calendar::floorMod(nanos, kNanosPerSecond))};
}

namespace {

// java's (long) cast with Neo4j's range check: truncation toward zero.
int64_t truncateToLong(double v) {
  if (!std::isfinite(v) || v >= 9.2233720368547758e18 || v < -9.2233720368547758e18) {
    throwInvalidValue("duration out of range");
  }
  return static_cast<int64_t>(v);
}

constexpr double kAvgSecondsPerMonth = 2'629'746.0;  // 365.2425 / 12 days
constexpr double kNanosPerDayD = 86'400e9;

}  // namespace

Duration approximateDuration(double months, double days, double seconds, double nanos) {
  const int64_t wholeMonths = truncateToLong(months);
  const double monthNanos = kAvgSecondsPerMonth * 1e9;
  days += (monthNanos * months - monthNanos * static_cast<double>(wholeMonths)) / kNanosPerDayD;
  const int64_t wholeDays = truncateToLong(days);
  seconds += (kNanosPerDayD * days - kNanosPerDayD * static_cast<double>(wholeDays)) / 1e9;
  const int64_t wholeSeconds = truncateToLong(seconds);
  nanos += 1e9 * seconds - 1e9 * static_cast<double>(wholeSeconds);
  return makeDuration(wholeMonths, wholeDays, wholeSeconds, truncateToLong(nanos));
}

std::string lowerAscii(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace detail

std::string_view temporalTypeName(TemporalType type) {
  switch (type) {
    case TemporalType::kDate:
      return "date";
    case TemporalType::kLocalTime:
      return "localtime";
    case TemporalType::kTime:
      return "time";
    case TemporalType::kLocalDateTime:
      return "localdatetime";
    case TemporalType::kDateTime:
      return "datetime";
    case TemporalType::kDuration:
      return "duration";
  }
  return "duration";
}

std::string formatTemporal(const Temporal& t) {
  struct Formatter {
    std::string operator()(const Date& v) const { return formatDate(v); }
    std::string operator()(const LocalTime& v) const { return formatLocalTime(v); }
    std::string operator()(const Time& v) const { return formatTime(v); }
    std::string operator()(const LocalDateTime& v) const { return formatLocalDateTime(v); }
    std::string operator()(const DateTime& v) const { return formatDateTime(v); }
    std::string operator()(const Duration& v) const { return formatDuration(v); }
  };
  return std::visit(Formatter{}, t);
}

}  // namespace cairn::query::value
