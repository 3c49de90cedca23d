// End-to-end: cross-origin requests (server/api/cors.h). With cors-origins set, answers to an
// allowed Origin carry Access-Control-Allow-Origin — successes, errors and streamed answers
// alike — and preflights are answered before any token check; other origins get no CORS
// headers; without cors-origins nothing changes.

#include "tests/unit/server/e2e/e2e_fixture.h"

namespace cairn::testing::e2e {
namespace {

constexpr const char* kAllowed = "https://yasgui.example";

class E2eCors : public E2eSharedServerTest<E2eCors> {
 public:
  static void configureSuite(server::ServerConfig& config) {
    config.corsOrigins = {kAllowed, "http://localhost:3000"};
    config.tokens = {{"reader", "reader-secret", true, false}};
  }

 protected:
  HttpHeaders reader(const std::string& origin) {
    return {{"Authorization", "Bearer reader-secret"}, {"Origin", origin}};
  }
};

TEST_F(E2eCors, AllowedOriginsAreNamedInTheAnswer) {
  const HttpResponse r = client().get("/ledgers", reader(kAllowed));
  ASSERT_EQ(r.status, 200) << r.body;
  ASSERT_NE(r.header("access-control-allow-origin"), nullptr);
  EXPECT_EQ(*r.header("access-control-allow-origin"), kAllowed);
  EXPECT_EQ(*r.header("vary"), "Origin");
  EXPECT_NE(r.header("access-control-expose-headers")->find("Location"), std::string::npos);
}

TEST_F(E2eCors, OtherOriginsAndSameOriginRequestsGetNoCorsHeaders) {
  const HttpResponse other = client().get("/ledgers", reader("https://evil.example"));
  EXPECT_EQ(other.status, 200);
  EXPECT_EQ(other.header("access-control-allow-origin"), nullptr);
  const HttpResponse none = client().get("/ledgers", {{"Authorization", "Bearer reader-secret"}});
  EXPECT_EQ(none.header("access-control-allow-origin"), nullptr);
}

TEST_F(E2eCors, PreflightIsAnsweredWithoutAToken) {
  const HttpResponse r =
      client().send("OPTIONS", "/ledgers/numbers/sparql", std::nullopt,
                    {{"Origin", "http://localhost:3000"},
                     {"Access-Control-Request-Method", "POST"},
                     {"Access-Control-Request-Headers", "authorization, content-type"}});
  EXPECT_EQ(r.status, 204) << r.body;
  EXPECT_EQ(*r.header("access-control-allow-origin"), "http://localhost:3000");
  EXPECT_NE(r.header("access-control-allow-methods")->find("POST"), std::string::npos);
  EXPECT_NE(r.header("access-control-allow-headers")->find("Authorization"), std::string::npos);
  EXPECT_NE(r.header("access-control-allow-headers")->find("Content-Type"), std::string::npos);
  EXPECT_EQ(*r.header("access-control-max-age"), "600");
  // A preflight from an origin not on the list is an ordinary OPTIONS request: no route takes it.
  const HttpResponse refused = client().send(
      "OPTIONS", "/ledgers/numbers/sparql", std::nullopt,
      {{"Origin", "https://evil.example"}, {"Access-Control-Request-Method", "POST"}});
  EXPECT_EQ(refused.header("access-control-allow-origin"), nullptr);
  EXPECT_NE(refused.status, 204);
}

TEST_F(E2eCors, ErrorsCarryTheHeadersSoPagesCanReadThem) {
  // No token: 401, readable by the page.
  const HttpResponse r = client().get("/ledgers", {{"Origin", kAllowed}});
  expectError(r, 401, "unauthorized");
  EXPECT_EQ(*r.header("access-control-allow-origin"), kAllowed);
  const HttpResponse bad = sparqlGet("numbers", "SELECT * {", {}, reader(kAllowed));
  expectError(bad, 400, "syntax_error");
  EXPECT_EQ(*bad.header("access-control-allow-origin"), kAllowed);
}

TEST_F(E2eCors, StreamedAnswersCarryTheHeaders) {
  // 40,000 rows: well past the 64 KiB an answer is buffered for, so it streams (chunked).
  const HttpResponse r = sparqlGet(
      "numbers", std::string(kPrefix) + "SELECT ?a ?b { ?a ex:value ?x . ?b ex:value ?y }", {},
      reader(kAllowed));
  ASSERT_EQ(r.status, 200);
  ASSERT_NE(r.header("transfer-encoding"), nullptr);
  EXPECT_EQ(*r.header("access-control-allow-origin"), kAllowed);
}

class E2eCorsAny : public E2eSharedServerTest<E2eCorsAny> {
 public:
  static void configureSuite(server::ServerConfig& config) { config.corsOrigins = {"*"}; }
};

TEST_F(E2eCorsAny, AStarAllowsEveryOriginWithoutVary) {
  const HttpResponse r = client().get("/health", {{"Origin", "https://anywhere.example"}});
  EXPECT_EQ(*r.header("access-control-allow-origin"), "*");
  EXPECT_EQ(r.header("vary"), nullptr);
}

class E2eNoCors : public E2eSharedServerTest<E2eNoCors> {};

TEST_F(E2eNoCors, WithoutCorsOriginsNothingChanges) {
  const HttpResponse r = client().get("/health", {{"Origin", "https://yasgui.example"}});
  EXPECT_EQ(r.header("access-control-allow-origin"), nullptr);
  const HttpResponse preflight = client().send(
      "OPTIONS", "/health", std::nullopt,
      {{"Origin", "https://yasgui.example"}, {"Access-Control-Request-Method", "GET"}});
  EXPECT_EQ(preflight.status, 405);
}

}  // namespace
}  // namespace cairn::testing::e2e
