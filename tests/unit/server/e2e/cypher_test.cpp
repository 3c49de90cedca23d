// End-to-end: openCypher over HTTP — POST /ledgers/{name}/cypher with JSON and
// application/cypher bodies, the fluree/benchmark-db compatibility route, answers in Neo4j's
// HTTP shape (rows, meta, stats, the commit's t), errors with Neo4j codes and a non-2xx status,
// EXPLAIN / PROFILE and the /explain route, the write scope of tokens, time travel and timeouts.
// Graphs are made with CREATE through the route itself in the people ledger (its imported RDF
// subjects are not Cypher nodes: they carry no node marker).

#include "tests/unit/server/e2e/e2e_fixture.h"

namespace cairn::testing::e2e {
namespace cypher_test {

constexpr std::string_view kJsonType = "application/json";
constexpr std::string_view kCypherType = "application/cypher";
constexpr std::string_view kGraph =
    "CREATE (a:Person {name: 'Ann', age: 31})-[:KNOWS {since: 2001}]->"
    "(b:Person:Admin {name: 'Bob', age: 25}), (:City {name: 'Oslo'})";

constexpr uint64_t kMaxBody = 64 * 1024;

class E2eCypher : public E2eTest {
 protected:
  void configure(server::ServerConfig& config) override { config.maxBodyBytes = kMaxBody; }

  // POSTs {"statement", "parameters"} as JSON; `query` goes in the query string.
  HttpResponse cypher(const std::string& statement,
                      const nlohmann::json& parameters = nlohmann::json::object(),
                      const HttpHeaders& query = {}, const HttpHeaders& headers = {},
                      const std::string& ledger = "people") {
    const nlohmann::json body = {{"statement", statement}, {"parameters", parameters}};
    std::string target = "/ledgers/" + ledger + "/cypher";
    if (!query.empty()) target += "?" + formEncode(query);
    return client().post(target, body.dump(), std::string(kJsonType), headers);
  }

  // A statement that must answer 200: its one result object, checked for the document shape.
  nlohmann::json result(const HttpResponse& r) {
    EXPECT_EQ(r.status, 200) << r.body;
    EXPECT_TRUE(r.header("content-type") != nullptr &&
                *r.header("content-type") == "application/json");
    const nlohmann::json doc = parseJson(r.body);
    if (!doc.is_object() || !doc.contains("results") || doc["results"].size() != 1) {
      ADD_FAILURE() << "not a Neo4j answer: " << r.body;
      return nlohmann::json::object();
    }
    EXPECT_EQ(doc["errors"], nlohmann::json::array()) << r.body;
    return doc["results"][0];
  }
  nlohmann::json run(const std::string& statement,
                     const nlohmann::json& parameters = nlohmann::json::object(),
                     const HttpHeaders& query = {}) {
    return result(cypher(statement, parameters, query));
  }
  // The rows of a reading statement: each its "row" array.
  std::vector<nlohmann::json> rows(const std::string& statement,
                                   const nlohmann::json& parameters = nlohmann::json::object(),
                                   const HttpHeaders& query = {}) {
    std::vector<nlohmann::json> out;
    for (const auto& entry : run(statement, parameters, query).value("data", nlohmann::json()))
      out.push_back(entry["row"]);
    return out;
  }

