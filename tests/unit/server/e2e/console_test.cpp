// End-to-end: the web console's files (GET /, GET /console/...) and the commit log route the
// console's time-travel selector reads (GET /ledgers/{name}/commits). The page itself is
// driven in a browser by tests/browser/console_test.mjs.

#include "server/api/console_assets.h"
#include "tests/unit/server/e2e/e2e_fixture.h"

namespace cairn::testing::e2e {
namespace {

class E2eConsole : public E2eSharedServerTest<E2eConsole> {};

TEST_F(E2eConsole, RootAnswersThePageWithoutAToken) {
  const HttpResponse r = client().get("/");
  ASSERT_EQ(r.status, 200) << r.body;
  ASSERT_NE(r.header("content-type"), nullptr);
  EXPECT_EQ(*r.header("content-type"), "text/html; charset=utf-8");
  EXPECT_NE(r.body.find("<script type=\"module\" src=\"/console/js/main.js\">"), std::string::npos);
  ASSERT_NE(r.header("content-security-policy"), nullptr);
  EXPECT_NE(r.header("content-security-policy")->find("default-src 'self'"), std::string::npos);
  EXPECT_EQ(*r.header("x-content-type-options"), "nosniff");
}

TEST_F(E2eConsole, EveryAssetIsServedWithItsTypeAndRevalidates) {
  ASSERT_GE(server::api::consoleAssets().size(), 10u);
  for (const auto& asset : server::api::consoleAssets()) {
    const std::string target = "/console" + std::string(asset.path);
    const HttpResponse r = client().get(target);
    ASSERT_EQ(r.status, 200) << target;
    EXPECT_EQ(r.body, asset.body) << target;
    EXPECT_EQ(*r.header("content-type"), asset.contentType) << target;
    ASSERT_NE(r.header("etag"), nullptr) << target;
    EXPECT_EQ(*r.header("cache-control"), "no-cache");
    // The same version again: 304 and no body.
    const HttpResponse again = client().get(target, {{"If-None-Match", *r.header("etag")}});
    EXPECT_EQ(again.status, 304) << target;
    EXPECT_TRUE(again.body.empty());
    const HttpResponse stale = client().get(target, {{"If-None-Match", "\"other\""}});
    EXPECT_EQ(stale.status, 200) << target;
  }
  EXPECT_NE(client().get("/console/js/main.js").header("content-type")->find("text/javascript"),
            std::string::npos);
}

TEST_F(E2eConsole, UnknownFilesAndOtherMethodsAreRefused) {
  expectError(client().get("/console/nope.js"), 404, "unknown_route");
  // Dot segments never reach a route (curl would resolve a plain "..", so it is escaped).
  expectError(client().get("/console/js/%2e%2e/index.html"), 400, "invalid_argument");
  expectError(client().get("/console"), 404, "unknown_route");
  const HttpResponse post = client().post("/", "x", "text/plain");
  expectError(post, 405, "method_not_allowed");
  EXPECT_EQ(*post.header("allow"), "GET");
}

TEST_F(E2eConsole, HeadAnswersTheHeadAlone) {
  const HttpResponse r = client().send("HEAD", "/", std::nullopt);
  EXPECT_EQ(r.status, 200);
  EXPECT_TRUE(r.body.empty());
}

// Commits are a live ledger's; each test writes to a ledger of its own server.
class E2eCommitLog : public E2eTest {
 protected:
  void insert(int i) {
    const HttpResponse r =
        client().post("/ledgers/people/update",
                      std::string(kPrefix) + "INSERT DATA { ex:x" + std::to_string(i) + " ex:n " +
                          std::to_string(i) + " }",
                      "application/sparql-update");
    ASSERT_EQ(r.status, 200) << r.body;
  }
};

TEST_F(E2eCommitLog, ListsCommitsNewestFirstAndPagesBack) {
  for (int i = 0; i < 5; ++i) insert(i);  // t = 2 … 6 after the import's t = 1
  HttpResponse r = client().get("/ledgers/people/commits");
  ASSERT_EQ(r.status, 200) << r.body;
  nlohmann::json all = parseJson(r.body);
  EXPECT_EQ(all["ledger"], "people");
  EXPECT_EQ(all["t"], 6);
  EXPECT_TRUE(all["next"].is_null());
  ASSERT_EQ(all["commits"].size(), 6u);
  std::string previousTime = "9999";
  for (size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(all["commits"][i]["t"], 6 - i);
    const std::string time = all["commits"][i]["time"];
    EXPECT_EQ(time.size(), 24u) << time;  // 2026-12-07T02:57:52.000Z
    EXPECT_LE(time, previousTime);
    previousTime = time;
  }

  // Pages of two: 6 5 | 4 3 | 2 1.
  std::vector<uint64_t> seen;
  std::string target = "/ledgers/people/commits?limit=2";
  for (int page = 0; page < 4; ++page) {
    r = client().get(target);
    ASSERT_EQ(r.status, 200) << r.body;
    const nlohmann::json j = parseJson(r.body);
    for (const auto& c : j["commits"]) seen.push_back(c["t"]);
    if (j["next"].is_null()) break;
    target = "/ledgers/people/commits?limit=2&before=" + std::to_string(j["next"].get<uint64_t>());
  }
  EXPECT_EQ(seen, (std::vector<uint64_t>{6, 5, 4, 3, 2, 1}));

  // A commit time reads back as that commit with as-of.
  const std::string timeOfT3 = all["commits"][3]["time"];
  const HttpResponse atT3 =
      sparqlGet("people", std::string(kPrefix) + "SELECT ?n { ?x ex:n ?n }", {{"as-of", timeOfT3}});
  ASSERT_EQ(atT3.status, 200) << atT3.body;
  EXPECT_GE(jsonRows(atT3.body).size(), 2u);
}

TEST_F(E2eCommitLog, BadParametersAndUnknownLedgersAreRefused) {
  expectError(client().get("/ledgers/people/commits?limit=0"), 400, "invalid_parameter");
  expectError(client().get("/ledgers/people/commits?limit=x"), 400, "invalid_parameter");
  expectError(client().get("/ledgers/people/commits?before=-1"), 400, "invalid_parameter");
  expectError(client().get("/ledgers/nobody/commits"), 404, "not_found");
}

}  // namespace
}  // namespace cairn::testing::e2e
