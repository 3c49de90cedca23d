#include "core/xsd_lexical.h"

#include "core/xsd_calendar.h"

namespace cairn::core::xsd {
namespace {

constexpr bool isDigit(char c) { return c >= '0' && c <= '9'; }
constexpr bool isXmlSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

size_t digitRun(std::string_view s, size_t pos) {
  size_t end = pos;
  while (end < s.size() && isDigit(s[end])) ++end;
  return end - pos;
}

// The two-digit number at s[pos], or -1.
int twoDigits(std::string_view s, size_t pos) {
  if (pos + 2 > s.size() || !isDigit(s[pos]) || !isDigit(s[pos + 1])) return -1;
  return (s[pos] - '0') * 10 + (s[pos + 1] - '0');
}

bool consume(std::string_view s, size_t& pos, char c) {
  if (pos >= s.size() || s[pos] != c) return false;
  ++pos;
  return true;
}

// -?YYYY-MM-DD
bool splitDatePart(std::string_view s, size_t& pos, TemporalParts& p) {
  p.negativeYear = consume(s, pos, '-');
  const size_t n = digitRun(s, pos);
  // Four digits, or more without a leading zero.
  if (n < 4 || n > kMaxYearDigits || (n > 4 && s[pos] == '0')) return false;
  p.yearDigits = s.substr(pos, n);
  int64_t year = 0;
  for (char c : p.yearDigits) year = year * 10 + (c - '0');
  p.year = p.negativeYear ? -year : year;
  pos += n;
  if (!consume(s, pos, '-')) return false;
  const int month = twoDigits(s, pos);
  if (month < 1 || month > 12) return false;
  pos += 2;
  if (!consume(s, pos, '-')) return false;
  const int day = twoDigits(s, pos);
  if (day < 1 || static_cast<unsigned>(day) > daysInMonth(p.year, static_cast<unsigned>(month))) {
    return false;
  }
  pos += 2;
  p.month = static_cast<unsigned>(month);
  p.day = static_cast<unsigned>(day);
  return true;
}

// hh:mm:ss(.s+)?
bool splitTimePart(std::string_view s, size_t& pos, TemporalParts& p) {
  const int hour = twoDigits(s, pos);
  if (hour < 0 || hour > 24) return false;
  pos += 2;
  if (!consume(s, pos, ':')) return false;
  const int minute = twoDigits(s, pos);
  if (minute < 0 || minute > 59) return false;
  pos += 2;
  if (!consume(s, pos, ':')) return false;
  const int second = twoDigits(s, pos);
  if (second < 0 || second > 59) return false;
  pos += 2;
  if (consume(s, pos, '.')) {
    const size_t n = digitRun(s, pos);
    if (n == 0) return false;
    p.hasFraction = true;
    p.fractionDigits = s.substr(pos, n);
    pos += n;
  }
  if (hour == 24) {
    // 24:00:00 is the end of the day; nothing may come after it.
    if (minute != 0 || second != 0) return false;
    for (char c : p.fractionDigits) {
      if (c != '0') return false;
    }
  }
  p.hour = static_cast<unsigned>(hour);
  p.minute = static_cast<unsigned>(minute);
  p.second = static_cast<unsigned>(second);
  return true;
}

// (Z|(\+|-)hh:mm)? up to the end of s; hh:mm is 00:00..14:00.
bool splitTimezone(std::string_view s, size_t pos, TimezoneParts& tz) {
  if (pos == s.size()) return true;
  if (s[pos] == 'Z') {
    tz.kind = TimezoneKind::kUtc;
    return pos + 1 == s.size();
  }
  if (s[pos] != '+' && s[pos] != '-') return false;
  if (pos + 6 != s.size() || s[pos + 3] != ':') return false;
  const int hours = twoDigits(s, pos + 1);
  const int minutes = twoDigits(s, pos + 4);
  if (hours < 0 || minutes < 0 || minutes > 59 || hours > 14 || (hours == 14 && minutes != 0)) {
    return false;
  }
  tz.kind = TimezoneKind::kOffset;
  tz.sign = s[pos];
  tz.offsetMinutes = (s[pos] == '-' ? -1 : 1) * (hours * 60 + minutes);
  return true;
}

}  // namespace

std::string_view collapseWhitespace(std::string_view lexical) {
  size_t begin = 0;
  size_t end = lexical.size();
  while (begin < end && isXmlSpace(lexical[begin])) ++begin;
  while (end > begin && isXmlSpace(lexical[end - 1])) --end;
  return lexical.substr(begin, end - begin);
}

std::optional<DecimalParts> splitInteger(std::string_view s) {
  DecimalParts p;
  size_t pos = 0;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) p.sign = s[pos++];
  const size_t n = digitRun(s, pos);
  if (n == 0 || pos + n != s.size()) return std::nullopt;
  p.integerDigits = s.substr(pos, n);
  return p;
}

std::optional<DecimalParts> splitDecimal(std::string_view s) {
  DecimalParts p;
  size_t pos = 0;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) p.sign = s[pos++];
  const size_t n = digitRun(s, pos);
  p.integerDigits = s.substr(pos, n);
  pos += n;
  if (pos < s.size() && s[pos] == '.') {
    p.hasPoint = true;
    ++pos;
    const size_t f = digitRun(s, pos);
    p.fractionDigits = s.substr(pos, f);
    pos += f;
  }
  if (pos != s.size() || (p.integerDigits.empty() && p.fractionDigits.empty())) {
    return std::nullopt;
  }
  return p;
}

std::optional<FloatingParts> splitFloating(std::string_view s) {
  FloatingParts p;
  if (s == "INF" || s == "+INF") {
    p.special = FloatingSpecial::kPositiveInfinity;
    return p;
  }
  if (s == "-INF") {
    p.special = FloatingSpecial::kNegativeInfinity;
    return p;
  }
  if (s == "NaN") {
    p.special = FloatingSpecial::kNaN;
    return p;
  }
  const size_t e = s.find_first_of("eE");
  const auto mantissa = splitDecimal(s.substr(0, e));
  if (!mantissa) return std::nullopt;
  p.mantissa = *mantissa;
  if (e != std::string_view::npos) {
    size_t pos = e + 1;
    if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) p.exponentSign = s[pos++];
    const size_t n = digitRun(s, pos);
    if (n == 0 || pos + n != s.size()) return std::nullopt;
    p.exponentDigits = s.substr(pos, n);
  }
  return p;
}

std::optional<TemporalParts> splitDateTime(std::string_view s) {
  TemporalParts p;
  size_t pos = 0;
  if (!splitDatePart(s, pos, p) || !consume(s, pos, 'T') || !splitTimePart(s, pos, p) ||
      !splitTimezone(s, pos, p.timezone)) {
    return std::nullopt;
  }
  return p;
}

std::optional<TemporalParts> splitDate(std::string_view s) {
  TemporalParts p;
  size_t pos = 0;
  if (!splitDatePart(s, pos, p) || !splitTimezone(s, pos, p.timezone)) return std::nullopt;
  return p;
}

std::optional<TemporalParts> splitTime(std::string_view s) {
  TemporalParts p;
  size_t pos = 0;
  if (!splitTimePart(s, pos, p) || !splitTimezone(s, pos, p.timezone)) return std::nullopt;
  return p;
}

}  // namespace cairn::core::xsd
