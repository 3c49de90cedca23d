#include "core/xsd_temporal_codec.h"

#include <charconv>

#include "core/check.h"
#include "core/xsd_calendar.h"
#include "core/xsd_lexical.h"

namespace cairn::core::xsd {
namespace {

constexpr int kLowBits = kTimezoneBits + kFractionBits;
constexpr uint16_t kMaxTimezoneCode = kTimezoneOffsetBase + 2 * kMaxOffsetMinutes;
// A dateTime year of more digits is far outside the 51-bit range; checking the digit count first
// keeps the millisecond arithmetic clear of overflow. Likewise for dates and their 53 bits.
constexpr size_t kMaxDateTimeYearDigits = 6;
constexpr size_t kMaxDateYearDigits = 10;

// The parts every inline temporal form must have in canonical spelling.
bool isCanonical(const TemporalParts& p) {
  if (p.negativeYear && p.year == 0) return false;  // "-0000" is year 0, spelled "0000"
  if (p.hour == 24) return false;                   // the next day's 00:00:00
  if (p.hasFraction && (p.fractionDigits.size() > 3 || p.fractionDigits.back() == '0')) {
    return false;
  }
  const TimezoneParts& tz = p.timezone;
  return !(tz.kind == TimezoneKind::kOffset && tz.sign == '-' && tz.offsetMinutes == 0);
}

uint16_t timezoneCode(const TimezoneParts& tz) {
  switch (tz.kind) {
    case TimezoneKind::kNone:
      return kTimezoneNone;
    case TimezoneKind::kUtc:
      return kTimezoneUtc;
    case TimezoneKind::kOffset:
      return static_cast<uint16_t>(kTimezoneOffsetBase + tz.offsetMinutes + kMaxOffsetMinutes);
  }
  return kTimezoneNone;
}

int64_t fractionMillis(const TemporalParts& p) {
  int64_t ms = 0;
  for (size_t i = 0; i < 3; ++i) {
    ms = ms * 10 + (i < p.fractionDigits.size() ? p.fractionDigits[i] - '0' : 0);
  }
  return ms;
}

int64_t millisOfDay(const TemporalParts& p) {
  return ((static_cast<int64_t>(p.hour) * 60 + p.minute) * 60 + p.second) * 1000 +
         fractionMillis(p);
}

uint64_t packMillis(int64_t value, const TemporalParts& p) {
  return (static_cast<uint64_t>(value + kMillisBias) << kLowBits) |
         (static_cast<uint64_t>(timezoneCode(p.timezone)) << kFractionBits) |
         p.fractionDigits.size();
}

TemporalKeyParts unpackMillis(uint64_t key) {
  TemporalKeyParts parts;
  parts.value = static_cast<int64_t>(key >> kLowBits) - kMillisBias;
  parts.timezone = timezoneOfCode(static_cast<uint16_t>((key >> kFractionBits) & 0x7FF));
  parts.fractionDigits = static_cast<unsigned>(key & 3);
  return parts;
}

void appendTwoDigits(std::string& out, int64_t v) {
  out += static_cast<char>('0' + v / 10);
  out += static_cast<char>('0' + v % 10);
}

void appendYear(std::string& out, int64_t year) {
  if (year < 0) out += '-';
  const uint64_t magnitude = year < 0 ? 0 - static_cast<uint64_t>(year) : year;
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, magnitude).ptr;
  const auto n = static_cast<size_t>(end - digits);
  if (n < 4) out.append(4 - n, '0');
  out.append(digits, n);
}

void appendDate(std::string& out, int64_t days) {
  const CivilDate date = civilFromDays(days);
  appendYear(out, date.year);
  out += '-';
  appendTwoDigits(out, date.month);
  out += '-';
  appendTwoDigits(out, date.day);
}

// hh:mm:ss(.fff) with `fractionDigits` digits; the digits cut off must be zeros.
void appendTime(std::string& out, int64_t msOfDay, unsigned fractionDigits) {
  const int64_t seconds = msOfDay / 1000;
  appendTwoDigits(out, seconds / 3600);
  out += ':';
  appendTwoDigits(out, seconds / 60 % 60);
  out += ':';
  appendTwoDigits(out, seconds % 60);
  int64_t ms = msOfDay % 1000;
  if (fractionDigits == 0) {
    CAIRN_CHECK(ms == 0, "temporal key: fraction without digits");
    return;
  }
  char digits[3] = {static_cast<char>('0' + ms / 100), static_cast<char>('0' + ms / 10 % 10),
                    static_cast<char>('0' + ms % 10)};
  for (unsigned i = fractionDigits; i < 3; ++i) {
    CAIRN_CHECK(digits[i] == '0', "temporal key: fraction longer than its digit count");
  }
  CAIRN_CHECK(digits[fractionDigits - 1] != '0', "temporal key: fraction with a trailing zero");
  out += '.';
  out.append(digits, fractionDigits);
}

void appendTimezone(std::string& out, const TimezoneCode& tz) {
  if (tz.code == kTimezoneNone) return;
  if (tz.code == kTimezoneUtc) {
    out += 'Z';
    return;
  }
  out += tz.offsetMinutes < 0 ? '-' : '+';
  const int magnitude = tz.offsetMinutes < 0 ? -tz.offsetMinutes : tz.offsetMinutes;
  appendTwoDigits(out, magnitude / 60);
  out += ':';
  appendTwoDigits(out, magnitude % 60);
}

}  // namespace

