// End-to-end: garbage collection over a real socket — after commits and re-indexes,
// POST /admin/gc removes what old roots alone used, every query (at every t) answers as before,
// also after a restart, and the store gets smaller on disk; ?dry-run counts without removing;
// /metrics counts runs, blobs and bytes; writes and indexing going on while collections run
// lose nothing; a dropped ledger's blobs go; the periodic collection runs by itself; the route
// needs the write scope.

#include <atomic>
#include <thread>

#include "tests/unit/server/e2e/e2e_fixture.h"

namespace cairn::testing::e2e {
namespace gc_test {

using namespace std::chrono_literals;

const std::string kPre(kPrefix);

class E2eGc : public E2eTest {
 protected:
  uint64_t update(const std::string& text, const std::string& ledger = "numbers") {
    const HttpResponse r =
        client().post("/ledgers/" + ledger + "/update", kPre + text, "application/sparql-update");
    EXPECT_EQ(r.status, 200) << text << "\n" << r.body;
    return parseJson(r.body).value("t", uint64_t{0});
  }
  void index(const std::string& ledger = "numbers") {
    // Folds: each root rewrites leaflets, so the old ones leave garbage behind.
    const HttpResponse r =
        client().post("/ledgers/" + ledger + "/index?mode=fold", "", "text/plain");
    ASSERT_EQ(r.status, 200) << r.body;
  }
  nlohmann::json gc(const std::string& query = "") {
    const HttpResponse r = client().post("/admin/gc" + query, "", "text/plain");
    EXPECT_EQ(r.status, 200) << r.body;
    return parseJson(r.body);
  }
  // Every value of the numbers ledger at t, with a long note on some: the whole ledger.
  std::vector<Row> values(uint64_t t) {
    const HttpResponse r =
        sparqlGet("numbers",
                  kPre +
                      "SELECT ?s ?v ?note WHERE { ?s ex:value ?v OPTIONAL { ?s ex:note ?note } } "
                      "ORDER BY ?s ?v ?note",
                  {{"t", std::to_string(t)}}, {{"Accept", "application/sparql-results+json"}});
    EXPECT_EQ(r.status, 200) << r.body;
    return jsonRows(r.body);
  }
  // Rounds of changes, each folded into a new root: every round rewrites leaflets all over the
  // ledger, so the old roots leave a lot behind. Returns each t.
  std::vector<uint64_t> churn(int rounds) {
    std::vector<uint64_t> ts;
    for (int k = 0; k < rounds; ++k) {
      std::string inserts;
      for (int i = k; i < 200; i += 7) {
        inserts += "ex:n" + std::to_string(i) + " ex:note \"" + std::string(300, 'a' + k) +
                   std::to_string(i) + "\" . ";
      }
      ts.push_back(update("DELETE { ?s ex:note ?n } WHERE { ?s ex:note ?n } ; INSERT DATA { " +
                          inserts + "}"));
      ts.push_back(update("DELETE { ex:n" + std::to_string(k) + " ex:value ?v } INSERT { ex:n" +
                          std::to_string(k) + " ex:value " + std::to_string(1000 + k) +
                          " } WHERE { ex:n" + std::to_string(k) + " ex:value ?v }"));
      index();
    }
    return ts;
  }
  uint64_t bytesOnDisk() {
    storage::RocksDbStore& store = server().server().ledgers().store();
    EXPECT_TRUE(store.flush().isOk());
    EXPECT_TRUE(store.compactBlobs().isOk());
    return *store.approximateBytesOnDisk();
  }
};

TEST_F(E2eGc, RemovesWhatOldRootsLeftAndEveryAnswerStays) {
  std::vector<uint64_t> ts = churn(6);
  ts.insert(ts.begin(), 1);
  ts.push_back(update("INSERT DATA { ex:late ex:value 7 }"));  // in the novelty only
  std::map<uint64_t, std::vector<Row>> before;
  for (uint64_t t : ts) before[t] = values(t);
  ASSERT_NE(before[1], before[ts.back()]);
  // What the store takes with the garbage compacted as well as it can be.
  const uint64_t diskBefore = bytesOnDisk();

  const nlohmann::json dry = gc("?dry-run=true");
  EXPECT_TRUE(dry.value("dryRun", false));
  EXPECT_GT(dry.value("blobsRemoved", uint64_t{0}), 0u);
  EXPECT_EQ(gc("?dry-run=true").value("blobsRemoved", uint64_t{0}),
            dry.value("blobsRemoved", uint64_t{1}));  // it removed nothing

  const nlohmann::json report = gc();
  EXPECT_FALSE(report.value("dryRun", true));
  EXPECT_EQ(report.value("retainRoots", uint64_t{9}), 0u);
  EXPECT_EQ(report.value("blobsRemoved", uint64_t{0}), dry.value("blobsRemoved", uint64_t{1}));
  const uint64_t bytesRemoved = report.value("bytesRemoved", uint64_t{0});
  EXPECT_GT(bytesRemoved, 50'000u);
  EXPECT_EQ(report.value("indexRoots", uint64_t{0}), 2u);  // people and numbers
  EXPECT_EQ(report.value("commitRecords", uint64_t{0}), 13u);
  EXPECT_EQ(
      report.value("blobsScanned", uint64_t{0}),
      report.value("blobsReachable", uint64_t{0}) + report.value("blobsRemoved", uint64_t{0}));
  EXPECT_LT(bytesOnDisk() + bytesRemoved / 2, diskBefore);

  for (uint64_t t : ts) EXPECT_EQ(values(t), before[t]) << "at t=" << t;
  EXPECT_EQ(metric("cairn_gc_runs_total").value_or(0), 1.0);  // dry runs are not counted
  EXPECT_EQ(metric("cairn_gc_blobs_removed_total").value_or(0), report.value("blobsRemoved", 0.0));
  EXPECT_EQ(metric("cairn_gc_bytes_removed_total").value_or(0), static_cast<double>(bytesRemoved));
  EXPECT_EQ(metric("cairn_gc_failures_total").value_or(-1), 0.0);

  // Nothing more to remove; after a restart (every commit replayed) the answers hold, and the
  // ledger takes writes and re-indexes as before.
  EXPECT_EQ(gc().value("blobsRemoved", uint64_t{1}), 0u);
  restartServer();
  for (uint64_t t : ts) EXPECT_EQ(values(t), before[t]) << "after restart, at t=" << t;
  const uint64_t next = update("INSERT DATA { ex:after ex:value 8 }");
  EXPECT_EQ(next, ts.back() + 1);
  index();
  for (uint64_t t : ts) EXPECT_EQ(values(t), before[t]) << "after re-indexing, at t=" << t;
  EXPECT_GT(gc().value("blobsRemoved", uint64_t{0}), 0u);
  EXPECT_EQ(values(next).size(), before[ts.back()].size() + 1);
}

TEST_F(E2eGc, RetainRootsFromTheRequestOrTheConfig) {
  churn(3);
  const nlohmann::json kept = gc("?retain-roots=2");
  EXPECT_EQ(kept.value("retainRoots", uint64_t{0}), 2u);
  EXPECT_EQ(kept.value("indexRoots", uint64_t{0}), 4u);  // numbers: 3 roots; people: 1
  EXPECT_EQ(gc("?retain-roots=2").value("blobsRemoved", uint64_t{1}), 0u);
  const nlohmann::json fewer = gc();
  EXPECT_EQ(fewer.value("indexRoots", uint64_t{0}), 2u);
  EXPECT_GT(fewer.value("blobsRemoved", uint64_t{0}), 0u);

  expectError(client().post("/admin/gc?retain-roots=many", "", "text/plain"), 400,
              "invalid_parameter");
  expectError(client().post("/admin/gc?dry-run=perhaps", "", "text/plain"), 400,
              "invalid_parameter");
  expectError(client().get("/admin/gc"), 405, "method_not_allowed");
}

TEST_F(E2eGc, ADroppedLedgersBlobsGo) {
  const HttpResponse created = client().post(
      "/ledgers?name=scratch", "<http://r/a> <http://r/p> \"" + std::string(5000, 'x') + "\" .\n",
      "application/n-triples");
  ASSERT_TRUE(created.status == 200 || created.status == 201) << created.body;
  EXPECT_EQ(gc().value("blobsRemoved", uint64_t{1}), 0u);
  ASSERT_EQ(client().send("DELETE", "/ledgers/scratch", std::nullopt).status, 200);
  const nlohmann::json report = gc();
  EXPECT_GT(report.value("blobsRemoved", uint64_t{0}), 0u);
  EXPECT_GT(report.value("bytesRemoved", uint64_t{0}), 5000u);
  EXPECT_EQ(report.value("indexRoots", uint64_t{0}), 2u);
  EXPECT_EQ(values(1).size(), 200u);
}

// Writers and the indexer keep going while collections run back to back; afterwards (and after a
// restart) every commit is there.
TEST_F(E2eGc, WritesDuringCollectionsLoseNothing) {
  constexpr int kWrites = 80;
  std::atomic<bool> done{false};
  std::thread writer([&] {
    HttpClient own(port());
    for (int i = 0; i < kWrites; ++i) {
      const HttpResponse r =
          own.post("/ledgers/numbers/update",
                   kPre + "INSERT DATA { ex:w" + std::to_string(i) + " ex:value " +
                       std::to_string(5000 + i) + " ; ex:note \"" + std::string(200, 'w') + "\" }",
                   "application/sparql-update");
      EXPECT_EQ(r.status, 200) << r.body;
      if (i % 5 == 4) {
        EXPECT_EQ(own.post("/ledgers/numbers/index", "", "text/plain").status, 200);
      }
    }
    done = true;
  });
  int collections = 0;
  while (!done || collections < 3) {
    const HttpResponse r = client().post("/admin/gc", "", "text/plain");
    EXPECT_EQ(r.status, 200) << r.body;
    ++collections;
  }
  writer.join();
  auto count = [&] {
    const HttpResponse r = sparqlGet(
        "numbers", kPre + "SELECT (COUNT(*) AS ?n) WHERE { ?s ex:value ?v ; ex:note ?note }", {},
        {{"Accept", "application/sparql-results+json"}});
    EXPECT_EQ(r.status, 200) << r.body;
    return jsonRows(r.body);
  };
  const std::vector<Row> expected{{{"n", std::to_string(kWrites)}}};
  EXPECT_EQ(count(), expected);
  EXPECT_EQ(values(1).size(), 200u);
  EXPECT_EQ(gc().value("blobsScanned", uint64_t{0}) > 0, true);
  restartServer();
  EXPECT_EQ(count(), expected);
  EXPECT_EQ(metric("cairn_gc_failures_total").value_or(-1), 0.0);
}

class E2ePeriodicGc : public E2eGc {
 protected:
  void configure(server::ServerConfig& config) override {
    config.gcInterval = std::chrono::seconds(1);
    config.gcRetainRoots = 1;
  }
};

TEST_F(E2ePeriodicGc, RunsByItselfAndKeepsTheConfiguredRoots) {
  churn(3);
  ASSERT_TRUE(eventually([&] { return metric("cairn_gc_blobs_removed_total").value_or(0) > 0; }));
  EXPECT_GE(metric("cairn_gc_runs_total").value_or(0), 1.0);
  // Asked without retain-roots, a collection keeps the configured one old root.
  EXPECT_EQ(gc().value("indexRoots", uint64_t{0}), 3u);
  EXPECT_EQ(values(1).size(), 200u);
}

class E2eGcTokens : public E2eGc {
 protected:
  void configure(server::ServerConfig& config) override {
    config.tokens = {{"dashboards", "reader-secret", true, false},
                     {"ops", "writer-secret", true, true}};
  }
};

TEST_F(E2eGcTokens, NeedsTheWriteScope) {
  expectError(client().post("/admin/gc", "", "text/plain"), 401, "unauthorized");
  expectError(
      client().post("/admin/gc", "", "text/plain", {{"Authorization", "Bearer reader-secret"}}),
      403, "forbidden");
  const HttpResponse r = client().post("/admin/gc?dry-run", "", "text/plain",
                                       {{"Authorization", "Bearer writer-secret"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_TRUE(parseJson(r.body).value("dryRun", false));
}

}  // namespace gc_test
}  // namespace cairn::testing::e2e
