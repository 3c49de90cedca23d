// query_bench: the SPARQL engine's performance envelope over a ledger imported from datagen
// (docs/datagen.md), in-process: parse + plan + execute + decode every result term, with a
// sink that only counts. Run it on the 100K, 1M and 10M ledgers and compare the ratios.
//
//   query_bench --data DIR --ledger NAME [--reps N] [--only NAME] [--json] [--kept|--keep-plans]
//               [--queries DIR] [--disable REWRITE]... [--versus-disable REWRITE]...
//
// --kept runs each text from a plan kept from the untimed first pass (query::executePrepared,
// what the server does on a plan-cache hit: no parse, no plan); --keep-plans has each
// repetition parse, plan, run and freeze the plan for keeping (the server's miss); without
// either, each repetition parses, plans and runs (executeQuery).
// --queries runs every *.rq file of DIR (sorted by name, as written: no prefixes added, no {K})
// in place of the built-in envelope. --disable switches rewrites off (docs/query-engine.md).
// --versus-disable also runs each query with those rewrites off, the two variants alternating
// repetition by repetition, and reports both medians and their ratio: a same-run A/B of a
// rewrite on a shared, noisy machine.
//
// Queries with a {K} placeholder draw a different entity per repetition (hubs excluded: K from
// 100 up) so point lookups do not all hit one leaflet. Every query runs its --reps repetitions
// twice; the first pass warms the cache and only the second is timed (warm latency). Queries
// run with the server's options (no plan report). Reports median, min and max latency, result
// rows, the engine's peak charged memory, and the process's peak RSS at the end.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/io/allocator_tuning.h"
#include "query/engine/prepared_query.h"
#include "query/engine/query_engine.h"
#include "server/cli/progress_display.h"
#include "server/cli/store_access.h"
#include "sparql/parser/sparql_parser.h"

using namespace cairn;
using Clock = std::chrono::steady_clock;

namespace {

constexpr const char* kPrefixes =
    "PREFIX c: <http://cairn.example/ontology/>\n"
    "PREFIX person: <http://cairn.example/resource/Person/>\n"
    "PREFIX place: <http://cairn.example/resource/Place/>\n"
    "PREFIX org: <http://cairn.example/resource/Organization/>\n"
    "PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>\n";

struct BenchQuery {
  const char* name;
  const char* klass;  // the class {K} ranges over ("" when the query has no {K})
  const char* text;
  bool bounded;  // should cost the same at 10M as at 100K
};

// The envelope the SPARQL engine issue names. Place/40 is a mid-size city at every scale.
const BenchQuery kQueries[] = {
    {"point-lookup", "Person", "SELECT ?n WHERE { person:{K} c:name ?n }", true},
    {"attribute-scan", "", "SELECT ?s ?v WHERE { ?s c:rating ?v }", false},
    {"type-scan", "", "SELECT ?s ?c WHERE { ?s rdf:type ?c }", false},
    {"star-3", "", "SELECT ?p ?n ?a WHERE { ?p c:livesIn place:40 ; c:name ?n ; c:age ?a }", false},
    // Tail organizations (K from 100 up) have a handful of employees: bounded like chain-2.
    {"star-3-selective", "Organization",
     "SELECT ?p ?n ?a WHERE { ?p c:worksFor org:{K} ; c:name ?n ; c:age ?a }", true},
    {"star-5", "",
     "SELECT ?p ?n ?a ?e WHERE { ?p c:livesIn place:40 ; rdf:type c:Person ; c:name ?n ; "
     "c:age ?a ; c:email ?e }",
     false},
    {"chain-2", "Person", "SELECT ?f ?n WHERE { person:{K} c:knows ?f . ?f c:name ?n }", true},
    {"chain-3", "Person",
     "SELECT ?f ?o ?on WHERE { person:{K} c:knows ?f . ?f c:worksFor ?o . ?o c:name ?on }", true},
    {"optional", "", "SELECT ?p ?e WHERE { ?p c:livesIn place:40 OPTIONAL { ?p c:email ?e } }",
     false},
    {"not-exists", "",
     "SELECT ?p WHERE { ?p c:livesIn place:40 FILTER NOT EXISTS { ?p c:email ?e } }", false},
    {"union", "Person",
     "SELECT ?x WHERE { { person:{K} c:knows ?x } UNION { ?x c:knows person:{K} } }", false},
    {"group-count", "", "SELECT ?city (COUNT(*) AS ?n) WHERE { ?p c:livesIn ?city } GROUP BY ?city",
     false},
    {"count-predicate", "", "SELECT (COUNT(*) AS ?n) WHERE { ?s c:rating ?o }", true},
    {"order-limit", "", "SELECT ?s ?v WHERE { ?s c:population ?v } ORDER BY DESC(?v) LIMIT 10",
     true},
    {"order-limit-rating", "", "SELECT ?s ?v WHERE { ?s c:rating ?v } ORDER BY ?v LIMIT 10", true},
    {"limit-scan", "", "SELECT ?s ?v WHERE { ?s c:rating ?v } LIMIT 10", true},
    {"path-plus", "Person", "SELECT ?x WHERE { person:{K} c:knows+ ?x } LIMIT 1000", true},
};

class CountingSink final : public query::ResultSink {
 public:
  uint64_t rows = 0;
  uint64_t bytes = 0;  // touch every materialized term so decoding is not optimized away
  void beginSolutions(const std::vector<std::string>&) override {}
  void solution(std::span<const core::Term* const> cells) override {
    ++rows;
    for (const core::Term* t : cells) {
      if (t != nullptr) bytes += t->value.size();
    }
  }
  void booleanResult(bool) override { ++rows; }
  void beginGraph() override {}
  void triple(const core::Term&, const core::Term&, const core::Term&) override { ++rows; }
  void end() override {}
};

std::string substitute(std::string text, const std::string& k) {
  for (size_t at = text.find("{K}"); at != std::string::npos; at = text.find("{K}", at)) {
    text.replace(at, 3, k);
  }
  return text;
}

double percentile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size())))];
}