TimezoneCode timezoneOfCode(uint16_t code) {
  CAIRN_CHECK(code <= kMaxTimezoneCode, "temporal key: bad timezone code");
  if (code < kTimezoneOffsetBase) return {code, 0};
  return {code, code - kTimezoneOffsetBase - kMaxOffsetMinutes};
}

TemporalKeyParts dateTimeKeyParts(uint64_t key) { return unpackMillis(key); }
TemporalKeyParts timeKeyParts(uint64_t key) { return unpackMillis(key); }

TemporalKeyParts dateKeyParts(uint64_t key) {
  TemporalKeyParts parts;
  parts.value = static_cast<int64_t>(key >> kTimezoneBits) - kMinutesBias;
  parts.timezone = timezoneOfCode(static_cast<uint16_t>(key & 0x7FF));
  return parts;
}

std::optional<uint64_t> encodeDateTimeKey(std::string_view lexical, bool requireTimezone) {
  const auto p = splitDateTime(lexical);
  if (!p || !isCanonical(*p) || p->yearDigits.size() > kMaxDateTimeYearDigits) return std::nullopt;
  if (requireTimezone && p->timezone.kind == TimezoneKind::kNone) return std::nullopt;
  const int64_t local = daysFromCivil(p->year, p->month, p->day) * kMillisPerDay + millisOfDay(*p);
  const int64_t instant = local - int64_t{p->timezone.offsetMinutes} * 60'000;
  if (instant < -kMillisBias || instant >= kMillisBias) return std::nullopt;
  return packMillis(instant, *p);
}

std::optional<uint64_t> encodeDateKey(std::string_view lexical) {
  const auto p = splitDate(lexical);
  if (!p || !isCanonical(*p) || p->yearDigits.size() > kMaxDateYearDigits) return std::nullopt;
  const int64_t minutes =
      daysFromCivil(p->year, p->month, p->day) * kMinutesPerDay - p->timezone.offsetMinutes;
  if (minutes < -kMinutesBias || minutes >= kMinutesBias) return std::nullopt;
  return (static_cast<uint64_t>(minutes + kMinutesBias) << kTimezoneBits) |
         timezoneCode(p->timezone);
}

std::optional<uint64_t> encodeTimeKey(std::string_view lexical) {
  const auto p = splitTime(lexical);
  if (!p || !isCanonical(*p)) return std::nullopt;
  return packMillis(millisOfDay(*p) - int64_t{p->timezone.offsetMinutes} * 60'000, *p);
}

void appendDateTimeKey(std::string& out, uint64_t key) {
  const TemporalKeyParts parts = dateTimeKeyParts(key);
  const int64_t local = parts.value + int64_t{parts.timezone.offsetMinutes} * 60'000;
  appendDate(out, floorDiv(local, kMillisPerDay));
  out += 'T';
  appendTime(out, floorMod(local, kMillisPerDay), parts.fractionDigits);
  appendTimezone(out, parts.timezone);
}

void appendDateKey(std::string& out, uint64_t key) {
  const TemporalKeyParts parts = dateKeyParts(key);
  const int64_t local = parts.value + parts.timezone.offsetMinutes;
  CAIRN_CHECK(floorMod(local, kMinutesPerDay) == 0, "date key: not the start of a day");
  appendDate(out, floorDiv(local, kMinutesPerDay));
  appendTimezone(out, parts.timezone);
}

void appendTimeKey(std::string& out, uint64_t key) {
  const TemporalKeyParts parts = timeKeyParts(key);
  const int64_t local = parts.value + int64_t{parts.timezone.offsetMinutes} * 60'000;
  CAIRN_CHECK(local >= 0 && local < kMillisPerDay, "time key: not a time of day");
  appendTime(out, local, parts.fractionDigits);
  appendTimezone(out, parts.timezone);
}

}  // namespace cairn::core::xsd
