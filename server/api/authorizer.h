#pragma once
// Who may do what. With bearer tokens configured, every route but /health needs
// `Authorization: Bearer <token>` with the scope the route needs (read: queries, listings,
// metrics; write: creating and dropping ledgers, updates, indexing, garbage collection). Without
// tokens, only clients on this machine (loopback) are served unless the admin allowed remote
// access.
//
// Thread-safety: immutable after construction.

#include <string>
#include <vector>

#include "server/config/server_config.h"
#include "server/http/http_exchange.h"

namespace cairn::server::api {

enum class Scope { kNone, kRead, kWrite };

class Authorizer {
 public:
  Authorizer(std::vector<TokenGrant> tokens, bool allowRemote);

  // Returns the grant's name ("" when no token was needed or given), or throws
  // http::HttpError: 401 (missing / unknown token, with a WWW-Authenticate challenge), 403
  // (insufficient scope, or a remote client without tokens configured).
  std::string authorize(const http::Request& request, Scope needed) const;

 private:
  std::vector<TokenGrant> tokens_;
  bool allowRemote_;
};

}  // namespace cairn::server::api
