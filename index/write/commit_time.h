#pragma once
// Commit times: ISO-8601 UTC with milliseconds ("2026-12-01T00:00:00.123Z"), as commit records
// store them, and the reading of an `as-of` time a client gives.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cairn::index {

// Now, as "YYYY-MM-DDTHH:MM:SS.mmmZ".
std::string commitTimeNow();
// Now, in milliseconds since 1970 (formatTimeMillis of it is commitTimeNow()).
int64_t commitMillisNow();
// `millis` since 1970 (>= 0) as "YYYY-MM-DDTHH:MM:SS.mmmZ".
std::string formatTimeMillis(int64_t millis);
// Milliseconds since 1970 of "YYYY-MM-DD" or "YYYY-MM-DDTHH:MM[:SS[.fraction]]" with an optional
// zone ("Z" or "+hh:mm" / "-hh:mm"; none means UTC); nullopt when malformed or out of range.
std::optional<int64_t> parseIsoTimeMillis(std::string_view text);

}  // namespace cairn::index
