// End-to-end: the SPARQL 1.1 Protocol over a real socket — the three ways to send a query, the
// protocol dataset, content negotiation and the format= override, with every answer parsed
// back — and the plans (explain, analyze, the /explain route).

#include <set>

#include "sparql/results/result_readers.h"
#include "tests/support/rdf_test_io.h"
#include "tests/support/sparql_results.h"
#include "tests/unit/server/e2e/e2e_fixture.h"

namespace cairn::testing::e2e {
namespace {

namespace results = sparql::results;

const std::string kNamesQuery =
    std::string(kPrefix) + "SELECT ?s ?name WHERE { ?s ex:name ?name } ORDER BY ?name";
const std::vector<Row> kNames = {{{"s", "http://example.org/alice"}, {"name", "Alice"}},
                                 {{"s", "http://example.org/bob"}, {"name", "Bob"}}};

const std::string kConstructQuery =
    std::string(kPrefix) + "CONSTRUCT { ?s ex:name ?name } WHERE { ?s ex:name ?name }";
const std::set<std::string> kConstructed = {
    R"(<http://example.org/alice> <http://example.org/name> "Alice" .)",
    R"(<http://example.org/bob> <http://example.org/name> "Bob" .)"};

std::set<std::string> nquadSet(const std::vector<Quad>& quads) {
  std::set<std::string> out;
  for (const Quad& q : quads) out.insert(toNQuads(q));
  return out;
}

// A graph answer in Turtle or N-Triples, parsed with the production parsers.
std::set<std::string> parseGraph(const std::string& text, core::rdf::RdfFormat format) {
  auto quads = parseRdfString(text, format);
  if (!quads.isOk()) {
    ADD_FAILURE() << quads.status().toString() << "\n" << text;
    return {};
  }
  dropXsdStringDatatype(*quads);
  return nquadSet(*quads);
}

std::string contentType(const HttpResponse& response) {
  const std::string* value = response.header("content-type");
  return value ? *value : "";
}

// Finds an operator called `op` anywhere in a JSON plan tree.
const nlohmann::json* findOperator(const nlohmann::json& plan, std::string_view op) {
  if (plan.value("op", "") == op) return &plan;
  if (plan.contains("children")) {
    for (const auto& child : plan["children"]) {
      if (const nlohmann::json* found = findOperator(child, op)) return found;
    }
  }
  return nullptr;
}

class E2eSparqlProtocol : public E2eSharedServerTest<E2eSparqlProtocol> {};

TEST_F(E2eSparqlProtocol, GetWithQueryParameter) {
  const HttpResponse r = sparqlGet("people", kNamesQuery);
  ASSERT_EQ(r.status, 200) << r.transportError << r.body;
  EXPECT_EQ(contentType(r), "application/sparql-results+json");
  EXPECT_NE(r.header("x-request-id"), nullptr);
  ASSERT_NE(r.header("vary"), nullptr);
  EXPECT_EQ(*r.header("vary"), "Accept");
  const nlohmann::json j = parseJson(r.body);
  EXPECT_EQ(j["head"]["vars"], nlohmann::json::array({"s", "name"}));
  EXPECT_EQ(jsonRows(r.body), kNames);
}

TEST_F(E2eSparqlProtocol, PostForm) {
  const HttpResponse r =
      client().post("/ledgers/people/sparql", formEncode({{"query", kNamesQuery}}),
                    "application/x-www-form-urlencoded");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(jsonRows(r.body), kNames);
}

TEST_F(E2eSparqlProtocol, PostFormWithOwnParametersInTheUrl) {
  // Cairn's parameters may ride in the URL while the query is in the form body.
  const HttpResponse r =
      client().post("/ledgers/people/sparql?format=csv", formEncode({{"query", kNamesQuery}}),
                    "application/x-www-form-urlencoded");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(contentType(r), "text/csv; charset=utf-8");
  EXPECT_EQ(r.body, "s,name\r\nhttp://example.org/alice,Alice\r\nhttp://example.org/bob,Bob\r\n");
}

TEST_F(E2eSparqlProtocol, PostSparqlQueryBody) {
  for (const std::string type :
       {"application/sparql-query", "application/sparql-query; charset=UTF-8"}) {
    const HttpResponse r = client().post("/ledgers/people/sparql", kNamesQuery, type);
    ASSERT_EQ(r.status, 200) << type << ": " << r.body;
    EXPECT_EQ(jsonRows(r.body), kNames) << type;
  }
}

TEST_F(E2eSparqlProtocol, HeadAnswersTheHeadOfGet) {
  const std::string target = "/ledgers/people/sparql?" + formEncode({{"query", kNamesQuery}});
  const HttpResponse get = client().get(target);
  const HttpResponse head = client().send("HEAD", target, std::nullopt);
  ASSERT_EQ(head.status, 200) << head.transportError;
  EXPECT_TRUE(head.body.empty());
  ASSERT_NE(head.header("content-length"), nullptr);
  EXPECT_EQ(*head.header("content-length"), std::to_string(get.body.size()));
  EXPECT_EQ(contentType(head), contentType(get));
  // And on the Graph Store route; errors keep their status.
  EXPECT_EQ(client().send("HEAD", "/ledgers/people/data?default", std::nullopt).status, 200);
  EXPECT_EQ(client().send("HEAD", "/ledgers/nope/data?default", std::nullopt).status, 404);
  // The connection is still good for a GET.
  EXPECT_EQ(jsonRows(client().get(target).body), kNames);
}

TEST_F(E2eSparqlProtocol, QueryWithoutDatasetReadsTheDefaultGraph) {
  const HttpResponse r = sparqlGet(
      "people", std::string(kPrefix) + "SELECT ?name WHERE { ?s ex:name ?name } ORDER BY ?name");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(jsonRows(r.body), (std::vector<Row>{{{"name", "Alice"}}, {{"name", "Bob"}}}));
}

TEST_F(E2eSparqlProtocol, DefaultGraphUriReplacesFrom) {
  const std::string query =
      std::string(kPrefix) + "SELECT ?name FROM ex:g2 WHERE { ?s ex:name ?name } ORDER BY ?name";
  HttpResponse r = sparqlGet("people", query);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(jsonRows(r.body), (std::vector<Row>{{{"name", "Dave"}}}));

  r = sparqlGet("people", query, {{"default-graph-uri", "http://example.org/g1"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(jsonRows(r.body), (std::vector<Row>{{{"name", "Carol"}}}));

  // Repeated, in a form body: the default graph is their merge.
  r = client().post("/ledgers/people/sparql",
                    formEncode({{"query", query},
                                {"default-graph-uri", "http://example.org/g1"},
                                {"default-graph-uri", "http://example.org/g2"}}),
                    "application/x-www-form-urlencoded");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(jsonRows(r.body), (std::vector<Row>{{{"name", "Carol"}}, {{"name", "Dave"}}}));

  // The same text once more without parameters: its parse comes from the server's parse cache,
  // which the requests above must not have changed.
  r = sparqlGet("people", query);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(jsonRows(r.body), (std::vector<Row>{{{"name", "Dave"}}}));
}

TEST_F(E2eSparqlProtocol, NamedGraphUriReplacesFromNamed) {
  const std::string query =
      std::string(kPrefix) +
      "SELECT ?g ?name FROM NAMED ex:g1 WHERE { GRAPH ?g { ?s ex:name ?name } } "
      "ORDER BY ?name";
  HttpResponse r = sparqlGet("people", query);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(jsonRows(r.body),
            (std::vector<Row>{{{"g", "http://example.org/g1"}, {"name", "Carol"}}}));

  // With the query as the body, the dataset comes in the URL.
  r = client().post(
      "/ledgers/people/sparql?" + formEncode({{"named-graph-uri", "http://example.org/g2"}}), query,
      "application/sparql-query");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(jsonRows(r.body),
            (std::vector<Row>{{{"g", "http://example.org/g2"}, {"name", "Dave"}}}));
}

TEST_F(E2eSparqlProtocol, AskAnswersJsonBoolean) {
  HttpResponse r = sparqlGet("people", std::string(kPrefix) + "ASK { ex:alice ex:knows ex:bob }");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(parseJson(r.body)["boolean"], true);
  r = sparqlGet("people", std::string(kPrefix) + "ASK { ex:bob ex:knows ex:alice }");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(parseJson(r.body)["boolean"], false);
}

TEST_F(E2eSparqlProtocol, JsonIsTheDefaultWithoutAccept) {
  // An empty value makes curl send no Accept header at all.
  const HttpResponse r = sparqlGet("people", kNamesQuery, {}, {{"Accept", ""}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(contentType(r), "application/sparql-results+json");
  EXPECT_EQ(jsonRows(r.body), kNames);
}

TEST_F(E2eSparqlProtocol, AcceptXml) {
  const HttpResponse r =
      sparqlGet("people", kNamesQuery, {}, {{"Accept", "application/sparql-results+xml"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(contentType(r), "application/sparql-results+xml");
  const results::CollectedResult read = results::readXmlResults(r.body);
  EXPECT_EQ(read.variables, (std::vector<std::string>{"s", "name"}));
  ASSERT_EQ(read.rows.size(), 2u);
  EXPECT_EQ(core::toNTriples(*read.rows[0][0]), "<http://example.org/alice>");
  EXPECT_EQ(core::toNTriples(*read.rows[0][1]), "\"Alice\"");
  EXPECT_EQ(core::toNTriples(*read.rows[1][1]), "\"Bob\"");
}

TEST_F(E2eSparqlProtocol, AcceptCsvQuotesFields) {
  const HttpResponse r =
      sparqlGet("people", std::string(kPrefix) + "SELECT ?s ?motto WHERE { ?s ex:motto ?motto }",
                {}, {{"Accept", "text/csv"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(contentType(r), "text/csv; charset=utf-8");
  EXPECT_EQ(r.body, "s,motto\r\nhttp://example.org/alice,\"Hi, \"\"you\"\"\"\r\n");
}

TEST_F(E2eSparqlProtocol, AcceptTsvWritesTerms) {
  const HttpResponse r = sparqlGet(
      "people",
      std::string(kPrefix) +
          "SELECT ?s ?o WHERE { ex:alice ?p ?o BIND(ex:alice AS ?s) FILTER(?p != ex:knows) } "
          "ORDER BY ?o",
      {}, {{"Accept", "text/tab-separated-values"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(contentType(r), "text/tab-separated-values; charset=utf-8");
  const results::CollectedResult read = results::readTsvResults(r.body);
  ASSERT_EQ(read.rows.size(), 3u) << r.body;
  std::set<std::string> objects;
  for (const auto& row : read.rows) objects.insert(core::toNTriples(*row[1]));
  EXPECT_EQ(objects, (std::set<std::string>{"\"30\"^^<http://www.w3.org/2001/XMLSchema#integer>",
                                            "\"Alice\"", "\"Hi, \\\"you\\\"\"@en"}))
      << r.body;
}

TEST_F(E2eSparqlProtocol, AcceptQValuesDecide) {
  struct Case {
    std::string accept;
    std::string type;
  };
  const std::vector<Case> cases = {
      {"text/csv;q=0.2, text/tab-separated-values;q=0.9", "text/tab-separated-values"},
      {"application/sparql-results+xml;q=0.5, */*;q=0.1", "application/sparql-results+xml"},
      {"text/*;q=0.8, application/sparql-results+json;q=0.3", "text/csv"},
      {"application/sparql-results+json;q=0, */*", "application/sparql-results+xml"},
      {"image/png, text/tab-separated-values;q=0.01", "text/tab-separated-values"},
  };
  for (const Case& c : cases) {
    const HttpResponse r = sparqlGet("people", kNamesQuery, {}, {{"Accept", c.accept}});
    ASSERT_EQ(r.status, 200) << c.accept << ": " << r.body;
    EXPECT_TRUE(contentType(r).starts_with(c.type)) << c.accept << " gave " << contentType(r);
    // Whatever the format, the answer is the same two rows.
    const auto format = results::formatFromName(c.type == "text/csv"                    ? "csv"
                                                : c.type == "text/tab-separated-values" ? "tsv"
                                                                                        : "xml");
    const results::CollectedResult read = results::readResults(r.body, *format);
    EXPECT_EQ(read.rows.size(), 2u) << c.accept;
  }
}

TEST_F(E2eSparqlProtocol, ConstructAnswersTurtleByDefault) {
  const HttpResponse r = sparqlGet("people", kConstructQuery);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(contentType(r), "text/turtle; charset=utf-8");
  EXPECT_EQ(parseGraph(r.body, core::rdf::RdfFormat::kTurtle), kConstructed) << r.body;
}

TEST_F(E2eSparqlProtocol, ConstructAnswersNTriples) {
  const HttpResponse r =
      sparqlGet("people", kConstructQuery, {}, {{"Accept", "application/n-triples"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(contentType(r), "application/n-triples");
  EXPECT_EQ(parseGraph(r.body, core::rdf::RdfFormat::kNTriples), kConstructed) << r.body;
}

TEST_F(E2eSparqlProtocol, ConstructAnswersJsonLd) {
  for (const std::string accept : {"application/ld+json", "application/json"}) {
    const HttpResponse r = sparqlGet("people", kConstructQuery, {}, {{"Accept", accept}});
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(contentType(r), "application/ld+json") << accept;
    // Expanded JSON-LD: one node object per subject, values as @value objects.
    const nlohmann::json j = parseJson(r.body);
    ASSERT_TRUE(j.is_array()) << r.body;
    std::set<std::string> triples;
    for (const auto& node : j) {
      for (const auto& value : node["http://example.org/name"]) {
        triples.insert(node["@id"].get<std::string>() + " " + value["@value"].get<std::string>());
      }
    }
    EXPECT_EQ(triples, (std::set<std::string>{"http://example.org/alice Alice",
                                              "http://example.org/bob Bob"}))
        << r.body;
  }
}

TEST_F(E2eSparqlProtocol, ConstructAnswersRdfXml) {
  const HttpResponse r = sparqlGet("people", kConstructQuery, {},
                                   {{"Accept", "text/plain;q=0.5, application/rdf+xml;q=0.9"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(contentType(r), "application/rdf+xml");
  auto quads = parseRdfXml(r.body, "http://example.org/");
  ASSERT_TRUE(quads.isOk()) << quads.status().toString() << "\n" << r.body;
  dropXsdStringDatatype(*quads);
  EXPECT_EQ(nquadSet(*quads), kConstructed) << r.body;
}

TEST_F(E2eSparqlProtocol, FormatParameterOverridesAccept) {
  HttpResponse r = sparqlGet("people", kNamesQuery, {{"format", "tsv"}},
                             {{"Accept", "application/sparql-results+json"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(contentType(r), "text/tab-separated-values; charset=utf-8");
  EXPECT_EQ(
      r.body,
      "?s\t?name\n<http://example.org/alice>\t\"Alice\"\n<http://example.org/bob>\t\"Bob\"\n");

  r = sparqlGet("people", std::string(kPrefix) + "ASK { ex:alice ex:knows ex:bob }",
                {{"format", "xml"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(contentType(r), "application/sparql-results+xml");
  const results::CollectedResult ask = results::readXmlResults(r.body);
  EXPECT_EQ(ask.kind, results::ResultKind::kBoolean);
  EXPECT_TRUE(ask.boolean);

  r = sparqlGet("people", kConstructQuery, {{"format", "nt"}}, {{"Accept", "text/turtle"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(contentType(r), "application/n-triples");
  EXPECT_EQ(parseGraph(r.body, core::rdf::RdfFormat::kNTriples), kConstructed);

  // A solution format carries a graph as subject/predicate/object rows.
  r = sparqlGet("people", kConstructQuery, {{"format", "csv"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(contentType(r), "text/csv; charset=utf-8");
  EXPECT_TRUE(r.body.starts_with("subject,predicate,object\r\n")) << r.body;
  EXPECT_NE(r.body.find("http://example.org/bob,http://example.org/name,Bob\r\n"),
            std::string::npos);
}

TEST_F(E2eSparqlProtocol, ExplainRouteAnswersJsonPlan) {
  const std::string query = std::string(kPrefix) + "SELECT ?s WHERE { ?s ex:name ?n }";
  const HttpResponse r = client().get("/ledgers/people/explain?" + formEncode({{"query", query}}));
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(contentType(r), "application/json");
  const nlohmann::json plan = parseJson(r.body);
  const nlohmann::json* scan = findOperator(plan, "IndexScan");
  ASSERT_NE(scan, nullptr) << r.body;
  EXPECT_EQ((*scan)["details"]["pattern"], "?s <http://example.org/name> ?n") << r.body;
  EXPECT_EQ((*scan)["estimatedRows"], 2.0);
  EXPECT_FALSE(scan->contains("actual")) << "explain must not run the query: " << r.body;

  // The same plan for explain=true on the query route, and for a POSTed form.
  const HttpResponse viaFlag = sparqlGet("people", query, {{"explain", "true"}});
  ASSERT_EQ(viaFlag.status, 200) << viaFlag.body;
  EXPECT_EQ(parseJson(viaFlag.body), plan);
  const HttpResponse posted =
      client().post("/ledgers/people/explain", formEncode({{"query", query}}),
                    "application/x-www-form-urlencoded");
  ASSERT_EQ(posted.status, 200) << posted.body;
  EXPECT_EQ(parseJson(posted.body), plan);
}

TEST_F(E2eSparqlProtocol, ExplainAsTextWithAcceptTextPlain) {
  const std::string query = std::string(kPrefix) + "SELECT ?s WHERE { ?s ex:name ?n }";
  const HttpResponse r = client().get("/ledgers/people/explain?" + formEncode({{"query", query}}),
                                      {{"Accept", "text/plain"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(contentType(r), "text/plain; charset=utf-8");
  EXPECT_NE(r.body.find("IndexScan"), std::string::npos) << r.body;
  EXPECT_NE(r.body.find("pattern: ?s <http://example.org/name> ?n"), std::string::npos) << r.body;
  EXPECT_EQ(r.body.find("rows="), std::string::npos) << r.body;
  // JSON preferred over text: JSON.
  const HttpResponse json =
      client().get("/ledgers/people/explain?" + formEncode({{"query", query}}),
                   {{"Accept", "text/plain;q=0.5, application/json"}});
  EXPECT_EQ(contentType(json), "application/json");
}

TEST_F(E2eSparqlProtocol, AnalyzeRunsTheQuery) {
  const std::string query = std::string(kPrefix) + "SELECT ?s WHERE { ?s ex:name ?n }";
  HttpResponse r = sparqlGet("people", query, {{"analyze", "true"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(contentType(r), "application/json");
  const nlohmann::json plan = parseJson(r.body);
  ASSERT_TRUE(plan.contains("actual")) << r.body;
  EXPECT_EQ(plan["actual"]["rows"], 2) << r.body;
  const nlohmann::json* scan = findOperator(plan, "IndexScan");
  ASSERT_NE(scan, nullptr);
  EXPECT_EQ((*scan)["actual"]["rows"], 2);

  r = sparqlGet("people", query, {{"analyze", "true"}}, {{"Accept", "text/plain"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(contentType(r), "text/plain; charset=utf-8");
  EXPECT_NE(r.body.find("rows=2"), std::string::npos) << r.body;
}

// SPARQL 1.1 Service Description: GET of the endpoint with no query string.
class E2eServiceDescription : public E2eSharedServerTest<E2eServiceDescription> {};

constexpr std::string_view kSdNs = "http://www.w3.org/ns/sparql-service-description#";

TEST_F(E2eServiceDescription, DescribesTheEndpointAndItsDataset) {
  const HttpResponse r = client().get("/ledgers/people/sparql");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(contentType(r), "text/turtle");
  auto quads = parseRdfString(r.body, core::rdf::RdfFormat::kTurtle);
  ASSERT_TRUE(quads.isOk()) << quads.status().toString() << "\n" << r.body;
  std::set<std::string> objects;  // "predicate object" pairs, with blank nodes left out
  for (const Quad& q : *quads) {
    objects.insert(q.predicate.value + " " + q.object.value);
  }
  const std::string sd(kSdNs);
  EXPECT_TRUE(objects.contains(sd + "endpoint http://127.0.0.1:" + std::to_string(port()) +
                               "/ledgers/people/sparql"))
      << r.body;
  EXPECT_TRUE(objects.contains(sd + "supportedLanguage " + sd + "SPARQL11Query"));
  EXPECT_TRUE(objects.contains(sd + "supportedLanguage " + sd + "SPARQL11Update"));
  EXPECT_TRUE(
      objects.contains(sd + "resultFormat http://www.w3.org/ns/formats/SPARQL_Results_TSV"));
  EXPECT_TRUE(objects.contains(sd + "name http://example.org/g1"));
  EXPECT_TRUE(objects.contains(sd + "name http://example.org/g2"));
  // A count per graph (default, ex:g1, ex:g2), adding up to the ledger's 8 quads.
  size_t counts = 0;
  uint64_t total = 0;
  for (const Quad& q : *quads) {
    if (q.predicate.value == "http://rdfs.org/ns/void#triples") {
      ++counts;
      total += std::stoull(q.object.value);
    }
  }
  EXPECT_EQ(counts, 3u);
  EXPECT_EQ(total, 8u);
}

TEST_F(E2eServiceDescription, OtherFormatsAndTheCompatibilityRoute) {
  const HttpResponse jsonld =
      client().get("/ledgers/people/sparql", {{"Accept", "application/ld+json"}});
  ASSERT_EQ(jsonld.status, 200);
  EXPECT_EQ(contentType(jsonld), "application/ld+json");
  EXPECT_FALSE(parseJson(jsonld.body).is_null());
  const HttpResponse nt =
      client().get("/ledgers/people/sparql", {{"Accept", "application/n-triples"}});
  EXPECT_EQ(contentType(nt), "application/n-triples");
  // The query-only compatibility route describes no update language.
  const HttpResponse compat = client().get("/v1/fluree/query/people:main");
  ASSERT_EQ(compat.status, 200) << compat.body;
  EXPECT_NE(compat.body.find("SPARQL11Query"), std::string::npos);
  EXPECT_EQ(compat.body.find("SPARQL11Update"), std::string::npos);
  expectError(client().get("/ledgers/people/sparql", {{"Accept", "text/csv"}}), 406,
              "not_acceptable");
  expectError(client().get("/ledgers/nobody/sparql"), 404, "not_found");
}

}  // namespace
}  // namespace cairn::testing::e2e
