#include "server/api/sparql_request.h"

#include <gtest/gtest.h>

#include "server/api/query_execution.h"
#include "server/http/http_error.h"

namespace cairn::server::api {
namespace {

http::Request makeRequest(std::string method, std::string target, std::string contentType = "",
                          std::string body = "") {
  http::Request r;
  r.method = std::move(method);
  r.target = std::move(target);
  if (!contentType.empty()) r.headers.emplace_back("content-type", std::move(contentType));
  r.body = std::move(body);
  return r;
}

SparqlRequest read(const http::Request& r) {
  return readSparqlQueryRequest(r, http::parseRequestTarget(r.target));
}

unsigned statusOf(const http::Request& r) {
  try {
    read(r);
  } catch (const http::HttpError& e) {
    return e.status();
  }
  return 200;
}

TEST(SparqlRequest, GetWithQueryAndDataset) {
  const auto r = read(
      makeRequest("GET",
                  "/s?query=ASK%20%7B%7D&default-graph-uri=http%3A%2F%2Fa&named-graph-uri=http://b"
                  "&named-graph-uri=http://c&timeout=5s"));
  EXPECT_EQ(r.query, "ASK {}");
  EXPECT_EQ(r.defaultGraphs, std::vector<std::string>{"http://a"});
  EXPECT_EQ(r.namedGraphs, (std::vector<std::string>{"http://b", "http://c"}));
  ASSERT_NE(r.parameter("timeout"), nullptr);
  EXPECT_EQ(*r.parameter("timeout"), "5s");
  EXPECT_TRUE(r.protocolDataset());
}

TEST(SparqlRequest, PostFormTakesBodyAndUrlParameters) {
  const auto r =
      read(makeRequest("POST", "/s?default-graph-uri=http://d", "application/x-www-form-urlencoded",
                       "query=ASK+%7B%7D&explain=true"));
  EXPECT_EQ(r.query, "ASK {}");
  EXPECT_EQ(r.defaultGraphs, std::vector<std::string>{"http://d"});
  EXPECT_TRUE(r.flag("explain"));
}

TEST(SparqlRequest, PostDirectBodyIsTheQuery) {
  const auto r = read(makeRequest("POST", "/s?named-graph-uri=http://n",
                                  "application/sparql-query; charset=UTF-8", "SELECT * {}"));
  EXPECT_EQ(r.query, "SELECT * {}");
  EXPECT_EQ(r.namedGraphs, std::vector<std::string>{"http://n"});
}

TEST(SparqlRequest, ProtocolErrors) {
  EXPECT_EQ(statusOf(makeRequest("GET", "/s")), 400u);                             // no query
  EXPECT_EQ(statusOf(makeRequest("GET", "/s?query=a&query=b")), 400u);             // two
  EXPECT_EQ(statusOf(makeRequest("PUT", "/s?query=a")), 405u);                     // method
  EXPECT_EQ(statusOf(makeRequest("POST", "/s", "text/plain", "ASK {}")), 415u);    // type
  EXPECT_EQ(statusOf(makeRequest("POST", "/s", "", "query=ASK%20%7B%7D")), 415u);  // no type
  EXPECT_EQ(
      statusOf(makeRequest("POST", "/s", "application/sparql-query; charset=UTF-16", "A\0S\0K\0")),
      415u);  // charset
  EXPECT_EQ(statusOf(makeRequest("POST", "/s?query=x", "application/sparql-query", "ASK {}")),
            400u);                                                   // both
  EXPECT_EQ(statusOf(makeRequest("GET", "/s?query=%FF%FE")), 400u);  // not UTF-8
  EXPECT_EQ(statusOf(makeRequest("POST", "/s", "application/x-www-form-urlencoded", "query=%G1")),
            400u);  // escape
}

TEST(SparqlRequest, Flags) {
  const auto r = read(makeRequest("GET", "/s?query=q&a=true&b=0&c=&d=maybe"));
  EXPECT_TRUE(r.flag("a"));
  EXPECT_FALSE(r.flag("b"));
  EXPECT_FALSE(r.flag("c"));
  EXPECT_FALSE(r.flag("absent"));
  EXPECT_THROW(r.flag("d"), http::HttpError);
}

TEST(RequestTimeout, UnitsDefaultsAndCap) {
  ServerConfig config;
  config.defaultTimeout = std::chrono::milliseconds(30'000);
  config.maxTimeout = std::chrono::milliseconds(60'000);
  auto timeout = [&](const char* text) {
    const std::string value = text;
    return requestTimeout(&value, config).count();
  };
  EXPECT_EQ(requestTimeout(nullptr, config).count(), 30'000);
  EXPECT_EQ(timeout("250"), 250);
  EXPECT_EQ(timeout("250ms"), 250);
  EXPECT_EQ(timeout("2s"), 2000);
  EXPECT_EQ(timeout("0.5s"), 500);
  EXPECT_EQ(timeout("1m"), 60'000);
  EXPECT_EQ(timeout("10m"), 60'000);  // capped
  EXPECT_EQ(timeout("0"), 60'000);    // the maximum
  EXPECT_THROW(timeout("soon"), http::HttpError);
  EXPECT_THROW(timeout("-5"), http::HttpError);
  EXPECT_THROW(timeout("5h"), http::HttpError);
}

}  // namespace
}  // namespace cairn::server::api
