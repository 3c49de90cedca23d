#include "tests/unit/server/e2e/e2e_fixture.h"

namespace cairn::testing::e2e {
namespace {

constexpr std::string_view kPeopleTrig = R"(@prefix ex: <http://example.org/> .
ex:alice ex:name "Alice" ; ex:age 30 ; ex:knows ex:bob ; ex:motto "Hi, \"you\""@en .
ex:bob ex:name "Bob" ; ex:age 25 .
ex:g1 { ex:carol ex:name "Carol" . }
ex:g2 { ex:dave ex:name "Dave" . }
)";

std::string numbersTurtle() {
  std::string text = "@prefix ex: <http://example.org/> .\n";
  for (int i = 0; i < 200; ++i) {
    text += "ex:n" + std::to_string(i) + " ex:value " + std::to_string(i) + " .\n";
  }
  return text;
}

nlohmann::json checkErrorBody(const std::string* contentType, const std::string& body,
                              std::string_view code) {
  EXPECT_TRUE(contentType != nullptr && contentType->starts_with("application/json"))
      << "Content-Type: " << (contentType ? *contentType : "(none)");
  nlohmann::json j = parseJson(body);
  if (!j.is_object()) {
    ADD_FAILURE() << "error body is not a JSON object: " << body;
    return j;
  }
  EXPECT_EQ(j.value("code", ""), code) << body;
  EXPECT_TRUE(j.contains("message") && j["message"].is_string() &&
              !j["message"].get<std::string>().empty())
      << body;
  for (const auto& [key, value] : j.items()) {
    EXPECT_TRUE(key == "code" || key == "message" || key == "line" || key == "column")
        << "unexpected key " << key << " in " << body;
  }
  EXPECT_EQ(j.contains("line"), j.contains("column")) << body;
  return j;
}

}  // namespace

std::vector<TestLedgerFile> standardLedgers() {
  return {{"people", "people.trig", std::string(kPeopleTrig)},
          {"numbers", "numbers.ttl", numbersTurtle()}};
}

nlohmann::json parseJson(const std::string& body) {
  nlohmann::json j = nlohmann::json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) {
    ADD_FAILURE() << "not JSON: " << body.substr(0, 500);
    return nullptr;
  }
  return j;
}

std::vector<Row> jsonRows(const std::string& body) {
  std::vector<Row> rows;
  const nlohmann::json j = parseJson(body);
  if (!j.is_object() || !j.contains("results") || !j["results"].contains("bindings")) {
    ADD_FAILURE() << "not SPARQL JSON results: " << body.substr(0, 500);
    return rows;
  }
  for (const auto& binding : j["results"]["bindings"]) {
    Row row;
    for (const auto& [variable, term] : binding.items()) {
      row[variable] = term.value("value", "");
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

nlohmann::json expectError(const HttpResponse& response, long status, std::string_view code) {
  EXPECT_EQ(response.status, status) << response.transportError << " " << response.body;
  return checkErrorBody(response.header("content-type"), response.body, code);
}

nlohmann::json expectError(const RawResponse& response, int status, std::string_view code) {
  EXPECT_EQ(response.status, status) << response.body;
  return checkErrorBody(response.header("content-type"), response.body, code);
}

std::string rawGet(const std::string& target, const std::string& extraHeaders) {
  return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extraHeaders + "\r\n";
}

void E2eTest::SetUp() {
  server_ = sharedServer();
  if (server_ == nullptr) {
    ownServer_ = std::make_unique<TestServer>(standardLedgers(),
                                              [this](server::ServerConfig& c) { configure(c); });
    server_ = ownServer_.get();
  }
  client_ = std::make_unique<HttpClient>(server_->port());
}

void E2eTest::TearDown() {
  client_.reset();
  ownServer_.reset();
  server_ = nullptr;
}

void E2eTest::restartServer() {
  ASSERT_TRUE(ownServer_) << "restartServer() needs the test's own server";
  client_.reset();
  ownServer_->restart();
  client_ = std::make_unique<HttpClient>(ownServer_->port());
}

HttpResponse E2eTest::sparqlGet(const std::string& ledger, std::string_view query,
                                const HttpHeaders& parameters, const HttpHeaders& headers) {
  HttpHeaders all{{"query", std::string(query)}};
  all.insert(all.end(), parameters.begin(), parameters.end());
  return client_->get("/ledgers/" + ledger + "/sparql?" + formEncode(all), headers);
}

std::string E2eTest::metrics() {
  HttpClient scraper(server_->port());
  const HttpResponse response = scraper.get("/metrics");
  EXPECT_EQ(response.status, 200) << response.transportError;
  return response.body;
}

std::optional<double> E2eTest::metric(std::string_view series) {
  return metricSample(metrics(), series);
}

}  // namespace cairn::testing::e2e
