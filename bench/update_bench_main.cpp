// update_bench: what one SPARQL update costs per triple, by its shape and its size. A bounded
// per-triple cost must not grow with the update: at 60,000 triples as at 10,000.
//
//   update_bench --data DIR [--sizes 10000,60000] [--repeats 3] [--json]
//
// DIR holds the seed import's scratch files (removed after). For each size N and each repeat, a
// fresh ledger (in-memory stores: no disk, so the figures are the write path's CPU) seeded with
// one triple, then these updates in turn, each parsed (sparql::parseUpdate) and run
// (query::executeUpdate), timed together:
//   insert-new      INSERT DATA of N triples with new subjects and literals;
//   insert-present  the same INSERT DATA again: every triple is checked and found present;
//   delete-data     DELETE DATA of those N triples;
//   insert-again    the N triples again, their terms known to the ledger;
//   delete-where    DELETE WHERE { ?s ?p ?o }: the N triples and the seed.
// Each shape's microseconds per triple (median and range over the repeats) at each size, and
// the largest size's over the smallest's. Checked: each update inserted or deleted what it must.
//
// And the reads a bounded query makes over the novelty insert-new leaves (N triples, none
// indexed), right after it: microseconds per query (the median of kReadReps runs, then median
// and range over the repeats), which must not grow with N:
//   limit-all        SELECT * WHERE { ?s ?p ?o } LIMIT 10;
//   limit-predicate  SELECT ?s ?o WHERE { ?s <p7> ?o } LIMIT 10 (N/40 of the triples).
//   limit-past      limit-all at the t of insert-new, after the five shapes and a fold: every
//                   row comes from the history segments (the N triples asserted then, deleted
//                   since).
// Checked: each answers 10 rows. Session 17 made scans read the novelty and history in growing
// windows; before, every scan gathered all the changes of its range before its first row.
//
// Session 16 found insert-present, delete-data and insert-again quadratic in N (every
// presence check read the novelty from its key to the end of the permutation): a 60,000-triple
// DELETE WHERE took 29 s.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench/bench_support.h"
#include "bench/seed_ledger.h"
#include "core/error.h"
#include "core/io/allocator_tuning.h"
#include "index/write/live_ledger.h"
#include "query/engine/query_engine.h"
#include "query/update/update_executor.h"
#include "server/cli/progress_display.h"
#include "sparql/parser/sparql_parser.h"
#include "storage/memory_blob_store.h"
#include "storage/memory_head_store.h"

using namespace cairn;
using bench::die;
using bench::orDie;
using Clock = std::chrono::steady_clock;