// Entities of `klass` in the ledger (to draw {K} from), via the engine itself.
uint64_t classSize(const index::Ledger& ledger, const std::string& klass) {
  const std::string text =
      std::string(kPrefixes) + "SELECT (COUNT(*) AS ?n) WHERE { ?x rdf:type c:" + klass + " }";
  struct OneValue final : query::ResultSink {
    uint64_t value = 0;
    void beginSolutions(const std::vector<std::string>&) override {}
    void solution(std::span<const core::Term* const> cells) override {
      if (!cells.empty() && cells[0] != nullptr) value = std::stoull(cells[0]->value);
    }
    void booleanResult(bool) override {}
    void beginGraph() override {}
    void triple(const core::Term&, const core::Term&, const core::Term&) override {}
    void end() override {}
  } sink;
  query::executeQuery(ledger, sparql::parseQuery(text), {}, sink);
  return sink.value;
}

}  // namespace

int main(int argc, char** argv) {
  cairn::core::tuneAllocatorForQueries();
  std::string data = server::kDefaultDataDirectory, ledgerName, only, folder;
  std::vector<std::string> disable, versusDisable;
  int reps = 21;
  bool json = false;
  bool kept = false;
  bool keepPlans = false;
  CLI::App app{"SPARQL query envelope over a datagen ledger"};
  app.add_option("--data", data);
  app.add_option("--ledger", ledgerName)->required();
  app.add_option("--reps", reps);
  app.add_option("--only", only, "Run only the query with this name");
  app.add_option("--queries", folder, "Run the .rq files of this folder instead");
  app.add_option("--disable", disable, "Switch a rewrite off (repeatable)");
  app.add_option("--versus-disable", versusDisable,
                 "Also run each query with this rewrite off, alternating (repeatable)");
  app.add_flag("--json", json);
  app.add_flag("--kept", kept, "Run each text from a plan kept from the first, untimed pass");
  app.add_flag("--keep-plans", keepPlans, "Freeze each repetition's plan for keeping");
  CLI11_PARSE(app, argc, argv);

  try {
    auto store = server::openStore(data, /*readOnly=*/true);
    auto ledger = server::openLedger(*store, ledgerName, size_t{1} << 30);
    std::mt19937_64 random(7);
    nlohmann::json results = nlohmann::json::array();

    // The queries: the envelope (prefixes added, {K} drawn per repetition) or a folder's files.
    struct Job {
      std::string name;
      bool bounded = false;
      std::vector<std::string> texts;  // one per repetition
    };
    std::vector<Job> jobs;
    if (!folder.empty()) {
      std::vector<std::filesystem::path> files;
      for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().extension() == ".rq") files.push_back(entry.path());
      }
      std::sort(files.begin(), files.end());
      for (const auto& path : files) {
        if (!only.empty() && only != path.stem().string()) continue;
        std::ifstream in(path);
        std::stringstream text;
        text << in.rdbuf();
        jobs.push_back({path.stem().string(), false,
                        std::vector<std::string>(static_cast<size_t>(reps), text.str())});
      }
    } else {
      for (const BenchQuery& q : kQueries) {
        if (!only.empty() && only != q.name) continue;
        uint64_t entities = 0;
        if (q.klass[0] != '\0') entities = classSize(*ledger, q.klass);
        // The entities this query visits: one per repetition.
        Job job{q.name, q.bounded, {}};
        for (int r = 0; r < reps; ++r) {
          std::string k = "1";
          if (entities > 0) {
            const uint64_t low = std::min<uint64_t>(100, entities);
            k = std::to_string(low + random() % (entities - low + 1));
          }
          job.texts.push_back(std::string(kPrefixes) + substitute(q.text, k));
        }
        jobs.push_back(std::move(job));
      }
    }

    query::QueryOptions options;
    options.reportPlan = false;  // as the server runs a query it was not asked to explain
    options.disabledRewrites.insert(disable.begin(), disable.end());
    query::QueryOptions versus = options;
    versus.disabledRewrites.insert(versusDisable.begin(), versusDisable.end());
    const bool ab = !versusDisable.empty();
    if (!json) {
      std::printf("%-28s %12s %12s %12s %10s %12s%s\n", "query", "median_ms", "min_ms", "max_ms",
                  "rows", "peak_mem_MB", ab ? "   versus_ms  ratio" : "");
    }
    for (const Job& job : jobs) {
      // A first pass warms the cache (and is not timed), so figures are warm latencies like a
      // server's; with --versus-disable the variants alternate within each pass.
      std::vector<double> ms, versusMs;
      uint64_t rows = 0, versusRows = 0, peakMemory = 0;
      std::map<std::pair<std::string, const query::QueryOptions*>,
               std::shared_ptr<const query::PreparedQuery>>
          plans;
      auto run = [&](const std::string& text, const query::QueryOptions& o, uint64_t& outRows) {
        std::shared_ptr<const query::PreparedQuery>* plan = nullptr;
        if (kept) {
          plan = &plans[{text, &o}];
          if (*plan == nullptr) *plan = query::prepareQuery(*ledger, sparql::parseQuery(text), o);
        }
        const auto start = Clock::now();
        CountingSink sink;
        std::shared_ptr<const query::PreparedQuery> frozen;
        const query::QueryReport report =
            plan != nullptr ? query::executePrepared(*ledger, **plan, o, sink)
                            : query::executeQuery(*ledger, sparql::parseQuery(text), o, sink,
                                                  keepPlans ? &frozen : nullptr);
        outRows = sink.rows;
        peakMemory = std::max(peakMemory, report.peakMemoryBytes);
        return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
      };
      for (int pass = 0; pass < 2; ++pass) {
        for (const std::string& text : job.texts) {
          const double a = run(text, options, rows);
          const double b = ab ? run(text, versus, versusRows) : 0;
          if (pass == 0) continue;
          ms.push_back(a);
          if (ab) versusMs.push_back(b);
        }
      }
      if (ab && rows != versusRows) {
        std::fprintf(stderr, "%s: %llu rows, %llu with the rewrites off\n", job.name.c_str(),
                     static_cast<unsigned long long>(rows),
                     static_cast<unsigned long long>(versusRows));
      }
      const double median = percentile(ms, 0.5);
      const double lo = *std::min_element(ms.begin(), ms.end());
      const double hi = *std::max_element(ms.begin(), ms.end());
      const double versusMedian = ab ? percentile(versusMs, 0.5) : 0;
      if (json) {
        nlohmann::json r = {{"query", job.name},
                            {"bounded", job.bounded},
                            {"medianMs", median},
                            {"minMs", lo},
                            {"maxMs", hi},
                            {"rows", rows},
                            {"peakChargedBytes", peakMemory}};
        if (ab) {
          r["versusMedianMs"] = versusMedian;
          r["ratio"] = median / versusMedian;
        }
        results.push_back(r);
      } else {
        std::printf("%-28s %12.4f %12.4f %12.4f %10llu %12.1f", job.name.c_str(), median, lo, hi,
                    static_cast<unsigned long long>(rows), peakMemory / 1048576.0);
        if (ab) std::printf(" %11.4f %6.2f", versusMedian, median / versusMedian);
        std::printf("\n");
      }
    }
    if (json) {
      nlohmann::json out = {{"ledger", ledgerName},
                            {"quads", ledger->root().quads},
                            {"peakRssBytes", server::peakRssBytes()},
                            {"queries", results}};
      std::printf("%s\n", out.dump(2).c_str());
    } else {
      std::printf("ledger %s: %llu quads; peak RSS %.1f MiB; %s\n", ledgerName.c_str(),
                  static_cast<unsigned long long>(ledger->root().quads),
                  server::peakRssBytes() / 1048576.0, cairn::core::allocatorInUse().c_str());
    }
  } catch (const core::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.message().c_str());
    return 1;
  }
  return 0;
}
