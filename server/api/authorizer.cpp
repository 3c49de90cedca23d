#include "server/api/authorizer.h"

#include <openssl/crypto.h>

#include "server/http/http_error.h"

namespace cairn::server::api {
namespace {

using http::HttpError;

// Compares without an early exit, so response times do not reveal how much of a token matched.
bool sameSecret(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  return CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

std::string_view bearerToken(const http::Request& request) {
  const std::string* header = request.header("authorization");
  if (header == nullptr) return {};
  std::string_view value = *header;
  constexpr std::string_view kScheme = "bearer ";
  if (value.size() <= kScheme.size()) return {};
  for (size_t i = 0; i < kScheme.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(value[i])) != kScheme[i]) return {};
  }
  value.remove_prefix(kScheme.size());
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
  return value;
}

}  // namespace

Authorizer::Authorizer(std::vector<TokenGrant> tokens, bool allowRemote)
    : tokens_(std::move(tokens)), allowRemote_(allowRemote) {}

std::string Authorizer::authorize(const http::Request& request, Scope needed) const {
  if (needed == Scope::kNone) return {};
  if (tokens_.empty()) {
    if (!request.remoteIsLoopback && !allowRemote_) {
      throw HttpError(403, "forbidden",
                      "this server serves only this machine: configure tokens or allow-remote");
    }
    return {};
  }
  const std::string_view token = bearerToken(request);
  if (token.empty()) {
    throw HttpError(401, "unauthorized", "this route needs an Authorization: Bearer token")
        .withHeader("WWW-Authenticate", "Bearer realm=\"cairn\"");
  }
  const TokenGrant* grant = nullptr;
  for (const TokenGrant& candidate : tokens_) {
    if (sameSecret(candidate.token, token)) grant = &candidate;
  }
  if (grant == nullptr) {
    throw HttpError(401, "unauthorized", "the bearer token is not valid")
        .withHeader("WWW-Authenticate", "Bearer realm=\"cairn\", error=\"invalid_token\"");
  }
  const bool allowed = needed == Scope::kRead ? grant->read : grant->write;
  if (!allowed) {
    throw HttpError(403, "forbidden",
                    std::string("the token '") + grant->name + "' has no " +
                        (needed == Scope::kRead ? "read" : "write") + " scope");
  }
  return grant->name;
}

}  // namespace cairn::server::api