  uint64_t ledgerT(const HttpHeaders& headers = {}) {
    const HttpResponse r = client().get("/ledgers/people", headers);
    EXPECT_EQ(r.status, 200) << r.body;
    return parseJson(r.body).value("t", uint64_t{0});
  }
};

// A failure on a Cypher route: `status`, and the Neo4j body with one error of `code`.
nlohmann::json expectCypherError(const HttpResponse& r, long status, std::string_view code) {
  EXPECT_EQ(r.status, status) << r.body;
  EXPECT_TRUE(r.header("content-type") != nullptr &&
              r.header("content-type")->starts_with("application/json"));
  const nlohmann::json doc = parseJson(r.body);
  if (!doc.is_object() || !doc.contains("errors") || doc["errors"].size() != 1) {
    ADD_FAILURE() << "not a Neo4j error answer: " << r.body;
    return nlohmann::json::object();
  }
  EXPECT_EQ(doc["results"], nlohmann::json::array()) << r.body;
  const nlohmann::json& error = doc["errors"][0];
  EXPECT_EQ(error.value("code", ""), code) << r.body;
  EXPECT_FALSE(error.value("message", "").empty()) << r.body;
  return error;
}

const nlohmann::json* findOperator(const nlohmann::json& plan, std::string_view op) {
  if (plan.value("op", "") == op) return &plan;
  if (!plan.contains("children")) return nullptr;
  for (const auto& child : plan["children"]) {
    if (const nlohmann::json* found = findOperator(child, op)) return found;
  }
  return nullptr;
}

TEST_F(E2eCypher, CreateThenMatchWithStatsCommitAndMeta) {
  const nlohmann::json created = run(std::string(kGraph));
  EXPECT_EQ(created["columns"], nlohmann::json::array());
  EXPECT_EQ(created["data"], nlohmann::json::array());
  EXPECT_EQ(created["stats"], nlohmann::json::parse(R"({"contains_updates": true,
      "nodes_created": 3, "nodes_deleted": 0, "relationships_created": 1,
      "relationships_deleted": 0, "properties_set": 6, "properties_removed": 0,
      "labels_added": 3, "labels_removed": 0,
      "constraints_added": 0, "constraints_removed": 0})"));
  EXPECT_EQ(created["t"], 2);
  EXPECT_EQ(ledgerT(), 2u);

  const nlohmann::json read =
      run("MATCH (a:Person)-[r:KNOWS]->(b) RETURN a, r, b, b.name AS name, id(b) AS bid");
  EXPECT_EQ(read["columns"], nlohmann::json::parse(R"(["a", "r", "b", "name", "bid"])"));
  EXPECT_FALSE(read.contains("stats"));
  ASSERT_EQ(read["data"].size(), 1u) << read;
  const nlohmann::json& row = read["data"][0]["row"];
  const nlohmann::json& meta = read["data"][0]["meta"];
  EXPECT_EQ(row[0], nlohmann::json::parse(R"({"name": "Ann", "age": 31})"));
  EXPECT_EQ(row[1], nlohmann::json::parse(R"({"since": 2001})"));
  EXPECT_EQ(row[3], "Bob");
  EXPECT_EQ(meta[0]["type"], "node");
  EXPECT_EQ(meta[0]["deleted"], false);
  EXPECT_EQ(meta[0]["labels"], nlohmann::json::parse(R"(["Person"])"));
  EXPECT_EQ(meta[1]["type"], "relationship");
  EXPECT_EQ(meta[1]["relType"], "KNOWS");
  EXPECT_EQ(meta[1]["startNode"], meta[0]["id"]);
  EXPECT_EQ(meta[1]["endNode"], meta[2]["id"]);
  // The meta ids are id()'s.
  EXPECT_EQ(meta[2]["id"], row[4]);
  std::vector<std::string> labels = meta[2]["labels"].get<std::vector<std::string>>();
  std::sort(labels.begin(), labels.end());
  EXPECT_EQ(labels, (std::vector<std::string>{"Admin", "Person"}));
  EXPECT_EQ(meta[3], nullptr);
}

TEST_F(E2eCypher, UniquenessConstraintBindsCypherAndSparqlWrites) {
  const nlohmann::json created =
      run("CREATE CONSTRAINT city_name FOR (c:City) REQUIRE c.name IS UNIQUE");
  EXPECT_EQ(created["stats"]["constraints_added"], 1) << created.dump();
  EXPECT_EQ(rows("SHOW CONSTRAINTS"),
            (std::vector<nlohmann::json>{nlohmann::json::parse(
                R"(["city_name", "UNIQUENESS", "NODE", ["City"], ["name"]])")}));
  run("CREATE (:City {name: 'Oslo'})");
  const uint64_t t = ledgerT();
  expectCypherError(cypher("CREATE (:City {name: 'Oslo'})"), 400,
                    "Neo.ClientError.Schema.ConstraintValidationFailed");
  expectCypherError(cypher("CREATE CONSTRAINT city_name FOR (c:City) REQUIRE c.name IS UNIQUE"),
                    409, "Neo.ClientError.Schema.EquivalentSchemaRuleAlreadyExists");
  // A SPARQL write that would break it: 409, nothing applied.
  const HttpResponse r =
      client().post("/ledgers/people/update",
                    "INSERT DATA { <urn:c2> a <urn:cairn:pg:City> ; <urn:cairn:pg:name> \"Oslo\" }",
                    "application/sparql-update");
  EXPECT_EQ(r.status, 409) << r.body;
  EXPECT_NE(r.body.find("city_name"), std::string::npos) << r.body;
  EXPECT_EQ(ledgerT(), t);
  EXPECT_EQ(run("DROP CONSTRAINT city_name")["stats"]["constraints_removed"], 1);
  run("CREATE (:City {name: 'Oslo'})");
  EXPECT_EQ(rows("MATCH (c:City {name: 'Oslo'}) RETURN count(c)"),
            (std::vector<nlohmann::json>{nlohmann::json::array({2})}));
}

// A reading statement's plan is kept per snapshot and text from its second request on; later
// requests run it with their own parameters, and a commit makes the text plan anew.
TEST_F(E2eCypher, KeptPlansServeOtherParametersUntilACommit) {
  run(std::string(kGraph));
  const std::string statement = "MATCH (p:Person {name: $name}) RETURN p.age AS age";
  EXPECT_EQ(rows(statement, {{"name", "Ann"}}), std::vector<nlohmann::json>{{31}});
  EXPECT_EQ(rows(statement, {{"name", "Bob"}}), std::vector<nlohmann::json>{{25}});  // kept
  const double hits = metric("cairn_cypher_plan_cache_hits_total").value_or(-1);
  EXPECT_EQ(rows(statement, {{"name", "Ann"}}), std::vector<nlohmann::json>{{31}});
  EXPECT_EQ(rows(statement, {{"name", "Cy"}}), std::vector<nlohmann::json>{});
  EXPECT_EQ(metric("cairn_cypher_plan_cache_hits_total"), hits + 2);
  run("CREATE (:Person {name: 'Cy', age: 52})");
  EXPECT_EQ(rows(statement, {{"name", "Cy"}}), std::vector<nlohmann::json>{{52}});
}

TEST_F(E2eCypher, ParametersInEachSpelling) {
  run(std::string(kGraph));
  const std::string statement =
      "MATCH (p:Person) WHERE p.age > $min AND p.name IN $names RETURN p.name ORDER BY p.name";
  EXPECT_EQ(rows(statement, {{"min", 20}, {"names", {"Ann", "Bob", "Eve"}}}),
            (std::vector<nlohmann::json>{{"Ann"}, {"Bob"}}));
  // "cypher" / "params", and Neo4j's statements list.
  const nlohmann::json cypherSpelling = {{"cypher", statement},
                                         {"params", {{"min", 30}, {"names", {"Ann"}}}}};
  HttpResponse r =
      client().post("/ledgers/people/cypher", cypherSpelling.dump(), std::string(kJsonType));
  EXPECT_EQ(result(r)["data"].size(), 1u);
  const nlohmann::json neo4jShape = {
      {"statements",
       {{{"statement", statement}, {"parameters", {{"min", 0}, {"names", {"Bob"}}}}}}}};
  r = client().post("/ledgers/people/cypher", neo4jShape.dump(), std::string(kJsonType));
  EXPECT_EQ(result(r)["data"][0]["row"][0], "Bob");
  // Integer versus float by the JSON number's form.
  const nlohmann::json kinds = run("RETURN $i + 1 AS i, $f + 1 AS f, $s, $m.k[1] AS k",
                                   nlohmann::json::parse(R"({"i": 1, "f": 1.0, "s": "x",
                                                             "m": {"k": [1, true]}})"));
  const nlohmann::json& row = kinds["data"][0]["row"];
  EXPECT_TRUE(row[0].is_number_integer()) << kinds;
  EXPECT_EQ(row[0], 2);
  EXPECT_TRUE(row[1].is_number_float()) << kinds;
  EXPECT_EQ(row[2], "x");
  EXPECT_EQ(row[3], true);
}

TEST_F(E2eCypher, RawCypherBodyAndCompatibilityRoute) {
  run(std::string(kGraph));
  HttpResponse r = client().post("/ledgers/people/cypher", "MATCH (c:City)\nRETURN c.name AS city",
                                 std::string(kCypherType));
  nlohmann::json res = result(r);
  EXPECT_EQ(res["columns"], nlohmann::json::parse(R"(["city"])"));
  EXPECT_EQ(res["data"][0]["row"][0], "Oslo");
  // fluree/benchmark-db: JSON under application/cypher, on the compatibility route.
  const nlohmann::json body = {{"cypher", "MATCH (p:Person {name: $n}) RETURN p.age"},
                               {"params", {{"n", "Ann"}}}};
  for (const std::string ledger : {"people", "people:main"}) {
    SCOPED_TRACE(ledger);
    r = client().post("/v1/fluree/query/" + ledger, body.dump(), std::string(kCypherType));
    EXPECT_EQ(result(r)["data"][0]["row"][0], 31);
    r = client().post("/v1/fluree/query/" + ledger, "MATCH (c:City) RETURN count(c)",
                      std::string(kCypherType));
    EXPECT_EQ(result(r)["data"][0]["row"][0], 1);
  }
  // Writes on the update route: a receipt with the commit's t and the counters, visible to
  // SPARQL at once; SPARQL's writes are visible to Cypher.
  const uint64_t before = ledgerT();
  for (const std::string ledger : {"people", "people:main"}) {
    SCOPED_TRACE(ledger);
    const nlohmann::json write = {{"cypher",
                                   "MERGE (c:City {name: $n}) ON CREATE SET c.visits = 1 "
                                   "ON MATCH SET c.visits = c.visits + 1"},
                                  {"params", {{"n", "Bergen"}}}};
    r = client().post("/v1/fluree/update/" + ledger, write.dump(), std::string(kCypherType));
    res = result(r);
    EXPECT_GT(res["t"].get<uint64_t>(), before) << res;
    EXPECT_EQ(res["stats"]["contains_updates"], true) << res;
  }
  r = client().post("/v1/fluree/query/people",
                    "PREFIX pg: <urn:cairn:pg:> SELECT ?v WHERE { ?c pg:name \"Bergen\" ; "
                    "pg:visits ?v }",
                    "application/sparql-query");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(jsonRows(r.body), (std::vector<Row>{{{"v", "2"}}}));
  // A statement that fails changes nothing.
  const uint64_t afterMerges = ledgerT();
  r = client().post("/v1/fluree/update/people",
                    "MATCH (c:City {name: 'Bergen'}) SET c.visits = 3 WITH c SET c.bad = {m: 1}",
                    std::string(kCypherType));
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_EQ(ledgerT(), afterMerges);
  // SPARQL on the same route is unchanged.
  r = client().post("/v1/fluree/query/people",
                    std::string(kPrefix) + "SELECT ?n WHERE { ex:bob ex:name ?n }",
                    "application/sparql-query");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(jsonRows(r.body), (std::vector<Row>{{{"n", "Bob"}}}));
}

TEST_F(E2eCypher, ValuesOfEveryKind) {
  const nlohmann::json res =
      run("RETURN 1 AS i, 0.1 AS f, 2.0 AS whole, 1.0 / 0.0 AS inf, -1.0 / 0.0 AS ninf, "
          "0.0 / 0.0 AS nan, 'é\"' AS s, null AS n, [1, 'a', [true]] AS l, {b: 1, a: [2]} AS m, "
          "date('2015-07-21') AS d, localtime('21:40:32.142') AS lt, "
          "datetime('2015-07-21T21:40:32.142+01:00') AS dt, duration('P14DT16H12M') AS du");
  ASSERT_EQ(res["data"].size(), 1u) << res;
  const nlohmann::json& row = res["data"][0]["row"];
  EXPECT_EQ(row[0], 1);
  EXPECT_EQ(row[1].get<double>(), 0.1);
  EXPECT_TRUE(row[2].is_number_float()) << row;
  EXPECT_EQ(row[3], "Infinity");
  EXPECT_EQ(row[4], "-Infinity");
  EXPECT_EQ(row[5], "NaN");
  EXPECT_EQ(row[6], "é\"");
  EXPECT_EQ(row[7], nullptr);
  EXPECT_EQ(row[8], nlohmann::json::parse(R"([1, "a", [true]])"));
  EXPECT_EQ(row[9], nlohmann::json::parse(R"({"a": [2], "b": 1})"));
  EXPECT_EQ(row[10], "2015-07-21");
  EXPECT_EQ(row[11], "21:40:32.142");
  EXPECT_EQ(row[12], "2015-07-21T21:40:32.142+01:00");
  EXPECT_EQ(row[13], "P14DT16H12M");
  for (const auto& m : res["data"][0]["meta"]) EXPECT_EQ(m, nullptr) << res;
}

TEST_F(E2eCypher, ErrorsCarryNeo4jCodesAndClientStatuses) {
  nlohmann::json e =
      expectCypherError(cypher("MATCH (n RETURN n"), 400, "Neo.ClientError.Statement.SyntaxError");
  EXPECT_NE(e["message"].get<std::string>().find("(line 1, column "), std::string::npos) << e;
  e = expectCypherError(cypher("MATCH (n)\nRETURN m"), 400,
                        "Neo.ClientError.Statement.SyntaxError");  // the TCK's class
  EXPECT_NE(e["message"].get<std::string>().find("line 2"), std::string::npos) << e;
  expectCypherError(cypher("RETURN $missing"), 400, "Neo.ClientError.Statement.ParameterMissing");
  expectCypherError(cypher("RETURN 1 / 0"), 400, "Neo.ClientError.Statement.ArithmeticError");
  expectCypherError(cypher("RETURN toUpper($x)", {{"x", 1}}), 400,
                    "Neo.ClientError.Statement.TypeError");
  expectCypherError(cypher("CALL db.nothing()"), 400,
                    "Neo.ClientError.Procedure.ProcedureNotFound");
  expectCypherError(cypher("CALL db.labels(1)"), 400, "Neo.ClientError.Statement.SyntaxError");
  expectCypherError(cypher("RETURN 1", {}, {}, {}, "nope"), 404,
                    "Neo.ClientError.Database.DatabaseNotFound");
  // The request's own shape.
  expectCypherError(client().post("/ledgers/people/cypher", "{\"statement\": ", "application/json"),
                    400, "Neo.ClientError.Request.InvalidFormat");
  expectCypherError(client().post("/ledgers/people/cypher", "{}", "application/json"), 400,
                    "Neo.ClientError.Request.Invalid");
  expectCypherError(client().post("/ledgers/people/cypher",
                                  R"({"statement": "RETURN $x", "parameters": {"x": 1e999999}})",
                                  "application/json"),
                    400, "Neo.ClientError.Request.InvalidFormat");
  expectCypherError(client().post("/ledgers/people/cypher", "RETURN 1", "text/plain"), 415,
                    "Neo.ClientError.Request.InvalidFormat");
  expectCypherError(
      client().post("/ledgers/people/cypher?timeout=soon", "RETURN 1", std::string(kCypherType)),
      400, "Neo.ClientError.Request.Invalid");
  const HttpResponse get = client().get("/ledgers/people/cypher");
  expectCypherError(get, 405, "Neo.ClientError.Request.Invalid");
  ASSERT_NE(get.header("allow"), nullptr);
  EXPECT_EQ(*get.header("allow"), "POST");
  // A body over max-body: the connection layer's own 413.
  const HttpResponse huge =
      client().post("/ledgers/people/cypher", "RETURN '" + std::string(4 * kMaxBody, 'x') + "'",
                    std::string(kCypherType));
  EXPECT_EQ(huge.status, 413);
  // Just under it is fine: a long string parameter.
  EXPECT_EQ(rows("RETURN size($s)", {{"s", std::string(kMaxBody - 100, 'x')}}),
            (std::vector<nlohmann::json>{{kMaxBody - 100}}));
  // Nothing above wrote, and the server still answers.
  EXPECT_EQ(ledgerT(), 1u);
  EXPECT_EQ(rows("RETURN 1 AS one"), (std::vector<nlohmann::json>{{1}}));
}

TEST_F(E2eCypher, ExplainAndProfile) {
  run(std::string(kGraph));
  nlohmann::json res = run("explain MATCH (p:Person) RETURN p.name");
  EXPECT_EQ(res["columns"], nlohmann::json::parse(R"(["p.name"])"));
  EXPECT_EQ(res["data"], nlohmann::json::array());
  ASSERT_TRUE(res.contains("plan")) << res;
  EXPECT_TRUE(res["plan"].contains("op")) << res;
  EXPECT_FALSE(res["plan"].contains("actual")) << "EXPLAIN must not run: " << res;
  const nlohmann::json* scan = findOperator(res["plan"], "IndexScan");
  ASSERT_NE(scan, nullptr) << res;
  EXPECT_EQ((*scan)["estimatedRows"], 2.0) << res;
  EXPECT_FALSE(scan->contains("actual")) << res;

  res = run("PROFILE MATCH (p:Person) RETURN p.name ORDER BY p.name");
  EXPECT_EQ(res["data"].size(), 2u) << res;
  ASSERT_TRUE(res["plan"].contains("actual")) << res;
  EXPECT_EQ(res["plan"]["actual"]["rows"], 2) << res;
  scan = findOperator(res["plan"], "IndexScan");
  ASSERT_NE(scan, nullptr) << res;
  EXPECT_EQ((*scan)["actual"]["rows"], 2) << res;

  // EXPLAIN of an update describes it and writes nothing.
  res = run("EXPLAIN MATCH (p:Person) CREATE (p)-[:VISITED]->(:City {name: 'Rome'})");
  EXPECT_EQ(res["plan"]["op"], "Update") << res;
  EXPECT_EQ(res["plan"]["details"]["clauses"], "CREATE") << res;
  EXPECT_FALSE(res.contains("stats"));
  EXPECT_EQ(ledgerT(), 2u);
  // PROFILE of one runs it.
  res = run("PROFILE MATCH (p:Person) CREATE (p)-[:VISITED]->(:City {name: 'Rome'})");
  EXPECT_EQ(res["stats"]["nodes_created"], 2) << res;
  EXPECT_EQ(res["plan"]["op"], "Update") << res;
  EXPECT_EQ(res["plan"]["children"][0]["actual"]["rows"], 2) << res;
  EXPECT_EQ(ledgerT(), 3u);

  // The /explain route answers the bare plan, as it does for SPARQL.
  HttpResponse r =
      client().post("/ledgers/people/explain", "MATCH (c:City) RETURN c", std::string(kCypherType));
  ASSERT_EQ(r.status, 200) << r.body;
  nlohmann::json plan = parseJson(r.body);
  EXPECT_TRUE(plan.contains("op")) << r.body;
  EXPECT_FALSE(plan.contains("actual")) << r.body;
  r = client().post("/ledgers/people/explain?analyze=true",
                    nlohmann::json{{"cypher", "MATCH (c:City) RETURN c"}}.dump(),
                    std::string(kJsonType));
  ASSERT_EQ(r.status, 200) << r.body;
  plan = parseJson(r.body);
  EXPECT_EQ(plan["actual"]["rows"], 3) << r.body;
  r = client().post("/ledgers/people/explain", "MATCH (c:City) RETURN c", std::string(kCypherType),
                    {{"Accept", "text/plain"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_TRUE(r.header("content-type")->starts_with("text/plain")) << r.body;
  expectCypherError(
      client().post("/ledgers/people/explain", "MATCH (c:City RETURN c", std::string(kCypherType)),
      400, "Neo.ClientError.Statement.SyntaxError");
}

TEST_F(E2eCypher, TimeTravel) {
  run(std::string(kGraph));                       // t = 2
  run("CREATE (:Person {name: 'Cy', age: 40})");  // t = 3
  const std::string count = "MATCH (p:Person) RETURN count(p)";
  EXPECT_EQ(rows(count), (std::vector<nlohmann::json>{{3}}));
  EXPECT_EQ(rows(count, {}, {{"t", "2"}}), (std::vector<nlohmann::json>{{2}}));
  EXPECT_EQ(rows(count, {}, {{"t", "1"}}), (std::vector<nlohmann::json>{{0}}));
  EXPECT_EQ(rows(count, {}, {{"as-of", "2000-01-01T00:00:00Z"}}),
            (std::vector<nlohmann::json>{{0}}));
  // Properties and labels are read at that t too.
  EXPECT_EQ(rows("MATCH (p:Person {name: 'Ann'}) RETURN p", {}, {{"t", "2"}})[0][0]["age"], 31);
  // A write reads no earlier state.
  expectCypherError(cypher("CREATE (:X)", {}, {{"t", "2"}}), 400,
                    "Neo.ClientError.Request.Invalid");
  expectCypherError(cypher("MATCH (n) RETURN n", {}, {{"t", "x"}}), 400,
                    "Neo.ClientError.Request.Invalid");
  EXPECT_EQ(ledgerT(), 3u);
}

TEST_F(E2eCypher, TimeoutAnswersTransactionTimedOut) {
  const HttpResponse r = cypher(
      "UNWIND range(1, 4000) AS a UNWIND range(1, 4000) AS b WITH a, b WHERE a + b < 0 "
      "RETURN count(*)",
      {}, {{"timeout", "50ms"}});
  expectCypherError(r, 503, "Neo.ClientError.Transaction.TransactionTimedOut");
}

class E2eCypherTokens : public E2eCypher {
 protected:
  void configure(server::ServerConfig& config) override {
    E2eCypher::configure(config);
    config.tokens = {{"dashboards", "reader-secret", true, false},
                     {"loader", "writer-secret", true, true}};
  }
  static HttpHeaders bearer(const std::string& token) {
    return {{"Authorization", "Bearer " + token}};
  }
};

TEST_F(E2eCypherTokens, WritingStatementsNeedTheWriteScope) {
  const HttpHeaders reader = bearer("reader-secret");
  const HttpHeaders writer = bearer("writer-secret");
  expectCypherError(cypher("RETURN 1"), 401, "Neo.ClientError.Security.Unauthorized");
  const nlohmann::json e = expectCypherError(cypher("CREATE (:X)", {}, {}, reader), 403,
                                             "Neo.ClientError.Security.Forbidden");
  EXPECT_NE(e["message"].get<std::string>().find("dashboards"), std::string::npos) << e;
  expectCypherError(cypher("PROFILE CREATE (:X)", {}, {}, reader), 403,
                    "Neo.ClientError.Security.Forbidden");
  EXPECT_EQ(ledgerT(reader), 1u);
  // Reading, and explaining an update, need only read access.
  EXPECT_EQ(result(cypher("MATCH (x:X) RETURN count(x)", {}, {}, reader))["data"][0]["row"][0], 0);
  EXPECT_EQ(result(cypher("EXPLAIN CREATE (:X)", {}, {}, reader))["plan"]["op"], "Update");
  // The writer writes.
  EXPECT_EQ(result(cypher("CREATE (:X)", {}, {}, writer))["t"], 2);
  EXPECT_EQ(result(cypher("MATCH (x:X) RETURN count(x)", {}, {}, reader))["data"][0]["row"][0], 1);
  const HttpResponse compat =
      client().post("/v1/fluree/query/people", "CREATE (:X)", std::string(kCypherType), reader);
  expectCypherError(compat, 403, "Neo.ClientError.Security.Forbidden");
  EXPECT_EQ(ledgerT(reader), 2u);
}

}  // namespace cypher_test
}  // namespace cairn::testing::e2e
