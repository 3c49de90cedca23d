// End-to-end: the write routes over a real socket — SPARQL 1.1 Update (/ledgers/{name}/update
// and /v1/fluree/update/{ledger}), Graph Store Protocol PUT / POST / DELETE on
// /ledgers/{name}/data, time travel with t= and as-of=, commits surviving a restart, many
// writers at once, and the write scope of bearer tokens. Every write is checked by reading the
// store back, and every refused one by checking that t and the data did not move.

#include <set>
#include <thread>

#include "tests/support/rdf_test_io.h"
#include "tests/unit/server/e2e/e2e_fixture.h"

namespace cairn::testing::e2e {
namespace writes_test {

using namespace std::chrono_literals;

const std::string kPre(kPrefix);
constexpr std::string_view kUpdateType = "application/sparql-update";
constexpr std::string_view kFormType = "application/x-www-form-urlencoded";

std::string graphParameter(std::string_view iri) {
  return formEncode({{"graph", std::string(iri)}});
}

std::string exIri(std::string_view local) { return std::string(kEx) + std::string(local); }

class E2eWrites : public E2eTest {
 protected:
  // POSTs `text` as application/sparql-update; `parameters` go in the query string.
  HttpResponse update(const std::string& text, const HttpHeaders& parameters = {},
                      const std::string& ledger = "people", const HttpHeaders& headers = {}) {
    std::string target = "/ledgers/" + ledger + "/update";
    if (!parameters.empty()) target += "?" + formEncode(parameters);
    return client().post(target, text, std::string(kUpdateType), headers);
  }

  // An update that must succeed with 200: its {"t", "inserted", "deleted", "time"} answer.
  nlohmann::json commit(const std::string& text, const HttpHeaders& parameters = {}) {
    const HttpResponse r = update(text, parameters);
    EXPECT_EQ(r.status, 200) << text << "\n" << r.body;
    EXPECT_TRUE(r.header("content-type") != nullptr &&
                r.header("content-type")->starts_with("application/json"));
    return parseJson(r.body);
  }

  // A Graph Store write: `graph` is "?default" or an IRI.
  HttpResponse graphStore(const std::string& method, std::string_view graph,
                          const std::optional<std::string>& body = std::nullopt,
                          const std::string& contentType = "application/n-triples",
                          const HttpHeaders& headers = {}) {
    HttpHeaders all = headers;
    if (body) all.emplace_back("Content-Type", contentType);
    return client().send(method, dataTarget(graph), body, all);
  }

  static std::string dataTarget(std::string_view graph, const std::string& extra = "") {
    std::string target = "/ledgers/people/data?";
    target += graph == "?default" ? "default" : graphParameter(graph);
    if (!extra.empty()) target += "&" + extra;
    return target;
  }

