#include "core/check.h"

#include <cstdio>
#include <cstdlib>

namespace cairn::core {

void checkFailed(std::string_view condition, std::string_view message, std::source_location where) {
  std::fprintf(stderr, "%s:%u: CAIRN_CHECK(%.*s) failed%s%.*s\n", where.file_name(), where.line(),
               static_cast<int>(condition.size()), condition.data(), message.empty() ? "" : ": ",
               static_cast<int>(message.size()), message.data());
  std::abort();
}

}  // namespace cairn::core
