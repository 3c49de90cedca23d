// index_bench: the background indexer's and the novelty overlay's targets (issue 5), on datagen
// ledgers (docs/datagen.md) in a RocksDbStore on disk.
//
//   index_bench --data DIR [--phases 1,2,3] [--base-triples 10M] [--insert-base-triples 1M]
//               [--seconds 20] [--repeats 3] [--rounds 10] [--query-reps 51] [--json]
//
// DIR must not exist or be empty: the datagen files, the stores and the import scratch go there.
//
// 1. Sustained INSERT DATA. For each of --repeats runs: a fresh store with the datagen graph of
//    --insert-base-triples imported, a LiveLedger with the background indexer on (default
//    IndexerPolicy), then for --seconds one writer builds SPARQL `INSERT DATA { ... }` texts of
//    10,000 new triples (new reviews and people with 5-10 properties each, linked to existing
//    products, people, organizations and cities), parses each (sparql::parseUpdate) and runs it
//    (query::executeUpdate). Triples/s = triples / the writer's parse + execute time (building
//    the text is the client's work: timed apart); per transaction p50, in wall and in the writer
//    thread's CPU time (on a shared machine the second says what the code costs); the novelty
//    left at the end; indexer runs, bytes and seconds; commits that waited for the indexer.
//    Checked: every transaction inserted 10,000 triples and the ledger then counts base +
//    inserted triples. Also the time stopIndexer() takes at the end: a fold or delta run in
//    progress is cancelled, not waited for (a server shutting down waits as long).
// 2. Incremental indexing. The datagen graph of --base-triples imported into a fresh store; the
//    index size is the bytes of every blob the import put (counted by a wrapper around the
//    store: permutation trees, dictionaries, statistics, the root), not RocksDB's files. Then
//    --rounds times, each on top of the last: one 1,000-triple commit (500 new facts about
//    random existing subjects, 300 triples of 50 new reviews, 200 deletes of random existing
//    facts, all through LiveLedger::commit) and indexNow() (the default policy: a delta run
//    unless the delta layer would pass 1/16 of the trees): bytesWritten / index size and
//    seconds. Then one fold of the layer the rounds left (what the default policy does once per
//    1/16 of the trees' size in changes): its bytes and seconds.
// 3. Reads over novelty. On phase 2's ledger (imported here when phase 2 is skipped; one round of
//    deletes is indexed first when the ledger has no history yet): 100 commits of 10 triples
//    (3 new c:knows links and 2 new e-mails of people from a pool of --query-reps people, 3 new
//    ratings of random reviews; 2 deletes: one of the pool's c:knows facts while any is left,
//    one rating of a random review), so every query's range holds novelty. Then each query
//    --query-reps times (a warm pass first, untimed): point lookup (c:knows of a pool person),
//    star of 5 properties (a pool person), COUNT of c:rating, ORDER BY ?o LIMIT 10 over
//    c:rating, and the point lookup of people outside the pool. The ledger starts folded (no
//    delta layer). Then a delta run (the commits persisted as a delta segment) and the same
//    again, then a fold and the same again; ratios of the medians to the folded store's. Then
//    the point lookup at the t before the 100 commits (answered from the tree and history
//    segments) vs at the current t. Checked: the answers agree in all three states, and the
//    old-t answers equal what the lookups returned before the 100 commits.
//
// Every figure is a median with its range (min-max) over the repeats, rounds or query
// repetitions it names. The load average is read at the start and end of each phase.

#include <sys/resource.h>
#include <time.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "bench/bench_support.h"
#include "bench/datagen/graph_generator.h"
#include "core/error.h"
#include "core/io/allocator_tuning.h"
#include "index/import/bulk_importer.h"
#include "index/write/live_ledger.h"
#include "query/engine/query_engine.h"
#include "query/update/update_executor.h"
#include "server/cli/progress_display.h"
#include "sparql/parser/sparql_parser.h"
#include "storage/forwarding_blob_store.h"
#include "storage/rocksdb_store.h"

using namespace cairn;
using bench::die;
using bench::orDie;
using Clock = std::chrono::steady_clock;
using nlohmann::json;

namespace {

constexpr char kLedgerName[] = "kg";
constexpr uint64_t kTxTriples = 10'000;
const std::string kRes = "http://cairn.example/resource/";
const std::string kOnt = "http://cairn.example/ontology/";
const std::string kXsd = "http://www.w3.org/2001/XMLSchema#";
const std::string kRdfType = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
constexpr const char* kPrefixes =
    "PREFIX c: <http://cairn.example/ontology/>\n"
    "PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n";

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

double msSince(Clock::time_point start) { return secondsSince(start) * 1e3; }

double processCpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto s = [](const timeval& tv) { return tv.tv_sec + tv.tv_usec / 1e6; };
  return s(usage.ru_utime) + s(usage.ru_stime);
}

// CPU time of the calling thread: what a step cost whatever share of a core the machine gave it.
double threadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

std::string loadAverage() {
  std::ifstream in("/proc/loadavg");
  std::string a, b, c;
  in >> a >> b >> c;
  return a + " " + b + " " + c;
}

// A median with its range.
struct Summary {
  double median = 0, min = 0, max = 0;
  size_t n = 0;
};

// The q-quantile (0..1) of v, nearest rank.
double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size())))];
}

