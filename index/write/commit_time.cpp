#include "index/write/commit_time.h"

#include <chrono>
#include <cstdio>
#include <ctime>

namespace cairn::index {
namespace {

bool digits(std::string_view text, size_t at, size_t n, int& out) {
  if (at + n > text.size()) return false;
  out = 0;
  for (size_t i = at; i < at + n; ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
    out = out * 10 + (text[i] - '0');
  }
  return true;
}

// Days from 1970-01-01 to y-m-d (proleptic Gregorian).
int64_t daysFromCivil(int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

}  // namespace

int64_t commitMillisNow() {
  const auto now = std::chrono::system_clock::now();
  return std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
}

std::string commitTimeNow() { return formatTimeMillis(commitMillisNow()); }

std::string formatTimeMillis(int64_t millis) {
  const std::time_t seconds = static_cast<std::time_t>(millis / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buf[40];
  const size_t n = std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  std::snprintf(buf + n, sizeof buf - n, ".%03dZ", static_cast<int>(millis % 1000));
  return buf;
}

std::optional<int64_t> parseIsoTimeMillis(std::string_view text) {
  int year, month, day, hour = 0, minute = 0, second = 0, millis = 0;
  if (!digits(text, 0, 4, year) || text.size() < 10 || text[4] != '-' || text[7] != '-' ||
      !digits(text, 5, 2, month) || !digits(text, 8, 2, day)) {
    return std::nullopt;
  }
  size_t at = 10;
  if (at < text.size() && (text[at] == 'T' || text[at] == ' ')) {
    if (!digits(text, at + 1, 2, hour) || at + 3 >= text.size() || text[at + 3] != ':' ||
        !digits(text, at + 4, 2, minute)) {
      return std::nullopt;
    }
    at += 6;
    if (at < text.size() && text[at] == ':') {
      if (!digits(text, at + 1, 2, second)) return std::nullopt;
      at += 3;
      if (at < text.size() && text[at] == '.') {
        ++at;
        int scale = 100;
        size_t start = at;
        while (at < text.size() && text[at] >= '0' && text[at] <= '9') {
          millis += (text[at] - '0') * scale;
          scale /= 10;
          ++at;
        }
        if (at == start) return std::nullopt;
      }
    }
  }
  int64_t offsetMinutes = 0;
  if (at < text.size()) {
    if (text[at] == 'Z' && at + 1 == text.size()) {
      ++at;
    } else if ((text[at] == '+' || text[at] == '-') && at + 6 == text.size() &&
               text[at + 3] == ':') {
      int oh, om;
      if (!digits(text, at + 1, 2, oh) || !digits(text, at + 4, 2, om) || oh > 14 || om > 59) {
        return std::nullopt;
      }
      offsetMinutes = (text[at] == '+' ? 1 : -1) * (oh * 60 + om);
      at = text.size();
    } else {
      return std::nullopt;
    }
  }
  static constexpr int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month < 1 || month > 12 || day < 1 || day > kDays[month - 1] || hour > 23 || minute > 59 ||
      second > 59) {
    return std::nullopt;
  }
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  if (month == 2 && day == 29 && !leap) return std::nullopt;
  const int64_t days =
      daysFromCivil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
  return ((days * 24 + hour) * 60 + minute - offsetMinutes) * 60000 + second * 1000 + millis;
}

}  // namespace cairn::index
