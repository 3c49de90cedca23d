// End-to-end: the parts of the SPARQL 1.1 Graph Store HTTP Protocol beyond ?graph= and ?default
// (writes_test.cpp covers those) — direct graph identification (/ledgers/{name}/data/<path> names
// the graph whose IRI is the request URL), multipart/form-data POST bodies (one RDF document
// per part, one commit), and POST to the graph store itself creating a graph (201, Location).
// Every write is checked by reading the store back, every refused one by checking that t and
// the data did not move.

#include <set>

#include "tests/support/rdf_test_io.h"
#include "tests/unit/server/e2e/e2e_fixture.h"

namespace cairn::testing::e2e {
namespace {

const std::string kPre(kPrefix);
constexpr std::string_view kBoundary = "a6fe4cd636164618814be9f8d3d1a0de";

std::string exIri(std::string_view local) { return std::string(kEx) + std::string(local); }

std::string triple(std::string_view s, std::string_view p, std::string_view o) {
  return "<" + exIri(s) + "> <" + exIri(p) + "> " + std::string(o) + " .";
}

// One part of a multipart/form-data body: its header lines (each without CRLF) and content.
struct Part {
  std::vector<std::string> headers;
  std::string content;
};

Part filePart(const std::string& filename, const std::string& contentType,
              const std::string& content) {
  Part part;
  part.headers.push_back("Content-Disposition: form-data; name=\"" + filename + "\"; filename=\"" +
                         filename + "\"");
  if (!contentType.empty()) part.headers.push_back("Content-Type: " + contentType);
  part.content = content;
  return part;
}

// RFC 2046 framing, CRLF line ends, as the W3C tests send it.
std::string multipartBody(const std::vector<Part>& parts, std::string_view boundary = kBoundary) {
  std::string body;
  for (const Part& part : parts) {
    body += "--" + std::string(boundary) + "\r\n";
    for (const std::string& header : part.headers) body += header + "\r\n";
    body += "\r\n" + part.content + "\r\n";
  }
  body += "--" + std::string(boundary) + "--\r\n";
  return body;
}

std::string multipartType(std::string_view boundary = kBoundary) {
  return "multipart/form-data; boundary=" + std::string(boundary);
}

class E2eGsp : public E2eTest {
 protected:
  std::string authority() const { return "127.0.0.1:" + std::to_string(port()); }
  // The IRI a direct request to /ledgers/people/data/<path> names.
  std::string directIri(const std::string& path) const {
    return "http://" + authority() + "/ledgers/people/data/" + path;
  }
  static std::string directTarget(const std::string& path) {
    return "/ledgers/people/data/" + path;
  }
  static std::string indirectTarget(const std::string& iri) {
    return "/ledgers/people/data?" + formEncode({{"graph", iri}});
  }

  HttpResponse send(const std::string& method, const std::string& target,
                    const std::optional<std::string>& body = std::nullopt,
                    const std::string& contentType = "text/turtle",
                    const HttpHeaders& headers = {}) {
    HttpHeaders all = headers;
    if (body) all.emplace_back("Content-Type", contentType);
    return client().send(method, target, body, all);
  }

  // A graph read back with GET `target` as N-Triples lines; nullopt when the answer is not 200.
  std::optional<std::set<std::string>> content(const std::string& target,
                                               const HttpHeaders& headers = {}) {
    HttpHeaders all = headers;
    all.emplace_back("Accept", "application/n-triples");
    const HttpResponse r = client().get(target, all);
    if (r.status != 200) return std::nullopt;
    auto quads = parseRdfString(r.body, core::rdf::RdfFormat::kNTriples);
    if (!quads.isOk()) {
      ADD_FAILURE() << quads.status().toString() << "\n" << r.body;
      return std::nullopt;
    }
    dropXsdStringDatatype(*quads);
    std::set<std::string> out;
    for (const Quad& q : *quads) out.insert(toNQuads(q));
    return out;
  }

