// End-to-end: the ledger routes (list, create from an upload or an allowed server-side file,
// describe, drop), Graph Store Protocol reads, the fluree/benchmark-db compatibility route, and
// bearer tokens with their scopes.

#include <fstream>
#include <set>

#include "tests/support/rdf_test_io.h"
#include "tests/unit/server/e2e/e2e_fixture.h"

namespace cairn::testing::e2e {
namespace {

namespace fs = std::filesystem;

std::set<std::string> parseTurtle(const std::string& text) {
  auto quads = parseRdfString(text, core::rdf::RdfFormat::kTurtle);
  if (!quads.isOk()) {
    ADD_FAILURE() << quads.status().toString() << "\n" << text;
    return {};
  }
  std::set<std::string> out;
  for (const Quad& q : *quads) out.insert(toNQuads(q));
  return out;
}

void writeFile(const fs::path& path, const std::string& content) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << content;
}

std::set<std::string> ledgerNames(HttpClient& client) {
  const HttpResponse r = client.get("/ledgers");
  EXPECT_EQ(r.status, 200) << r.body;
  std::set<std::string> names;
  const nlohmann::json list = parseJson(r.body);
  for (const auto& ledger : list["ledgers"]) names.insert(ledger["name"].get<std::string>());
  return names;
}

// The test's scratch directory, known to configure() only through the data directory.
fs::path scratchOf(const server::ServerConfig& config) {
  return fs::path(config.dataDirectory).parent_path();
}

class E2eLedgers : public E2eTest {
 protected:
  void configure(server::ServerConfig& config) override {
    config.importDirectories = {(scratchOf(config) / "imports").string()};
    fs::create_directories(scratchOf(config) / "imports");
  }
  fs::path imports() { return server().directory() / "imports"; }
};

TEST_F(E2eLedgers, ListsLedgers) {
  const HttpResponse r = client().get("/ledgers");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(parseJson(r.body), nlohmann::json::parse(R"({"ledgers":[
      {"name":"numbers","quads":200,"t":1},{"name":"people","quads":8,"t":1}]})"));
}

TEST_F(E2eLedgers, CreatesFromATurtleUpload) {
  const std::string turtle =
      "@prefix ex: <http://example.org/> .\nex:x ex:p 1 , 2 .\nex:y ex:p 3 .\n";
  const HttpResponse r = client().post("/ledgers?name=fresh", turtle, "text/turtle");
  ASSERT_EQ(r.status, 201) << r.body;
  ASSERT_NE(r.header("location"), nullptr);
  EXPECT_EQ(*r.header("location"), "/ledgers/fresh");
  const nlohmann::json created = parseJson(r.body);
  EXPECT_EQ(created["ledger"], "fresh");
  EXPECT_EQ(created["statements"], 3);
  EXPECT_EQ(created["quads"], 3);
  EXPECT_EQ(created["t"], 1);
  EXPECT_TRUE(created["seconds"].is_number());

  const HttpResponse sum =
      sparqlGet("fresh", std::string(kPrefix) + "SELECT (SUM(?v) AS ?total) WHERE { ?s ex:p ?v }");
  ASSERT_EQ(sum.status, 200) << sum.body;
  EXPECT_EQ(jsonRows(sum.body), (std::vector<Row>{{{"total", "6"}}}));
  EXPECT_TRUE(ledgerNames(client()).contains("fresh"));
}

// declare-prefixes=true keeps the upload's @prefixes for Cypher's names; without it the
// ledger holds the triples only.
TEST_F(E2eLedgers, UploadDeclaresItsPrefixesWhenAsked) {
  const std::string turtle =
      "@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n"
      "<http://example.org/a> a foaf:Person ; foaf:name \"A\" .\n";
  ASSERT_EQ(client().post("/ledgers?name=plain", turtle, "text/turtle").status, 201);
  HttpResponse r =
      client().post("/ledgers?name=declared&declare-prefixes=true", turtle, "text/turtle");
  ASSERT_EQ(r.status, 201) << r.body;
  EXPECT_EQ(parseJson(r.body)["quads"], 4);  // two facts, and foaf's declaration's two
  auto names = [&](const std::string& ledger) {
    const nlohmann::json body = {{"statement", "MATCH (p:foaf__Person) RETURN p.foaf__name"}};
    const HttpResponse c =
        client().post("/ledgers/" + ledger + "/cypher", body.dump(), "application/json");
    EXPECT_EQ(c.status, 200) << c.body;
    return parseJson(c.body)["results"][0]["data"].size();
  };
  EXPECT_EQ(names("declared"), 1u);
  EXPECT_EQ(names("plain"), 0u);
  expectError(client().post("/ledgers?name=bad&declare-prefixes=yes", turtle, "text/turtle"), 400,
              "invalid_argument");
}

