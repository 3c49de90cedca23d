#pragma once
// Always-on invariant checks. A failed CAIRN_CHECK is a bug in Cairn, never a user error: it
// prints file:line and the condition, then aborts. User-facing failures use core::Error instead.

#include <source_location>
#include <string_view>

namespace cairn::core {

[[noreturn]] void checkFailed(std::string_view condition, std::string_view message,
                              std::source_location where = std::source_location::current());

}  // namespace cairn::core

#define CAIRN_CHECK(cond, ...)                                             \
  do {                                                                     \
    if (!(cond)) [[unlikely]]                                              \
      ::cairn::core::checkFailed(#cond, std::string_view{"" __VA_ARGS__}); \
  } while (0)

#ifdef NDEBUG
#define CAIRN_DCHECK(cond, ...) \
  do {                          \
  } while (0)
#else
#define CAIRN_DCHECK(cond, ...) CAIRN_CHECK(cond, __VA_ARGS__)
#endif