  std::vector<Row> select(const std::string& query) {
    const HttpResponse r = sparqlGet("people", kPre + query);
    EXPECT_EQ(r.status, 200) << query << "\n" << r.body;
    return jsonRows(r.body);
  }

  uint64_t ledgerT() {
    const HttpResponse r = client().get("/ledgers/people");
    EXPECT_EQ(r.status, 200) << r.body;
    return parseJson(r.body).value("t", uint64_t{0});
  }

  // Everything in the people ledger: for "nothing changed" checks.
  std::vector<Row> everything() {
    return select(
        "SELECT ?g ?s ?p ?o WHERE { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } } "
        "ORDER BY ?g ?s ?p ?o");
  }
};

// --- Direct graph identification ---------------------------------------------------------------

TEST_F(E2eGsp, DirectPutGetPostDelete) {
  const std::string path = "person/1.ttl";
  const std::string iri = directIri(path);
  // A relative IRI resolves against the request URL, which is the graph's IRI.
  HttpResponse r = send("PUT", directTarget(path),
                        "@prefix ex: <http://example.org/> .\n<> ex:about ex:alice .\n"
                        "ex:alice ex:nick \"Al\" .\n");
  ASSERT_EQ(r.status, 201) << r.body;
  EXPECT_EQ(parseJson(r.body)["inserted"], 2) << r.body;
  const std::set<std::string> first = {
      "<" + iri + "> <" + exIri("about") + "> <" + exIri("alice") + "> .",
      triple("alice", "nick", "\"Al\"")};
  EXPECT_EQ(content(directTarget(path)), first);
  // The same graph, named indirectly by its IRI; and it is a named graph of the ledger.
  EXPECT_EQ(content(indirectTarget(iri)), first);
  EXPECT_EQ(select("SELECT ?g WHERE { GRAPH ?g { ex:alice ex:nick ?n } }"),
            (std::vector<Row>{{{"g", iri}}}));

  // HEAD: the head of a GET, no body.
  r = client().send("HEAD", directTarget(path), std::nullopt, {{"Accept", "text/turtle"}});
  EXPECT_EQ(r.status, 200);
  ASSERT_NE(r.header("content-type"), nullptr);
  EXPECT_TRUE(r.header("content-type")->starts_with("text/turtle")) << *r.header("content-type");
  EXPECT_TRUE(r.body.empty()) << r.body;

  // POST merges; PUT replaces.
  r = send("POST", directTarget(path), triple("alice", "nick", "\"Ally\"") + "\n",
           "application/n-triples");
  ASSERT_EQ(r.status, 200) << r.body;
  std::set<std::string> merged = first;
  merged.insert(triple("alice", "nick", "\"Ally\""));
  EXPECT_EQ(content(directTarget(path)), merged);
  r = send("PUT", directTarget(path), triple("bob", "nick", "\"B\"") + "\n",
           "application/n-triples");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(parseJson(r.body)["deleted"], 3) << r.body;
  EXPECT_EQ(content(directTarget(path)), std::set<std::string>{triple("bob", "nick", "\"B\"")});

  // Another path is another graph.
  expectError(client().get(directTarget("person/2.ttl")), 404, "graph_not_found");

  // DELETE drops it; then GET, HEAD and DELETE find nothing.
  r = client().send("DELETE", directTarget(path), std::nullopt);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(parseJson(r.body)["deleted"], 1) << r.body;
  expectError(client().get(directTarget(path)), 404, "graph_not_found");
  r = client().send("HEAD", directTarget(path), std::nullopt);
  EXPECT_EQ(r.status, 404);
  EXPECT_TRUE(r.body.empty());
  expectError(client().send("DELETE", directTarget(path), std::nullopt), 404, "not_found");
  EXPECT_EQ(ledgerT(), 5u);
  // At an earlier t the graph is as it was then: there before the DELETE, absent before the PUT.
  EXPECT_EQ(content(indirectTarget(iri) + "&t=4"),
            std::set<std::string>{triple("bob", "nick", "\"B\"")});
  expectError(client().get(indirectTarget(iri) + "&t=1"), 404, "graph_not_found");
  // The ledger's other graphs did not move.
  EXPECT_EQ(content(indirectTarget(exIri("g1"))),
            std::set<std::string>{triple("carol", "name", "\"Carol\"")});
}

// The IRI is the URL as the client addressed it: the Host header and the path with its escapes.
TEST_F(E2eGsp, DirectIriIsTheUrlAsAddressed) {
  const HttpHeaders host = {{"Host", "www.example"}};
  HttpResponse r = send("PUT", directTarget("person/1.ttl"), triple("a", "p", "\"host\"") + "\n",
                        "application/n-triples", host);
  ASSERT_EQ(r.status, 201) << r.body;
  EXPECT_EQ(content(indirectTarget("http://www.example/ledgers/people/data/person/1.ttl")),
            std::set<std::string>{triple("a", "p", "\"host\"")});
  // Under the loopback authority it is another graph.
  expectError(client().get(directTarget("person/1.ttl")), 404, "graph_not_found");
  EXPECT_EQ(content(directTarget("person/1.ttl"), host),
            std::set<std::string>{triple("a", "p", "\"host\"")});

  r = send("PUT", directTarget("a%20b/c"), triple("a", "p", "\"escaped\"") + "\n",
           "application/n-triples");
  ASSERT_EQ(r.status, 201) << r.body;
  EXPECT_EQ(content(indirectTarget(directIri("a%20b/c"))),
            std::set<std::string>{triple("a", "p", "\"escaped\"")});
  EXPECT_EQ(content(directTarget("a%20b/c")),
            std::set<std::string>{triple("a", "p", "\"escaped\"")});
}

TEST_F(E2eGsp, DirectRequestWithGraphParameterIs400) {
  const std::vector<Row> before = everything();
  const std::string body = triple("a", "p", "\"x\"") + "\n";
  const std::string target = directTarget("person/1.ttl");
  for (const std::string method : {"PUT", "POST"}) {
    SCOPED_TRACE(method);
    expectError(
        send(method, target + "?" + formEncode({{"graph", exIri("g1")}}), body, "text/turtle"), 400,
        "invalid_parameter");
    expectError(send(method, target + "?default", body, "text/turtle"), 400, "invalid_parameter");
  }
  expectError(client().get(target + "?default"), 400, "invalid_parameter");
  expectError(
      client().send("DELETE", target + "?" + formEncode({{"graph", exIri("g1")}}), std::nullopt),
      400, "invalid_parameter");
  // Other parameters are fine (and an absent graph is still a 404).
  expectError(client().get(target + "?timeout=5s"), 404, "graph_not_found");
  // A method the endpoint does not take.
  const HttpResponse patch = send("PATCH", target, body);
  expectError(patch, 405, "method_not_allowed");
  ASSERT_NE(patch.header("allow"), nullptr);
  EXPECT_EQ(*patch.header("allow"), "GET, PUT, POST, DELETE");
  EXPECT_EQ(ledgerT(), 1u);
  EXPECT_EQ(everything(), before);
}

// --- multipart/form-data -----------------------------------------------------------------------

TEST_F(E2eGsp, MultipartPostAddsEveryPartInOneCommit) {
  const std::string g = exIri("g1");
  const std::string body = multipartBody({
      filePart("lastName.ttl", "text/turtle; charset=utf-8",
               "@prefix ex: <http://example.org/> .\nex:carol ex:family \"Doe\" .\n"
               "_:b1 ex:tag \"first\" .\n"),
      filePart(
          "more.nt", "application/n-triples",
          triple("carol", "given", "\"Carol\"") + "\n_:b1 <" + exIri("tag") + "> \"second\" .\n"),
      // No Content-Type, or a generic one: the filename's extension decides.
      filePart("extra.nt", "", triple("carol", "age", "\"41\"") + "\n"),
      filePart("extra.ttl", "application/octet-stream",
               "@prefix ex: <http://example.org/> .\nex:carol ex:shoe 9 .\n"),
      // Quad formats: the document's default graph goes to the target graph.
      filePart("quads.trig", "application/trig",
               "@prefix ex: <http://example.org/> .\n{ ex:carol ex:pet \"Rex\" }\n"
               "ex:elsewhere { ex:carol ex:pet \"Tom\" }\n"),
  });
  const HttpResponse r = send("POST", indirectTarget(g), body, multipartType());
  ASSERT_EQ(r.status, 200) << r.body;
  const nlohmann::json answer = parseJson(r.body);
  EXPECT_EQ(answer["t"], 2) << answer;  // one commit for all parts
  EXPECT_EQ(answer["inserted"], 8) << answer;

  const std::optional<std::set<std::string>> got = content(indirectTarget(g));
  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(got->size(), 8u);
  for (const std::string& t :
       {triple("carol", "name", "\"Carol\""), triple("carol", "family", "\"Doe\""),
        triple("carol", "given", "\"Carol\""), triple("carol", "age", "\"41\""),
        triple("carol", "shoe", "\"9\"^^<http://www.w3.org/2001/XMLSchema#integer>"),
        triple("carol", "pet", "\"Rex\"")}) {
    EXPECT_TRUE(got->contains(t)) << t;
  }
  EXPECT_EQ(content(indirectTarget(exIri("elsewhere"))),
            std::set<std::string>{triple("carol", "pet", "\"Tom\"")});
  // _:b1 of the first part and _:b1 of the second are two nodes.
  EXPECT_EQ(select("SELECT (COUNT(DISTINCT ?b) AS ?n) WHERE { GRAPH ex:g1 { ?b ex:tag ?t } }"),
            (std::vector<Row>{{{"n", "2"}}}));
  EXPECT_EQ(ledgerT(), 2u);
}

TEST_F(E2eGsp, MultipartOnDirectGraphAndBareLineFeeds) {
  const std::string path = "person/1.ttl";
  ASSERT_EQ(send("POST", directTarget(path), triple("p1", "fn", "\"Jane Doe\"") + "\n",
                 "application/n-triples")
                .status,
            201);
  // A preamble, LF line ends, padding after a delimiter and an epilogue are all accepted.
  const std::string body =
      "preamble to ignore\n"
      "--XyZ  \n"
      "Content-Type: text/turtle\n"
      "\n" +
      triple("p1", "givenName", "\"Jane\"") +
      "\n"
      "--XyZ\n"
      "content-type: application/n-triples\n"
      "\n" +
      triple("p1", "familyName", "\"Doe\"") +
      "\n"
      "--XyZ--\n"
      "epilogue to ignore\n";
  const HttpResponse r = send("POST", directTarget(path), body, multipartType("XyZ"));
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(content(directTarget(path)),
            (std::set<std::string>{triple("p1", "fn", "\"Jane Doe\""),
                                   triple("p1", "givenName", "\"Jane\""),
                                   triple("p1", "familyName", "\"Doe\"")}));
  // A quoted boundary (RFC 2046 allows spaces and some punctuation in it) and PUT replacing.
  const std::string boundary = "it's (a) b,o+u_n-d.a/r:y=?";
  const HttpResponse put =
      send("PUT", directTarget(path),
           multipartBody({filePart("x.nt", "", triple("p1", "only", "\"one\""))}, boundary),
           "multipart/form-data; boundary=\"" + boundary + "\"");
  ASSERT_EQ(put.status, 200) << put.body;
  EXPECT_EQ(content(directTarget(path)), std::set<std::string>{triple("p1", "only", "\"one\"")});
}

TEST_F(E2eGsp, BadMultipartBodiesChangeNothing) {
  const std::vector<Row> before = everything();
  const std::string target = indirectTarget(exIri("g1"));
  const Part good = filePart("good.ttl", "text/turtle", triple("carol", "ok", "\"yes\""));
  const std::string goodBody = multipartBody({good});

  // The boundary: missing, malformed, too long, not the body's.
  expectError(send("POST", target, goodBody, "multipart/form-data"), 400, "invalid_multipart");
  expectError(send("POST", target, goodBody, "multipart/form-data; boundary=\"\""), 400,
              "invalid_multipart");
  expectError(send("POST", target, goodBody, "multipart/form-data; boundary=\"bad{x}\""), 400,
              "invalid_multipart");
  expectError(send("POST", target, goodBody, multipartType(std::string(71, 'x'))), 400,
              "invalid_multipart");
  nlohmann::json error =
      expectError(send("POST", target, goodBody, multipartType("other")), 400, "invalid_multipart");
  EXPECT_NE(error["message"].get<std::string>().find("--other"), std::string::npos) << error;
  // Framing: no close delimiter, a part that never ends, no parts, headers without an end.
  std::string unclosed = goodBody.substr(0, goodBody.rfind("--\r\n")) + "\r\n";
  expectError(send("POST", target, unclosed, multipartType()), 400, "invalid_multipart");
  const std::string dash = "--" + std::string(kBoundary);
  expectError(send("POST", target, dash + "\r\nContent-Type: text/turtle\r\n\r\n<a> <b> <c> .",
                   multipartType()),
              400, "invalid_multipart");
  expectError(send("POST", target, dash + "--\r\n", multipartType()), 400, "invalid_multipart");
  expectError(send("POST", target, dash + "\r\nContent-Type: text/turtle\r\n" + dash + "--\r\n",
                   multipartType()),
              400, "invalid_multipart");
  expectError(send("POST", target, dash + "junk\r\n\r\nx\r\n" + dash + "--\r\n", multipartType()),
              400, "invalid_multipart");

  // A part with a syntax error: its index and name, and the line and column within it.
  const Part bad = filePart("bad.ttl", "text/turtle",
                            "@prefix ex: <http://example.org/> .\nex:a ex:b \"open .\n");
  error = expectError(send("POST", target, multipartBody({good, bad}), multipartType()), 400,
                      "syntax_error");
  const std::string message = error["message"].get<std::string>();
  EXPECT_NE(message.find("part 2 (bad.ttl)"), std::string::npos) << error;
  EXPECT_EQ(error.value("line", 0), 2) << error;
  EXPECT_GT(error.value("column", 0), 0) << error;
  // N-Triples parts go through the line-based parser: the same report.
  error = expectError(
      send("POST", target,
           multipartBody({good, good, filePart("c.nt", "application/n-triples", "<a> <b> .")}),
           multipartType()),
      400, "syntax_error");
  EXPECT_NE(error["message"].get<std::string>().find("part 3 (c.nt)"), std::string::npos) << error;
  EXPECT_EQ(error.value("line", 0), 1) << error;
  // A blank node naming a graph, in a part.
  expectError(send("POST", target,
                   multipartBody({good, filePart("q.trig", "application/trig",
                                                 "_:g { <http://a> <http://b> <http://c> . }")}),
                   multipartType()),
              400, "invalid_rdf");

  // A part whose type is not RDF, or that has neither a type nor a telling filename.
  expectError(
      send("POST", target, multipartBody({good, filePart("x.json", "application/json", "{}")}),
           multipartType()),
      415, "unsupported_media_type");
  expectError(
      send("POST", target, multipartBody({good, filePart("notes", "", "x")}), multipartType()), 415,
      "unsupported_media_type");
  expectError(send("POST", target,
                   multipartBody({good, filePart("notes.txt", "application/octet-stream", "x")}),
                   multipartType()),
              415, "unsupported_media_type");
  Part encoded = good;
  encoded.headers.push_back("Content-Transfer-Encoding: base64");
  expectError(send("POST", target, multipartBody({encoded}), multipartType()), 415,
              "unsupported_media_type");
  // Another multipart type.
  expectError(send("POST", target, goodBody, "multipart/mixed; boundary=" + std::string(kBoundary)),
              415, "unsupported_media_type");

  EXPECT_EQ(ledgerT(), 1u);
  EXPECT_EQ(everything(), before);
}

// --- POST creating a graph ---------------------------------------------------------------------

TEST_F(E2eGsp, PostToTheGraphStoreCreatesAGraph) {
  const std::string body =
      "@prefix ex: <http://example.org/> .\n[] a ex:Person ; ex:card [ ex:given \"Alice\" ] .\n";
  HttpResponse r = send("POST", "/ledgers/people/data", body, "text/turtle; charset=utf-8");
  ASSERT_EQ(r.status, 201) << r.body;
  ASSERT_NE(r.header("location"), nullptr);
  const std::string location = *r.header("location");
  const std::string prefix = "http://" + authority() + "/ledgers/people/data/graphs/";
  ASSERT_TRUE(location.starts_with(prefix)) << location;
  EXPECT_GT(location.size(), prefix.size()) << location;
  nlohmann::json answer = parseJson(r.body);
  EXPECT_EQ(answer["graph"], location) << answer;
  EXPECT_EQ(answer["t"], 2) << answer;
  EXPECT_EQ(answer["inserted"], 3) << answer;

  // Read back by ?graph=, and directly by the Location's path.
  const std::optional<std::set<std::string>> got = content(indirectTarget(location));
  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(got->size(), 3u);
  EXPECT_EQ(content(location.substr(("http://" + authority()).size())), got);
  EXPECT_EQ(select("SELECT ?n WHERE { GRAPH ?g { ?p a ex:Person ; ex:card/ex:given ?n } }"),
            (std::vector<Row>{{{"n", "Alice"}}}));

  // A second POST mints another graph; a multipart body works as well.
  r = send("POST", "/ledgers/people/data",
           multipartBody({filePart("a.nt", "", triple("x", "p", "\"1\"")),
                          filePart("b.nt", "", triple("x", "p", "\"2\""))}),
           multipartType());
  ASSERT_EQ(r.status, 201) << r.body;
  ASSERT_NE(r.header("location"), nullptr);
  const std::string second = *r.header("location");
  EXPECT_TRUE(second.starts_with(prefix)) << second;
  EXPECT_NE(second, location);
  EXPECT_EQ(content(indirectTarget(second)),
            (std::set<std::string>{triple("x", "p", "\"1\""), triple("x", "p", "\"2\"")}));
  EXPECT_EQ(content(indirectTarget(location)), got);
  EXPECT_EQ(ledgerT(), 3u);
  // The default graph got none of it.
  EXPECT_EQ(content("/ledgers/people/data?default")->size(), 6u);
}

TEST_F(E2eGsp, PostCreatingAGraphNeedsTriplesForIt) {
  const std::vector<Row> before = everything();
  expectError(send("POST", "/ledgers/people/data", "", "text/turtle"), 400, "empty_graph");
  expectError(send("POST", "/ledgers/people/data", "# nothing\n", "application/n-triples"), 400,
              "empty_graph");
  // Statements only in named graphs of a quad format leave the new graph empty.
  expectError(
      send("POST", "/ledgers/people/data",
           "<http://a> <http://b> <http://c> <" + exIri("g9") + "> .\n", "application/n-quads"),
      400, "empty_graph");
  // Bad bodies are refused as for any write.
  expectError(
      send("POST", "/ledgers/people/data", "<http://a> <http://b> .\n", "application/n-triples"),
      400, "syntax_error");
  expectError(send("POST", "/ledgers/people/data", "{}", "application/json"), 415,
              "unsupported_media_type");
  // PUT and DELETE still need a graph.
  expectError(
      send("PUT", "/ledgers/people/data", triple("a", "b", "\"c\""), "application/n-triples"), 400,
      "invalid_parameter");
  expectError(client().send("DELETE", "/ledgers/people/data", std::nullopt), 400,
              "invalid_parameter");
  expectError(
      send("POST", "/ledgers/nobody/data", triple("a", "b", "\"c\""), "application/n-triples"), 404,
      "not_found");
  EXPECT_EQ(ledgerT(), 1u);
  EXPECT_EQ(everything(), before);
}

}  // namespace
}  // namespace cairn::testing::e2e
