#pragma once
// The shared ground of the end-to-end server tests: a fixture that runs a real server
// (tests/support/test_server.h) over two small ledgers and talks to it over loopback with
// libcurl (tests/support/http_client.h), plus the checks every test repeats — the JSON error
// body, SPARQL JSON results as comparable rows, one /metrics sample.
//
// The ledgers:
//   people   TriG: a default graph about Alice and Bob, and the named graphs ex:g1 (Carol) and
//            ex:g2 (Dave); 8 quads.
//   numbers  Turtle: ex:n0 … ex:n199, each with ex:value i; 200 quads. A three-way cross product
//            of it (kSlowQuery) runs for seconds, which the timeout, overload, disconnect and
//            shutdown tests need.

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/http_client.h"
#include "tests/support/test_server.h"

namespace cairn::testing::e2e {

inline constexpr std::string_view kEx = "http://example.org/";
inline constexpr std::string_view kPrefix = "PREFIX ex: <http://example.org/> ";

// 8 million rows, none passing the filter, so nothing short-cuts it: seconds in a release
// build. Tests never wait for its end; they stop it by a timeout, a hang-up or a shutdown.
inline constexpr std::string_view kSlowQuery =
    "PREFIX ex: <http://example.org/> SELECT (COUNT(*) AS ?n) WHERE { ?a ex:value ?x . "
    "?b ex:value ?y . ?c ex:value ?z FILTER(?x + ?y + ?z < 0) }";

std::vector<TestLedgerFile> standardLedgers();

// One SPARQL JSON solution: variable → the binding's "value" (IRIs, literals' lexical forms).
using Row = std::map<std::string, std::string>;

// The rows of an application/sparql-results+json document, in order. Fails the test (and
// returns what it could) when the document is not one.
std::vector<Row> jsonRows(const std::string& body);

// Parses a JSON body; a failed parse fails the test and yields null.
nlohmann::json parseJson(const std::string& body);

// Checks status, Content-Type application/json and the body {code, message, line?, column?}:
// `code` matches, message is a non-empty string, and no other keys. Returns the body.
nlohmann::json expectError(const HttpResponse& response, long status, std::string_view code);
nlohmann::json expectError(const RawResponse& response, int status, std::string_view code);

// "GET /path HTTP/1.1" request bytes with Host and the given extra header lines.
std::string rawGet(const std::string& target, const std::string& extraHeaders = "");

// A server of the test's own, configured by configure(), and a fresh client per test.
class E2eTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  // Adjusts the server config before start; the default keeps the test defaults.
  virtual void configure(server::ServerConfig& /*config*/) {}
  // The suite's server, for suites that share one (E2eSharedServerTest); null: start one for
  // this test.
  virtual TestServer* sharedServer() { return nullptr; }

  TestServer& server() { return *server_; }
  uint16_t port() const { return server_->port(); }
  HttpClient& client() { return *client_; }
  // Restarts this test's own server on its data directory (TestServer::restart) and gives the
  // test a fresh client for the new port. Not for suites that share a server.
  void restartServer();

  // GET /ledgers/{ledger}/sparql?query=…&params…
  HttpResponse sparqlGet(const std::string& ledger, std::string_view query,
                         const HttpHeaders& parameters = {}, const HttpHeaders& headers = {});
  // The whole /metrics text, read on a connection of its own.
  std::string metrics();
  // One sample (see metricSample); nullopt when absent.
  std::optional<double> metric(std::string_view series);

 private:
  std::unique_ptr<TestServer> ownServer_;
  TestServer* server_ = nullptr;
  std::unique_ptr<HttpClient> client_;
};

// For suites whose tests only read (or create ledgers under names no other test uses, and read
// metrics only as differences): one server for the whole suite, started in SetUpTestSuite,
// which saves a store and two imports per test. `Suite` may hide configureSuite to change the
// config.
template <typename Suite>
class E2eSharedServerTest : public E2eTest {
 public:
  static void SetUpTestSuite() {
    try {
      shared_ = std::make_unique<TestServer>(standardLedgers(), &Suite::configureSuite);
    } catch (const std::exception& e) {
      startError_ = e.what();
    }
  }
  static void TearDownTestSuite() {
    shared_.reset();
    startError_.clear();
  }
  static void configureSuite(server::ServerConfig& /*config*/) {}

 protected:
  void SetUp() override {
    ASSERT_TRUE(shared_) << "the suite's server did not start: " << startError_;
    E2eTest::SetUp();
  }
  TestServer* sharedServer() override { return shared_.get(); }

 private:
  static inline std::unique_ptr<TestServer> shared_;
  static inline std::string startError_;
};

}  // namespace cairn::testing::e2e
