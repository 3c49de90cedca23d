#pragma once
// What every benchmark tool does on a failure: print it and exit 1, so a broken run never prints
// figures. Header-only: each tool is one translation unit (bench/CMakeLists.txt).

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/status.h"

namespace cairn::bench {

[[noreturn]] inline void die(const std::string& message) {
  std::fprintf(stderr, "error: %s\n", message.c_str());
  std::exit(1);
}

// The value, or die with `what` (what was being done) and the status.
template <typename T>
T orDie(core::Result<T> result, std::string_view what = {}) {
  if (!result.isOk()) {
    die(what.empty() ? result.status().toString()
                     : std::string(what) + ": " + result.status().toString());
  }
  return std::move(result).value();
}

inline void orDie(const core::Status& status, std::string_view what = {}) {
  if (!status.isOk()) {
    die(what.empty() ? status.toString() : std::string(what) + ": " + status.toString());
  }
}

}  // namespace cairn::bench
