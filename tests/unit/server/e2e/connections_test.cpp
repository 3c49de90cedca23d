// End-to-end: how the server treats connections — keep-alive, HTTP/1.0, pipelining, a large
// streamed answer, many clients at once, and a client that hangs up mid-query.

#include <atomic>
#include <set>
#include <thread>

#include "tests/unit/server/e2e/e2e_fixture.h"

namespace cairn::testing::e2e {
namespace {

using namespace std::chrono_literals;

// 20 × 200 = 4,000 rows, about 700 KB of JSON: far past the 64 KiB the server buffers before
// it switches to chunked streaming.
const std::string kLargeQuery =
    std::string(kPrefix) + "SELECT ?x ?y WHERE { ?a ex:value ?x . ?b ex:value ?y FILTER(?x < 20) }";

// Every (x, y) with x < 20 and y < 200 exactly once.
void expectLargeAnswer(const std::string& body) {
  EXPECT_GT(body.size(), 200u * 1024);
  const std::vector<Row> rows = jsonRows(body);
  ASSERT_EQ(rows.size(), 4000u);
  std::set<std::pair<int, int>> pairs;
  for (const Row& row : rows) pairs.emplace(std::stoi(row.at("x")), std::stoi(row.at("y")));
  ASSERT_EQ(pairs.size(), 4000u);
  EXPECT_EQ(*pairs.begin(), std::make_pair(0, 0));
  EXPECT_EQ(*pairs.rbegin(), std::make_pair(19, 199));
}

std::string countQuery(int below) {
  return std::string(kPrefix) + "SELECT (COUNT(*) AS ?n) WHERE { ?s ex:value ?v FILTER(?v < " +
         std::to_string(below) + ") }";
}

class E2eConnections : public E2eTest {
 protected:
  // Sends kSlowQuery on a raw socket, waits until it runs, and hangs up ~200 ms later.
  void startAndAbandonSlowQuery() {
    RawConnection slow(port());
    // Its own deadline is far away: only the hang-up can stop it within the test.
    slow.send(rawGet("/ledgers/numbers/sparql?" +
                     formEncode({{"query", std::string(kSlowQuery)}, {"timeout", "60s"}})));
    ASSERT_TRUE(eventually([&] { return metric("cairn_queries_running") == 1.0; }));
    std::this_thread::sleep_for(200ms);
  }
};

TEST_F(E2eConnections, KeepAliveServesManyRequestsOnOneConnection) {
  for (int i = 0; i < 10; ++i) {
    HttpResponse r = sparqlGet("numbers", countQuery(i * 7));
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(jsonRows(r.body), (std::vector<Row>{{{"n", std::to_string(i * 7)}}}));
    r = client().post("/ledgers/people/sparql", "ASK { ?s ?p ?o }", "application/sparql-query");
    EXPECT_EQ(r.status, 200);
    // Error answers keep the connection too.
    EXPECT_EQ(client().get("/nope").status, 404);
    EXPECT_EQ(client().get("/ledgers").status, 200);
  }
  const HttpResponse scrape = client().get("/metrics");
  ASSERT_EQ(scrape.status, 200);
  EXPECT_EQ(metricSample(scrape.body, "cairn_http_connections_open"), 1.0) << scrape.body;
  EXPECT_EQ(client().connectionsOpened(), 1u);
}

TEST_F(E2eConnections, Http10RequestIsAnsweredAndClosed) {
  RawConnection raw(port());
  raw.send("GET /ledgers/numbers/sparql?" + formEncode({{"query", countQuery(42)}}) +
           " HTTP/1.0\r\n\r\n");
  const auto response = raw.readResponse();
  ASSERT_TRUE(response.has_value());
  EXPECT_EQ(response->version, "HTTP/1.0");
  EXPECT_EQ(response->status, 200);
  EXPECT_FALSE(response->chunked) << "HTTP/1.0 has no chunked encoding";
  EXPECT_EQ(jsonRows(response->body), (std::vector<Row>{{{"n", "42"}}}));
  EXPECT_TRUE(raw.waitForClose(5s)) << "an HTTP/1.0 connection is closed after its answer";
}

TEST_F(E2eConnections, Http10KeepAliveOnRequest) {
  RawConnection raw(port());
  for (int i = 0; i < 2; ++i) {
    raw.send("GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
    const auto response = raw.readResponse();
    ASSERT_TRUE(response.has_value()) << "request " << i;
    EXPECT_EQ(response->status, 200);
    ASSERT_NE(response->header("connection"), nullptr);
    EXPECT_EQ(*response->header("connection"), "keep-alive");
  }
}

// An HTTP/1.0 answer too large for one buffer has no framing: it ends when the server closes
// the connection, which must come after the last byte.
TEST_F(E2eConnections, Http10LargeAnswerEndsAtClose) {
  RawConnection raw(port());
  raw.send("GET /ledgers/numbers/sparql?" + formEncode({{"query", kLargeQuery}}) +
           " HTTP/1.0\r\n\r\n");
  const auto response = raw.readResponse(30s);
  ASSERT_TRUE(response.has_value());
  EXPECT_EQ(response->status, 200);
  EXPECT_TRUE(response->untilClose) << "neither Content-Length nor chunked for HTTP/1.0 streaming";
  expectLargeAnswer(response->body);
}

TEST_F(E2eConnections, PipelinedRequestsAreAnsweredInOrder) {
  RawConnection raw(port());
  // The first takes longest (a pool query over 40,000 rows); the second is answered on the
  // network thread. Their answers must still come back in request order.
  const std::string slowish =
      std::string(kPrefix) +
      "SELECT (COUNT(*) AS ?n) WHERE { ?a ex:value ?x . ?b ex:value ?y FILTER(?x + ?y < 10) }";
  raw.send(rawGet("/ledgers/numbers/sparql?" + formEncode({{"query", slowish}})) +
           rawGet("/health") +
           rawGet("/ledgers/people/sparql?" +
                  formEncode({{"query", std::string(kPrefix) + "ASK { ex:bob ex:age 25 }"}})) +
           rawGet("/nope") +
           rawGet("/ledgers/numbers/sparql?" + formEncode({{"query", countQuery(3)}})));
  std::vector<RawResponse> responses;
  for (int i = 0; i < 5; ++i) {
    auto response = raw.readResponse();
    ASSERT_TRUE(response.has_value()) << "response " << i;
    responses.push_back(std::move(*response));
  }
  EXPECT_EQ(responses[0].status, 200);
  EXPECT_EQ(jsonRows(responses[0].body), (std::vector<Row>{{{"n", "55"}}}));
  EXPECT_EQ(responses[1].status, 200);
  EXPECT_EQ(parseJson(responses[1].body)["status"], "ok");
  EXPECT_EQ(responses[2].status, 200);
  EXPECT_EQ(parseJson(responses[2].body)["boolean"], true);
  expectError(responses[3], 404, "unknown_route");
  EXPECT_EQ(jsonRows(responses[4].body), (std::vector<Row>{{{"n", "3"}}}));
  uint64_t previous = 0;
  for (const RawResponse& r : responses) {
    ASSERT_NE(r.header("x-request-id"), nullptr);
    const uint64_t id = std::stoull(*r.header("x-request-id"));
    EXPECT_GT(id, previous);
    previous = id;
  }
}

TEST_F(E2eConnections, LargeAnswerIsChunkedAndComplete) {
  const HttpResponse r = sparqlGet("numbers", kLargeQuery);
  ASSERT_EQ(r.status, 200) << r.transportError;
  ASSERT_NE(r.header("transfer-encoding"), nullptr);
  EXPECT_EQ(*r.header("transfer-encoding"), "chunked");
  EXPECT_EQ(r.header("content-length"), nullptr);
  expectLargeAnswer(r.body);
  // The same over a raw socket, checking the chunk framing ourselves.
  RawConnection raw(port());
  raw.send(rawGet("/ledgers/numbers/sparql?" + formEncode({{"query", kLargeQuery}})));
  const auto response = raw.readResponse(30s);
  ASSERT_TRUE(response.has_value());
  EXPECT_TRUE(response->chunked);
  expectLargeAnswer(response->body);
}

TEST_F(E2eConnections, SixteenClientsAtOnce) {
  constexpr int kThreads = 16;
  constexpr int kRounds = 6;
  std::vector<std::vector<std::string>> failures(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      HttpClient own(port());
      auto fail = [&](const std::string& what) { failures[t].push_back(what); };
      for (int round = 0; round < kRounds; ++round) {
        const int below = t * 10 + round;
        const HttpResponse count =
            own.get("/ledgers/numbers/sparql?" + formEncode({{"query", countQuery(below)}}));
        // Failures are collected with the thread's number and checked on the test thread.
        if (count.status != 200) {
          fail("count status " + std::to_string(count.status) + ": " + count.body);
          continue;
        }
        const std::vector<Row> rows = jsonRows(count.body);
        if (rows != std::vector<Row>{{{"n", std::to_string(below)}}}) {
          fail("count below " + std::to_string(below) + ": " + count.body);
        }
        const HttpResponse names = own.get(
            "/ledgers/people/sparql?" +
                formEncode(
                    {{"query", std::string(kPrefix) +
                                   "SELECT ?name WHERE { ?s ex:name ?name } ORDER BY ?name"}}),
            {{"Accept", "text/csv"}});
        if (names.status != 200 || names.body != "name\r\nAlice\r\nBob\r\n") {
          fail("names: " + std::to_string(names.status) + " " + names.body);
        }
      }
      if (own.connectionsOpened() != 1) fail("the thread's client reconnected");
    });
  }
  for (auto& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_TRUE(failures[t].empty()) << "thread " << t << ": " << failures[t].front();
  }
}

TEST_F(E2eConnections, DisconnectCancelsTheQuery) {
  startAndAbandonSlowQuery();
  const bool cancelled = eventually([&] {
    const std::string text = metrics();
    return metricSample(text, "cairn_query_cancellations_total") == 1.0 &&
           metricSample(text, "cairn_queries_running") == 0.0;
  });
  EXPECT_TRUE(cancelled) << metrics();
  EXPECT_EQ(metric("cairn_query_timeouts_total"), 0.0);
}

// docs/http-api.md: a request whose client left before its answer was complete is logged (and
// counted) with status 499 — not as the 503 its cancelled query would have answered.
TEST_F(E2eConnections, DisconnectIsCountedAs499) {
  startAndAbandonSlowQuery();
  EXPECT_TRUE(eventually([&] {
    return metric("cairn_http_requests_total{route=\"sparql\",status=\"499\"}") == 1.0;
  })) << metrics();
  EXPECT_FALSE(metric("cairn_http_requests_total{route=\"sparql\",status=\"503\"}").has_value());
}

}  // namespace
}  // namespace cairn::testing::e2e