TEST_F(E2eLedgers, CreatesFromOtherRdfMediaTypes) {
  HttpResponse r = client().post("/ledgers?name=nt&graph=http://example.org/g",
                                 "<http://a> <http://b> <http://c> .\n", "application/n-triples");
  ASSERT_EQ(r.status, 201) << r.body;
  // graph= puts the triples in that named graph.
  r = sparqlGet("nt", "SELECT ?g WHERE { GRAPH ?g { <http://a> <http://b> <http://c> } }");
  EXPECT_EQ(jsonRows(r.body), (std::vector<Row>{{{"g", "http://example.org/g"}}}));

  r = client().post("/ledgers?name=trig", "<http://g> { <http://a> <http://b> \"c\" . }\n",
                    "application/trig");
  ASSERT_EQ(r.status, 201) << r.body;
  EXPECT_EQ(parseJson(r.body)["quads"], 1);

  // No body: an empty ledger.
  r = client().send("POST", "/ledgers?name=empty", std::nullopt);
  ASSERT_EQ(r.status, 201) << r.body;
  EXPECT_EQ(parseJson(r.body)["quads"], 0);
}

TEST_F(E2eLedgers, SyntaxErrorInAnUploadCreatesNothing) {
  const std::string turtle =
      "@prefix ex: <http://example.org/> .\nex:a ex:p ex:b .\nex:a ex:p \"unterminated .\n";
  const HttpResponse r = client().post("/ledgers?name=broken", turtle, "text/turtle");
  const nlohmann::json body = expectError(r, 400, "syntax_error");
  EXPECT_EQ(body["line"], 3) << body;
  EXPECT_GT(body["column"], 0) << body;
  // The client knows its upload as "body", not as a temporary file of the server.
  const std::string message = body["message"];
  EXPECT_NE(message.find("body"), std::string::npos) << message;
  EXPECT_EQ(message.find(server().config().dataDirectory), std::string::npos) << message;

  expectError(client().get("/ledgers/broken"), 404, "not_found");
  EXPECT_FALSE(ledgerNames(client()).contains("broken"));
  // The upload's temporary file is gone too (removed just after the answer is sent).
  const fs::path tmp = fs::path(server().config().dataDirectory) / "tmp";
  const auto leftovers = [&] {
    std::vector<std::string> files;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(tmp, ec)) files.push_back(entry.path());
    return files;
  };
  eventually([&] { return leftovers().empty(); }, std::chrono::milliseconds(5'000));
  for (const std::string& file : leftovers()) ADD_FAILURE() << "left behind: " << file;
}

TEST_F(E2eLedgers, CreatesFromAFileInAnImportDirectory) {
  writeFile(imports() / "extra.nt", "<http://a> <http://b> \"from disk\" .\n");
  const nlohmann::json request = {{"name", "extra"}, {"source", (imports() / "extra.nt").string()}};
  const HttpResponse r = client().post("/ledgers", request.dump(), "application/json");
  ASSERT_EQ(r.status, 201) << r.body;
  EXPECT_EQ(parseJson(r.body)["quads"], 1);
  const HttpResponse q = sparqlGet("extra", "SELECT ?o WHERE { ?s ?p ?o }");
  EXPECT_EQ(jsonRows(q.body), (std::vector<Row>{{{"o", "from disk"}}}));
}

TEST_F(E2eLedgers, RefusesFilesOutsideTheImportDirectories) {
  writeFile(server().directory() / "elsewhere" / "secret.nt",
            "<http://a> <http://b> <http://c> .\n");
  for (const fs::path& source : {server().directory() / "elsewhere" / "secret.nt",
                                 // ".." cannot step out: the check is on the canonical path.
                                 imports() / ".." / "elsewhere" / "secret.nt"}) {
    SCOPED_TRACE(source.string());
    const nlohmann::json request = {{"name", "stolen"}, {"source", source.string()}};
    expectError(client().post("/ledgers", request.dump(), "application/json"), 403, "forbidden");
  }
  expectError(client().get("/ledgers/stolen"), 404, "not_found");
  // A file that does not exist is a bad request, wherever it would be.
  const nlohmann::json missing = {{"name", "x"}, {"source", (imports() / "none.nt").string()}};
  expectError(client().post("/ledgers", missing.dump(), "application/json"), 400, "invalid_source");
}

TEST_F(E2eLedgers, RefusesAnExistingName) {
  expectError(client().post("/ledgers?name=people", "<http://a> <http://b> <http://c> .\n",
                            "application/n-triples"),
              409, "already_exists");
  writeFile(imports() / "again.nt", "<http://a> <http://b> <http://c> .\n");
  const nlohmann::json request = {{"name", "numbers"},
                                  {"source", (imports() / "again.nt").string()}};
  expectError(client().post("/ledgers", request.dump(), "application/json"), 409, "already_exists");
  // Untouched.
  EXPECT_EQ(parseJson(client().get("/ledgers/people").body)["quads"], 8);
}

TEST_F(E2eLedgers, RefusesBadNames) {
  expectError(
      client().post("/ledgers", "<http://a> <http://b> <http://c> .\n", "application/n-triples"),
      400, "missing_name");
  expectError(client().post("/ledgers?name=.hidden", "", "application/n-triples"), 400,
              "invalid_name");
  expectError(client().post("/ledgers", R"({"name": 7})", "application/json"), 400,
              "invalid_argument");
  expectError(client().post("/ledgers", "{not json", "application/json"), 400, "malformed_json");
}

TEST_F(E2eLedgers, DescribesALedger) {
  HttpResponse r = client().get("/ledgers/people");
  ASSERT_EQ(r.status, 200) << r.body;
  nlohmann::json j = parseJson(r.body);
  EXPECT_EQ(j["ledger"], "people");
  EXPECT_EQ(j["quads"], 8);
  EXPECT_EQ(j["t"], 1);
  std::map<std::string, int> triplesByGraph;
  for (const auto& graph : j["graphs"]) {
    triplesByGraph[graph["graph"]] = graph["triples"];
    EXPECT_FALSE(graph.contains("predicates")) << "only with ?predicates=true";
  }
  EXPECT_EQ(triplesByGraph,
            (std::map<std::string, int>{
                {"", 6}, {"http://example.org/g1", 1}, {"http://example.org/g2", 1}}));

  r = client().get("/ledgers/people?predicates=true");
  ASSERT_EQ(r.status, 200) << r.body;
  j = parseJson(r.body);
  std::set<std::string> predicates;
  for (const auto& graph : j["graphs"]) {
    if (graph["graph"] != "") continue;
    for (const auto& p : graph["predicates"]) predicates.insert(p["predicate"]);
  }
  EXPECT_EQ(predicates,
            (std::set<std::string>{"http://example.org/age", "http://example.org/knows",
                                   "http://example.org/motto", "http://example.org/name"}));
}

TEST_F(E2eLedgers, DropsALedger) {
  const HttpResponse r = client().send("DELETE", "/ledgers/numbers", std::nullopt);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(parseJson(r.body), nlohmann::json::parse(R"({"ledger":"numbers","dropped":true})"));
  expectError(client().get("/ledgers/numbers"), 404, "not_found");
  expectError(sparqlGet("numbers", "ASK {}"), 404, "not_found");
  EXPECT_EQ(ledgerNames(client()), std::set<std::string>{"people"});
  expectError(client().send("DELETE", "/ledgers/numbers", std::nullopt), 404, "not_found");
  // The name is free again.
  EXPECT_EQ(client().post("/ledgers?name=numbers", "", "application/n-triples").status, 201);
}

class E2eGraphStore : public E2eSharedServerTest<E2eGraphStore> {};

TEST_F(E2eGraphStore, ReadsANamedGraph) {
  const HttpResponse r = client().get("/ledgers/people/data?graph=http%3A%2F%2Fexample.org%2Fg1");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(*r.header("content-type"), "text/turtle; charset=utf-8");
  EXPECT_EQ(
      parseTurtle(r.body),
      std::set<std::string>{R"(<http://example.org/carol> <http://example.org/name> "Carol" .)"});
}

TEST_F(E2eGraphStore, ReadsTheDefaultGraph) {
  const HttpResponse r =
      client().get("/ledgers/people/data?default", {{"Accept", "application/n-triples"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(*r.header("content-type"), "application/n-triples");
  auto quads = parseRdfString(r.body, core::rdf::RdfFormat::kNTriples);
  ASSERT_TRUE(quads.isOk()) << r.body;
  std::set<std::string> subjects;
  for (const Quad& q : *quads) subjects.insert(core::toNTriples(q.subject));
  EXPECT_EQ(quads->size(), 6u) << r.body;
  EXPECT_EQ(subjects,
            (std::set<std::string>{"<http://example.org/alice>", "<http://example.org/bob>"}));
}

TEST_F(E2eGraphStore, MissingGraphIs404) {
  expectError(client().get("/ledgers/people/data?graph=http%3A%2F%2Fexample.org%2Fnone"), 404,
              "graph_not_found");
  // Neither or both of graph= and default.
  expectError(client().get("/ledgers/people/data"), 400, "invalid_parameter");
  expectError(client().get("/ledgers/people/data?default&graph=http%3A%2F%2Fexample.org%2Fg1"), 400,
              "invalid_parameter");
  expectError(client().get("/ledgers/people/data?graph=g1"), 400, "invalid_parameter");
}

class E2eCompatibility : public E2eSharedServerTest<E2eCompatibility> {};

TEST_F(E2eCompatibility, FlureeQueryRouteTakesBothBodiesAndTheBranchSuffix) {
  const std::string query =
      std::string(kPrefix) + "SELECT ?name WHERE { ?s ex:name ?name } ORDER BY ?name";
  const std::string expected = "?name\n\"Alice\"\n\"Bob\"\n";
  const HttpHeaders tsv = {{"Accept", "text/tab-separated-values"}};
  for (const std::string ledger : {"people", "people:main"}) {
    SCOPED_TRACE(ledger);
    HttpResponse r =
        client().post("/v1/fluree/query/" + ledger, query, "application/sparql-query", tsv);
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(*r.header("content-type"), "text/tab-separated-values; charset=utf-8");
    EXPECT_EQ(r.body, expected);
    r = client().post("/v1/fluree/query/" + ledger, formEncode({{"query", query}}),
                      "application/x-www-form-urlencoded", tsv);
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.body, expected);
  }
  const nlohmann::json body =
      expectError(client().post("/v1/fluree/query/nope:main", query, "application/sparql-query"),
                  404, "not_found");
  EXPECT_NE(body["message"].get<std::string>().find("'nope'"), std::string::npos) << body;
}

class E2eTokens : public E2eTest {
 protected:
  void configure(server::ServerConfig& config) override {
    config.tokens = {{"dashboards", "reader-secret", true, false},
                     {"loader", "writer-secret", true, true}};
  }
  static HttpHeaders bearer(const std::string& token) {
    return {{"Authorization", "Bearer " + token}};
  }
};

TEST_F(E2eTokens, MissingTokenIs401WithChallenge) {
  const HttpResponse r = sparqlGet("people", "ASK {}");
  expectError(r, 401, "unauthorized");
  ASSERT_NE(r.header("www-authenticate"), nullptr);
  EXPECT_EQ(*r.header("www-authenticate"), "Bearer realm=\"cairn\"");
  expectError(client().get("/metrics"), 401, "unauthorized");
  expectError(client().get("/ledgers"), 401, "unauthorized");
}

TEST_F(E2eTokens, UnknownTokenIs401) {
  for (const HttpHeaders& headers :
       {bearer("wrong-secret"), bearer("reader-secre"),
        HttpHeaders{{"Authorization", "Basic cmVhZGVyLXNlY3JldA=="}}}) {
    const HttpResponse r = sparqlGet("people", "ASK {}", {}, headers);
    expectError(r, 401, "unauthorized");
    ASSERT_NE(r.header("www-authenticate"), nullptr);
    EXPECT_TRUE(r.header("www-authenticate")->starts_with("Bearer realm=\"cairn\""));
  }
  const HttpResponse r = sparqlGet("people", "ASK {}", {}, bearer("nope"));
  EXPECT_NE(r.header("www-authenticate")->find("invalid_token"), std::string::npos);
}

TEST_F(E2eTokens, ReadTokenQueriesButCannotWrite) {
  const HttpResponse r =
      sparqlGet("people", std::string(kPrefix) + "ASK { ex:alice ex:knows ex:bob }", {},
                bearer("reader-secret"));
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(parseJson(r.body)["boolean"], true);
  EXPECT_EQ(client().get("/metrics", bearer("reader-secret")).status, 200);

  const nlohmann::json body =
      expectError(client().send("DELETE", "/ledgers/people", std::nullopt, bearer("reader-secret")),
                  403, "forbidden");
  // Named by its name, never its secret.
  EXPECT_NE(body["message"].get<std::string>().find("dashboards"), std::string::npos) << body;
  EXPECT_EQ(body["message"].get<std::string>().find("reader-secret"), std::string::npos) << body;
  expectError(
      client().post("/ledgers?name=x", "", "application/n-triples", bearer("reader-secret")), 403,
      "forbidden");
  EXPECT_EQ(client().get("/ledgers/people", bearer("reader-secret")).status, 200);
}

TEST_F(E2eTokens, WriteTokenDrops) {
  const HttpResponse r =
      client().send("DELETE", "/ledgers/numbers", std::nullopt, bearer("writer-secret"));
  EXPECT_EQ(r.status, 200) << r.body;
  expectError(client().get("/ledgers/numbers", bearer("writer-secret")), 404, "not_found");
}

TEST_F(E2eTokens, HealthNeedsNoToken) {
  const HttpResponse r = client().get("/health");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(parseJson(r.body), nlohmann::json::parse(R"({"status":"ok"})"));
}

}  // namespace
}  // namespace cairn::testing::e2e
