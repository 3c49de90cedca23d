// Crash recovery of the real server: concurrent writers, `kill -9` at a random moment, restart
// over the same data directory, and a check of the recovered ledger against an oracle
// (recovery_workload.h): every acknowledged commit is there, every commit is all or nothing,
// t accounts for exactly the commits present, a second restart answers the same, and writing
// goes on after recovery.
//
// Torn writes. Every third round (the 3rd, 6th, ...) also damages the newest RocksDB write-ahead
// log after the kill, at a random offset in its second half: it cuts the log there (a power loss
// that kept only part of the log's tail) or overwrites up to 64 bytes there with garbage (a torn
// sector). What guards this is RocksDB's WAL recovery (Cairn keeps the default
// kPointInTimeRecovery: replay stops at the first damaged or truncated record), with Cairn's
// ordering on top: a commit's record blobs are written before the synced head update that
// publishes it, in the same log, so any prefix of the log holds a commit chain whose records are
// all present. Such a cut can remove synced, acknowledged commits (a real power loss could not),
// so in those rounds the test checks the weaker promise: the server starts, and the ledger is
// exactly its commits 1..t for the t it reports, each whole. (Garbage is caught by the checksum
// of each log record; replay stops before the damaged record.)
//
// Background indexing. The server runs with a low index-soft-flakes threshold (100 to 1,000
// novelty flakes, by the seed; index-hard-flakes 8 times that), so the indexer
// folds the novelty into new index roots many times per round and kills land before, during
// and after its runs, and while writers wait for it (backpressure).
//
// Every other round (by the seed) the first restart is itself killed after 0-150 ms, in the
// middle of opening the store or replaying commits, before the restart that is checked.
//
// Environment: CAIRN_RECOVERY_SEED (default: random; printed), CAIRN_RECOVERY_ROUNDS (default
// 4), CAIRN_RECOVERY_WRITERS (default 6), CAIRN_RECOVERY_INDEX_FLAKES (index-soft-flakes;
// default by the seed; 0 runs the server with its default indexing configuration),
// CAIRN_RECOVERY_KEEP=1 keeps the scratch directory (always kept when the test fails),
// CAIRN_SERVER_BINARY overrides the server binary.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "tests/recovery/recovery_workload.h"
#include "tests/support/http_client.h"
#include "tests/support/server_process.h"

