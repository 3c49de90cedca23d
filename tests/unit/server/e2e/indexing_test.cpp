// End-to-end: indexing and history over a real socket — POST /ledgers/{name}/index writes the
// commits into a new root, as a delta segment or (mode=fold) folded into the trees (queries, t=
// reads and the summary agree before and after, and after a restart); the background indexer runs
// by itself past index-soft-flakes and shows in /metrics; GET /ledgers/{name}/history lists every
// change of a subject with t, time and op.

#include <thread>

#include "tests/unit/server/e2e/e2e_fixture.h"

namespace cairn::testing::e2e {
namespace indexing_test {

using namespace std::chrono_literals;

const std::string kPre(kPrefix);

class E2eIndexing : public E2eTest {
 protected:
  uint64_t update(const std::string& text) {
    const HttpResponse r =
        client().post("/ledgers/people/update", kPre + text, "application/sparql-update");
    EXPECT_EQ(r.status, 200) << text << "\n" << r.body;
    return parseJson(r.body).value("t", uint64_t{0});
  }
  std::vector<Row> names(const HttpHeaders& parameters = {}) {
    const HttpResponse r =
        sparqlGet("people", kPre + "SELECT ?s ?name WHERE { ?s ex:name ?name } ORDER BY ?s ?name",
                  parameters, {{"Accept", "application/sparql-results+json"}});
    EXPECT_EQ(r.status, 200) << r.body;
    return jsonRows(r.body);
  }
  nlohmann::json summary() {
    const HttpResponse r = client().get("/ledgers/people");
    EXPECT_EQ(r.status, 200) << r.body;
    return parseJson(r.body);
  }
};

TEST_F(E2eIndexing, IndexRouteFoldsCommitsAndEveryTStillReads) {
  const uint64_t t0 = summary().value("t", uint64_t{0});
  const uint64_t t1 =
      update("INSERT DATA { ex:erin ex:name \"Erin\" . ex:frank ex:name \"Frank\" }");
  const uint64_t t2 = update("DELETE DATA { ex:erin ex:name \"Erin\" }");
  std::map<uint64_t, std::vector<Row>> before;
  for (uint64_t t : {t0, t1, t2}) before[t] = names({{"t", std::to_string(t)}});
  EXPECT_NE(before[t1], before[t2]);

  // The default on a small ledger: a delta run, the trees untouched.
  const HttpResponse d = client().post("/ledgers/people/index", "", "text/plain");
  ASSERT_EQ(d.status, 200) << d.body;
  const nlohmann::json delta = parseJson(d.body);
  EXPECT_TRUE(delta.value("indexed", false));
  EXPECT_FALSE(delta.value("folded", true));
  EXPECT_EQ(delta.value("deltaFlakes", uint64_t{0}), 3u);
  EXPECT_EQ(delta.value("historyEntries", uint64_t{1}), 0u);
  nlohmann::json s = summary();
  EXPECT_EQ(s.value("indexedT", uint64_t{0}), t2);
  EXPECT_EQ(s.value("treesT", uint64_t{0}), t0);
  EXPECT_EQ(s.value("deltaFlakes", uint64_t{0}), 3u);
  for (uint64_t t : {t0, t1, t2}) {
    EXPECT_EQ(names({{"t", std::to_string(t)}}), before[t]) << "over the delta layer, at t=" << t;
  }

  const uint64_t t3 = update("INSERT DATA { ex:erin ex:name \"Erin Again\" }");
  before[t3] = names({{"t", std::to_string(t3)}});
  EXPECT_EQ(client().post("/ledgers/people/index?mode=sideways", "", "text/plain").status, 400);
  const HttpResponse r = client().post("/ledgers/people/index?mode=fold", "", "text/plain");
  ASSERT_EQ(r.status, 200) << r.body;
  const nlohmann::json report = parseJson(r.body);
  EXPECT_EQ(report.value("t", uint64_t{0}), t3);
  EXPECT_EQ(report.value("fromT", uint64_t{0}), t2);
  EXPECT_TRUE(report.value("indexed", false));
  EXPECT_TRUE(report.value("folded", false));
  EXPECT_EQ(report.value("historyEntries", uint64_t{0}), 1u);  // Erin's first name
  s = summary();
  EXPECT_EQ(s.value("indexedT", uint64_t{0}), t3);
  EXPECT_EQ(s.value("treesT", uint64_t{0}), t3);
  EXPECT_EQ(s.value("noveltyFlakes", uint64_t{1}), 0u);
  EXPECT_EQ(s.value("deltaFlakes", uint64_t{1}), 0u);
  for (uint64_t t : {t0, t1, t2, t3}) {
    EXPECT_EQ(names({{"t", std::to_string(t)}}), before[t]) << "at t=" << t;
  }
  // Nothing left to fold: a second call says so.
  const HttpResponse again = client().post("/ledgers/people/index", "", "text/plain");
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_FALSE(parseJson(again.body).value("indexed", true));

  restartServer();
  for (uint64_t t : {t0, t1, t2, t3}) {
    EXPECT_EQ(names({{"t", std::to_string(t)}}), before[t]) << "after restart, at t=" << t;
  }
  EXPECT_EQ(update("INSERT DATA { ex:gina ex:name \"Gina\" }"), t3 + 1);
}

TEST_F(E2eIndexing, HistoryListsEveryChangeOfASubject) {
  const uint64_t t1 = update("INSERT DATA { ex:hal ex:name \"Hal\" ; ex:age 30 }");
  const uint64_t t2 = update(
      "DELETE { ex:hal ex:age ?a } INSERT { ex:hal ex:age 31 } "
      "WHERE { ex:hal ex:age ?a }");
  auto history = [&](const std::string& extra = "") {
    const HttpResponse r =
        client().get("/ledgers/people/history?subject=" +
                     formEncode({{"x", std::string(kEx) + "hal"}}).substr(2) + extra);
    EXPECT_EQ(r.status, 200) << r.body;
    return parseJson(r.body);
  };
  auto check = [&](const nlohmann::json& h) {
    const auto& changes = h.at("changes");
    ASSERT_EQ(changes.size(), 4u) << h.dump();
    // t1: name and age 30 asserted; t2: 30 retracted, 31 asserted.
    std::multiset<std::string> seen;
    for (const auto& c : changes) {
      EXPECT_TRUE(c.contains("time")) << c.dump();
      seen.insert(std::to_string(c.at("t").get<uint64_t>()) + " " + c.at("op").get<std::string>() +
                  " " + c.at("object").at("value").get<std::string>());
    }
    EXPECT_EQ(seen, (std::multiset<std::string>{
                        std::to_string(t1) + " assert Hal", std::to_string(t1) + " assert 30",
                        std::to_string(t2) + " retract 30", std::to_string(t2) + " assert 31"}));
  };
  check(history());  // from the novelty
  ASSERT_EQ(client().post("/ledgers/people/index", "", "text/plain").status, 200);
  check(history());  // from the tree and the history segments
  const nlohmann::json onlyAge =
      history("&predicate=" + formEncode({{"x", std::string(kEx) + "age"}}).substr(2));
  EXPECT_EQ(onlyAge.at("changes").size(), 3u) << onlyAge.dump();
  // A subject the ledger never saw has no changes; a missing subject is a 400.
  const HttpResponse unknown =
      client().get("/ledgers/people/history?subject=http%3A%2F%2Fexample.org%2Fnobody");
  ASSERT_EQ(unknown.status, 200);
  EXPECT_TRUE(parseJson(unknown.body).at("changes").empty());
  expectError(client().get("/ledgers/people/history"), 400, "missing_parameter");
}

// A ledger whose default graph exists only in novelty (created empty, then written to) reports
// it in its summary as "" (it used to try to decode the default graph's id: a 500).
TEST_F(E2eIndexing, SummaryShowsADefaultGraphThatOnlyCommitsMade) {
  const HttpResponse created = client().post("/ledgers?name=fresh", "", "text/turtle");
  ASSERT_TRUE(created.status == 200 || created.status == 201) << created.body;
  const HttpResponse w =
      client().post("/ledgers/fresh/update", "INSERT DATA { <http://r/a> <http://r/p> 2 }",
                    "application/sparql-update");
  ASSERT_EQ(w.status, 200) << w.body;
  const HttpResponse r = client().get("/ledgers/fresh");
  ASSERT_EQ(r.status, 200) << r.body;
  const nlohmann::json s = parseJson(r.body);
  ASSERT_EQ(s.at("graphs").size(), 1u) << r.body;
  EXPECT_EQ(s.at("graphs")[0].value("graph", "?"), "");
  EXPECT_EQ(s.at("graphs")[0].value("triples", uint64_t{0}), 1u);
}

class E2eBackgroundIndexing : public E2eTest {
 protected:
  void configure(server::ServerConfig& config) override {
    config.indexSoftFlakes = 10;
    config.indexHardFlakes = 1000;
  }
};

TEST_F(E2eBackgroundIndexing, IndexerRunsPastTheSoftThreshold) {
  std::string data;
  for (int i = 0; i < 12; ++i) {
    data += "ex:bg" + std::to_string(i) + " ex:name \"B" + std::to_string(i) + "\" . ";
  }
  const HttpResponse r = client().post(
      "/ledgers/people/update", kPre + "INSERT DATA { " + data + "}", "application/sparql-update");
  ASSERT_EQ(r.status, 200) << r.body;
  const uint64_t t = parseJson(r.body).value("t", uint64_t{0});
  std::optional<double> runs;
  for (int i = 0; i < 500; ++i) {
    runs = metric("cairn_indexer_runs_total{ledger=\"people\"}");
    if (runs && *runs >= 1) break;
    std::this_thread::sleep_for(10ms);
  }
  ASSERT_TRUE(runs.has_value());
  EXPECT_GE(*runs, 1.0);
  const HttpResponse s = client().get("/ledgers/people");
  EXPECT_EQ(parseJson(s.body).value("indexedT", uint64_t{0}), t);
  EXPECT_EQ(metric("cairn_indexer_failures_total{ledger=\"people\"}").value_or(-1), 0.0);
}

}  // namespace indexing_test
}  // namespace cairn::testing::e2e
