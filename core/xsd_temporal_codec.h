#pragma once
// Inline keys of xsd:dateTime, xsd:dateTimeStamp, xsd:date and xsd:time. core/literal_codec.h
// states the contract; docs/formats/inline-literals.md documents the layouts:
//
//   dateTime, dateTimeStamp  [instant in ms since 1970-01-01T00:00:00Z + 2^50 : 51][tz : 11][f : 2]
//   date                     [first instant in minutes + 2^52 : 53][tz : 11]
//   time                     [ms of day − offset + 2^50 : 51][tz : 11][f : 2]
//
// tz is 0 for no timezone (local time read as UTC), 1 for "Z", 2 + (offset minutes + 840) for an
// explicit ±hh:mm; f is the number of fraction-of-second digits (0-3). The instant leads, so key
// order is time-line order; equal instants in different timezones tie on it and are ordered by tz.
// Most callers want literal_codec.h; the parts are public for core/xsd_value.cpp.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cairn::core::xsd {

inline constexpr int kTimezoneBits = 11;
inline constexpr int kFractionBits = 2;
inline constexpr uint16_t kTimezoneNone = 0;
inline constexpr uint16_t kTimezoneUtc = 1;
inline constexpr uint16_t kTimezoneOffsetBase = 2;
inline constexpr int kMaxOffsetMinutes = 14 * 60;
inline constexpr int64_t kMillisBias = int64_t{1} << 50;   // 51-bit ms fields
inline constexpr int64_t kMinutesBias = int64_t{1} << 52;  // 53-bit minute field of dates

// A timezone as the codec sees it; offsetMinutes is 0 for kTimezoneNone and kTimezoneUtc.
struct TimezoneCode {
  uint16_t code = kTimezoneNone;
  int offsetMinutes = 0;
  bool hasTimezone() const { return code != kTimezoneNone; }
};
TimezoneCode timezoneOfCode(uint16_t code);

struct TemporalKeyParts {
  int64_t value = 0;  // unbiased: ms instant, minutes of the first instant, or ms of day − offset
  TimezoneCode timezone;
  unsigned fractionDigits = 0;
};
TemporalKeyParts dateTimeKeyParts(uint64_t key);
TemporalKeyParts dateKeyParts(uint64_t key);
TemporalKeyParts timeKeyParts(uint64_t key);

// Canonical for inline: a 4-digit year (more digits only without a leading zero, never "-0000"),
// hour 00-23, 0-3 fraction digits without a trailing zero, timezone absent, "Z" or ±hh:mm (not
// "-00:00"), and the value inside the key's range (years about -33,700..37,700 for dateTime and
// the ±8.5 billion years of a date).
std::optional<uint64_t> encodeDateTimeKey(std::string_view lexical, bool requireTimezone);
std::optional<uint64_t> encodeDateKey(std::string_view lexical);
std::optional<uint64_t> encodeTimeKey(std::string_view lexical);
void appendDateTimeKey(std::string& out, uint64_t key);
void appendDateKey(std::string& out, uint64_t key);
void appendTimeKey(std::string& out, uint64_t key);

}  // namespace cairn::core::xsd
