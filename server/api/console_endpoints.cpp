// The web console: GET / answers its page, GET /console/{file} its scripts and styles, all
// compiled into the binary (console_assets.h). No scope is needed for the files themselves;
// the page then calls the API with whatever token the user gives it.

#include <algorithm>
#include <string>

#include "server/api/console_assets.h"
#include "server/api/route_call.h"
#include "server/http/http_error.h"

namespace cairn::server::api {
namespace {

const ConsoleAsset* findAsset(std::string_view path) {
  const auto assets = consoleAssets();
  const auto it = std::lower_bound(
      assets.begin(), assets.end(), path,
      [](const ConsoleAsset& asset, std::string_view p) { return asset.path < p; });
  return it != assets.end() && it->path == path ? &*it : nullptr;
}

}  // namespace

void handleConsoleAsset(const RouteCall& call, const std::string& path) {
  const ConsoleAsset* asset = findAsset(path);
  if (asset == nullptr) {
    throw http::HttpError(404, "unknown_route", "no console file " + call.target.path);
  }
  // Revalidated on every load (no-cache), so a new server version is picked up at once and an
  // unchanged file costs a 304. The policy keeps the page to its own scripts and this server.
  http::HeaderList headers = {
      {"ETag", std::string(asset->etag)},
      {"Cache-Control", "no-cache"},
      {"X-Content-Type-Options", "nosniff"},
      {"Content-Security-Policy",
       "default-src 'self'; img-src 'self' data:; style-src 'self'; frame-ancestors 'none'"},
      {"Referrer-Policy", "no-referrer"}};
  const std::string* known = call.exchange->request().header("if-none-match");
  if (known != nullptr && *known == asset->etag) {
    call.exchange->respond(http::Response{304, "", std::move(headers), ""});
    return;
  }
  call.exchange->respond(http::Response{200, std::string(asset->contentType), std::move(headers),
                                        std::string(asset->body)});
}

}  // namespace cairn::server::api
