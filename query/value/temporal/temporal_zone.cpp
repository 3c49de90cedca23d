// Zones: fixed offsets parsed here, IANA names resolved by Howard Hinnant's date/tz over the
// system tz database (Debian builds it with USE_OS_TZDB, so it reads /usr/share/zoneinfo and
// never downloads).

#include <date/tz.h>

#include <chrono>
#include <cstdlib>

#include "query/value/temporal/calendar.h"
#include "query/value/temporal/temporal_internal.h"

namespace cairn::query::value::detail {

namespace {

const date::time_zone* findZone(std::string_view name) {
  try {
    return date::locate_zone(name);
  } catch (const std::exception&) {
    return nullptr;
  }
}

const date::time_zone& requireZone(const std::string& name) {
  const date::time_zone* zone = findZone(name);
  if (zone == nullptr) throwInvalidValue("unknown time zone '" + name + "'");
  return *zone;
}

bool allDigits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

}  // namespace

std::optional<int32_t> parseOffset(std::string_view text) {
  if (text == "Z" || text == "z") return 0;
  if (text.size() < 3 || (text[0] != '+' && text[0] != '-')) return std::nullopt;
  const int sign = text[0] == '-' ? -1 : 1;
  std::string_view rest = text.substr(1);
  int64_t h = 0, m = 0, s = 0;
  auto two = [](std::string_view p) { return (p[0] - '0') * 10 + (p[1] - '0'); };
  if (rest.size() == 2 && allDigits(rest)) {
    h = two(rest);
  } else if (rest.size() == 4 && allDigits(rest)) {
    h = two(rest);
    m = two(rest.substr(2));
  } else if (rest.size() == 5 && rest[2] == ':' && allDigits(rest.substr(0, 2)) &&
             allDigits(rest.substr(3))) {
    h = two(rest);
    m = two(rest.substr(3));
  } else if (rest.size() == 8 && rest[2] == ':' && rest[5] == ':' && allDigits(rest.substr(0, 2)) &&
             allDigits(rest.substr(3, 2)) && allDigits(rest.substr(6))) {
    h = two(rest);
    m = two(rest.substr(3));
    s = two(rest.substr(6));
  } else {
    return std::nullopt;
  }
  if (m > 59 || s > 59) return std::nullopt;
  const int64_t total = h * 3600 + m * 60 + s;
  if (total > 18 * 3600) throwInvalidValue("time zone offset out of range: " + std::string(text));
  return static_cast<int32_t>(sign * total);
}

Zone parseZone(std::string_view text) {
  if (auto offset = parseOffset(text)) return Zone{"", *offset};
  std::string name(text);
  requireZone(name);
  return Zone{std::move(name), 0};
}

Zone zoneOf(const DateTime& t) { return Zone{t.zone, t.offsetSeconds}; }

int32_t offsetAtInstant(const Zone& zone, int64_t epochSecond) {
  if (zone.name.empty()) return zone.fixedOffset;
  const auto info =
      requireZone(zone.name).get_info(date::sys_seconds{std::chrono::seconds{epochSecond}});
  return static_cast<int32_t>(info.offset.count());
}

int64_t nowEpochSecond() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

int64_t localEpochSecond(const LocalDateTime& t) {
  return t.epochDay * 86'400 + t.nanoOfDay / kNanosPerSecond;
}

int64_t epochSecondOf(const DateTime& t) { return localEpochSecond(t.local) - t.offsetSeconds; }

LocalDateTime localFromEpochSecond(int64_t epochSecond, int64_t nanoOfSecond) {
  const int64_t day = calendar::floorDiv(epochSecond, 86'400);
  const int64_t secondOfDay = calendar::floorMod(epochSecond, 86'400);
  return LocalDateTime{day, secondOfDay * kNanosPerSecond + nanoOfSecond};
}

DateTime atInstant(int64_t epochSecond, int64_t nanoOfSecond, const Zone& zone) {
  const int32_t offset = offsetAtInstant(zone, epochSecond);
  return DateTime{localFromEpochSecond(epochSecond + offset, nanoOfSecond), offset, zone.name};
}

DateTime resolveLocal(const LocalDateTime& local, const Zone& zone,
                      std::optional<int32_t> preferredOffset) {
  if (zone.name.empty()) return DateTime{local, zone.fixedOffset, ""};
  const date::time_zone& tz = requireZone(zone.name);
  const int64_t localSecond = localEpochSecond(local);
  const auto info = tz.get_info(date::local_seconds{std::chrono::seconds{localSecond}});
  switch (info.result) {
    case date::local_info::unique:
      return DateTime{local, static_cast<int32_t>(info.first.offset.count()), zone.name};
    case date::local_info::ambiguous: {
      const auto earlier = static_cast<int32_t>(info.first.offset.count());
      const auto later = static_cast<int32_t>(info.second.offset.count());
      const int32_t chosen = preferredOffset && *preferredOffset == later ? later : earlier;
      return DateTime{local, chosen, zone.name};
    }
    case date::local_info::nonexistent:
    default: {
      // The gap: java moves the local time forward by the gap's length, at the later offset.
      const auto before = info.first.offset.count();
      const auto after = info.second.offset.count();
      const int64_t nanoOfSecond = local.nanoOfDay % kNanosPerSecond;
      const LocalDateTime shifted =
          localFromEpochSecond(localSecond + (after - before), nanoOfSecond);
      return DateTime{shifted, static_cast<int32_t>(after), zone.name};
    }
  }
}

}  // namespace cairn::query::value::detail
