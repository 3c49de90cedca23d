// End-to-end: every failure a client can cause, each answered with its status and the JSON body
// {code, message, line?, column?} — from the query layer (syntax, parameters, unknown things),
// the router (404, 405), negotiation (406), the connection layer (408, 413, 431, malformed
// requests, over a raw socket where curl would not misbehave) and the query limits (503).

#include "tests/unit/server/e2e/e2e_fixture.h"

namespace cairn::testing::e2e {
namespace {

using namespace std::chrono_literals;

constexpr uint64_t kMaxBody = 1024;
constexpr uint64_t kMaxUpload = 8 * 1024;

class E2eErrors : public E2eSharedServerTest<E2eErrors> {
 public:
  static void configureSuite(server::ServerConfig& config) {
    config.maxBodyBytes = kMaxBody;
    config.maxUploadBytes = kMaxUpload;
    config.headerTimeout = 300ms;
    config.bodyTimeout = 300ms;
  }
};

TEST_F(E2eErrors, SyntaxErrorHasLineAndColumn) {
  const std::string query = "PREFIX ex: <http://example.org/>\nSELECT ?s\nWHERE { ?s ex:name }";
  // The parser stops at the '}' where the object should be: line 3, column 20.
  const size_t column = std::string_view("WHERE { ?s ex:name }").find('}') + 1;
  nlohmann::json body = expectError(sparqlGet("people", query), 400, "syntax_error");
  EXPECT_EQ(body["line"], 3) << body;
  EXPECT_EQ(body["column"], column) << body;

  body = expectError(client().post("/ledgers/people/sparql", query, "application/sparql-query"),
                     400, "syntax_error");
  EXPECT_EQ(body["line"], 3) << body;
  EXPECT_EQ(body["column"], column) << body;

  // Explain parses the same way.
  body = expectError(client().get("/ledgers/people/explain?" + formEncode({{"query", query}})), 400,
                     "syntax_error");
  EXPECT_EQ(body["line"], 3) << body;
}

TEST_F(E2eErrors, MissingQuery) {
  // (A GET with no query string at all is the service description.)
  expectError(client().get("/ledgers/people/sparql?format=json"), 400, "missing_query");
  expectError(
      client().post("/ledgers/people/sparql", "timeout=5s", "application/x-www-form-urlencoded"),
      400, "missing_query");
}

TEST_F(E2eErrors, MoreThanOneQuery) {
  expectError(client().get("/ledgers/people/sparql?" +
                           formEncode({{"query", "ASK {}"}, {"query", "ASK {}"}})),
              400, "multiple_queries");
  // One in the form body, one in the URL.
  expectError(client().post("/ledgers/people/sparql?" + formEncode({{"query", "ASK {}"}}),
                            formEncode({{"query", "ASK {}"}}), "application/x-www-form-urlencoded"),
              400, "multiple_queries");
  // The body is the query; query= beside it is ambiguous.
  expectError(client().post("/ledgers/people/sparql?" + formEncode({{"query", "ASK {}"}}), "ASK {}",
                            "application/sparql-query"),
              400, "ambiguous_query");
}

TEST_F(E2eErrors, InvalidParameters) {
  const std::string ask = "ASK {}";
  expectError(sparqlGet("people", ask, {{"format", "bogus"}}), 400, "invalid_parameter");
  expectError(sparqlGet("people", ask, {{"timeout", "soon"}}), 400, "invalid_parameter");
  expectError(sparqlGet("people", ask, {{"explain", "maybe"}}), 400, "invalid_parameter");
  expectError(sparqlGet("people", ask, {{"default-graph-uri", "not an iri"}}), 400,
              "invalid_parameter");
  expectError(sparqlGet("people", ask, {{"named-graph-uri", "<http://x>"}}), 400,
              "invalid_parameter");
  // A graph format cannot carry solutions.
  expectError(sparqlGet("people", "SELECT * WHERE { ?s ?p ?o }", {{"format", "ttl"}}), 400,
              "invalid_parameter");
  // A path segment that decodes to something containing '/' is refused, not resolved.
  expectError(client().get("/ledgers/a%2Fb/sparql?query=ASK%7B%7D"), 400, "invalid_argument");
  // A broken escape: in the URL the target is malformed, in a form body the parameters are.
  expectError(client().get("/ledgers/people/sparql?query=%ZZ"), 400, "invalid_argument");
  expectError(
      client().post("/ledgers/people/sparql", "query=%ZZ", "application/x-www-form-urlencoded"),
      400, "malformed_parameters");
}

TEST_F(E2eErrors, UnknownLedger) {
  expectError(sparqlGet("nope", "ASK {}"), 404, "not_found");
  expectError(client().get("/ledgers/nope/explain?query=ASK%7B%7D"), 404, "not_found");
  expectError(client().get("/ledgers/nope"), 404, "not_found");
  expectError(client().get("/ledgers/nope/data?default"), 404, "not_found");
  expectError(client().send("DELETE", "/ledgers/nope", std::nullopt), 404, "not_found");
}

TEST_F(E2eErrors, UnknownRoute) {
  expectError(client().get("/nope"), 404, "unknown_route");
  expectError(client().get("/ledgers/people/nope"), 404, "unknown_route");
  expectError(client().get("/ledgers/people/sparql/extra"), 404, "unknown_route");
  expectError(client().post("/v1/fluree/transact/people", "{}", "application/json"), 404,
              "unknown_route");
}

TEST_F(E2eErrors, MethodNotAllowedNamesTheAllowedOnes) {
  struct Case {
    std::string method, target, allow;
  };
  const std::vector<Case> cases = {
      {"PUT", "/ledgers/people/sparql", "GET, POST"},
      {"DELETE", "/ledgers/people/explain", "GET, POST"},
      {"DELETE", "/ledgers", "GET, POST"},
      {"PATCH", "/ledgers/people", "GET, DELETE"},
      {"PATCH", "/ledgers/people/data?default", "GET, PUT, POST, DELETE"},
      {"GET", "/ledgers/people/update", "POST"},
      {"PUT", "/v1/fluree/update/people", "POST"},
      {"POST", "/health", "GET"},
      {"PUT", "/v1/fluree/query/people", "GET, POST"},
  };
  for (const Case& c : cases) {
    const HttpResponse r =
        client().send(c.method, c.target, std::string("x"), {{"Content-Type", "text/plain"}});
    SCOPED_TRACE(c.method + " " + c.target);
    expectError(r, 405, "method_not_allowed");
    ASSERT_NE(r.header("allow"), nullptr);
    EXPECT_EQ(*r.header("allow"), c.allow);
  }
}

TEST_F(E2eErrors, NotAcceptable) {
  nlohmann::json body =
      expectError(sparqlGet("people", "SELECT * WHERE { ?s ?p ?o }", {}, {{"Accept", "image/png"}}),
                  406, "not_acceptable");
  EXPECT_NE(body["message"].get<std::string>().find("text/csv"), std::string::npos) << body;
  // Everything refused with q=0.
  expectError(sparqlGet("people", "ASK {}", {},
                        {{"Accept",
                          "application/sparql-results+json;q=0, application/sparql-"
                          "results+xml;q=0, text/*;q=0"}}),
              406, "not_acceptable");
  // A graph cannot be negotiated into a solution format.
  body = expectError(sparqlGet("people", "CONSTRUCT WHERE { ?s ?p ?o }", {},
                               {{"Accept", "application/sparql-results+json"}}),
                     406, "not_acceptable");
  EXPECT_NE(body["message"].get<std::string>().find("text/turtle"), std::string::npos) << body;
}

TEST_F(E2eErrors, BodyTooLarge) {
  // A comment pads a valid query past max-body.
  const std::string padded = "# " + std::string(4 * kMaxBody, 'x') + "\nASK {}";
  const HttpResponse r =
      client().post("/ledgers/people/sparql", padded, "application/sparql-query");
  const nlohmann::json body = expectError(r, 413, "body_too_large");
  EXPECT_NE(body["message"].get<std::string>().find(std::to_string(kMaxBody)), std::string::npos)
      << body;
  // Just under the limit is fine.
  const std::string fits = "# " + std::string(kMaxBody - 20, 'x') + "\nASK {}";
  ASSERT_LE(fits.size(), kMaxBody);
  EXPECT_EQ(client().post("/ledgers/people/sparql", fits, "application/sparql-query").status, 200);
}

TEST_F(E2eErrors, UploadTooLarge) {
  // Ledger uploads have a limit of their own, larger than max-body.
  std::string triples;
  while (triples.size() <= kMaxUpload) triples += "<http://a> <http://b> \"padding padding\" .\n";
  expectError(client().post("/ledgers?name=big", triples, "application/n-triples"), 413,
              "body_too_large");
  expectError(client().get("/ledgers/big"), 404, "not_found");
  triples.resize(2 * kMaxBody);
  triples.resize(triples.rfind('\n') + 1);
  EXPECT_EQ(client().post("/ledgers?name=big", triples, "application/n-triples").status, 201);
}

TEST_F(E2eErrors, ChunkedBodyTooLarge) {
  // No Content-Length to refuse up front: the limit applies while the chunks arrive.
  RawConnection raw(port());
  const std::string chunk(kMaxBody, 'x');
  std::string request =
      "POST /ledgers/people/sparql HTTP/1.1\r\nHost: 127.0.0.1\r\n"
      "Content-Type: application/sparql-query\r\nTransfer-Encoding: chunked\r\n\r\n";
  for (int i = 0; i < 2; ++i) {
    request += "400\r\n" + chunk + "\r\n";
  }
  request += "0\r\n\r\n";
  raw.send(request);
  const auto response = raw.readResponse();
  ASSERT_TRUE(response.has_value());
  expectError(*response, 413, "body_too_large");
}

TEST_F(E2eErrors, UnsupportedMediaType) {
  expectError(client().post("/ledgers/people/sparql", "ASK {}", "text/plain"), 415,
              "unsupported_media_type");
  expectError(client().post("/ledgers/people/sparql", "ASK {}",
                            "application/sparql-query; charset=iso-8859-1"),
              415, "unsupported_media_type");
  expectError(client().post("/ledgers/people/sparql", formEncode({{"query", "ASK {}"}}),
                            "application/x-www-form-urlencoded; charset=latin1"),
              415, "unsupported_media_type");
  // No Content-Type at all (an empty value removes the one curl would add).
  expectError(client().send("POST", "/ledgers/people/sparql", std::string("ASK {}"),
                            {{"Content-Type", ""}}),
              415, "unsupported_media_type");
  // Ledger uploads take RDF media types only.
  expectError(client().post("/ledgers?name=x", "<a> <b> <c> .", "application/xml"), 415,
              "unsupported_media_type");
}

// A client that sends half a head and stalls gets its 408 after header-timeout, then the
// connection closes.
TEST_F(E2eErrors, SlowHeaderAnswers408) {
  RawConnection raw(port());
  const auto started = std::chrono::steady_clock::now();
  raw.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n");  // and never the blank line
  const auto response = raw.readResponse(5s);
  ASSERT_TRUE(response.has_value()) << "no 408 within 5 s";
  expectError(*response, 408, "request_timeout");
  EXPECT_GE(std::chrono::steady_clock::now() - started, 250ms);
  EXPECT_TRUE(raw.waitForClose(2s)) << "the connection stays open after a 408";
}

// The same for a body that stops short of its Content-Length (body-timeout).
TEST_F(E2eErrors, SlowBodyAnswers408) {
  RawConnection raw(port());
  raw.send(
      "POST /ledgers/people/sparql HTTP/1.1\r\nHost: 127.0.0.1\r\n"
      "Content-Type: application/sparql-query\r\nContent-Length: 100\r\n\r\nASK {");
  const auto response = raw.readResponse(5s);
  ASSERT_TRUE(response.has_value()) << "no 408 within 5 s";
  expectError(*response, 408, "request_timeout");
  EXPECT_TRUE(raw.waitForClose(2s)) << "the connection stays open after a 408";
  EXPECT_EQ(client().get("/health").status, 200);
}

TEST_F(E2eErrors, HugeHeaderIsRefused) {
  const HttpResponse r = client().get("/health", {{"X-Padding", std::string(20 * 1024, 'a')}});
  expectError(r, 431, "header_too_large");
}

TEST_F(E2eErrors, MalformedRequestLine) {
  for (const std::string bytes : {"GARBAGE\r\n\r\n", "GET /health HTTP/1.1 extra\r\n\r\n",
                                  "GET /health HTTX/1.1\r\nHost: x\r\n\r\n"}) {
    SCOPED_TRACE(bytes);
    RawConnection raw(port());
    raw.send(bytes);
    const auto response = raw.readResponse(5s);
    ASSERT_TRUE(response.has_value());
    expectError(*response, 400, "malformed_request");
    EXPECT_TRUE(raw.waitForClose(2s));
  }
  // The server is still fine.
  EXPECT_EQ(client().get("/health").status, 200);
}

TEST_F(E2eErrors, QueryTimeoutAnswers503) {
  const double before = metric("cairn_query_timeouts_total").value_or(-1);
  const auto started = std::chrono::steady_clock::now();
  const HttpResponse r = sparqlGet("numbers", kSlowQuery, {{"timeout", "1"}});
  expectError(r, 503, "timeout");
  EXPECT_LT(std::chrono::steady_clock::now() - started, 5s);
  EXPECT_TRUE(eventually([&] { return metric("cairn_query_timeouts_total") == before + 1; }));
  // A timeout with a unit, above the server's maximum, is capped rather than refused.
  const HttpResponse capped = sparqlGet("people", "ASK { ?s ?p ?o }", {{"timeout", "100m"}});
  EXPECT_EQ(capped.status, 200) << capped.body;
}

class E2eOverload : public E2eTest {
 protected:
  void configure(server::ServerConfig& config) override {
    config.queryThreads = 1;
    config.maxConcurrentQueries = 1;
    config.maxQueuedQueries = 0;
    config.shutdownGrace = 200ms;
  }
};

TEST_F(E2eOverload, FullPoolAnswers503WithRetryAfter) {
  // One slow query holds the only slot (its own deadline bounds it if the test fails early).
  RawConnection slow(port());
  slow.send(rawGet("/ledgers/numbers/sparql?" +
                   formEncode({{"query", std::string(kSlowQuery)}, {"timeout", "20s"}})));
  ASSERT_TRUE(eventually([&] { return metric("cairn_queries_running") == 1.0; }));

  const HttpResponse refused = sparqlGet("people", "ASK {}");
  expectError(refused, 503, "overloaded");
  ASSERT_NE(refused.header("retry-after"), nullptr);
  EXPECT_EQ(*refused.header("retry-after"), "1");
  // Routes answered on the network thread are not affected.
  EXPECT_EQ(client().get("/health").status, 200);
  EXPECT_TRUE(eventually([&] { return metric("cairn_query_overload_rejections_total") == 1.0; }));

  // Hanging up frees the slot.
  slow.close();
  ASSERT_TRUE(eventually([&] { return metric("cairn_queries_running") == 0.0; }));
  const HttpResponse after = sparqlGet("people", "ASK { ?s ?p ?o }");
  EXPECT_EQ(after.status, 200) << after.body;
}

}  // namespace
}  // namespace cairn::testing::e2e
