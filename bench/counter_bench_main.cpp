// counter_bench: a fact rewritten by every commit — a counter bumped by
// `DELETE { s p ?v } INSERT { s p ?w } WHERE { s p ?v BIND(?v + 1 AS ?w) }` — for many commits
// before any index run, as a server sees between two indexer runs (the soft threshold is 400K
// changes). Each commit leaves one more transient value of the fact in the novelty overlay;
// reads of the current state must not get slower as they pile up.
//
//   counter_bench --data DIR [--commits N] [--window W] [--json]
//
// DIR must not exist; the store (RocksDB) goes there. Imports a one-fact ledger, opens it live
// (no background indexer, so the overlay only grows), then runs N updates (parsed once, each one
// durable commit) and reports per window of W commits: commits/s and the median latency of a
// read of the counter (`SELECT ?v WHERE { s p ?v }`, 101 times at the window's end). The last
// value read must equal N (checked).

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench/bench_support.h"
#include "core/error.h"
#include "core/io/allocator_tuning.h"
#include "index/import/bulk_importer.h"
#include "index/write/live_ledger.h"
#include "query/engine/query_engine.h"
#include "query/update/update_executor.h"
#include "sparql/parser/sparql_parser.h"
#include "sparql/results/collecting_sink.h"
#include "storage/rocksdb_store.h"

using namespace cairn;
using bench::die;
using bench::orDie;
using Clock = std::chrono::steady_clock;

namespace {

constexpr const char* kLedger = "counter";
constexpr const char* kFact = "<http://cairn.example/counter> <http://cairn.example/value>";

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  cairn::core::tuneAllocatorForQueries();
  CLI::App app{"counter_bench: one fact rewritten by every commit"};
  std::string data;
  uint64_t commits = 20000;
  uint64_t window = 2000;
  bool json = false;
  app.add_option("--data", data, "directory for the store (must not exist)")->required();
  app.add_option("--commits", commits);
  app.add_option("--window", window);
  app.add_flag("--json", json);
  CLI11_PARSE(app, argc, argv);
  if (window == 0 || commits < window) die("--window must be in 1..--commits");

  const std::filesystem::path dir(data);
  if (std::filesystem::exists(dir)) die(data + " exists");
  std::filesystem::create_directories(dir);
  const std::filesystem::path seed = dir / "seed.nt";
  {
    std::ofstream out(seed);
    out << kFact << " \"0\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n";
  }
  auto store = orDie(storage::RocksDbStore::open(dir / "store"), "opening the store");
  index::ImportOptions importOptions;
  importOptions.ledger = kLedger;
  importOptions.inputs.push_back(index::ImportInput{seed.string(), std::nullopt});
  importOptions.scratchDirectory = dir / "scratch";
  index::ImportProgress progress;
  index::bulkImport(*store, *store, importOptions, progress);
  auto ledger = orDie(index::LiveLedger::open(*store, *store, kLedger,
                                              std::make_shared<index::IndexCache>(64 << 20),
                                              index::IndexConfig::defaults()),
                      "opening the ledger");

  const query::UpdateRequest bump =
      sparql::parseUpdate(std::string("DELETE { ") + kFact + " ?v } INSERT { " + kFact +
                          " ?w } WHERE { " + kFact + " ?v BIND(?v + 1 AS ?w) }");
  const query::Query read = sparql::parseQuery(std::string("SELECT ?v WHERE { ") + kFact + " ?v }");
  query::QueryOptions readOptions;
  readOptions.reportPlan = false;

  struct Window {
    uint64_t commits;
    double commitsPerSecond;
    double readMicros;
  };
  std::vector<Window> windows;
  std::string last;
  for (uint64_t done = 0; done < commits;) {
    const auto start = Clock::now();
    for (uint64_t i = 0; i < window; ++i) {
      const index::CommitResult result = query::executeUpdate(*ledger, bump, {});
      if (result.inserted != 1 || result.deleted != 1) die("an update did not bump the counter");
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    done += window;
    std::vector<double> reads;
    for (int r = 0; r < 101; ++r) {
      sparql::results::CollectingSink sink;
      const auto begin = Clock::now();
      query::executeQuery(*ledger->snapshot(), read, readOptions, sink);
      reads.push_back(std::chrono::duration<double, std::micro>(Clock::now() - begin).count());
      const auto& rows = sink.result().rows;
      if (rows.size() != 1 || !rows[0][0]) {
        die("the counter read " + std::to_string(rows.size()) + " rows");
      }
      last = rows[0][0]->value;
    }
    windows.push_back({done, static_cast<double>(window) / seconds, median(reads)});
    if (!json) {
      std::printf("after %8llu commits: %8.0f commits/s, read p50 %8.1f us\n",
                  static_cast<unsigned long long>(done), windows.back().commitsPerSecond,
                  windows.back().readMicros);
      std::fflush(stdout);
    }
  }
  if (last != std::to_string(commits)) die("the counter reads " + last);
  const double rateRatio = windows.back().commitsPerSecond / windows.front().commitsPerSecond;
  const double readRatio = windows.back().readMicros / windows.front().readMicros;
  if (json) {
    nlohmann::json out = nlohmann::json::array();
    for (const Window& w : windows) {
      out.push_back({{"commits", w.commits},
                     {"commitsPerSecond", w.commitsPerSecond},
                     {"readMicros", w.readMicros}});
    }
    std::printf("%s\n", nlohmann::json{{"windows", out},
                                       {"lastOverFirstRate", rateRatio},
                                       {"lastOverFirstRead", readRatio}}
                            .dump(2)
                            .c_str());
  } else {
    std::printf("last window / first: commit rate %.2f, read latency %.2f\n", rateRatio, readRatio);
  }
  return 0;
}
