#pragma once
// The web console's static files (server/console), compiled into the binary by
// cmake/EmbedConsole.cmake.

#include <span>
#include <string_view>

namespace cairn::server::api {

struct ConsoleAsset {
  std::string_view path;         // "/index.html", "/js/main.js", ...
  std::string_view contentType;  // by extension
  std::string_view body;
  std::string_view etag;  // quoted, from the SHA-256 of the body
};

// Every asset, sorted by path.
std::span<const ConsoleAsset> consoleAssets();

}  // namespace cairn::server::api