double mean(const std::vector<double>& v) {
  return v.empty() ? 0 : std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

Summary summarize(std::vector<double> v) {
  if (v.empty()) return {};
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  const double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  return {median, v.front(), v.back(), n};
}

json toJson(const Summary& s) {
  return {{"median", s.median}, {"min", s.min}, {"max", s.max}, {"n", s.n}};
}

std::string show(const Summary& s, const char* format = "%.3g") {
  char buffer[160];
  std::string f = std::string(format) + " (" + format + "-" + format + ")";
  std::snprintf(buffer, sizeof buffer, f.c_str(), s.median, s.min, s.max);
  return buffer;
}

// Counts the bytes of every blob put through it: the size of what an import or an indexing run
// wrote, as the blobs' own bytes (RocksDB's compression and files aside).
class CountingBlobs final : public storage::ForwardingBlobStore {
 public:
  using ForwardingBlobStore::ForwardingBlobStore;
  core::Result<storage::ContentId> put(std::string_view bytes) override {
    bytes_ += bytes.size();
    return ForwardingBlobStore::put(bytes);
  }
  core::Result<std::vector<storage::ContentId>> putMany(
      const std::vector<std::string_view>& blobs) override {
    for (std::string_view b : blobs) bytes_ += b.size();
    return ForwardingBlobStore::putMany(blobs);
  }
  uint64_t bytes() const { return bytes_.load(); }

 private:
  std::atomic<uint64_t> bytes_{0};
};

// --- data ------------------------------------------------------------------------------------

// DIR/kg-N.nt, written by the datagen generator (the same bytes as `datagen --triples N`).
std::filesystem::path datagenFile(const std::filesystem::path& dir, uint64_t triples) {
  const std::filesystem::path path = dir / ("kg-" + std::to_string(triples) + ".nt");
  if (std::filesystem::exists(path)) return path;
  const auto start = Clock::now();
  std::FILE* out = std::fopen(path.c_str(), "wb");
  if (out == nullptr) die("cannot create " + path.string());
  bench::datagen::StatementWriter writer(out, bench::datagen::OutputFormat::kNTriples, triples, 42);
  bench::datagen::GraphGenerator generator(triples, 42, writer);
  generator.run();
  if (!writer.finish() || std::fclose(out) != 0) die("write error on " + path.string());
  std::fprintf(stderr, "datagen: %llu statements to %s in %.1f s\n",
               static_cast<unsigned long long>(triples), path.c_str(), secondsSince(start));
  return path;
}

// A store in `dir` (which must not exist) with the ledger imported from `file`.
struct ImportedStore {
  std::unique_ptr<storage::RocksDbStore> store;
  std::unique_ptr<CountingBlobs> blobs;
  index::ImportReport report;
  uint64_t blobBytes = 0;  // every blob the import put
  double seconds = 0;
};

ImportedStore importInto(const std::filesystem::path& dir, const std::filesystem::path& file,
                         const std::filesystem::path& scratch) {
  ImportedStore s;
  s.store = orDie(storage::RocksDbStore::open(dir), "opening the store");
  s.blobs = std::make_unique<CountingBlobs>(*s.store);
  index::ImportOptions options;
  options.ledger = kLedgerName;
  options.inputs.push_back(index::ImportInput{file.string(), std::nullopt});
  options.scratchDirectory = scratch;
  index::ImportProgress progress;
  const auto start = Clock::now();
  try {
    s.report = index::bulkImport(*s.blobs, *s.store, options, progress);
  } catch (const core::Error& e) {
    die("importing " + file.string() + ": " + e.message());
  }
  s.seconds = secondsSince(start);
  s.blobBytes = s.blobs->bytes();
  std::fprintf(stderr, "imported %llu quads from %s in %.1f s (%.1f MiB of blobs)\n",
               static_cast<unsigned long long>(s.report.quadsStored), file.c_str(), s.seconds,
               s.blobBytes / 1048576.0);
  return s;
}

std::shared_ptr<index::LiveLedger> openLive(ImportedStore& s, size_t cacheBytes) {
  return orDie(index::LiveLedger::open(*s.blobs, *s.store, kLedgerName,
                                       std::make_shared<index::IndexCache>(cacheBytes),
                                       index::IndexConfig::defaults()),
               "opening the ledger");
}

// --- queries ---------------------------------------------------------------------------------

// Counts rows; optionally keeps each row (or only its last cell) as N-Triples text to compare
// answers.
class RowSink final : public query::ResultSink {
 public:
  explicit RowSink(bool keep, bool lastCellOnly = false)
      : keep_(keep), lastCellOnly_(lastCellOnly) {}
  uint64_t rows = 0;
  std::vector<std::string> kept;
  std::vector<std::vector<core::Term>> terms;

  void beginSolutions(const std::vector<std::string>&) override {}
  void solution(std::span<const core::Term* const> cells) override {
    ++rows;
    if (!keep_) return;
    std::string row;
    std::vector<core::Term> copy;
    for (size_t i = lastCellOnly_ ? cells.size() - 1 : 0; i < cells.size(); ++i) {
      row += cells[i] == nullptr ? "UNDEF" : core::toNTriples(*cells[i]);
      row += ' ';
      copy.push_back(cells[i] == nullptr ? core::Term{} : *cells[i]);
    }
    kept.push_back(std::move(row));
    terms.push_back(std::move(copy));
  }
  void booleanResult(bool) override { ++rows; }
  void beginGraph() override {}
  void triple(const core::Term&, const core::Term&, const core::Term&) override { ++rows; }
  void end() override {}

 private:
  bool keep_, lastCellOnly_;
};

RowSink runQuery(const index::Ledger& ledger, const std::string& text, bool keep,
                 uint64_t asOf = UINT64_MAX, bool lastCellOnly = false) {
  RowSink sink(keep, lastCellOnly);
  query::QueryOptions options;
  options.asOf = asOf;
  query::executeQuery(ledger, sparql::parseQuery(std::string(kPrefixes) + text), options, sink);
  return sink;
}

uint64_t countQuery(const index::Ledger& ledger, const std::string& text) {
  RowSink sink = runQuery(ledger, text, true);
  if (sink.terms.size() != 1 || sink.terms[0].empty()) die("no count from: " + text);
  return std::stoull(sink.terms[0][0].value);
}

std::string iri(const std::string& klass, uint64_t n) {
  return kRes + klass + "/" + std::to_string(n);
}

// The entity counts of a datagen ledger (reviews counted, the rest planned from N).
struct Entities {
  bench::datagen::EntityPlan plan;
  uint64_t reviews = 0;
};

Entities entitiesOf(const index::Ledger& ledger, uint64_t triples) {
  Entities e{bench::datagen::EntityPlan::forTriples(triples), 0};
  e.reviews = countQuery(ledger, "SELECT (COUNT(*) AS ?n) WHERE { ?r a c:Review }");
  return e;
}

// --- 1. sustained INSERT DATA ------------------------------------------------------------------

const char* const kWords[] = {"quiet", "amber", "river",  "solid",  "north", "linen", "rapid",
                              "cedar", "orbit", "harbor", "violet", "maple", "glass", "ember"};

// INSERT DATA texts of exactly kTxTriples new triples: new reviews (70%) and people with 5-10
// properties each, linked to existing entities.
class InsertGenerator {
 public:
  InsertGenerator(const Entities& entities, uint64_t run, uint64_t seed)
      : e_(entities), run_(run), random_(seed) {}

  std::string next() {
    std::string text = kPrefixes;
    text.reserve(1400 * 1024);
    text += "INSERT DATA {\n";
    uint64_t left = kTxTriples;
    while (left > 0) {
      const uint64_t k = std::min<uint64_t>(left, 5 + random_() % 6);
      if (random_() % 10 < 7) {
        review(text, k);
      } else {
        person(text, k);
      }
      left -= k;
    }
    text += "}\n";
    return text;
  }

 private:
  uint64_t pick(uint64_t low, uint64_t high) { return low + random_() % (high - low + 1); }
  std::string word() { return kWords[random_() % std::size(kWords)]; }
  std::string ref(const std::string& klass, uint64_t n) { return "<" + iri(klass, n) + ">"; }
  std::string city() { return ref("Place", pick(e_.plan.countries + 1, e_.plan.places)); }

  // Properties in a fixed order; the first k are written, joined with ';'.
  void subject(std::string& text, const std::string& klass, const std::vector<std::string>& po,
               uint64_t k) {
    text += "<" + kRes + klass + "/w" + std::to_string(run_) + "-" + std::to_string(++next_) + ">";
    for (uint64_t i = 0; i < k; ++i) {
      text += i == 0 ? " " : " ;\n  ";
      text += po[i];
    }
    text += " .\n";
  }

  void review(std::string& text, uint64_t k) {
    char rating[16], date[40];
    std::snprintf(rating, sizeof rating, "%.1fE0", 1.0 + (random_() % 9) * 0.5);
    std::snprintf(date, sizeof date, "%04d-%02d-%02dT%02d:%02d:%02dZ",
                  static_cast<int>(pick(2015, 2024)), static_cast<int>(pick(1, 12)),
                  static_cast<int>(pick(1, 28)), static_cast<int>(pick(0, 23)),
                  static_cast<int>(pick(0, 59)), static_cast<int>(pick(0, 59)));
    subject(text, "Review",
            {"a c:Review", "c:reviewOf " + ref("Product", pick(1, e_.plan.products)),
             "c:author " + ref("Person", pick(1, e_.plan.persons)),
             std::string("c:rating \"") + rating + "\"^^xsd:double",
             std::string("c:datePublished \"") + date + "\"^^xsd:dateTime",
             "c:helpfulCount " + std::to_string(pick(0, 40)),
             "c:name \"" + word() + " " + word() + " " + std::to_string(next_) + "\"",
             "c:reviewBody \"The " + word() + " one was " + word() + " and " + word() +
                 "; bought " + std::to_string(pick(1, 9)) + " times.\"@en",
             "a c:VerifiedReview", "c:about " + city()},
            k);
  }

  void person(std::string& text, uint64_t k) {
    const uint64_t friend1 = pick(1, e_.plan.persons);
    uint64_t friend2 = pick(1, e_.plan.persons);
    if (friend2 == friend1) friend2 = friend1 % e_.plan.persons + 1;
    const std::string given = word(), family = word();
    subject(text, "Person",
            {"a c:Person", "c:name \"" + given + " " + family + "\"", "c:livesIn " + city(),
             "c:worksFor " + ref("Organization", pick(1, e_.plan.organizations)),
             "c:knows " + ref("Person", friend1), "c:givenName \"" + given + "\"",
             "c:familyName \"" + family + "\"", "c:age " + std::to_string(pick(16, 90)),
             "c:email \"" + given + "." + std::to_string(next_) + "@w" + std::to_string(run_) +
                 ".example\"",
             "c:knows " + ref("Person", friend2)},
            k);
  }

  const Entities& e_;
  uint64_t run_;
  uint64_t next_ = 0;
  std::mt19937_64 random_;
};

struct InsertRun {
  uint64_t transactions = 0, triples = 0;
  double busySeconds = 0, generateSeconds = 0, wallSeconds = 0, cpuSeconds = 0;
  std::vector<double> txMs, parseMs, executeMs;
  std::vector<double> parseCpuMs, executeCpuMs;  // the writer thread's CPU time
  double writerCpuSeconds = 0;
  uint64_t noveltyAtEnd = 0;
  index::IndexerCounters counters;
  double importSeconds = 0;
  double stopSeconds = 0;  // stopIndexer() at the end, the fold or delta run in progress included
};

InsertRun runInserts(const std::filesystem::path& dir, const std::filesystem::path& file,
                     uint64_t baseTriples, double seconds, uint64_t run, size_t cacheBytes,
                     const index::IndexerPolicy& policy) {
  const std::filesystem::path storeDir = dir / ("p1-store-" + std::to_string(run));
  InsertRun r;
  {
    ImportedStore s = importInto(storeDir, file, dir / "scratch");
    r.importSeconds = s.seconds;
    auto ledger = openLive(s, cacheBytes);
    const Entities entities = entitiesOf(*ledger->snapshot(), baseTriples);
    InsertGenerator generator(entities, run, 1000 + run);
    ledger->startIndexer(policy);
    const double cpuBefore = processCpuSeconds();
    const auto start = Clock::now();
    const auto deadline =
        start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    while (Clock::now() < deadline) {
      const auto g0 = Clock::now();
      const std::string text = generator.next();
      r.generateSeconds += secondsSince(g0);
      const double cpu0 = threadCpuSeconds();
      const auto t0 = Clock::now();
      query::UpdateRequest request = sparql::parseUpdate(text);
      const auto t1 = Clock::now();
      const double cpu1 = threadCpuSeconds();
      // Moved, as the server's endpoint does: the request's destruction counts in execute.
      const index::CommitResult result = query::executeUpdate(*ledger, std::move(request), {});
      const auto t2 = Clock::now();
      const double cpu2 = threadCpuSeconds();
      r.parseCpuMs.push_back((cpu1 - cpu0) * 1e3);
      r.executeCpuMs.push_back((cpu2 - cpu1) * 1e3);
      r.writerCpuSeconds += cpu2 - cpu0;
      if (result.inserted != kTxTriples) {
        die("a transaction inserted " + std::to_string(result.inserted) + " triples");
      }
      const double parseMs = std::chrono::duration<double, std::milli>(t1 - t0).count();
      const double executeMs = std::chrono::duration<double, std::milli>(t2 - t1).count();
      r.parseMs.push_back(parseMs);
      r.executeMs.push_back(executeMs);
      r.txMs.push_back(parseMs + executeMs);
      r.busySeconds += (parseMs + executeMs) / 1e3;
      ++r.transactions;
      r.triples += result.inserted;
    }
    r.wallSeconds = secondsSince(start);
    r.cpuSeconds = processCpuSeconds() - cpuBefore;
    r.noveltyAtEnd = ledger->snapshot()->novelty().flakeCount();
    r.counters = ledger->indexerCounters();
    const auto stopping = Clock::now();
    ledger->stopIndexer();
    r.stopSeconds = secondsSince(stopping);
    const uint64_t expected = s.report.quadsStored + r.triples;
    const uint64_t counted =
        countQuery(*ledger->snapshot(), "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }");
    if (counted != expected) {
      die("the ledger counts " + std::to_string(counted) + " triples, expected " +
          std::to_string(expected));
    }
  }
  std::filesystem::remove_all(storeDir);
  return r;
}

// --- 2. incremental indexing -----------------------------------------------------------------

index::TxQuad txQuad(core::Term s, core::Term p, core::Term o) {
  return {index::TxTerm::of(std::move(s)), index::TxTerm::of(std::move(p)),
          index::TxTerm::of(std::move(o)), std::nullopt};
}

core::Term typed(std::string lexical, const std::string& type) {
  return core::Term::literal(std::move(lexical), kXsd + type);
}

// A random existing fact of `subject` whose object is not a blank node (DELETE DATA cannot name
// one); nullopt if it has none.
std::optional<index::TxQuad> existingFact(const index::Ledger& ledger, const std::string& subject,
                                          std::mt19937_64& random) {
  RowSink sink = runQuery(ledger, "SELECT ?p ?o WHERE { <" + subject + "> ?p ?o }", true);
  std::vector<size_t> usable;
  for (size_t i = 0; i < sink.terms.size(); ++i) {
    if (sink.terms[i][1].kind != core::TermKind::kBlank) usable.push_back(i);
  }
  if (usable.empty()) return std::nullopt;
  const auto& row = sink.terms[usable[random() % usable.size()]];
  return txQuad(core::Term::iri(subject), row[0], row[1]);
}

// The 1,000-triple commit of one round: 500 new facts about existing subjects, 50 new reviews
// of 6 triples, 200 deletes of existing facts. `used` holds the subjects deleted from and the
// links made so far, so no round repeats one and every commit changes exactly 1,000 facts.
index::Transaction mixedCommit(const index::Ledger& ledger, const Entities& e, uint64_t round,
                               std::mt19937_64& random, std::set<std::string>& used) {
  auto pick = [&](uint64_t low, uint64_t high) { return low + random() % (high - low + 1); };
  auto city = [&] {
    return core::Term::iri(iri("Place", pick(e.plan.countries + 1, e.plan.places)));
  };
  auto pred = [](const char* local) { return core::Term::iri(kOnt + local); };
  const std::string tag = "r" + std::to_string(round) + "-";
  index::Transaction tx;
  for (uint64_t i = 0; i < 500; ++i) {
    const std::string unique = tag + std::to_string(i);
    switch (i % 4) {
      case 0: {  // datagen reviews have no c:about; no link is made twice
        core::Term review, place;
        do {
          review = core::Term::iri(iri("Review", pick(1, e.reviews)));
          place = city();
        } while (!used.insert("about " + review.value + " " + place.value).second);
        tx.inserts.push_back(txQuad(review, pred("about"), place));
        break;
      }
      case 1:
        tx.inserts.push_back(txQuad(core::Term::iri(iri("Person", pick(1, e.plan.persons))),
                                    pred("nickname"), core::Term::literal("nick " + unique)));
        break;
      case 2:
        tx.inserts.push_back(txQuad(core::Term::iri(iri("Product", pick(1, e.plan.products))),
                                    pred("description"),
                                    core::Term::literal("revised " + unique, "", "en")));
        break;
      default:
        tx.inserts.push_back(
            txQuad(core::Term::iri(iri("Review", pick(1, e.reviews))), pred("helpfulCount"),
                   typed(std::to_string(1'000'000 + round * 1000 + i), "integer")));
    }
  }
  for (uint64_t i = 0; i < 50; ++i) {
    const core::Term review = core::Term::iri(kRes + "Review/" + tag + std::to_string(i));
    tx.inserts.push_back(txQuad(review, core::Term::iri(kRdfType), pred("Review")));
    tx.inserts.push_back(txQuad(review, pred("reviewOf"),
                                core::Term::iri(iri("Product", pick(1, e.plan.products)))));
    tx.inserts.push_back(
        txQuad(review, pred("author"), core::Term::iri(iri("Person", pick(1, e.plan.persons)))));
    tx.inserts.push_back(txQuad(review, pred("rating"), typed("4.5E0", "double")));
    tx.inserts.push_back(
        txQuad(review, pred("datePublished"), typed("2025-01-02T03:04:05Z", "dateTime")));
    tx.inserts.push_back(txQuad(review, pred("name"), core::Term::literal("new " + tag)));
  }
  for (uint64_t tries = 0; tx.deletes.size() < 200; ++tries) {
    if (tries > 100'000) die("too few subjects left to delete from: use a larger --base-triples");
    const bool person = random() % 2 == 0;
    const std::string subject =
        person ? iri("Person", pick(1, e.plan.persons)) : iri("Review", pick(1, e.reviews));
    if (!used.insert(subject).second) continue;
    if (auto fact = existingFact(ledger, subject, random)) tx.deletes.push_back(*fact);
  }
  return tx;
}

struct IndexRound {
  double commitSeconds = 0, indexSeconds = 0;
  double indexCpuSeconds = 0;  // process CPU during indexNow (the build is single-threaded)
  index::IndexBuildReport report;
  uint64_t countedBytes = 0;  // what the wrapper saw during indexNow
};

IndexRound runRound(index::LiveLedger& ledger, CountingBlobs& blobs, const Entities& e,
                    uint64_t round, std::mt19937_64& random, std::set<std::string>& used) {
  IndexRound r;
  index::Transaction tx = mixedCommit(*ledger.snapshot(), e, round, random, used);
  const auto c0 = Clock::now();
  const index::CommitResult result = orDie(ledger.commit(std::move(tx)), "commit");
  r.commitSeconds = secondsSince(c0);
  if (result.inserted != 800 || result.deleted != 200) {
    die("round " + std::to_string(round) + " inserted " + std::to_string(result.inserted) +
        " and deleted " + std::to_string(result.deleted) + " (expected 800 and 200)");
  }
  const uint64_t before = blobs.bytes();
  const double cpu0 = processCpuSeconds();
  const auto i0 = Clock::now();
  r.report = orDie(ledger.indexNow(), "indexNow");
  r.indexSeconds = secondsSince(i0);
  r.indexCpuSeconds = processCpuSeconds() - cpu0;
  r.countedBytes = blobs.bytes() - before;
  if (!ledger.snapshot()->novelty().empty()) die("novelty left after indexNow");
  return r;
}

// --- 3. reads over novelty -------------------------------------------------------------------

struct QueryTiming {
  std::string name;
  Summary before, delta, after;  // milliseconds: novelty, delta layer, folded
  uint64_t rowsBefore = 0, rowsDelta = 0, rowsAfter = 0;
  double ratio() const { return after.median > 0 ? before.median / after.median : 0; }
  double deltaRatio() const { return after.median > 0 ? delta.median / after.median : 0; }
};

index::IndexBuildOptions foldOptions() {
  index::IndexBuildOptions options;
  options.mode = index::IndexBuildOptions::Mode::kFold;
  return options;
}

// One query shape over a list of parameters (one repetition each).
struct QueryShape {
  std::string name;
  std::vector<std::string> texts;
  bool lastCellOnly = false;  // ORDER BY LIMIT: ties may come in any order, compare ?o only
};

// Warm pass (answers kept, sorted) then a timed pass. Returns milliseconds per repetition.
std::vector<double> timeShape(const index::Ledger& ledger, const QueryShape& shape, uint64_t asOf,
                              std::vector<std::string>* answers, uint64_t* rows) {
  for (const std::string& text : shape.texts) {
    RowSink sink = runQuery(ledger, text, true, asOf, shape.lastCellOnly);
    std::sort(sink.kept.begin(), sink.kept.end());
    std::string joined;
    for (const std::string& row : sink.kept) joined += row + "\n";
    if (answers != nullptr) answers->push_back(std::move(joined));
  }
  std::vector<double> ms;
  *rows = 0;
  for (const std::string& text : shape.texts) {
    const auto start = Clock::now();
    RowSink sink = runQuery(ledger, text, false, asOf);
    ms.push_back(msSince(start));
    *rows += sink.rows;
  }
  return ms;
}

std::string humanReport;  // the human report, printed at the end

void say(const char* format, ...) __attribute__((format(printf, 1, 2)));
void say(const char* format, ...) {
  char buffer[1024];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buffer, sizeof buffer, format, args);
  va_end(args);
  humanReport += buffer;
}

json phaseOne(const std::filesystem::path& dir, uint64_t baseTriples, double seconds,
              unsigned repeats, size_t cacheBytes, const index::IndexerPolicy& policy) {
  const std::string loadStart = loadAverage();
  const std::filesystem::path file = datagenFile(dir, baseTriples);
  std::vector<InsertRun> runs;
  for (unsigned run = 1; run <= repeats; ++run) {
    runs.push_back(runInserts(dir, file, baseTriples, seconds, run, cacheBytes, policy));
    const InsertRun& r = runs.back();
    std::fprintf(stderr,
                 "phase 1 run %u: %llu triples in %.1f s busy, %llu indexer runs (%llu folds)\n",
                 run, static_cast<unsigned long long>(r.triples), r.busySeconds,
                 static_cast<unsigned long long>(r.counters.runs),
                 static_cast<unsigned long long>(r.counters.folds));
  }
  auto over = [&](auto f) {
    std::vector<double> v;
    for (const InsertRun& r : runs) v.push_back(static_cast<double>(f(r)));
    return summarize(v);
  };
  const Summary rate = over([](const InsertRun& r) { return r.triples / r.busySeconds; });
  const Summary wallRate = over([](const InsertRun& r) { return r.triples / r.wallSeconds; });
  const Summary txP50 = over([](const InsertRun& r) { return summarize(r.txMs).median; });
  const Summary txRate =
      over([](const InsertRun& r) { return kTxTriples / (summarize(r.txMs).median / 1e3); });
  const Summary parseP50 = over([](const InsertRun& r) { return summarize(r.parseMs).median; });
  const Summary executeP50 = over([](const InsertRun& r) { return summarize(r.executeMs).median; });
  const Summary parseCpu = over([](const InsertRun& r) { return summarize(r.parseCpuMs).median; });
  const Summary executeCpu =
      over([](const InsertRun& r) { return summarize(r.executeCpuMs).median; });
  const Summary cpuRate = over([](const InsertRun& r) { return r.triples / r.writerCpuSeconds; });
  const Summary txP90 = over([](const InsertRun& r) { return quantile(r.txMs, 0.9); });
  const Summary txP99 = over([](const InsertRun& r) { return quantile(r.txMs, 0.99); });
  const Summary txMax = over([](const InsertRun& r) { return summarize(r.txMs).max; });
  const Summary parseCpuMean = over([](const InsertRun& r) { return mean(r.parseCpuMs); });
  const Summary executeCpuMean = over([](const InsertRun& r) { return mean(r.executeCpuMs); });
  const Summary offCpu =
      over([](const InsertRun& r) { return 1 - r.writerCpuSeconds / r.busySeconds; });
  const Summary generateShare =
      over([](const InsertRun& r) { return r.generateSeconds / r.wallSeconds; });
  const Summary triples = over([](const InsertRun& r) { return r.triples; });
  const Summary novelty = over([](const InsertRun& r) { return r.noveltyAtEnd; });
  const Summary folds = over([](const InsertRun& r) { return r.counters.folds; });
  const Summary indexerRuns = over([](const InsertRun& r) { return r.counters.runs; });
  const Summary indexerSeconds =
      over([](const InsertRun& r) { return r.counters.secondsIndexing; });
  const Summary indexerMiB =
      over([](const InsertRun& r) { return r.counters.bytesWritten / 1048576.0; });
  const Summary failures = over([](const InsertRun& r) { return r.counters.failures; });
  const Summary waits = over([](const InsertRun& r) { return r.counters.writerWaits; });
  const Summary waitSeconds = over([](const InsertRun& r) { return r.counters.secondsWaiting; });
  const Summary cpu = over([](const InsertRun& r) { return r.cpuSeconds / r.wallSeconds; });
  const Summary importSeconds = over([](const InsertRun& r) { return r.importSeconds; });
  const Summary stopSeconds = over([](const InsertRun& r) { return r.stopSeconds; });
  const std::string loadEnd = loadAverage();

  say("== 1. INSERT DATA, %llu triples per transaction, one writer, %.0f s per run, indexer on "
      "(soft %llu, hard %llu flakes, fold past %llu, fold rest %.1f); base %llu triples; median "
      "(min-max) over %u runs\n",
      static_cast<unsigned long long>(kTxTriples), seconds,
      static_cast<unsigned long long>(policy.softFlakes),
      static_cast<unsigned long long>(policy.hardFlakes),
      static_cast<unsigned long long>(policy.build.foldThreshold(baseTriples)), policy.foldRest,
      static_cast<unsigned long long>(baseTriples), repeats);
  say("  triples/s (parse + execute time)   %s   target >= 200000\n", show(rate, "%.0f").c_str());
  say("  triples/s (wall, text building in) %s\n", show(wallRate, "%.0f").c_str());
  say("  per transaction p50 ms             %s   = %s triples/s\n", show(txP50, "%.1f").c_str(),
      show(txRate, "%.0f").c_str());
  say("    parse p50 ms                     %s\n", show(parseP50, "%.1f").c_str());
  say("    executeUpdate p50 ms             %s\n", show(executeP50, "%.1f").c_str());
  say("    parse p50 CPU ms (writer thread) %s\n", show(parseCpu, "%.1f").c_str());
  say("    execute p50 CPU ms               %s\n", show(executeCpu, "%.1f").c_str());
  say("  triples per writer CPU second      %s   (the rate with a core of its own)\n",
      show(cpuRate, "%.0f").c_str());
  say("    parse mean CPU ms                %s\n", show(parseCpuMean, "%.1f").c_str());
  say("    execute mean CPU ms              %s\n", show(executeCpuMean, "%.1f").c_str());
  say("  writer off CPU / busy              %s   (waiting for a core or the disk)\n",
      show(offCpu, "%.3f").c_str());
  say("  per transaction p90, p99 ms        %s, %s\n", show(txP90, "%.1f").c_str(),
      show(txP99, "%.1f").c_str());
  say("  per transaction max ms             %s\n", show(txMax, "%.1f").c_str());
  say("  text building / wall               %s\n", show(generateShare, "%.3f").c_str());
  say("  triples inserted                   %s\n", show(triples, "%.0f").c_str());
  say("  novelty at the end (flakes)        %s\n", show(novelty, "%.0f").c_str());
  say("  indexer runs                       %s  (folds %s, failures %s)\n",
      show(indexerRuns, "%.0f").c_str(), show(folds, "%.0f").c_str(),
      show(failures, "%.0f").c_str());
  say("  indexer seconds                    %s\n", show(indexerSeconds, "%.1f").c_str());
  say("  indexer MiB written                %s\n", show(indexerMiB, "%.1f").c_str());
  say("  writer waits (hard threshold)      %s, %s s waiting\n", show(waits, "%.0f").c_str(),
      show(waitSeconds, "%.2f").c_str());
  say("  process CPU / wall second          %s\n", show(cpu, "%.2f").c_str());
  say("  base import seconds                %s\n", show(importSeconds, "%.1f").c_str());
  say("  stopping the indexer, seconds      %s   (a run in progress is cancelled)\n",
      show(stopSeconds, "%.3f").c_str());
  say("  load average: start %s, end %s\n", loadStart.c_str(), loadEnd.c_str());

  json perRun = json::array();
  for (const InsertRun& r : runs) {
    perRun.push_back({{"transactions", r.transactions},
                      {"triples", r.triples},
                      {"busySeconds", r.busySeconds},
                      {"wallSeconds", r.wallSeconds},
                      {"generateSeconds", r.generateSeconds},
                      {"txMs", toJson(summarize(r.txMs))},
                      {"writerCpuSeconds", r.writerCpuSeconds},
                      {"noveltyAtEnd", r.noveltyAtEnd},
                      {"indexerRuns", r.counters.runs},
                      {"indexerFailures", r.counters.failures},
                      {"indexerSeconds", r.counters.secondsIndexing},
                      {"indexerBytes", r.counters.bytesWritten},
                      {"flakesIndexed", r.counters.flakesIndexed},
                      {"writerWaits", r.counters.writerWaits},
                      {"secondsWaiting", r.counters.secondsWaiting},
                      {"stopSeconds", r.stopSeconds},
                      {"cpuPerWallSecond", r.cpuSeconds / r.wallSeconds}});
  }
  return {{"baseTriples", baseTriples},
          {"secondsPerRun", seconds},
          {"txTriples", kTxTriples},
          {"triplesPerSecond", toJson(rate)},
          {"triplesPerSecondWall", toJson(wallRate)},
          {"txP50Ms", toJson(txP50)},
          {"txP50TriplesPerSecond", toJson(txRate)},
          {"parseP50Ms", toJson(parseP50)},
          {"executeP50Ms", toJson(executeP50)},
          {"parseP50CpuMs", toJson(parseCpu)},
          {"executeP50CpuMs", toJson(executeCpu)},
          {"parseMeanCpuMs", toJson(parseCpuMean)},
          {"executeMeanCpuMs", toJson(executeCpuMean)},
          {"writerOffCpuShare", toJson(offCpu)},
          {"txP90Ms", toJson(txP90)},
          {"txP99Ms", toJson(txP99)},
          {"txMaxMs", toJson(txMax)},
          {"triplesPerWriterCpuSecond", toJson(cpuRate)},
          {"noveltyAtEnd", toJson(novelty)},
          {"indexerRuns", toJson(indexerRuns)},
          {"indexerSeconds", toJson(indexerSeconds)},
          {"writerWaits", toJson(waits)},
          {"secondsWaiting", toJson(waitSeconds)},
          {"stopSeconds", toJson(stopSeconds)},
          {"runs", perRun},
          {"loadAverageStart", loadStart},
          {"loadAverageEnd", loadEnd}};
}

json phaseTwo(index::LiveLedger& ledger, CountingBlobs& blobs, const Entities& e,
              uint64_t indexBytes, unsigned rounds, std::mt19937_64& random,
              std::set<std::string>& used) {
  const std::string loadStart = loadAverage();
  std::vector<IndexRound> all;
  for (unsigned round = 1; round <= rounds; ++round) {
    all.push_back(runRound(ledger, blobs, e, round, random, used));
    const IndexRound& r = all.back();
    std::fprintf(stderr, "phase 2 round %u: %.3f s, %llu bytes, %llu leaflets rewritten\n", round,
                 r.indexSeconds, static_cast<unsigned long long>(r.report.bytesWritten),
                 static_cast<unsigned long long>(r.report.leafletsRewritten));
  }
  auto over = [&](auto f) {
    std::vector<double> v;
    for (const IndexRound& r : all) v.push_back(static_cast<double>(f(r)));
    return summarize(v);
  };
  const Summary share = over([&](const IndexRound& r) {
    return 100.0 * static_cast<double>(r.report.bytesWritten) / static_cast<double>(indexBytes);
  });
  const Summary seconds = over([](const IndexRound& r) { return r.indexSeconds; });
  const Summary buildSeconds = over([](const IndexRound& r) { return r.report.seconds; });
  const Summary cpuSeconds = over([](const IndexRound& r) { return r.indexCpuSeconds; });
  const Summary mib = over([](const IndexRound& r) { return r.report.bytesWritten / 1048576.0; });
  const Summary blobCount = over([](const IndexRound& r) { return r.report.blobsWritten; });
  const Summary rewritten = over([](const IndexRound& r) { return r.report.leafletsRewritten; });
  const Summary reused = over([](const IndexRound& r) { return r.report.leafletsReused; });
  const Summary history = over([](const IndexRound& r) { return r.report.historyEntries; });
  const Summary commitSeconds = over([](const IndexRound& r) { return r.commitSeconds; });
  bool countsAgree = true;
  for (const IndexRound& r : all) countsAgree &= r.countedBytes == r.report.bytesWritten;
  unsigned folds = 0;
  for (const IndexRound& r : all) folds += r.report.folded ? 1 : 0;
  // The fold the default policy would make once the layer passed 1/16 of the trees.
  const uint64_t layer = ledger.snapshot()->novelty().persistedFlakeCount();
  const auto f0 = Clock::now();
  const index::IndexBuildReport fold = orDie(ledger.indexNow(foldOptions()), "fold");
  const double foldSeconds = secondsSince(f0);
  const std::string loadEnd = loadAverage();

  say("== 2. incremental indexing: 1,000-triple commit (500 new facts, 300 new-entity triples, "
      "200 deletes) then indexNow(); median (min-max) over %u rounds\n",
      rounds);
  say("  index size: %.1f MiB = bytes of every blob the import put\n", indexBytes / 1048576.0);
  say("  bytesWritten / index size %%        %s   target <= 1%%\n", show(share, "%.3f").c_str());
  say("  indexNow seconds                   %s   target <= 1 s\n", show(seconds, "%.3f").c_str());
  say("    buildIndexRoot seconds           %s\n", show(buildSeconds, "%.3f").c_str());
  say("    process CPU seconds              %s\n", show(cpuSeconds, "%.3f").c_str());
  say("  MiB written                        %s in %s blobs\n", show(mib, "%.2f").c_str(),
      show(blobCount, "%.0f").c_str());
  say("  leaflets rewritten / reused        %s / %s\n", show(rewritten, "%.0f").c_str(),
      show(reused, "%.0f").c_str());
  say("  history entries                    %s\n", show(history, "%.0f").c_str());
  say("  commit seconds                     %s\n", show(commitSeconds, "%.3f").c_str());
  say("  bytes counted at the store = the report's bytesWritten: %s\n", countsAgree ? "yes" : "NO");
  say("  runs that folded: %u of %u (the rest were delta runs)\n", folds, rounds);
  say("  then a fold of the %llu-change delta layer: %.3f s, %.2f MiB (%.2f%% of the index), "
      "%llu leaflets rewritten\n",
      static_cast<unsigned long long>(layer), foldSeconds, fold.bytesWritten / 1048576.0,
      100.0 * static_cast<double>(fold.bytesWritten) / static_cast<double>(indexBytes),
      static_cast<unsigned long long>(fold.leafletsRewritten));
  say("  load average: start %s, end %s\n", loadStart.c_str(), loadEnd.c_str());

  json perRound = json::array();
  for (const IndexRound& r : all) {
    perRound.push_back({{"commitSeconds", r.commitSeconds},
                        {"indexSeconds", r.indexSeconds},
                        {"buildSeconds", r.report.seconds},
                        {"cpuSeconds", r.indexCpuSeconds},
                        {"flakes", r.report.flakes},
                        {"rowsChanged", r.report.rowsChanged},
                        {"historyEntries", r.report.historyEntries},
                        {"bytesWritten", r.report.bytesWritten},
                        {"blobsWritten", r.report.blobsWritten},
                        {"leafletsRewritten", r.report.leafletsRewritten},
                        {"leafletsReused", r.report.leafletsReused},
                        {"folded", r.report.folded},
                        {"deltaFlakes", r.report.deltaFlakes},
                        {"countedBytes", r.countedBytes}});
  }
  return {{"indexBytes", indexBytes},
          {"bytesWrittenPercent", toJson(share)},
          {"indexNowSeconds", toJson(seconds)},
          {"buildSeconds", toJson(buildSeconds)},
          {"indexNowCpuSeconds", toJson(cpuSeconds)},
          {"leafletsRewritten", toJson(rewritten)},
          {"leafletsReused", toJson(reused)},
          {"countedBytesAgree", countsAgree},
          {"rounds", perRound},
          {"foldOfLayer",
           {{"changes", layer},
            {"seconds", foldSeconds},
            {"bytesWritten", fold.bytesWritten},
            {"leafletsRewritten", fold.leafletsRewritten}}},
          {"loadAverageStart", loadStart},
          {"loadAverageEnd", loadEnd}};
}

// The pool's c:knows facts that still hold, as (person, friend).
std::vector<std::pair<std::string, core::Term>> knowsFacts(const index::Ledger& ledger,
                                                           const std::vector<std::string>& pool) {
  std::vector<std::pair<std::string, core::Term>> facts;
  for (const std::string& person : pool) {
    RowSink sink = runQuery(ledger, "SELECT ?o WHERE { <" + person + "> c:knows ?o }", true);
    for (auto& row : sink.terms) facts.emplace_back(person, row[0]);
  }
  return facts;
}

json phaseThree(index::LiveLedger& ledger, CountingBlobs& blobs, const Entities& e, unsigned reps,
                std::mt19937_64& random, std::set<std::string>& used) {
  const std::string loadStart = loadAverage();
  bool primed = false;
  if (ledger.snapshot()->root().history.isNull()) {
    runRound(ledger, blobs, e, 1000, random, used);
    primed = true;
  }
  // Start folded: the "indexed" figures below are the trees' own.
  orDie(ledger.indexNow(foldOptions()), "fold");
  if (ledger.snapshot()->root().history.isNull()) die("still no history after a round of deletes");

  if (e.plan.persons < 100 + 4 * static_cast<uint64_t>(reps)) {
    die("phase 3 draws 2 x --query-reps people from Person/100 up: use a larger --base-triples "
        "or fewer --query-reps");
  }
  auto person = [&] { return iri("Person", 100 + random() % (e.plan.persons - 99)); };
  std::set<std::string> taken;
  std::vector<std::string> pool, outside;
  while (pool.size() < reps) {
    if (std::string p = person(); taken.insert(p).second) pool.push_back(p);
  }
  while (outside.size() < reps) {
    if (std::string p = person(); taken.insert(p).second) outside.push_back(p);
  }
  std::vector<QueryShape> shapes(5);
  shapes[0].name = "point lookup";
  shapes[1].name = "star, 5 properties";
  shapes[2].name = "COUNT c:rating";
  shapes[3].name = "ORDER BY ?o LIMIT 10";
  shapes[3].lastCellOnly = true;
  shapes[4].name = "point, untouched";
  for (unsigned i = 0; i < reps; ++i) {
    shapes[0].texts.push_back("SELECT ?o WHERE { <" + pool[i] + "> c:knows ?o }");
    shapes[1].texts.push_back("SELECT ?n ?g ?f ?l ?m WHERE { <" + pool[i] +
                              "> c:name ?n ; c:givenName ?g ; c:familyName ?f ; c:livesIn ?l ; "
                              "c:email ?m }");
    shapes[2].texts.push_back("SELECT (COUNT(*) AS ?n) WHERE { ?s c:rating ?o }");
    shapes[3].texts.push_back("SELECT ?s ?o WHERE { ?s c:rating ?o } ORDER BY ?o LIMIT 10");
    shapes[4].texts.push_back("SELECT ?o WHERE { <" + outside[i] + "> c:knows ?o }");
  }

  // The point lookups' answers before the 100 commits: what an old-t read must give later.
  uint64_t rows = 0;
  std::vector<std::string> oldAnswers;
  const uint64_t oldT = ledger.snapshot()->t();
  timeShape(*ledger.snapshot(), shapes[0], UINT64_MAX, &oldAnswers, &rows);

  // 100 commits of 10 changes.
  auto knows = knowsFacts(*ledger.snapshot(), pool);
  std::shuffle(knows.begin(), knows.end(), random);
  uint64_t inserted = 0, deleted = 0;
  for (unsigned c = 0; c < 100; ++c) {
    auto pred = [](const char* local) { return core::Term::iri(kOnt + local); };
    index::Transaction tx;
    for (int i = 0; i < 3; ++i) {
      tx.inserts.push_back(txQuad(core::Term::iri(pool[random() % reps]), pred("knows"),
                                  core::Term::iri(iri("Person", 1 + random() % e.plan.persons))));
    }
    for (int i = 0; i < 2; ++i) {
      tx.inserts.push_back(txQuad(core::Term::iri(pool[random() % reps]), pred("email"),
                                  core::Term::literal("c" + std::to_string(c) + "-" +
                                                      std::to_string(i) + "@novelty.example")));
    }
    for (int i = 0; i < 3; ++i) {
      char value[16];
      std::snprintf(value, sizeof value, "%d.%03d", static_cast<int>(random() % 5),
                    static_cast<int>(1 + random() % 999));
      tx.inserts.push_back(txQuad(core::Term::iri(iri("Review", 1 + random() % e.reviews)),
                                  pred("rating"), typed(value, "double")));
    }
    // One of the pool's c:knows facts (while there are) and one rating of a review.
    if (!knows.empty()) {
      tx.deletes.push_back(
          txQuad(core::Term::iri(knows.back().first), pred("knows"), knows.back().second));
      knows.pop_back();
    }
    for (uint64_t tries = 0; tx.deletes.size() < 2; ++tries) {
      if (tries > 100'000) die("too few reviews left to delete from: use a larger --base-triples");
      const std::string review = iri("Review", 1 + random() % e.reviews);
      if (!used.insert(review).second) continue;
      RowSink ratings =
          runQuery(*ledger.snapshot(), "SELECT ?o WHERE { <" + review + "> c:rating ?o }", true);
      if (ratings.terms.empty()) continue;
      tx.deletes.push_back(txQuad(core::Term::iri(review), pred("rating"), ratings.terms[0][0]));
    }
    const index::CommitResult result = orDie(ledger.commit(std::move(tx)), "commit");
    inserted += result.inserted;
    deleted += result.deleted;
  }
  const uint64_t novelty = ledger.snapshot()->novelty().flakeCount();

  std::vector<QueryTiming> timings(shapes.size());
  std::vector<std::vector<std::string>> before(shapes.size()), after(shapes.size());
  for (size_t i = 0; i < shapes.size(); ++i) {
    timings[i].name = shapes[i].name;
    timings[i].before = summarize(
        timeShape(*ledger.snapshot(), shapes[i], UINT64_MAX, &before[i], &timings[i].rowsBefore));
  }
  index::IndexBuildOptions deltaRun;
  deltaRun.mode = index::IndexBuildOptions::Mode::kDelta;
  const index::IndexBuildReport persisted = orDie(ledger.indexNow(deltaRun), "delta run");
  for (size_t i = 0; i < shapes.size(); ++i) {
    std::vector<std::string> answers;
    timings[i].delta = summarize(
        timeShape(*ledger.snapshot(), shapes[i], UINT64_MAX, &answers, &timings[i].rowsDelta));
    if (before[i] != answers) die(shapes[i].name + ": answers differ over the delta layer");
  }
  const index::IndexBuildReport indexed = orDie(ledger.indexNow(foldOptions()), "fold");
  for (size_t i = 0; i < shapes.size(); ++i) {
    timings[i].after = summarize(
        timeShape(*ledger.snapshot(), shapes[i], UINT64_MAX, &after[i], &timings[i].rowsAfter));
    if (before[i] != after[i]) die(shapes[i].name + ": answers differ before and after indexing");
  }
  // Old t against current t, back to back.
  std::vector<std::string> oldAfter;
  uint64_t oldRows = 0, currentRows = 0;
  const Summary old =
      summarize(timeShape(*ledger.snapshot(), shapes[0], oldT, &oldAfter, &oldRows));
  const Summary current =
      summarize(timeShape(*ledger.snapshot(), shapes[0], UINT64_MAX, nullptr, &currentRows));
  if (oldAfter != oldAnswers) die("point lookups at the old t differ from their answers then");
  const std::string loadEnd = loadAverage();

  say("== 3. reads: 100 unindexed commits (%llu inserted, %llu deleted, %llu novelty flakes), "
      "then persisted as a delta segment, vs freshly folded; ms, median (min-max) over %u "
      "repetitions%s\n",
      static_cast<unsigned long long>(inserted), static_cast<unsigned long long>(deleted),
      static_cast<unsigned long long>(novelty), reps,
      primed ? "; one round of deletes indexed first for history" : "");
  say("  %-22s %-28s %-28s %-28s %7s %7s %s\n", "query", "unindexed ms", "delta layer ms",
      "folded ms", "ratio", "delta", "rows");
  json queries = json::array();
  for (const QueryTiming& q : timings) {
    say("  %-22s %-28s %-28s %-28s %7.2f %7.2f %llu\n", q.name.c_str(),
        show(q.before, "%.4f").c_str(), show(q.delta, "%.4f").c_str(),
        show(q.after, "%.4f").c_str(), q.ratio(), q.deltaRatio(),
        static_cast<unsigned long long>(q.rowsAfter));
    queries.push_back({{"query", q.name},
                       {"unindexedMs", toJson(q.before)},
                       {"deltaLayerMs", toJson(q.delta)},
                       {"indexedMs", toJson(q.after)},
                       {"ratio", q.ratio()},
                       {"deltaRatio", q.deltaRatio()},
                       {"rows", q.rowsAfter}});
  }
  say("  (ratio = unindexed median / folded median, target <= 1.5; delta = delta-layer median / "
      "folded median; answers checked equal)\n");
  say("  delta run of the 100 commits: %.3f s, %.3f MiB; fold: %.3f s, %.2f MiB\n",
      persisted.seconds, persisted.bytesWritten / 1048576.0, indexed.seconds,
      indexed.bytesWritten / 1048576.0);
  say("  point lookup at t %llu (before the commits; tree + history) %s ms vs current %s ms: "
      "ratio %.2f (target <= 2; answers checked against those at t %llu)\n",
      static_cast<unsigned long long>(oldT), show(old, "%.4f").c_str(),
      show(current, "%.4f").c_str(), old.median / current.median,
      static_cast<unsigned long long>(oldT));
  say("  load average: start %s, end %s\n", loadStart.c_str(), loadEnd.c_str());
  return {{"primedHistory", primed},
          {"inserted", inserted},
          {"deleted", deleted},
          {"noveltyFlakes", novelty},
          {"queries", queries},
          {"deltaRunSeconds", persisted.seconds},
          {"indexNowSeconds", indexed.seconds},
          {"oldT", oldT},
          {"oldTPointMs", toJson(old)},
          {"currentPointMs", toJson(current)},
          {"oldOverCurrent", old.median / current.median},
          {"loadAverageStart", loadStart},
          {"loadAverageEnd", loadEnd}};
}

std::optional<uint64_t> parseCount(std::string text) {
  uint64_t multiplier = 1;
  if (!text.empty() && std::string("kKmMgG").find(text.back()) != std::string::npos) {
    const char suffix = static_cast<char>(std::toupper(text.back()));
    multiplier = suffix == 'K' ? 1'000 : suffix == 'M' ? 1'000'000 : 1'000'000'000;
    text.pop_back();
  }
  try {
    size_t used = 0;
    const uint64_t value = std::stoull(text, &used);
    if (used != text.size()) return std::nullopt;
    return value * multiplier;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

int main(int argc, char** argv) {
  cairn::core::tuneAllocatorForQueries();
  std::string data, baseText = "10M", insertBaseText = "1M";
  double seconds = 20;
  unsigned repeats = 3, rounds = 10, queryReps = 51;
  size_t cacheMiB = 1024;
  index::IndexerPolicy insertPolicy;  // phase 1's background indexer
  std::vector<int> phases{1, 2, 3};
  bool jsonOut = false;
  CLI::App app{"Background indexer, incremental indexing and reads over novelty (issue 5)"};
  app.add_option("--data", data, "fresh directory (must not exist or be empty)")->required();
  app.add_option("--base-triples", baseText, "datagen size of phases 2 and 3 (e.g. 1M, 10M)");
  app.add_option("--insert-base-triples", insertBaseText, "datagen size of phase 1's base");
  app.add_option("--seconds", seconds, "phase 1: writing time per run");
  app.add_option("--repeats", repeats, "phase 1: runs, each on a fresh store");
  app.add_option("--rounds", rounds, "phase 2: commit + indexNow rounds");
  app.add_option("--query-reps", queryReps, "phase 3: repetitions (and pool size) per query");
  app.add_option("--cache-mib", cacheMiB, "index cache of each ledger");
  app.add_option("--soft-flakes", insertPolicy.softFlakes,
                 "phase 1: novelty that starts a delta run")
      ->capture_default_str();
  app.add_option("--fold-rest", insertPolicy.foldRest,
                 "phase 1: after a background fold of D s the next waits this many times D")
      ->capture_default_str();
  app.add_option("--fold-flakes", insertPolicy.build.foldFlakes,
                 "phase 1: the indexer's fold threshold (0: the default, quads / 16)");
  app.add_option("--phases", phases, "phases to run, comma-separated")->delimiter(',');
  app.add_flag("--json", jsonOut);
  CLI11_PARSE(app, argc, argv);
  const std::optional<uint64_t> base = parseCount(baseText);
  const std::optional<uint64_t> insertBase = parseCount(insertBaseText);
  if (!base || !insertBase || *base < 10'000 || *insertBase < 10'000) {
    die("--base-triples and --insert-base-triples need at least 10K");
  }
  if (seconds <= 0 || repeats == 0 || rounds == 0 || queryReps == 0) die("nothing to measure");
  const std::set<int> wanted(phases.begin(), phases.end());
  for (int p : wanted) {
    if (p < 1 || p > 3) die("--phases: 1, 2 or 3");
  }

  const std::filesystem::path dir(data);
  if (std::filesystem::exists(dir) && !std::filesystem::is_empty(dir)) {
    die(dir.string() + " is not empty: the benchmark needs a fresh directory");
  }
  std::filesystem::create_directories(dir / "scratch");
  const size_t cacheBytes = cacheMiB << 20;

  json out = {{"cores", std::thread::hardware_concurrency()}, {"loadAverageStart", loadAverage()}};
  try {
    if (wanted.count(1) != 0) {
      out["phase1"] = phaseOne(dir, *insertBase, seconds, repeats, cacheBytes, insertPolicy);
      out["peakRssBytesAfterPhase1"] = server::peakRssBytes();
    }
    if (wanted.count(2) != 0 || wanted.count(3) != 0) {
      const std::filesystem::path file = datagenFile(dir, *base);
      ImportedStore s = importInto(dir / "kg-store", file, dir / "scratch");
      if (const core::Status flushed = s.store->flush(); !flushed.isOk()) {
        die("flush: " + flushed.toString());
      }
      const uint64_t diskBytes = orDie(s.store->approximateBytesOnDisk(), "store size");
      say("== phases 2-3 ledger: %llu triples (datagen %llu) imported in %.1f s; blobs %.1f MiB "
          "(permutations %.1f, dictionaries %.1f); RocksDB files %.1f MiB\n",
          static_cast<unsigned long long>(s.report.quadsStored),
          static_cast<unsigned long long>(*base), s.seconds, s.blobBytes / 1048576.0,
          s.report.indexBytes / 1048576.0, s.report.dictionaryBytes / 1048576.0,
          diskBytes / 1048576.0);
      out["ledger"] = {{"datagenTriples", *base},
                       {"quads", s.report.quadsStored},
                       {"importSeconds", s.seconds},
                       {"blobBytes", s.blobBytes},
                       {"permutationBytes", s.report.indexBytes},
                       {"dictionaryBytes", s.report.dictionaryBytes},
                       {"rocksDbBytes", diskBytes}};
      auto ledger = openLive(s, cacheBytes);
      const Entities entities = entitiesOf(*ledger->snapshot(), *base);
      std::mt19937_64 random(*base);
      std::set<std::string> used;  // subjects deleted from, links made (mixedCommit)
      if (wanted.count(2) != 0) {
        out["phase2"] = phaseTwo(*ledger, *s.blobs, entities, s.blobBytes, rounds, random, used);
      }
      if (wanted.count(3) != 0) {
        out["phase3"] = phaseThree(*ledger, *s.blobs, entities, queryReps, random, used);
      }
    }
  } catch (const core::Error& e) {
    die(e.message());
  }
  out["loadAverageEnd"] = loadAverage();
  out["peakRssBytes"] = server::peakRssBytes();
  if (jsonOut) {
    std::printf("%s\n", out.dump(2).c_str());
    std::fprintf(stderr, "%s", humanReport.c_str());  // the table too, for the log
  } else {
    std::printf("%s", humanReport.c_str());
    std::printf("cores %u; load average at start %s, at end %s; peak RSS %.1f MiB; %s\n",
                std::thread::hardware_concurrency(),
                out["loadAverageStart"].get<std::string>().c_str(),
                out["loadAverageEnd"].get<std::string>().c_str(),
                server::peakRssBytes() / 1048576.0, core::allocatorInUse().c_str());
  }
  return 0;
}