namespace {

constexpr char kLedger[] = "bench";

struct Shape {
  const char* name;
  uint64_t inserted;  // per triple of the update: 1 or 0
  uint64_t deleted;
};

// The shapes, in the order they run on one ledger (each on the state the one before left).
const std::vector<Shape> kShapes = {{"insert-new", 1, 0},
                                    {"insert-present", 0, 0},
                                    {"delete-data", 0, 1},
                                    {"insert-again", 1, 0},
                                    {"delete-where", 0, 1}};

struct Read {
  const char* name;
  const char* text;
};

const std::vector<Read> kReads = {
    {"limit-all", "SELECT * WHERE { ?s ?p ?o } LIMIT 10"},
    {"limit-predicate", "SELECT ?s ?o WHERE { ?s <http://bench.example/p7> ?o } LIMIT 10"}};
const Read kPastRead = {"limit-past", "SELECT * WHERE { ?s ?p ?o } LIMIT 10"};
constexpr int kReadReps = 15;
constexpr uint64_t kReadRows = 10;

// Counts the solutions of a query.
struct RowCounter final : query::ResultSink {
  uint64_t rows = 0;
  void beginSolutions(const std::vector<std::string>&) override {}
  void solution(std::span<const core::Term* const>) override { ++rows; }
  void booleanResult(bool) override {}
  void beginGraph() override {}
  void triple(const core::Term&, const core::Term&, const core::Term&) override {}
  void end() override {}
};

// Microseconds per run of `read` on the current snapshot: the median of kReadReps (each parsed
// and run); dies unless it answers kReadRows rows.
double timeRead(const index::LiveLedger& ledger, const Read& read, uint64_t asOf = UINT64_MAX) {
  const std::shared_ptr<const index::Ledger> snapshot = ledger.snapshot();
  query::QueryOptions options;
  options.asOf = asOf;
  std::vector<double> micros;
  for (int rep = 0; rep < kReadReps; ++rep) {
    RowCounter sink;
    const auto start = Clock::now();
    query::executeQuery(*snapshot, sparql::parseQuery(read.text), options, sink);
    micros.push_back(std::chrono::duration<double, std::micro>(Clock::now() - start).count());
    if (sink.rows != kReadRows) {
      die(std::string(read.name) + ": " + std::to_string(sink.rows) + " rows, expected " +
          std::to_string(kReadRows));
    }
  }
  std::sort(micros.begin(), micros.end());
  return micros[micros.size() / 2];
}

std::string triples(uint64_t n) {
  std::string text;
  text.reserve(n * 90);
  for (uint64_t i = 0; i < n; ++i) {
    text += "<http://bench.example/s" + std::to_string(i) + "> <http://bench.example/p" +
            std::to_string(i % 40) + "> \"value " + std::to_string(i) + "\" .\n";
  }
  return text;
}

std::shared_ptr<index::LiveLedger> seededLedger(storage::MemoryBlobStore& blobs,
                                                storage::MemoryHeadStore& heads,
                                                const std::filesystem::path& directory) {
  bench::importSeedLedger(blobs, heads, directory, kLedger,
                          "<http://bench.example/seed> <http://bench.example/p> \"seed\" .\n");
  // A block cache as the server has (reads after the fold come from segments).
  return orDie(index::LiveLedger::open(blobs, heads, kLedger,
                                       std::make_shared<index::IndexCache>(size_t{256} << 20),
                                       index::IndexConfig::defaults()));
}

// Seconds to parse and run `text`; dies unless it inserted and deleted what it must.
double timeUpdate(index::LiveLedger& ledger, const std::string& text, uint64_t inserted,
                  uint64_t deleted, const char* name) {
  const auto start = Clock::now();
  query::UpdateRequest request = sparql::parseUpdate(text);
  const index::CommitResult result = query::executeUpdate(ledger, std::move(request), {});
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (result.inserted != inserted || result.deleted != deleted) {
    die(std::string(name) + ": inserted " + std::to_string(result.inserted) + ", deleted " +
        std::to_string(result.deleted) + "; expected " + std::to_string(inserted) + " and " +
        std::to_string(deleted));
  }
  return seconds;
}

// One run on a fresh ledger: microseconds per triple of each shape, then per query of each
// read (kShapes, kReads, then kPastRead).
std::vector<double> runOnce(uint64_t n, const std::filesystem::path& directory) {
  storage::MemoryBlobStore blobs;
  storage::MemoryHeadStore heads;
  auto ledger = seededLedger(blobs, heads, directory);
  const std::string data = triples(n);
  const std::string insert = "INSERT DATA {\n" + data + "}";
  const std::string remove = "DELETE DATA {\n" + data + "}";
  const std::vector<std::string> texts = {insert, insert, remove, insert,
                                          "DELETE WHERE { ?s ?p ?o }"};
  std::vector<double> micros, reads;
  uint64_t insertedAt = 0;
  for (size_t i = 0; i < kShapes.size(); ++i) {
    const Shape& shape = kShapes[i];
    const uint64_t extra = i + 1 == kShapes.size() ? 1 : 0;  // DELETE WHERE takes the seed too
    const double seconds =
        timeUpdate(*ledger, texts[i], shape.inserted * n, shape.deleted * n + extra, shape.name);
    micros.push_back(seconds * 1e6 / static_cast<double>(n));
    if (i == 0) {
      for (const Read& read : kReads) reads.push_back(timeRead(*ledger, read));
      insertedAt = ledger->snapshot()->t();
    }
  }
  index::IndexBuildOptions fold;
  fold.mode = index::IndexBuildOptions::Mode::kFold;
  orDie(ledger->indexNow(fold), "fold");
  reads.push_back(timeRead(*ledger, kPastRead, insertedAt));
  micros.insert(micros.end(), reads.begin(), reads.end());
  return micros;
}

struct Summary {
  double median = 0, min = 0, max = 0;
};

Summary summarize(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return {v[v.size() / 2], v.front(), v.back()};
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("Per-triple cost of SPARQL updates by shape and size");
  std::string data;
  std::vector<uint64_t> sizes = {10'000, 60'000};
  unsigned repeats = 3;
  bool json = false;
  app.add_option("--data", data, "scratch directory for the seed import")->required();
  app.add_option("--sizes", sizes, "triples per update, comma-separated")->delimiter(',');
  app.add_option("--repeats", repeats, "fresh ledgers per size")->check(CLI::PositiveNumber);
  app.add_flag("--json", json, "print the figures as JSON too");
  CLI11_PARSE(app, argc, argv);
  if (sizes.empty()) die("--sizes is empty");
  core::tuneAllocatorForQueries();
  std::filesystem::create_directories(data);

  // summaries[size][shape]
  std::vector<std::vector<Summary>> summaries;
  std::printf("%-16s", "us per triple");
  for (uint64_t n : sizes) std::printf("  %26s", ("N = " + std::to_string(n)).c_str());
  std::printf("\n");
  std::vector<std::vector<std::vector<double>>> runs(sizes.size());
  for (size_t s = 0; s < sizes.size(); ++s) {
    for (unsigned r = 0; r < repeats; ++r) runs[s].push_back(runOnce(sizes[s], data));
    std::vector<Summary> perShape;
    for (size_t k = 0; k < kShapes.size() + kReads.size() + 1; ++k) {
      std::vector<double> values;
      for (const auto& run : runs[s]) values.push_back(run[k]);
      perShape.push_back(summarize(values));
    }
    summaries.push_back(perShape);
  }
  nlohmann::json out = nlohmann::json::object();
  for (size_t k = 0; k < kShapes.size() + kReads.size() + 1; ++k) {
    const bool read = k >= kShapes.size();
    const char* name = !read                                ? kShapes[k].name
                       : k - kShapes.size() < kReads.size() ? kReads[k - kShapes.size()].name
                                                            : kPastRead.name;
    if (k == kShapes.size()) std::printf("%-16s\n", "us per query");
    std::printf("%-16s", name);
    nlohmann::json shape = nlohmann::json::object();
    for (size_t s = 0; s < sizes.size(); ++s) {
      const Summary& x = summaries[s][k];
      std::printf("  %8.2f (%7.2f-%7.2f)", x.median, x.min, x.max);
      shape[std::to_string(sizes[s])] = {{"median", x.median}, {"min", x.min}, {"max", x.max}};
    }
    const double growth = summaries.back()[k].median / summaries.front()[k].median;
    std::printf("  x%.2f\n", growth);
    shape["growth"] = growth;
    out[name] = shape;
  }
  std::printf(
      "(median (min-max) of %u fresh ledgers, a read's figure the median of its %d runs; last "
      "column: largest size / smallest)\n",
      repeats, kReadReps);
  std::printf("peak RSS %.1f MiB; %s\n", server::peakRssBytes() / 1048576.0,
              core::allocatorInUse().c_str());
  if (json) std::printf("%s\n", out.dump(2).c_str());
  return 0;
}