namespace cairn::testing::recovery {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

constexpr std::string_view kLedger = "rec";
constexpr std::string_view kXsdString = "http://www.w3.org/2001/XMLSchema#string";
constexpr milliseconds kRequestTimeout{15'000};
constexpr unsigned kTornEvery = 3;

uint64_t envNumber(const char* name, uint64_t fallback) {
  const char* value = std::getenv(name);
  if (value == nullptr || *value == '\0') return fallback;
  return std::stoull(value);
}

struct Settings {
  uint64_t seed = 0;
  uint64_t rounds = 4;
  uint32_t writers = 6;
  uint64_t indexSoftFlakes = 0;  // 0: no config file, the server's defaults
  bool keep = false;
  fs::path binary;
};

Settings readSettings() {
  Settings s;
  s.seed = envNumber("CAIRN_RECOVERY_SEED", std::random_device{}());
  s.rounds = envNumber("CAIRN_RECOVERY_ROUNDS", 4);
  s.writers =
      static_cast<uint32_t>(std::clamp<uint64_t>(envNumber("CAIRN_RECOVERY_WRITERS", 6), 1, 64));
  s.indexSoftFlakes = envNumber("CAIRN_RECOVERY_INDEX_FLAKES", 100 + s.seed % 901);
  s.keep = envNumber("CAIRN_RECOVERY_KEEP", 0) != 0;
  const char* binary = std::getenv("CAIRN_SERVER_BINARY");
  s.binary =
      binary != nullptr && *binary != '\0' ? fs::path(binary) : fs::path(CAIRN_SERVER_BINARY);
  return s;
}

fs::path makeScratchDirectory() {
  std::string pattern = (fs::temp_directory_path() / "cairn-recovery-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  return pattern;
}

std::string updateTarget() { return "/ledgers/" + std::string(kLedger) + "/update"; }

// A SPARQL JSON term in the syntax QuadKey uses.
std::string renderTerm(const nlohmann::json& term) {
  const std::string type = term.value("type", "");
  const std::string value = term.value("value", "");
  if (type == "uri") return "<" + value + ">";
  if (type == "bnode") return "_:" + value;
  std::string text = "\"" + value + "\"";
  if (term.contains("xml:lang")) return text + "@" + term["xml:lang"].get<std::string>();
  const std::string datatype = term.value("datatype", "");
  if (!datatype.empty() && datatype != kXsdString) text += "^^<" + datatype + ">";
  return text;
}

struct LedgerState {
  uint64_t t = 0;
  std::set<QuadKey> quads;
};

// The rows of one SELECT, each row's terms (in `variables` order) joined by tabs.
std::optional<std::vector<std::string>> selectRows(HttpClient& client, const std::string& query,
                                                   const std::vector<std::string>& variables,
                                                   std::string* error) {
  const HttpResponse response =
      client.get("/ledgers/" + std::string(kLedger) + "/sparql?" + formEncode({{"query", query}}),
                 {{"Accept", "application/sparql-results+json"}});
  if (response.status != 200) {
    *error = query + " answered " + std::to_string(response.status) + " " +
             response.transportError + response.body.substr(0, 500);
    return std::nullopt;
  }
  const nlohmann::json j = nlohmann::json::parse(response.body, nullptr, false);
  if (j.is_discarded() || !j.contains("results")) {
    *error = "not SPARQL JSON results: " + response.body.substr(0, 500);
    return std::nullopt;
  }
  std::vector<std::string> rows;
  for (const auto& binding : j["results"]["bindings"]) {
    std::string row;
    for (size_t i = 0; i < variables.size(); ++i) {
      if (i > 0) row += "\t";
      if (binding.contains(variables[i])) row += renderTerm(binding[variables[i]]);
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

// The ledger's t (from GET /ledgers) and every quad in it.
std::optional<LedgerState> readState(uint16_t port, std::string* error) {
  HttpClient client(port, kRequestTimeout);
  LedgerState state;
  const HttpResponse list = client.get("/ledgers");
  const nlohmann::json j = nlohmann::json::parse(list.body, nullptr, false);
  bool found = false;
  if (list.status == 200 && !j.is_discarded() && j.contains("ledgers")) {
    for (const auto& ledger : j["ledgers"]) {
      if (ledger.value("name", "") == kLedger && ledger.contains("t")) {
        state.t = ledger["t"].get<uint64_t>();
        found = true;
      }
    }
  }
  if (!found) {
    *error = "GET /ledgers does not report ledger '" + std::string(kLedger) +
             "' with a t: " + std::to_string(list.status) + " " + list.transportError +
             list.body.substr(0, 500);
    return std::nullopt;
  }
  // The default graph is queried on its own: it is not the union of the named graphs.
  auto defaultGraph =
      selectRows(client, "SELECT ?s ?p ?o WHERE { ?s ?p ?o }", {"g", "s", "p", "o"}, error);
  if (!defaultGraph) return std::nullopt;
  auto namedGraphs = selectRows(client, "SELECT ?g ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o } }",
                                {"g", "s", "p", "o"}, error);
  if (!namedGraphs) return std::nullopt;
  for (std::vector<std::string>* rows : {&*defaultGraph, &*namedGraphs}) {
    for (std::string& row : *rows) {
      // Graph names are kept without brackets, as Quad::graph has them.
      if (row.starts_with("<")) {
        const size_t close = row.find('>');
        row = row.substr(1, close - 1) + row.substr(close + 1);
      }
      if (!state.quads.insert(std::move(row)).second) {
        *error = "a quad is returned twice";
        return std::nullopt;
      }
    }
  }
  return state;
}

// The background index roots the server published since it started (every ledger's
// cairn_indexer_runs_total); nullopt when /metrics does not answer or has no such series.
std::optional<uint64_t> indexerRuns(uint16_t port) {
  HttpClient client(port, kRequestTimeout);
  const HttpResponse response = client.get("/metrics");
  if (response.status != 200) return std::nullopt;
  std::optional<uint64_t> runs;
  constexpr std::string_view kSeries = "cairn_indexer_runs_total";
  size_t start = 0;
  while (start < response.body.size()) {
    size_t end = response.body.find('\n', start);
    if (end == std::string::npos) end = response.body.size();
    const std::string_view line = std::string_view(response.body).substr(start, end - start);
    start = end + 1;
    if (line.size() <= kSeries.size() || !line.starts_with(kSeries) ||
        (line[kSeries.size()] != '{' && line[kSeries.size()] != ' ')) {
      continue;
    }
    const size_t space = line.rfind(' ');
    runs = runs.value_or(0) + static_cast<uint64_t>(std::stod(std::string(line.substr(space + 1))));
  }
  return runs;
}

// What differs between two recovered states, briefly.
std::string describeDifference(const LedgerState& a, const LedgerState& b) {
  std::string text = "t " + std::to_string(a.t) + " vs " + std::to_string(b.t) + ", " +
                     std::to_string(a.quads.size()) + " vs " + std::to_string(b.quads.size()) +
                     " quads";
  int shown = 0;
  for (const QuadKey& key : a.quads) {
    if (!b.quads.contains(key) && shown++ < 3) text += "\n  only first: " + key;
  }
  for (const QuadKey& key : b.quads) {
    if (!a.quads.contains(key) && shown++ < 6) text += "\n  only second: " + key;
  }
  return text;
}

// One writer thread: sends its operations one at a time until the server stops answering.
void runWriter(uint16_t port, WriterModel& model, uint64_t seed, WriterLog& log,
               const std::atomic<bool>& stop) {
  std::mt19937_64 rng(seed);
  HttpClient client(port, kRequestTimeout);
  std::set<uint64_t> working = model.live();
  while (!stop.load()) {
    Operation op = model.nextOperation(rng, working);
    const HttpResponse response =
        client.post(updateTarget(), op.update, "application/sparql-update");
    if (response.status == 0) {
      log.inFlight = std::move(op);
      return;
    }
    const nlohmann::json j = nlohmann::json::parse(response.body, nullptr, false);
    if (response.status != 200 || j.is_discarded() || !j.contains("t") ||
        j.value("inserted", uint64_t{0}) != op.inserted ||
        j.value("deleted", uint64_t{0}) != op.deleted) {
      log.unexpected = op.describe() + " (expecting " + std::to_string(op.inserted) +
                       " inserted, " + std::to_string(op.deleted) + " deleted) answered " +
                       std::to_string(response.status) + ": " + response.body.substr(0, 500);
      return;
    }
    log.acknowledged.push_back({op, j["t"].get<uint64_t>()});
    WriterModel::apply(op, working);
  }
}

// Damages the newest write-ahead log (NNNNNN.log) of the RocksDB store in `data` at a random
// offset in its second half: cuts it there, or overwrites up to 64 bytes there with garbage.
// Returns what it did, for the round's summary.
std::string tearWriteAheadLog(const fs::path& data, std::mt19937_64& rng) {
  static const std::regex kWal("[0-9]+\\.log");
  fs::path newest;
  uint64_t newestNumber = 0;
  for (const auto& entry : fs::directory_iterator(data)) {
    const std::string name = entry.path().filename().string();
    if (!std::regex_match(name, kWal)) continue;
    const uint64_t number = std::stoull(name);
    if (newest.empty() || number > newestNumber) {
      newest = entry.path();
      newestNumber = number;
    }
  }
  if (newest.empty()) return "no write-ahead log to tear";
  const uint64_t size = fs::file_size(newest);
  if (size < 2) return newest.filename().string() + " is empty: nothing to tear";
  const uint64_t at = size / 2 + rng() % (size - size / 2);
  if (rng() % 2 == 0) {
    fs::resize_file(newest, at);
    return "cut " + newest.filename().string() + " from " + std::to_string(size) + " to " +
           std::to_string(at) + " bytes";
  }
  std::string garbage(std::min<uint64_t>(1 + rng() % 64, size - at), '\0');
  for (char& c : garbage) c = static_cast<char>(rng());
  std::fstream file(newest, std::ios::in | std::ios::out | std::ios::binary);
  file.seekp(static_cast<std::streamoff>(at));
  file.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
  file.close();
  if (!file) throw std::runtime_error("cannot write to " + newest.string());
  return "overwrote " + std::to_string(garbage.size()) + " bytes of " + newest.filename().string() +
         " (" + std::to_string(size) + " bytes) at " + std::to_string(at);
}

class CrashRecoveryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    settings_ = readSettings();
    directory_ = makeScratchDirectory();
    std::printf(
        "[ recovery ] CAIRN_RECOVERY_SEED=%llu rounds=%llu writers=%u index-soft-flakes=%llu "
        "dir=%s\n",
        static_cast<unsigned long long>(settings_.seed),
        static_cast<unsigned long long>(settings_.rounds), settings_.writers,
        static_cast<unsigned long long>(settings_.indexSoftFlakes), directory_.c_str());
    std::fflush(stdout);
    if (settings_.indexSoftFlakes > 0) {
      config_ = directory_ / "server.json";
      std::ofstream out(config_);
      out << "{\"index-soft-flakes\": " << settings_.indexSoftFlakes
          << ", \"index-hard-flakes\": " << settings_.indexSoftFlakes * 8 << "}\n";
      ASSERT_TRUE(out.good()) << "cannot write " << config_;
    }
  }

  void TearDown() override {
    server_.reset();
    if (HasFailure() || settings_.keep) {
      std::printf(
          "[ recovery ] kept %s (data/ and one log per server start); rerun with "
          "CAIRN_RECOVERY_SEED=%llu CAIRN_RECOVERY_ROUNDS=%llu CAIRN_RECOVERY_WRITERS=%u\n",
          directory_.c_str(), static_cast<unsigned long long>(settings_.seed),
          static_cast<unsigned long long>(settings_.rounds), settings_.writers);
    } else {
      std::error_code ignored;
      fs::remove_all(directory_, ignored);
    }
  }

  fs::path data() const { return directory_ / "data"; }

  // Starts a server over the data directory; a failure to start (a crash in recovery) fails
  // the test with the server's log.
  bool startServer() {
    ServerProcessOptions options;
    options.binary = settings_.binary;
    options.dataDirectory = data();
    options.logFile = directory_ / ("server-" + std::to_string(++starts_) + ".log");
    if (!config_.empty()) options.extraArguments = {"--config", config_.string()};
    try {
      server_ = std::make_unique<ServerProcess>(std::move(options));
      return true;
    } catch (const std::exception& e) {
      ADD_FAILURE() << "server start " << starts_ << " failed: " << e.what();
      return false;
    }
  }

  // Starts a server and kills it after `delay`, whatever it is doing by then. Returns whether
  // it was listening by then.
  bool crashDuringStart(milliseconds delay) {
    ServerProcessOptions options;
    options.binary = settings_.binary;
    options.dataDirectory = data();
    options.logFile = directory_ / ("server-" + std::to_string(++starts_) + "-killed.log");
    if (!config_.empty()) options.extraArguments = {"--config", config_.string()};
    options.waitUntilListening = false;
    ServerProcess doomed(std::move(options));
    std::this_thread::sleep_for(delay);
    doomed.kill();
    return doomed.logTail().find("cairn is listening") != std::string::npos;
  }

  std::optional<LedgerState> state() {
    std::string error;
    auto result = readState(server_->port(), &error);
    if (!result) ADD_FAILURE() << "reading the ledger back: " << error;
    return result;
  }

  // A write by the test thread (the last model): it must be answered, with t one past `t`.
  bool probeWrite(WriterModel& model, std::mt19937_64& rng, WriterLog& log, uint64_t t) {
    const Operation op = model.newInsert(rng);
    HttpClient client(server_->port(), kRequestTimeout);
    const HttpResponse response =
        client.post(updateTarget(), op.update, "application/sparql-update");
    const nlohmann::json j = nlohmann::json::parse(response.body, nullptr, false);
    if (response.status != 200 || j.is_discarded() || j.value("t", uint64_t{0}) != t + 1 ||
        j.value("inserted", uint64_t{0}) != op.inserted) {
      ADD_FAILURE() << "a write after recovery (t=" << t << ", expecting t=" << t + 1 << " and "
                    << op.inserted << " inserted) answered " << response.status << " "
                    << response.transportError << response.body;
      return false;
    }
    log.acknowledged.push_back({op, t + 1});
    return true;
  }

  Settings settings_;
  fs::path directory_;
  fs::path config_;  // the server's config file; empty: none
  std::unique_ptr<ServerProcess> server_;
  int starts_ = 0;
};

TEST_F(CrashRecoveryTest, KillNineDuringConcurrentWritesLosesNoAcknowledgedCommit) {
  SCOPED_TRACE("CAIRN_RECOVERY_SEED=" + std::to_string(settings_.seed));
  std::mt19937_64 rng(settings_.seed);
  ASSERT_TRUE(startServer());
  uint64_t t = 0;
  {
    HttpClient client(server_->port(), kRequestTimeout);
    const HttpResponse created = client.post("/ledgers?name=" + std::string(kLedger), "", "");
    ASSERT_EQ(created.status, 201) << created.transportError << created.body;
    t = nlohmann::json::parse(created.body).at("t").get<uint64_t>();
  }
  std::vector<WriterModel> models;
  for (uint32_t w = 0; w <= settings_.writers; ++w) models.emplace_back(w);
  WriterModel& probe = models.back();  // the test thread's own writes

  for (uint64_t round = 0; round < settings_.rounds; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    const bool torn = round % kTornEvery == kTornEvery - 1;
    const uint64_t tBefore = t;
    std::vector<WriterLog> logs(models.size());
    ASSERT_TRUE(probeWrite(probe, rng, logs.back(), t));

    const milliseconds delay(50 + rng() % 451);
    std::atomic<bool> stop{false};
    std::vector<std::thread> writers;
    for (uint32_t w = 0; w < settings_.writers; ++w) {
      writers.emplace_back(runWriter, server_->port(), std::ref(models[w]), rng(),
                           std::ref(logs[w]), std::cref(stop));
    }
    std::this_thread::sleep_for(delay);
    const std::optional<uint64_t> indexRuns = indexerRuns(server_->port());
    const bool aliveAtKill = server_->running();
    server_->kill();
    stop = true;
    for (std::thread& writer : writers) writer.join();
    ASSERT_TRUE(aliveAtKill) << "the server died during the writes ("
                             << describeWaitStatus(server_->waitStatus()) << "); its log ends:\n"
                             << server_->logTail();
    for (uint32_t w = 0; w < settings_.writers; ++w) {
      ASSERT_TRUE(logs[w].unexpected.empty()) << "writer " << w << ": " << logs[w].unexpected;
    }
    // What else happened to the store, for the messages.
    std::string events =
        indexRuns ? ", " + std::to_string(*indexRuns) + " index runs" : ", no indexer metrics";
    if (torn) events += ", " + tearWriteAheadLog(data(), rng);
    // Every other round, a crash in recovery too: kill the next server while it opens the
    // store, replays commits or starts listening.
    if (rng() % 2 == 0) {
      const milliseconds early(rng() % 150);
      const bool listened = crashDuringStart(early);
      events += ", killed the next start after " + std::to_string(early.count()) + " ms (" +
                (listened ? "listening" : "not listening yet") + ")";
    }

    ASSERT_TRUE(startServer());
    const auto recovered = state();
    ASSERT_TRUE(recovered);
    const RecoveryOutcome outcome =
        verifyRecovery(models, logs, recovered->quads, {tBefore, recovered->t, torn});
    for (const std::string& failure : outcome.failures) ADD_FAILURE() << failure;
    ASSERT_TRUE(outcome.failures.empty())
        << "round " << round << ": t " << tBefore << " -> " << recovered->t << ", killed after "
        << delay.count() << " ms" << events;
    std::printf(
        "[ recovery ] round %llu: killed after %lld ms%s; t %llu -> %llu; %llu "
        "acknowledged commits kept, %llu cut off by the tear; in flight: %llu applied, "
        "%llu lost; %zu quads\n",
        static_cast<unsigned long long>(round), static_cast<long long>(delay.count()),
        events.c_str(), static_cast<unsigned long long>(tBefore),
        static_cast<unsigned long long>(recovered->t),
        static_cast<unsigned long long>(outcome.acknowledged),
        static_cast<unsigned long long>(outcome.acknowledgedLost),
        static_cast<unsigned long long>(outcome.inFlightApplied),
        static_cast<unsigned long long>(outcome.inFlightLost), recovered->quads.size());
    std::fflush(stdout);

    // A second restart, after a graceful stop or another kill, answers the same.
    if (round % 2 == 1) {
      const int status = server_->terminate(milliseconds(20'000));
      EXPECT_EQ(describeWaitStatus(status), "exit 0") << server_->logTail();
    } else {
      server_->kill();
    }
    ASSERT_TRUE(startServer());
    const auto again = state();
    ASSERT_TRUE(again);
    ASSERT_TRUE(again->t == recovered->t && again->quads == recovered->quads)
        << "a second restart changed the ledger: " << describeDifference(*recovered, *again);
    t = recovered->t;
  }

  // Writing goes on after the last recovery, and the ledger holds exactly the oracle's state.
  std::vector<WriterLog> logs(models.size());
  ASSERT_TRUE(probeWrite(probe, rng, logs.back(), t));
  const auto final = state();
  ASSERT_TRUE(final);
  const RecoveryOutcome outcome = verifyRecovery(models, logs, final->quads, {t, final->t, false});
  for (const std::string& failure : outcome.failures) ADD_FAILURE() << failure;
  EXPECT_EQ(final->t, t + 1);
}

}  // namespace
}  // namespace cairn::testing::recovery
