#pragma once
// What `cairn --version` prints: the project version and the commit the binary was built from
// (generated at build time by cmake/BuildInfo.cmake, linked into the `cairn` binary only).

#include <string_view>

namespace cairn::server {

std::string_view buildVersion();  // "0.1.0"
std::string_view buildCommit();   // "a08b83c1f2d3" (+ "-dirty"), or "unknown"

}  // namespace cairn::server