  // A graph's content read back with GET /data as N-Triples lines; `extra` adds parameters.
  // nullopt when the answer is not 200 (a graph without triples is a 404).
  std::optional<std::set<std::string>> graphContent(std::string_view graph,
                                                    const std::string& extra = "") {
    const HttpResponse r =
        client().get(dataTarget(graph, extra), {{"Accept", "application/n-triples"}});
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

  std::vector<Row> select(const std::string& query, const HttpHeaders& parameters = {}) {
    const HttpResponse r = sparqlGet("people", kPre + query, parameters);
    EXPECT_EQ(r.status, 200) << query << "\n" << r.body;
    return jsonRows(r.body);
  }

  bool ask(const std::string& query, const HttpHeaders& parameters = {}) {
    const HttpResponse r = sparqlGet("people", kPre + query, parameters);
    EXPECT_EQ(r.status, 200) << query << "\n" << r.body;
    const nlohmann::json j = parseJson(r.body);
    EXPECT_TRUE(j.is_object() && j.contains("boolean")) << r.body;
    return j.is_object() && j.value("boolean", false);
  }

  nlohmann::json ledgerInfo(const std::string& ledger = "people") {
    const HttpResponse r = client().get("/ledgers/" + ledger);
    EXPECT_EQ(r.status, 200) << r.body;
    return parseJson(r.body);
  }
  uint64_t ledgerT() { return ledgerInfo().value("t", uint64_t{0}); }

  // Everything in the people ledger, as N-Quads-ish rows: for "nothing changed" checks.
  std::vector<Row> everything() {
    return select(
        "SELECT ?g ?s ?p ?o WHERE { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } } "
        "ORDER BY ?g ?s ?p ?o");
  }
};

std::string triple(std::string_view s, std::string_view p, std::string_view o) {
  return "<" + exIri(s) + "> <" + exIri(p) + "> " + std::string(o) + " .";
}

// --- SPARQL Update -----------------------------------------------------------------------------

TEST_F(E2eWrites, InsertDataIsVisibleAtOnceAndAdvancesT) {
  nlohmann::json info = ledgerInfo();
  EXPECT_EQ(info["t"], 1);
  EXPECT_EQ(info["indexedT"], 1);
  EXPECT_EQ(info["quads"], 8);
  EXPECT_EQ(info["noveltyFlakes"], 0);

  const nlohmann::json answer =
      commit(kPre + "INSERT DATA { ex:erin ex:name \"Erin\" ; ex:age 41 }");
  EXPECT_EQ(answer["t"], 2) << answer;
  EXPECT_EQ(answer["inserted"], 2) << answer;
  EXPECT_EQ(answer["deleted"], 0) << answer;
  ASSERT_TRUE(answer.contains("time") && answer["time"].is_string()) << answer;
  // ISO-8601 UTC with milliseconds, as commit records keep it.
  EXPECT_EQ(answer["time"].get<std::string>().size(), 24u) << answer;
  EXPECT_TRUE(answer["time"].get<std::string>().ends_with("Z")) << answer;
  for (const auto& [key, value] : answer.items()) {
    EXPECT_TRUE(key == "t" || key == "inserted" || key == "deleted" || key == "time") << key;
  }

  EXPECT_EQ(select("SELECT ?age WHERE { ex:erin ex:name \"Erin\" ; ex:age ?age }"),
            (std::vector<Row>{{{"age", "41"}}}));
  info = ledgerInfo();
  EXPECT_EQ(info["t"], 2);
  EXPECT_EQ(info["indexedT"], 1);  // the commit lives in the novelty until the next index
  EXPECT_EQ(info["quads"], 10);
  EXPECT_GT(info["noveltyFlakes"], 0);

  // The next commit is t + 1.
  EXPECT_EQ(commit(kPre + "INSERT DATA { ex:erin ex:knows ex:alice }")["t"], 3);

  // Inserting what is there changes nothing: no commit, the same t, zero counts.
  const nlohmann::json noop = commit(kPre + "INSERT DATA { ex:erin ex:name \"Erin\" }");
  EXPECT_EQ(noop["t"], 3) << noop;
  EXPECT_EQ(noop["inserted"], 0) << noop;
  EXPECT_EQ(noop["deleted"], 0) << noop;
  const nlohmann::json noDelete = commit(kPre + "DELETE DATA { ex:erin ex:name \"Nobody\" }");
  EXPECT_EQ(noDelete["t"], 3) << noDelete;
  EXPECT_EQ(noDelete["deleted"], 0) << noDelete;
  EXPECT_EQ(ledgerT(), 3u);
  EXPECT_EQ(ledgerInfo()["quads"], 11);
}

// The server keeps a query's plan per snapshot: a commit makes the same text plan anew, so a
// constant the store did not know before (planned as "no match") is found after it.
TEST_F(E2eWrites, AKeptPlanNeverAnswersForALaterCommit) {
  const std::string query = "SELECT ?n WHERE { ex:zed ex:name ?n }";
  EXPECT_TRUE(select(query).empty());  // a text seen once: planned, not kept
  EXPECT_TRUE(select(query).empty());  // seen before: planned and kept
  const double hits = metric("cairn_query_plan_cache_hits_total").value_or(-1);
  EXPECT_TRUE(select(query).empty());
  EXPECT_EQ(metric("cairn_query_plan_cache_hits_total"), hits + 1);
  EXPECT_TRUE(select(query).empty());
  commit(kPre + "INSERT DATA { ex:zed ex:name \"Zed\" }");
  EXPECT_EQ(select(query), (std::vector<Row>{{{"n", "Zed"}}}));
  commit(kPre + "DELETE DATA { ex:zed ex:name \"Zed\" }");
  EXPECT_TRUE(select(query).empty());
  // Time travel to t=2 (after the insert) plans for that t.
  EXPECT_EQ(select(query, {{"t", "2"}}), (std::vector<Row>{{{"n", "Zed"}}}));
  EXPECT_TRUE(select(query).empty());
}

TEST_F(E2eWrites, DeleteDataRemovesAndCountsWhatWasThere) {
  const nlohmann::json answer =
      commit(kPre +
             "DELETE DATA { ex:bob ex:age 25 . ex:bob ex:age 99 . GRAPH ex:g1 { ex:carol "
             "ex:name \"Carol\" } }");
  EXPECT_EQ(answer["t"], 2) << answer;
  EXPECT_EQ(answer["deleted"], 2) << answer;  // ex:age 99 was never there
  EXPECT_TRUE(select("SELECT ?a WHERE { ex:bob ex:age ?a }").empty());
  // g1 had only that triple: the graph is gone (see ReadingAGraphWithoutTriplesIs404).
  EXPECT_FALSE(ask("ASK { GRAPH ex:g1 { ?s ?p ?o } }"));
  EXPECT_EQ(select("SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }"),
            (std::vector<Row>{{{"g", exIri("g2")}}}));
}

TEST_F(E2eWrites, DeleteInsertWhere) {
  const nlohmann::json answer =
      commit(kPre +
             "DELETE { ?p ex:age ?a } INSERT { ?p ex:age ?b } WHERE { ?p ex:age ?a BIND(?a + 1 "
             "AS ?b) }");
  EXPECT_EQ(answer["t"], 2) << answer;
  EXPECT_EQ(answer["inserted"], 2) << answer;
  EXPECT_EQ(answer["deleted"], 2) << answer;
  EXPECT_EQ(
      select("SELECT ?p ?a WHERE { ?p ex:age ?a } ORDER BY ?p"),
      (std::vector<Row>{{{"p", exIri("alice")}, {"a", "31"}}, {{"p", exIri("bob")}, {"a", "26"}}}));

  // A template blank node is a new node per solution.
  const nlohmann::json tagged =
      commit(kPre + "INSERT { ?p ex:tag [ ex:of ?p ] } WHERE { ?p ex:age ?a }");
  EXPECT_EQ(tagged["inserted"], 4) << tagged;
  EXPECT_EQ(select("SELECT (COUNT(DISTINCT ?t) AS ?n) WHERE { ?p ex:tag ?t . ?t ex:of ?p }"),
            (std::vector<Row>{{{"n", "2"}}}));
}

TEST_F(E2eWrites, DeleteWhere) {
  const nlohmann::json answer = commit(kPre + "DELETE WHERE { ex:bob ?p ?o }");
  EXPECT_EQ(answer["t"], 2) << answer;
  EXPECT_EQ(answer["deleted"], 2) << answer;
  EXPECT_EQ(answer["inserted"], 0) << answer;
  EXPECT_TRUE(select("SELECT ?p WHERE { ex:bob ?p ?o }").empty());
  // Only bob as a subject: alice still knows him.
  EXPECT_EQ(select("SELECT ?x WHERE { ex:alice ex:knows ?x }"),
            (std::vector<Row>{{{"x", exIri("bob")}}}));
  // A DELETE WHERE that matches nothing commits nothing.
  EXPECT_EQ(commit(kPre + "DELETE WHERE { ex:bob ?p ?o }")["t"], 2);
}

TEST_F(E2eWrites, WithNamesTheGraphOfTemplatesAndWhere) {
  const nlohmann::json answer =
      commit(kPre +
             "WITH ex:g1 DELETE { ?s ex:name ?n } INSERT { ?s ex:name \"Caroline\" } WHERE { ?s "
             "ex:name ?n }");
  EXPECT_EQ(answer["deleted"], 1) << answer;
  EXPECT_EQ(answer["inserted"], 1) << answer;
  EXPECT_EQ(graphContent(exIri("g1")),
            (std::set<std::string>{triple("carol", "name", "\"Caroline\"")}));
  // The default graph and g2 did not take part.
  EXPECT_EQ(select("SELECT ?n WHERE { ?s ex:name ?n } ORDER BY ?n"),
            (std::vector<Row>{{{"n", "Alice"}}, {{"n", "Bob"}}}));
  EXPECT_EQ(graphContent(exIri("g2")), (std::set<std::string>{triple("dave", "name", "\"Dave\"")}));
}

TEST_F(E2eWrites, UsingGraphUriNamesTheWhereClausesDefaultGraph) {
  // Without using-graph-uri the WHERE clause would read the store's default graph (Alice, Bob).
  const std::string copy = kPre + "INSERT { GRAPH ex:copy { ?s ?p ?o } } WHERE { ?s ?p ?o }";
  const nlohmann::json answer = commit(copy, {{"using-graph-uri", exIri("g1")}});
  EXPECT_EQ(answer["inserted"], 1) << answer;
  EXPECT_EQ(graphContent(exIri("copy")),
            (std::set<std::string>{triple("carol", "name", "\"Carol\"")}));

  // Two of them: their merge.
  commit(copy, {{"using-graph-uri", exIri("g1")}, {"using-graph-uri", exIri("g2")}});
  EXPECT_EQ(graphContent(exIri("copy")),
            (std::set<std::string>{triple("carol", "name", "\"Carol\""),
                                   triple("dave", "name", "\"Dave\"")}));

  // using-named-graph-uri: only g2 is visible through GRAPH ?g.
  commit(kPre + "INSERT { ?s ex:from ?g } WHERE { GRAPH ?g { ?s ?p ?o } }",
         {{"using-named-graph-uri", exIri("g2")}});
  EXPECT_EQ(select("SELECT ?s ?g WHERE { ?s ex:from ?g }"),
            (std::vector<Row>{{{"s", exIri("dave")}, {"g", exIri("g2")}}}));
}

TEST_F(E2eWrites, UsingGraphUriWithUsingOrWithInTheTextIs400) {
  const std::vector<Row> before = everything();
  for (const std::string& text :
       {kPre + "INSERT { ?s ex:seen true } USING ex:g1 WHERE { ?s ?p ?o }",
        kPre + "INSERT { ?s ex:seen true } USING NAMED ex:g1 WHERE { GRAPH ?g { ?s ?p ?o } }",
        kPre + "WITH ex:g1 INSERT { ?s ex:seen true } WHERE { ?s ?p ?o }"}) {
    SCOPED_TRACE(text);
    expectError(update(text, {{"using-graph-uri", exIri("g2")}}), 400, "invalid_parameter");
    expectError(update(text, {{"using-named-graph-uri", exIri("g2")}}), 400, "invalid_parameter");
  }
  // Not an absolute IRI.
  expectError(update(kPre + "INSERT DATA { ex:a ex:b ex:c }", {{"using-graph-uri", "g1"}}), 400,
              "invalid_parameter");
  EXPECT_EQ(ledgerT(), 1u);
  EXPECT_EQ(everything(), before);
}

TEST_F(E2eWrites, FormEncodedUpdate) {
  const HttpResponse r =
      client().post("/ledgers/people/update",
                    formEncode({{"update", kPre + "INSERT DATA { ex:frank ex:name \"Frank\" }"}}),
                    std::string(kFormType));
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(parseJson(r.body)["t"], 2);
  EXPECT_EQ(select("SELECT ?n WHERE { ex:frank ex:name ?n }"),
            (std::vector<Row>{{{"n", "Frank"}}}));

  // using-graph-uri in the form too.
  const HttpResponse copy = client().post(
      "/ledgers/people/update",
      formEncode({{"update", kPre + "INSERT { GRAPH ex:copy { ?s ?p ?o } } WHERE { ?s ?p ?o }"},
                  {"using-graph-uri", exIri("g2")}}),
      std::string(kFormType));
  ASSERT_EQ(copy.status, 200) << copy.body;
  EXPECT_EQ(graphContent(exIri("copy")),
            (std::set<std::string>{triple("dave", "name", "\"Dave\"")}));
}

TEST_F(E2eWrites, ProtocolErrors) {
  const std::vector<Row> before = everything();
  // No update= in the form.
  expectError(client().post("/ledgers/people/update", formEncode({{"query", "ASK {}"}}),
                            std::string(kFormType)),
              400, "missing_update");
  expectError(client().post("/ledgers/people/update", "", std::string(kFormType)), 400,
              "missing_update");
  // Two of them.
  expectError(client().post("/ledgers/people/update",
                            formEncode({{"update", "CLEAR ALL"}, {"update", "CLEAR ALL"}}),
                            std::string(kFormType)),
              400, "multiple_updates");

  // Only POST.
  for (const std::string method : {"GET", "PUT", "DELETE"}) {
    SCOPED_TRACE(method);
    const HttpResponse r = client().send(method, "/ledgers/people/update", std::nullopt);
    expectError(r, 405, "method_not_allowed");
    ASSERT_NE(r.header("allow"), nullptr);
    EXPECT_EQ(*r.header("allow"), "POST");
  }

  // Neither application/sparql-update nor a form.
  expectError(client().post("/ledgers/people/update", "CLEAR ALL", "text/plain"), 415,
              "unsupported_media_type");
  expectError(client().post("/ledgers/people/update", "CLEAR ALL", "application/sparql-query"), 415,
              "unsupported_media_type");
  // No Content-Type at all (an empty value stops curl adding its form type).
  expectError(client().send("POST", "/ledgers/people/update", std::string("CLEAR ALL"),
                            {{"Content-Type", ""}}),
              415, "unsupported_media_type");

  // An unknown ledger.
  expectError(update("CLEAR ALL", {}, "nobody"), 404, "not_found");

  EXPECT_EQ(ledgerT(), 1u);
  EXPECT_EQ(everything(), before);
}

TEST_F(E2eWrites, SyntaxErrorHasLineAndColumn) {
  const nlohmann::json body = expectError(
      update(kPre + "\nINSERT DATA {\n  ex:a ex:b ex:c .\n  ex:a ex:b }\n"), 400, "syntax_error");
  EXPECT_EQ(body.value("line", 0), 4) << body;
  EXPECT_GT(body.value("column", 0), 0) << body;
  // Variables are not allowed in INSERT DATA.
  expectError(update(kPre + "INSERT DATA { ?s ex:b ex:c }"), 400, "syntax_error");
  EXPECT_EQ(ledgerT(), 1u);
}

TEST_F(E2eWrites, AFailingOperationAppliesNothing) {
  const std::vector<Row> before = everything();
  const std::string text = kPre +
                           "INSERT DATA { ex:x ex:p 1 } ;\n"
                           "DELETE WHERE { ex:alice ?p ?o } ;\n"
                           "CLEAR GRAPH ex:g1 ;\n"
                           "CLEAR GRAPH <http://example.org/missing>";
  const nlohmann::json body = expectError(update(text), 404, "not_found");
  EXPECT_NE(body["message"].get<std::string>().find("http://example.org/missing"),
            std::string::npos)
      << body;
  EXPECT_EQ(ledgerT(), 1u);
  EXPECT_EQ(everything(), before);
  EXPECT_EQ(ledgerInfo()["noveltyFlakes"], 0);

  // The same request with SILENT applies every operation as one commit.
  const nlohmann::json answer = commit(kPre +
                                       "INSERT DATA { ex:x ex:p 1 } ;\n"
                                       "DELETE WHERE { ex:alice ?p ?o } ;\n"
                                       "CLEAR GRAPH ex:g1 ;\n"
                                       "CLEAR SILENT GRAPH <http://example.org/missing>");
  EXPECT_EQ(answer["t"], 2) << answer;
  EXPECT_EQ(answer["inserted"], 1) << answer;
  EXPECT_EQ(answer["deleted"], 5) << answer;  // alice's 4 and carol's 1
  EXPECT_EQ(ledgerInfo()["quads"], 4);

  // A later operation sees what an earlier one did.
  const nlohmann::json chained =
      commit(kPre +
             "INSERT DATA { ex:y ex:p 2 } ; DELETE { ?s ex:p ?v } INSERT { ?s ex:q ?v } WHERE "
             "{ ?s ex:p ?v }");
  EXPECT_EQ(chained["t"], 3) << chained;
  EXPECT_EQ(select("SELECT ?s ?v WHERE { ?s ex:q ?v } ORDER BY ?v"),
            (std::vector<Row>{{{"s", exIri("x")}, {"v", "1"}}, {{"s", exIri("y")}, {"v", "2"}}}));
  EXPECT_TRUE(select("SELECT ?s WHERE { ?s ex:p ?v }").empty());
}

TEST_F(E2eWrites, LoadIsUnsupported) {
  expectError(update("LOAD <http://example.org/data.ttl>"), 501, "unsupported");
  expectError(update("INSERT DATA { <http://a> <http://b> <http://c> } ; LOAD "
                     "<http://example.org/data.ttl> INTO GRAPH <http://example.org/g>"),
              501, "unsupported");
  EXPECT_EQ(ledgerT(), 1u);
  EXPECT_FALSE(ask("ASK { <http://a> ?p ?o }"));

  const nlohmann::json silent = commit("LOAD SILENT <http://example.org/data.ttl>");
  EXPECT_EQ(silent["t"], 1) << silent;
  EXPECT_EQ(silent["inserted"], 0) << silent;
  EXPECT_EQ(silent["deleted"], 0) << silent;
  EXPECT_EQ(ledgerT(), 1u);
}

TEST_F(E2eWrites, FlureeCompatibilityRoute) {
  for (const std::string ledger : {"people:main", "people"}) {
    SCOPED_TRACE(ledger);
    const std::string text = kPre + "INSERT DATA { ex:via ex:route \"" + ledger + "\" }";
    const HttpResponse r =
        client().post("/v1/fluree/update/" + ledger, text, std::string(kUpdateType));
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(parseJson(r.body)["inserted"], 1) << r.body;
    const HttpResponse form = client().post(
        "/v1/fluree/update/" + ledger,
        formEncode({{"update", kPre + "INSERT DATA { ex:via ex:form \"" + ledger + "\" }"}}),
        std::string(kFormType));
    ASSERT_EQ(form.status, 200) << form.body;
  }
  EXPECT_EQ(select("SELECT ?r WHERE { ex:via ex:route ?r } ORDER BY ?r"),
            (std::vector<Row>{{{"r", "people"}}, {{"r", "people:main"}}}));
  EXPECT_EQ(ledgerT(), 5u);
  // Read back through the compatibility query route too.
  const HttpResponse q = client().post("/v1/fluree/query/people:main",
                                       kPre + "SELECT (COUNT(*) AS ?n) WHERE { ex:via ?p ?o }",
                                       "application/sparql-query");
  EXPECT_EQ(jsonRows(q.body), (std::vector<Row>{{{"n", "4"}}}));

  expectError(client().post("/v1/fluree/update/nope:main", "CLEAR ALL", std::string(kUpdateType)),
              404, "not_found");
  const HttpResponse get = client().get("/v1/fluree/update/people:main");
  expectError(get, 405, "method_not_allowed");
  ASSERT_NE(get.header("allow"), nullptr);
  EXPECT_EQ(*get.header("allow"), "POST");
}

// --- Graph Store Protocol ----------------------------------------------------------------------

TEST_F(E2eWrites, PutCreatesThenReplacesAGraph) {
  const std::string g = exIri("new");
  const std::string first =
      triple("a", "p", "\"one\"") + "\n" + triple("a", "p", "<http://example.org/b>") + "\n";
  HttpResponse r = graphStore("PUT", g, first);
  ASSERT_EQ(r.status, 201) << r.body;
  nlohmann::json answer = parseJson(r.body);
  EXPECT_EQ(answer["t"], 2) << answer;
  EXPECT_EQ(answer["inserted"], 2) << answer;
  EXPECT_EQ(answer["deleted"], 0) << answer;
  EXPECT_TRUE(answer.contains("time")) << answer;
  EXPECT_EQ(graphContent(g), (std::set<std::string>{triple("a", "p", "\"one\""),
                                                    triple("a", "p", "<http://example.org/b>")}));

  // PUT again: the graph exists (200) and is replaced, not merged.
  r = graphStore("PUT", g, "@prefix ex: <http://example.org/> .\nex:z ex:q 7 .\n", "text/turtle");
  ASSERT_EQ(r.status, 200) << r.body;
  answer = parseJson(r.body);
  EXPECT_EQ(answer["t"], 3) << answer;
  EXPECT_EQ(answer["inserted"], 1) << answer;
  EXPECT_EQ(answer["deleted"], 2) << answer;
  EXPECT_EQ(graphContent(g), (std::set<std::string>{triple(
                                 "z", "q", "\"7\"^^<http://www.w3.org/2001/XMLSchema#integer>")}));

  // The other graphs did not move.
  EXPECT_EQ(graphContent(exIri("g1")),
            (std::set<std::string>{triple("carol", "name", "\"Carol\"")}));
  EXPECT_EQ(graphContent("?default")->size(), 6u);
  EXPECT_EQ(ledgerInfo()["quads"], 9);
}

TEST_F(E2eWrites, PostMergesIntoAGraph) {
  const std::string g1 = exIri("g1");
  HttpResponse r = graphStore("POST", g1,
                              "@prefix ex: <http://example.org/> .\n"
                              "ex:carol ex:name \"Carol\" ; ex:age 40 .\n",
                              "text/turtle");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(parseJson(r.body)["inserted"], 1) << r.body;  // the name was there
  EXPECT_EQ(graphContent(g1),
            (std::set<std::string>{
                triple("carol", "name", "\"Carol\""),
                triple("carol", "age", "\"40\"^^<http://www.w3.org/2001/XMLSchema#integer>")}));

  // POST to a graph that does not exist creates it.
  r = graphStore("POST", exIri("fresh"), triple("f", "p", "\"x\"") + "\n");
  ASSERT_EQ(r.status, 201) << r.body;
  EXPECT_EQ(graphContent(exIri("fresh")), (std::set<std::string>{triple("f", "p", "\"x\"")}));
  EXPECT_EQ(ledgerT(), 3u);
}

TEST_F(E2eWrites, DeleteDropsAGraph) {
  HttpResponse r = graphStore("DELETE", exIri("g1"));
  ASSERT_EQ(r.status, 200) << r.body;
  const nlohmann::json answer = parseJson(r.body);
  EXPECT_EQ(answer["t"], 2) << answer;
  EXPECT_EQ(answer["deleted"], 1) << answer;
  // A graph without triples does not exist.
  expectError(graphStore("DELETE", exIri("g1")), 404, "not_found");
  expectError(graphStore("DELETE", exIri("never")), 404, "not_found");
  EXPECT_EQ(ledgerT(), 2u);
  EXPECT_EQ(graphContent(exIri("g2")), (std::set<std::string>{triple("dave", "name", "\"Dave\"")}));
  EXPECT_EQ(graphContent("?default")->size(), 6u);
}

// GET /data of a named graph whose triples were all deleted answers 404, as for a graph that
// never existed: Cairn keeps no empty graphs (the update executor, DELETE /data and
// GET /ledgers/{name} agree on that).
TEST_F(E2eWrites, ReadingAGraphWithoutTriplesIs404) {
  ASSERT_EQ(graphStore("DELETE", exIri("g1")).status, 200);
  expectError(client().get(dataTarget(exIri("g1"))), 404, "graph_not_found");
  commit(kPre + "DELETE DATA { GRAPH ex:g2 { ex:dave ex:name \"Dave\" } }");
  expectError(client().get(dataTarget(exIri("g2"))), 404, "graph_not_found");
  const nlohmann::json info = ledgerInfo();  // the loop must not range over a temporary's member
  for (const auto& graph : info["graphs"]) EXPECT_EQ(graph["graph"], "") << graph;
}

TEST_F(E2eWrites, DefaultGraph) {
  HttpResponse r = graphStore("PUT", "?default", triple("d", "p", "\"1\"") + "\n");
  ASSERT_EQ(r.status, 200) << r.body;  // the default graph always exists: never 201
  nlohmann::json answer = parseJson(r.body);
  EXPECT_EQ(answer["inserted"], 1) << answer;
  EXPECT_EQ(answer["deleted"], 6) << answer;
  EXPECT_EQ(graphContent("?default"), (std::set<std::string>{triple("d", "p", "\"1\"")}));

  r = graphStore("POST", "?default", "@prefix ex: <http://example.org/> .\nex:d ex:p \"2\" .\n",
                 "text/turtle");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(graphContent("?default"),
            (std::set<std::string>{triple("d", "p", "\"1\""), triple("d", "p", "\"2\"")}));

  r = graphStore("DELETE", "?default");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(parseJson(r.body)["deleted"], 2) << r.body;
  EXPECT_EQ(graphContent("?default"), std::set<std::string>{});
  EXPECT_EQ(ledgerT(), 4u);
  // The named graphs were never part of it.
  EXPECT_EQ(graphContent(exIri("g1")),
            (std::set<std::string>{triple("carol", "name", "\"Carol\"")}));
  EXPECT_EQ(graphContent(exIri("g2")), (std::set<std::string>{triple("dave", "name", "\"Dave\"")}));
}

TEST_F(E2eWrites, BodyFormats) {
  struct Case {
    std::string contentType, body;
  };
  const std::vector<Case> cases = {
      {"application/n-triples", triple("s", "p", "\"nt\"") + "\n"},
      {"text/turtle; charset=utf-8", "@prefix ex: <http://example.org/> .\nex:s ex:p \"ttl\" .\n"},
      // Triples of the body's default graph go to the target graph.
      {"application/trig", "@prefix ex: <http://example.org/> .\n{ ex:s ex:p \"trig\" . }\n"},
      {"application/n-quads", triple("s", "p", "\"nq\"") + "\n"},
  };
  const std::string g = exIri("formats");
  std::set<std::string> expected;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.contentType);
    const HttpResponse r = graphStore("PUT", g, c.body, c.contentType);
    EXPECT_TRUE(r.status == 200 || r.status == 201) << r.status << " " << r.body;
    const std::string literal =
        c.body.substr(c.body.find('"'), c.body.rfind('"') - c.body.find('"') + 1);
    EXPECT_EQ(graphContent(g), (std::set<std::string>{triple("s", "p", literal)}));
    const HttpResponse post = graphStore("POST", exIri("merged"), c.body, c.contentType);
    EXPECT_TRUE(post.status == 200 || post.status == 201) << post.status << " " << post.body;
    expected.insert(triple("s", "p", literal));
  }
  EXPECT_EQ(graphContent(exIri("merged")), expected);
}

TEST_F(E2eWrites, BadBodiesChangeNothing) {
  const std::vector<Row> before = everything();
  const std::string g1 = exIri("g1");
  // N-Triples: the line-based parser.
  nlohmann::json body = expectError(
      graphStore("PUT", g1, triple("a", "p", "\"ok\"") + "\n<http://a> <http://b> \"open .\n"), 400,
      "syntax_error");
  EXPECT_EQ(body.value("line", 0), 2) << body;
  EXPECT_GT(body.value("column", 0), 0) << body;
  // Turtle: serd.
  body = expectError(graphStore("POST", g1,
                                "@prefix ex: <http://example.org/> .\nex:a ex:p ex:b .\n"
                                "ex:a ex:p \"unterminated .\n",
                                "text/turtle"),
                     400, "syntax_error");
  EXPECT_EQ(body.value("line", 0), 3) << body;
  EXPECT_GT(body.value("column", 0), 0) << body;
  body =
      expectError(graphStore("PUT", "?default", "<http://a> <http://b> .\n"), 400, "syntax_error");
  EXPECT_EQ(body.value("line", 0), 1) << body;
  // A blank node cannot name a graph.
  expectError(
      graphStore("POST", g1, "_:g { <http://a> <http://b> <http://c> . }\n", "application/trig"),
      400, "invalid_rdf");

  // Media types.
  expectError(graphStore("PUT", g1, "{}", "application/json"), 415, "unsupported_media_type");
  expectError(graphStore("POST", g1, "<http://a> <http://b> <http://c> .", "application/rdf+xml"),
              415, "unsupported_media_type");
  expectError(
      client().send("PUT", dataTarget(g1), std::string("<http://a> <http://b> <http://c> ."),
                    {{"Content-Type", ""}}),
      415, "unsupported_media_type");

  // Naming the graph: exactly one of graph= and default, and an absolute IRI.
  const std::string nt = "<http://a> <http://b> <http://c> .\n";
  const HttpHeaders ntType = {{"Content-Type", "application/n-triples"}};
  expectError(client().send("PUT", "/ledgers/people/data", nt, ntType), 400, "invalid_parameter");
  expectError(
      client().send("PUT", "/ledgers/people/data?default&" + graphParameter(g1), nt, ntType), 400,
      "invalid_parameter");
  expectError(client().send("POST", "/ledgers/people/data?graph=g1", nt, ntType), 400,
              "invalid_parameter");
  expectError(client().send("DELETE", "/ledgers/people/data", std::nullopt), 400,
              "invalid_parameter");
  expectError(client().send("PUT", "/ledgers/nobody/data?default", nt, ntType), 404, "not_found");
  const HttpResponse patch = client().send("PATCH", dataTarget(g1), nt, ntType);
  expectError(patch, 405, "method_not_allowed");
  ASSERT_NE(patch.header("allow"), nullptr);
  EXPECT_EQ(*patch.header("allow"), "GET, PUT, POST, DELETE");

  EXPECT_EQ(ledgerT(), 1u);
  EXPECT_EQ(everything(), before);
}

TEST_F(E2eWrites, BlankNodesInABodyAreNewNodes) {
  const std::string g = exIri("blank");
  const std::string body =
      "@prefix ex: <http://example.org/> .\n_:x ex:p \"one\" ; ex:q \"two\" .\n";
  const std::string nodes = "SELECT ?x WHERE { GRAPH ex:blank { ?x ex:p \"one\" ; ex:q \"two\" } }";

  ASSERT_EQ(graphStore("PUT", g, body, "text/turtle").status, 201);
  const std::vector<Row> first = select(nodes);
  ASSERT_EQ(first.size(), 1u);  // one label in a body is one node
  ASSERT_EQ(graphStore("PUT", g, body, "text/turtle").status, 200);
  const std::vector<Row> second = select(nodes);
  ASSERT_EQ(second.size(), 1u);
  // The same body, a new node: the second PUT replaced the graph with a different node.
  EXPECT_NE(first[0].at("x"), second[0].at("x"));
  EXPECT_EQ(ledgerT(), 3u);
  EXPECT_EQ(select(nodes, {{"t", "2"}}), first);

  // POSTing it again adds a third node next to the second.
  ASSERT_EQ(graphStore("POST", g, body, "text/turtle").status, 200);
  const std::vector<Row> both = select(nodes + " ORDER BY ?x");
  ASSERT_EQ(both.size(), 2u);
  EXPECT_NE(both[0].at("x"), both[1].at("x"));
  EXPECT_TRUE(both[0] == second[0] || both[1] == second[0]);
  EXPECT_NE(both[0], first[0]);
  EXPECT_NE(both[1], first[0]);

  // INSERT DATA's blank nodes are new nodes too.
  commit(kPre + "INSERT DATA { GRAPH ex:blank { _:x ex:p \"one\" ; ex:q \"two\" } }");
  EXPECT_EQ(select(nodes).size(), 3u);
}

TEST_F(E2eWrites, BlankNodeLabelsNeverReachExistingNodes) {
  ASSERT_EQ(graphStore("PUT", exIri("blank"), "_:x <http://example.org/p> \"old\" .\n").status,
            201);
  const std::vector<Row> old = select("SELECT ?x WHERE { GRAPH ex:blank { ?x ex:p \"old\" } }");
  ASSERT_EQ(old.size(), 1u);
  // The label the store reports for its node, written back in a body or in INSERT DATA, is a
  // label of that request: a new node.
  const std::string label = "_:" + old[0].at("x");
  ASSERT_EQ(
      graphStore("POST", exIri("blank"), label + " <http://example.org/p> \"new\" .\n").status,
      200);
  commit(kPre + "INSERT DATA { GRAPH ex:blank { " + label + " ex:p \"data\" } }");
  EXPECT_EQ(select("SELECT ?x WHERE { GRAPH ex:blank { ?x ex:p \"old\", \"new\" } }"),
            std::vector<Row>{});
  EXPECT_EQ(select("SELECT ?x WHERE { GRAPH ex:blank { ?x ex:p \"old\", \"data\" } }"),
            std::vector<Row>{});
  EXPECT_EQ(select("SELECT (COUNT(DISTINCT ?x) AS ?n) WHERE { GRAPH ex:blank { ?x ex:p ?v } }"),
            (std::vector<Row>{{{"n", "3"}}}));
}

TEST_F(E2eWrites, TemplateBlankNodesAreNewInEveryOperation) {
  // Each operation instantiates its templates on its own: _:n is a new node per solution of
  // each, and shares nothing with a label of INSERT DATA in the same request.
  const nlohmann::json answer = commit(kPre +
                                       "INSERT { ex:a ex:p _:n } WHERE {} ;\n"
                                       "INSERT { ex:b ex:p _:n } WHERE {} ;\n"
                                       "INSERT DATA { ex:c ex:p _:n.1 }");
  EXPECT_EQ(answer["inserted"], 3) << answer;
  EXPECT_EQ(select("SELECT (COUNT(DISTINCT ?n) AS ?c) WHERE { ?s ex:p ?n }"),
            (std::vector<Row>{{{"c", "3"}}}));
}

TEST_F(E2eWrites, BodiesWithoutTriplesForTheGraphCreateNothing) {
  // Nothing to put: no graph is created, so no 201.
  HttpResponse r = graphStore("PUT", exIri("empty"), "");
  EXPECT_EQ(r.status, 200) << r.body;
  r = graphStore("POST", exIri("empty"), "# only a comment\n");
  EXPECT_EQ(r.status, 200) << r.body;
  expectError(client().get(dataTarget(exIri("empty"))), 404, "graph_not_found");
  EXPECT_EQ(ledgerT(), 1u);
  // PUT of nothing over a graph empties it: the graph is gone.
  r = graphStore("PUT", exIri("g2"), "", "text/turtle");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(parseJson(r.body)["deleted"], 1) << r.body;
  EXPECT_FALSE(ask("ASK { GRAPH ex:g2 { ?s ?p ?o } }"));
  // The last line needs no newline.
  r = graphStore("PUT", exIri("g2"), triple("s", "p", "\"last\""));
  ASSERT_EQ(r.status, 201) << r.body;
  EXPECT_EQ(graphContent(exIri("g2")), (std::set<std::string>{triple("s", "p", "\"last\"")}));
}

// --- Time travel -------------------------------------------------------------------------------

TEST_F(E2eWrites, TimeTravel) {
  const std::string stepQuery = "SELECT ?v WHERE { ex:s ex:step ?v }";
  const std::string nextStep =
      "DELETE { ex:s ex:step ?v } INSERT { ex:s ex:step ?w } WHERE { ex:s ex:step ?v BIND(?v + "
      "1 AS ?w) }";
  // Commit times have millisecond resolution: a pause keeps each commit in its own.
  std::this_thread::sleep_for(5ms);
  std::vector<std::string> times;
  for (const std::string& text :
       std::vector<std::string>{"INSERT DATA { ex:s ex:step 1 }", nextStep, nextStep}) {
    const nlohmann::json answer = commit(kPre + text);
    ASSERT_EQ(answer["t"], times.size() + 2) << answer;
    times.push_back(answer["time"]);
    std::this_thread::sleep_for(5ms);
  }

  const std::vector<std::vector<Row>> states = {{}, {{{"v", "1"}}}, {{{"v", "2"}}}, {{{"v", "3"}}}};
  for (size_t t = 1; t <= 4; ++t) {
    SCOPED_TRACE("t=" + std::to_string(t));
    EXPECT_EQ(select(stepQuery, {{"t", std::to_string(t)}}), states[t - 1]);
  }
  EXPECT_EQ(select(stepQuery, {{"t", "1000"}}), states[3]);  // past the latest: the latest
  EXPECT_EQ(select(stepQuery), states[3]);
  for (size_t i = 0; i < times.size(); ++i) {
    SCOPED_TRACE("as-of=" + times[i]);
    EXPECT_EQ(select(stepQuery, {{"as-of", times[i]}}), states[i + 1]);
  }
  // Before the ledger existed: nothing at all.
  EXPECT_TRUE(select("SELECT ?s WHERE { ?s ?p ?o }", {{"as-of", "2000-01-01T00:00:00Z"}}).empty());
  EXPECT_TRUE(select("SELECT ?s WHERE { ?s ?p ?o }", {{"as-of", "2000-01-01"}}).empty());
  EXPECT_TRUE(select("SELECT ?s WHERE { ?s ?p ?o }", {{"t", "0"}}).empty());
  // Far in the future: the latest.
  EXPECT_EQ(select(stepQuery, {{"as-of", "2999-01-01T00:00:00Z"}}), states[3]);

  // In a form body too.
  const HttpResponse form =
      client().post("/ledgers/people/sparql", formEncode({{"query", kPre + stepQuery}, {"t", "2"}}),
                    std::string(kFormType));
  ASSERT_EQ(form.status, 200) << form.body;
  EXPECT_EQ(jsonRows(form.body), states[1]);

  // GET /data and /explain take them as well.
  const auto defaultAt2 = graphContent("?default", "t=2");
  ASSERT_TRUE(defaultAt2);
  EXPECT_EQ(defaultAt2->size(), 7u);
  EXPECT_TRUE(defaultAt2->contains(
      triple("s", "step", "\"1\"^^<http://www.w3.org/2001/XMLSchema#integer>")));
  EXPECT_EQ(graphContent("?default", "t=1")->size(), 6u);
  EXPECT_EQ(graphContent("?default", formEncode({{"as-of", times[2]}}))->size(), 7u);
  EXPECT_EQ(
      client()
          .get("/ledgers/people/explain?" + formEncode({{"query", kPre + stepQuery}, {"t", "2"}}))
          .status,
      200);
}

TEST_F(E2eWrites, TimeTravelParameterErrors) {
  const std::string query = "SELECT * WHERE { ?s ?p ?o }";
  for (const HttpHeaders& parameters :
       {HttpHeaders{{"t", "abc"}}, HttpHeaders{{"t", ""}}, HttpHeaders{{"t", "-1"}},
        HttpHeaders{{"t", "2x"}}, HttpHeaders{{"as-of", "yesterday"}},
        HttpHeaders{{"as-of", "2026-13-01T00:00:00Z"}},
        HttpHeaders{{"t", "1"}, {"as-of", "2026-01-01T00:00:00Z"}}}) {
    SCOPED_TRACE(formEncode(parameters));
    expectError(sparqlGet("people", query, parameters), 400, "invalid_parameter");
    HttpHeaders all{{"query", query}};
    all.insert(all.end(), parameters.begin(), parameters.end());
    expectError(client().get("/ledgers/people/explain?" + formEncode(all)), 400,
                "invalid_parameter");
    expectError(client().get("/ledgers/people/data?default&" + formEncode(parameters)), 400,
                "invalid_parameter");
  }
}

// --- Durability --------------------------------------------------------------------------------

TEST_F(E2eWrites, CommitsSurviveARestart) {
  std::this_thread::sleep_for(5ms);
  const nlohmann::json first = commit(kPre + "INSERT DATA { ex:kept ex:name \"Kept\" }");
  std::this_thread::sleep_for(5ms);
  commit(kPre + "DELETE DATA { ex:bob ex:age 25 }");
  ASSERT_EQ(graphStore("PUT", exIri("gs"), triple("x", "y", "\"z\"") + "\n").status, 201);
  const std::vector<Row> before = everything();
  ASSERT_EQ(ledgerT(), 4u);

  ASSERT_NO_FATAL_FAILURE(restartServer());
  EXPECT_EQ(ledgerT(), 4u);
  EXPECT_EQ(everything(), before);
  EXPECT_EQ(graphContent(exIri("gs")), (std::set<std::string>{triple("x", "y", "\"z\"")}));
  // The history came back with them: t= and as-of= still see the old states.
  EXPECT_EQ(select("SELECT ?a WHERE { ex:bob ex:age ?a }", {{"t", "2"}}),
            (std::vector<Row>{{{"a", "25"}}}));
  EXPECT_EQ(select("SELECT ?n WHERE { ex:kept ex:name ?n }", {{"t", "1"}}), std::vector<Row>{});
  EXPECT_EQ(select("SELECT ?n WHERE { ex:kept ex:name ?n }",
                   {{"as-of", first["time"].get<std::string>()}}),
            (std::vector<Row>{{{"n", "Kept"}}}));
  EXPECT_EQ(
      select("SELECT ?a WHERE { ex:bob ex:age ?a }", {{"as-of", first["time"].get<std::string>()}}),
      (std::vector<Row>{{{"a", "25"}}}));

  // The next commit continues from there, and survives another restart.
  EXPECT_EQ(commit(kPre + "INSERT DATA { ex:later ex:name \"Later\" }")["t"], 5);
  ASSERT_NO_FATAL_FAILURE(restartServer());
  EXPECT_EQ(ledgerT(), 5u);
  EXPECT_EQ(select("SELECT ?n WHERE { ex:later ex:name ?n }"),
            (std::vector<Row>{{{"n", "Later"}}}));
  // The initial ledgers were not loaded again over what was there.
  const nlohmann::json numbers = ledgerInfo("numbers");
  EXPECT_EQ(numbers["t"], 1);
  EXPECT_EQ(numbers["quads"], 200);
  EXPECT_EQ(ledgerInfo()["quads"], 10);
}

// --- Concurrency -------------------------------------------------------------------------------

TEST_F(E2eWrites, ConcurrentWritersEachGetTheirOwnT) {
  constexpr int kWriters = 16;
  constexpr int kCommitsEach = 20;
  struct Outcome {
    long status = 0;
    uint64_t t = 0;
    int64_t inserted = -1;
    std::string body;
  };
  std::vector<std::vector<Outcome>> outcomes(kWriters);
  std::vector<std::thread> writers;
  for (int w = 0; w < kWriters; ++w) {
    writers.emplace_back([this, w, &outcomes] {
      HttpClient writer(port());
      for (int i = 0; i < kCommitsEach; ++i) {
        const std::string text = kPre + "INSERT DATA { ex:w" + std::to_string(w) + "_" +
                                 std::to_string(i) + " ex:writer " + std::to_string(w) + " }";
        const HttpResponse r =
            writer.post("/ledgers/people/update", text, std::string(kUpdateType));
        Outcome outcome{r.status, 0, -1, r.body};
        const nlohmann::json j = nlohmann::json::parse(r.body, nullptr, /*allow_exceptions=*/false);
        if (j.is_object() && j["t"].is_number_unsigned()) outcome.t = j["t"].get<uint64_t>();
        if (j.is_object() && j["inserted"].is_number()) outcome.inserted = j["inserted"];
        outcomes[w].push_back(std::move(outcome));
      }
    });
  }
  for (std::thread& writer : writers) writer.join();

  std::set<uint64_t> ts;
  size_t answered = 0;
  for (const auto& perWriter : outcomes) {
    uint64_t previous = 0;
    for (const Outcome& outcome : perWriter) {
      ASSERT_EQ(outcome.status, 200) << outcome.body;
      EXPECT_EQ(outcome.inserted, 1) << outcome.body;
      EXPECT_TRUE(ts.insert(outcome.t).second) << "t " << outcome.t << " answered twice";
      // One writer's commits are in its order.
      EXPECT_GT(outcome.t, previous);
      previous = outcome.t;
      ++answered;
    }
  }
  constexpr uint64_t kTotal = kWriters * kCommitsEach;
  EXPECT_EQ(answered, kTotal);
  EXPECT_EQ(*ts.begin(), 2u);
  EXPECT_EQ(*ts.rbegin(), kTotal + 1);
  EXPECT_EQ(ledgerT(), kTotal + 1);
  EXPECT_EQ(select("SELECT (COUNT(*) AS ?n) WHERE { ?s ex:writer ?w }"),
            (std::vector<Row>{{{"n", std::to_string(kTotal)}}}));
  EXPECT_EQ(select("SELECT (COUNT(*) AS ?n) WHERE { ?s ex:writer 7 }"),
            (std::vector<Row>{{{"n", std::to_string(kCommitsEach)}}}));
  EXPECT_EQ(ledgerInfo()["quads"], 8 + kTotal);
}

// --- Tokens ------------------------------------------------------------------------------------

class E2eWritesTokens : public E2eWrites {
 protected:
  void configure(server::ServerConfig& config) override {
    config.tokens = {{"dashboards", "reader-secret", true, false},
                     {"loader", "writer-secret", true, true}};
  }
  static HttpHeaders bearer(const std::string& token) {
    return {{"Authorization", "Bearer " + token}};
  }
  uint64_t tokenT() {
    const HttpResponse r = client().get("/ledgers/people", bearer("reader-secret"));
    EXPECT_EQ(r.status, 200) << r.body;
    return parseJson(r.body).value("t", uint64_t{0});
  }
};

TEST_F(E2eWritesTokens, WritesNeedTheWriteScope) {
  const std::string text = kPre + "INSERT DATA { ex:t ex:p 1 }";
  const std::string nt = triple("t", "p", "\"1\"") + "\n";
  const HttpHeaders reader = bearer("reader-secret");
  const nlohmann::json body = expectError(update(text, {}, "people", reader), 403, "forbidden");
  EXPECT_NE(body["message"].get<std::string>().find("dashboards"), std::string::npos) << body;
  expectError(
      client().post("/v1/fluree/update/people:main", text, std::string(kUpdateType), reader), 403,
      "forbidden");
  for (const std::string method : {"PUT", "POST"}) {
    SCOPED_TRACE(method);
    expectError(graphStore(method, exIri("g1"), nt, "application/n-triples", reader), 403,
                "forbidden");
    expectError(graphStore(method, exIri("g1"), nt), 401, "unauthorized");
  }
  expectError(graphStore("DELETE", exIri("g1"), std::nullopt, "", reader), 403, "forbidden");
  expectError(update(text), 401, "unauthorized");
  EXPECT_EQ(tokenT(), 1u);
  // Reading with the read token still works, GET /data included.
  EXPECT_EQ(client().get(dataTarget(exIri("g1")), reader).status, 200);

  const HttpHeaders writer = bearer("writer-secret");
  const HttpResponse r = update(text, {}, "people", writer);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(parseJson(r.body)["t"], 2);
  EXPECT_EQ(graphStore("PUT", exIri("tok"), nt, "application/n-triples", writer).status, 201);
  EXPECT_EQ(graphStore("DELETE", exIri("tok"), std::nullopt, "", writer).status, 200);
  EXPECT_EQ(tokenT(), 4u);
  const HttpResponse q = sparqlGet("people", kPre + "ASK { ex:t ex:p 1 }", {}, reader);
  EXPECT_EQ(parseJson(q.body)["boolean"], true) << q.body;
}

}  // namespace writes_test
}  // namespace cairn::testing::e2e
