#pragma once
// The text of temporal values as openCypher writes them (and the TCK expects them): ISO 8601
// with the shortest exact seconds fraction, e.g. "2015-07-21", "21:40:32.142", "21:40:32+01:00",
// "2015-07-21T21:40:32.142+01:00[Europe/London]", "P14DT16H12M" (durations as Neo4j prints
// them: "P" years/months/days "T" hours/minutes/seconds, zero parts omitted, "PT0S" for zero).
// Pure and thread-safe.

#include <string>

#include "query/value/temporal/temporal_types.h"

namespace cairn::query::value {

std::string formatDate(const Date& d);
std::string formatLocalTime(const LocalTime& t);
std::string formatTime(const Time& t);
std::string formatLocalDateTime(const LocalDateTime& t);
std::string formatDateTime(const DateTime& t);
std::string formatDuration(const Duration& d);

}  // namespace cairn::query::value
