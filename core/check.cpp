#include "core/check.h"

#include <cstdio>
#include <cstdlib>

namespace cairn::core {

void checkFailed(std::string_view condition, std::string_view message, const char* file,
                 unsigned line) {
  std::fprintf(stderr, "%s:%u: CAIRN_CHECK(%.*s) failed%s%.*s\n", file, line,
               static_cast<int>(condition.size()), condition.data(), message.empty() ? "" : ": ",
               static_cast<int>(message.size()), message.data());
  std::abort();
}

}  // namespace cairn::core
