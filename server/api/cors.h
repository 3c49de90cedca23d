#pragma once
// Cross-origin requests (CORS) for browser clients on other origins — YASGUI and similar query
// editors. With `cors-origins` configured (docs/server-config.md), an answer to a request whose
// Origin is allowed carries Access-Control-Allow-Origin (and the headers a client may read), and
// a preflight (OPTIONS with Access-Control-Request-Method) is answered 204 before any route or
// token check, as browsers send preflights without credentials. Tokens still guard the routes:
// CORS only lets a browser show a page from elsewhere what this server answers anyway.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/http/http_exchange.h"

namespace cairn::server::api {

class CorsPolicy {
 public:
  // `origins`: "*" for any, else exact origins ("https://yasgui.org"); empty: CORS off.
  explicit CorsPolicy(std::vector<std::string> origins);

  bool enabled() const { return !origins_.empty(); }
  // The Access-Control-Allow-Origin value for a request's Origin header: "*" or the origin
  // itself; nullopt when CORS is off, there is no Origin, or it is not allowed.
  std::optional<std::string> allowedOrigin(const http::Request& request) const;
  // Whether `request` is a preflight this policy answers (OPTIONS + the request-method header).
  static bool isPreflight(const http::Request& request);
  // The 204 answer to a preflight, to be sent through withHeaders' exchange (which adds the
  // origin's headers).
  static http::Response preflightResponse();
  // `exchange` with the CORS headers for `allowOrigin` added to whatever it answers.
  static std::shared_ptr<http::Exchange> withHeaders(std::shared_ptr<http::Exchange> exchange,
                                                     const std::string& allowOrigin);

 private:
  std::vector<std::string> origins_;
  bool any_ = false;
};

}  // namespace cairn::server::api
