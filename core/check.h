#pragma once
// Always-on invariant checks. A failed CAIRN_CHECK is a bug in Cairn, never a user error: it
// prints file:line and the condition, then aborts. User-facing failures use core::Error instead.

#include <string_view>

namespace cairn::core {

// File and line come from the macro rather than std::source_location: clang 14 (the fuzz
// build) has no std::source_location with Debian's libstdc++ 12.
[[noreturn]] void checkFailed(std::string_view condition, std::string_view message,
                              const char* file, unsigned line);

}  // namespace cairn::core

#define CAIRN_CHECK(cond, ...)                                                                 \
  do {                                                                                         \
    if (!(cond)) [[unlikely]]                                                                  \
      ::cairn::core::checkFailed(#cond, std::string_view{"" __VA_ARGS__}, __FILE__, __LINE__); \
  } while (0)

#ifdef NDEBUG
#define CAIRN_DCHECK(cond, ...) \
  do {                          \
  } while (0)
#else
#define CAIRN_DCHECK(cond, ...) CAIRN_CHECK(cond, __VA_ARGS__)
#endif
