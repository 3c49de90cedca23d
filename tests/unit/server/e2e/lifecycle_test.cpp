// End-to-end: a graceful shutdown with a query in flight, and what /metrics reports.

#include <future>
#include <thread>

#include "tests/unit/server/e2e/e2e_fixture.h"

namespace cairn::testing::e2e {
namespace {

using namespace std::chrono_literals;

// About 0.1 s in a release build, a few seconds under ASan (160,000 rows through a filter):
// long enough to be caught running, short enough to finish inside a generous grace period.
// 34 = the (x, y, z) with z < 4 and x + y + z < 5.
const std::string kModerateQuery =
    std::string(kPrefix) +
    "SELECT (COUNT(*) AS ?n) WHERE { VALUES ?c { ex:n0 ex:n1 ex:n2 ex:n3 } ?a ex:value ?x . "
    "?b ex:value ?y . ?c ex:value ?z FILTER(?x + ?y + ?z < 5) }";

// Reads the server's own registry (not over HTTP: the listener may be closing).
double runningQueries(TestServer& server) {
  return metricSample(server.server().metrics().renderPrometheus(), "cairn_queries_running")
      .value_or(-1);
}

// Calls stop() on another thread once a query is running (or after `patience` regardless);
// the future holds how long stop() took.
std::future<std::chrono::milliseconds> stopWhileRunning(TestServer& server,
                                                        std::chrono::milliseconds patience) {
  return std::async(std::launch::async, [&server, patience] {
    // Polled every millisecond: the moderate query runs for only ~0.1 s.
    const auto deadline = std::chrono::steady_clock::now() + patience;
    while (runningQueries(server) < 1.0 && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(1ms);
    }
    const auto started = std::chrono::steady_clock::now();
    server.stop();
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 started);
  });
}

void expectRefusesConnections(uint16_t port) {
  EXPECT_THROW(RawConnection{port}, std::runtime_error);
  HttpClient late(port, 2s);
  const HttpResponse r = late.get("/health");
  EXPECT_EQ(r.status, 0) << "answered after stop: " << r.body;
  EXPECT_FALSE(r.transportError.empty());
}

class E2eShutdown : public E2eTest {
 protected:
  void configure(server::ServerConfig& config) override { config.shutdownGrace = grace_; }
  std::chrono::milliseconds grace_ = 300ms;
};

TEST_F(E2eShutdown, QueryPastTheGracePeriodIsCancelledWith503) {
  RawConnection raw(port());
  raw.send(rawGet("/ledgers/numbers/sparql?" +
                  formEncode({{"query", std::string(kSlowQuery)}, {"timeout", "60s"}})));
  auto stopped = stopWhileRunning(server(), 10s);
  const auto response = raw.readResponse(15s);
  ASSERT_TRUE(response.has_value()) << "no answer to the query in flight";
  expectError(*response, 503, "cancelled");
  ASSERT_NE(response->header("connection"), nullptr);
  EXPECT_EQ(*response->header("connection"), "close");
  const auto took = stopped.get();
  EXPECT_GE(took, grace_);
  // The grace period, then at most the two seconds stop() gives cancelled queries to answer.
  EXPECT_LT(took, grace_ + 2500ms);
  expectRefusesConnections(port());
}

class E2eShutdownLongGrace : public E2eShutdown {
 protected:
  E2eShutdownLongGrace() { grace_ = 20s; }
};

TEST_F(E2eShutdownLongGrace, QueryInFlightCompletes) {
  RawConnection raw(port());
  raw.send(rawGet("/ledgers/numbers/sparql?" + formEncode({{"query", kModerateQuery}})));
  auto stopped = stopWhileRunning(server(), 5s);
  const auto response = raw.readResponse(30s);
  ASSERT_TRUE(response.has_value()) << "no answer to the query in flight";
  EXPECT_EQ(response->status, 200) << response->body;
  EXPECT_EQ(jsonRows(response->body), (std::vector<Row>{{{"n", "34"}}}));
  EXPECT_LT(stopped.get(), grace_);
  expectRefusesConnections(port());
}

class E2eMetrics : public E2eTest {};

TEST_F(E2eMetrics, CountsRequestsByRouteAndStatus) {
  EXPECT_EQ(sparqlGet("people", "ASK {}").status, 200);
  EXPECT_EQ(sparqlGet("people", "ASK { ?s ?p ?o }").status, 200);
  EXPECT_EQ(sparqlGet("people", "ASK {").status, 400);
  EXPECT_EQ(client().get("/nope").status, 404);
  EXPECT_EQ(client().get("/ledgers").status, 200);
  {
    RawConnection raw(port());  // refused by the connection layer, before any route
    raw.send("NOT HTTP\r\n\r\n");
    ASSERT_TRUE(raw.readResponse().has_value());
  }

  // Counted once the answer is written, which may be just after the client read it.
  std::string text;
  const bool counted = eventually([&] {
    text = metrics();
    return metricSample(text, "cairn_http_requests_total{route=\"-\",status=\"400\"}") == 1.0 &&
           metricSample(text, "cairn_http_requests_total{route=\"sparql\",status=\"200\"}") == 2.0;
  });
  ASSERT_TRUE(counted) << text;
  EXPECT_EQ(metricSample(text, "cairn_http_requests_total{route=\"sparql\",status=\"400\"}"), 1.0);
  EXPECT_EQ(metricSample(text, "cairn_http_requests_total{route=\"-\",status=\"404\"}"), 1.0);
  EXPECT_EQ(metricSample(text, "cairn_http_requests_total{route=\"ledgers\",status=\"200\"}"), 1.0);
  EXPECT_NE(text.find("# TYPE cairn_http_requests_total counter\n"), std::string::npos);

  // The latency histogram: buckets, +Inf equal to the count, a positive sum.
  EXPECT_NE(text.find("# TYPE cairn_http_request_duration_seconds histogram\n"), std::string::npos);
  EXPECT_EQ(metricSample(
                text, "cairn_http_request_duration_seconds_bucket{route=\"sparql\",le=\"+Inf\"}"),
            3.0);
  EXPECT_EQ(metricSample(text, "cairn_http_request_duration_seconds_count{route=\"sparql\"}"), 3.0);
  EXPECT_GT(
      metricSample(text, "cairn_http_request_duration_seconds_sum{route=\"sparql\"}").value_or(0),
      0.0);
  EXPECT_TRUE(
      metricSample(text, "cairn_http_request_duration_seconds_bucket{route=\"sparql\",le=\"60\"}")
          .has_value());
}

TEST_F(E2eMetrics, WarmsTheCacheAtStart) {
  // Every ledger's four permutations, each index row once (novelty aside: none here).
  std::string text;
  ASSERT_TRUE(eventually([&] {
    text = metrics();
    return metricSample(text, "cairn_cache_warm_running") == 0.0;
  })) << text;
  const double quads = metricSample(text, "cairn_ledger_quads{ledger=\"people\"}").value_or(-1) +
                       metricSample(text, "cairn_ledger_quads{ledger=\"numbers\"}").value_or(-1);
  EXPECT_EQ(metricSample(text, "cairn_cache_warm_rows_total"), 4 * quads) << text;
  EXPECT_GT(metricSample(text, "cairn_cache_warm_columns_decoded_total").value_or(0), 0.0) << text;
}

TEST_F(E2eMetrics, ReportsLedgerSizes) {
  const HttpResponse scrape = client().get("/metrics");
  ASSERT_EQ(scrape.status, 200);
  EXPECT_EQ(*scrape.header("content-type"), "text/plain; version=0.0.4; charset=utf-8");
  EXPECT_NE(scrape.body.find("# TYPE cairn_ledger_quads gauge\n"), std::string::npos);
  EXPECT_EQ(metricSample(scrape.body, "cairn_ledger_quads{ledger=\"people\"}"), 8.0);
  EXPECT_EQ(metricSample(scrape.body, "cairn_ledger_quads{ledger=\"numbers\"}"), 200.0);
  EXPECT_EQ(metricSample(scrape.body, "cairn_queries_running"), 0.0);
  EXPECT_EQ(metricSample(scrape.body, "cairn_queries_queued"), 0.0);

  // The gauge follows ledgers as they come and go.
  ASSERT_EQ(
      client().post("/ledgers?name=two", "<http://a> <http://b> 1, 2 .\n", "text/turtle").status,
      201);
  ASSERT_EQ(client().send("DELETE", "/ledgers/numbers", std::nullopt).status, 200);
  const std::string text = metrics();
  EXPECT_EQ(metricSample(text, "cairn_ledger_quads{ledger=\"two\"}"), 2.0) << text;
  EXPECT_FALSE(metricSample(text, "cairn_ledger_quads{ledger=\"numbers\"}").has_value()) << text;
}

}  // namespace
}  // namespace cairn::testing::e2e
