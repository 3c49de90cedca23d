#include "server/api/authorizer.h"

#include <gtest/gtest.h>

#include "server/http/http_error.h"

namespace cairn::server::api {
namespace {

http::Request request(bool loopback, std::string authorization = "") {
  http::Request r;
  r.remoteIsLoopback = loopback;
  if (!authorization.empty()) r.headers.emplace_back("authorization", std::move(authorization));
  return r;
}

unsigned statusOf(const Authorizer& a, const http::Request& r, Scope scope) {
  try {
    a.authorize(r, scope);
  } catch (const http::HttpError& e) {
    return e.status();
  }
  return 200;
}

TEST(Authorizer, WithoutTokensOnlyLoopbackUnlessAllowed) {
  const Authorizer local({}, /*allowRemote=*/false);
  EXPECT_EQ(statusOf(local, request(true), Scope::kWrite), 200u);
  EXPECT_EQ(statusOf(local, request(false), Scope::kRead), 403u);
  EXPECT_EQ(statusOf(local, request(false), Scope::kNone), 200u);  // /health
  const Authorizer open({}, /*allowRemote=*/true);
  EXPECT_EQ(statusOf(open, request(false), Scope::kWrite), 200u);
}

TEST(Authorizer, TokensAndScopes) {
  const Authorizer a(
      {TokenGrant{"reader", "r-secret", true, false}, TokenGrant{"admin", "w-secret", true, true}},
      false);
  EXPECT_EQ(statusOf(a, request(true), Scope::kRead), 401u);  // loopback needs one too
  EXPECT_EQ(statusOf(a, request(true, "Bearer nope"), Scope::kRead), 401u);
  EXPECT_EQ(statusOf(a, request(true, "Basic r-secret"), Scope::kRead), 401u);
  EXPECT_EQ(statusOf(a, request(false, "Bearer r-secret"), Scope::kRead), 200u);
  EXPECT_EQ(statusOf(a, request(false, "bearer r-secret"), Scope::kRead), 200u);
  EXPECT_EQ(statusOf(a, request(false, "Bearer r-secret"), Scope::kWrite), 403u);
  EXPECT_EQ(statusOf(a, request(false, "Bearer w-secret"), Scope::kWrite), 200u);
  EXPECT_EQ(a.authorize(request(false, "Bearer w-secret"), Scope::kRead), "admin");
  EXPECT_EQ(statusOf(a, request(false), Scope::kNone), 200u);
  try {
    a.authorize(request(true), Scope::kRead);
    FAIL();
  } catch (const http::HttpError& e) {
    ASSERT_EQ(e.headers().size(), 1u);
    EXPECT_EQ(e.headers()[0].first, "WWW-Authenticate");
  }
}

}  // namespace
}  // namespace cairn::server::api
