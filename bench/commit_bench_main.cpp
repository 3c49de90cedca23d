// commit_bench: the write path's targets (issue 5), measured against the disk it runs on.
//
//   commit_bench --data DIR [--seconds 5] [--writers 1,2,4,8,16,32] [--fsync-samples 2000]
//                [--rate-rounds 6] [--spin] [--predicates 1] [--json]
//
// 1. Bare sync on DIR's disk: a file in DIR, N times "append 64 bytes + fdatasync", then the same
//    with fsync, then "overwrite the same 64 bytes + fdatasync" (no size change, so no metadata
//    to journal: the floor). Latency p50/p90/p99. Measured again after the commits, since a
//    shared machine drifts.
// 2. A fresh RocksDbStore in DIR/store (refused if it exists), a ledger "bench" imported from a
//    one-triple file, a LiveLedger over it. The heads go through a counter, so each phase knows
//    how many synced head writes (= group-commit batches) its commits took.
// 2b. The same ledger in memory stores (no disk, no sync), one writer for --seconds: the commit
//    path's own cost, the floor under the durable figures. With --predicates N the commits
//    cycle through N predicates (default 1).
// 3. One writer for --seconds: every commit inserts one triple with a new subject IRI. Per-commit
//    latency p50/p90/p99 and commits/s.
// 3b. The same, paired: blocks of 20 bare fdatasyncs (append) and 20 single-writer commits in
//    turn, --fsync-samples of each: a ratio whose two sides saw the same moments of the machine.
// 4. For each W in --writers: W threads commit the same way for --seconds. Total commits/s,
//    latency p50/p90/p99, commits per synced head write, process CPU per wall second and per
//    commit.
// 4b. The same ratio interleaved: --rate-rounds rounds of 1 s at one writer and 1 s at the
//    most writers, alternating, so both sides see the same moments of a drifting disk.
// 4c. The most writers' count of commits in flight from one thread through commitAsync() (each
//    completion submits the next), alone and interleaved with one writer as in 4b.
// 4d. The machine's ceiling for 4b (bench/sync_ceiling.h): the same interleaved ratio for a group
//    commit with no database (120-byte appends to one file, a sync thread, a waking thread),
//    --rate-rounds rounds of 1 s at one writer and the most writers. What 4b reaches of it says
//    how much of the ratio the ledger loses and how much the machine never had.
// 5. The two ratios: single-writer p50 / bare fdatasync p50 (target <= 2) and
//    commits/s at 32 writers / single writer (target >= 10), from phases 3 and 4 and from 4b.
//    Peak RSS.
// 6. The store closed and reopened, the ledger reopened: LiveLedger::open's replay of every
//    commit above (commits, flakes, seconds), checked against what was committed.
// 7. Those commits indexed (one indexNow), the store and ledger reopened again: what opening
//    costs once an index root covers every commit (the root's commit timeline gives their
//    times; before it, opening read every commit record back to the first).
//
// Every phase commits to the same ledger, so later phases start with more novelty to carry.
//
// CPU figures are the whole process's (RocksDB's threads and the kernel's work in the syscalls
// included) per wall second and per commit or sync.
//
// --spin keeps one extra thread busy for the whole run (its CPU is left out of the figures). On
// the 2-vCPU VM of docs/BENCHMARKS.md a sync often took exactly one 4 ms scheduler tick, and
// ~150 us at other moments, more often so while another thread of the process was running;
// --spin makes the fast case more likely there, not certain.

#include <fcntl.h>
#include <pthread.h>
#include <sys/resource.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "bench/bench_support.h"
#include "bench/seed_ledger.h"
#include "bench/sync_ceiling.h"
#include "core/error.h"
#include "core/io/allocator_tuning.h"
#include "core/vocab.h"
#include "index/write/live_ledger.h"
#include "server/cli/progress_display.h"
#include "storage/memory_blob_store.h"
#include "storage/memory_head_store.h"
#include "storage/rocksdb_store.h"

using namespace cairn;
using bench::die;
using bench::orDie;
using Clock = std::chrono::steady_clock;

namespace {

constexpr char kLedger[] = "bench";
constexpr std::string_view kBase = "http://bench.example/";

double percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size())))];
}

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Keeps one thread running until destroyed (--spin), and knows the CPU time that thread used,
// so the figures can leave it out.
class Spinner {
 public:
  explicit Spinner(bool on) {
    if (!on) return;
    thread_ = std::thread([this] {
      while (!stop_.load(std::memory_order_relaxed)) {
      }
    });
    if (pthread_getcpuclockid(thread_.native_handle(), &clock_) != 0) die("no thread CPU clock");
  }
  ~Spinner() {
    stop_.store(true);
    if (thread_.joinable()) thread_.join();
  }
  double cpuSeconds() const {
    if (!thread_.joinable()) return 0;
    timespec ts{};
    clock_gettime(clock_, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
  }

 private:
  std::atomic<bool> stop_{false};
  std::thread thread_;
  clockid_t clock_{};
};

// CPU time of the process (every thread, RocksDB's included) but the spinner.
double workCpuSeconds(const Spinner& spinner) {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& tv) {
    return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) / 1e6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime) - spinner.cpuSeconds();
}

// Latencies in microseconds.
struct Latency {
  double p50 = 0, p90 = 0, p99 = 0;
  size_t samples = 0;
  double cpuMicros = 0;  // process CPU per sample, where measured
};

Latency summarize(const std::vector<double>& us) {
  return {percentile(us, 0.5), percentile(us, 0.9), percentile(us, 0.99), us.size()};
}

nlohmann::json toJson(const Latency& l) {
  return {{"p50us", l.p50},
          {"p90us", l.p90},
          {"p99us", l.p99},
          {"samples", l.samples},
          {"cpuMicrosPerSample", l.cpuMicros}};
}

// --- 1. bare sync ----------------------------------------------------------------------------

enum class SyncProbe { kAppendFdatasync, kAppendFsync, kOverwriteFdatasync };

// A fresh file under `directory` (removed when done) that takes 64-byte writes, each followed by
// a sync. Appends grow the file, as a write-ahead log without recycled files does, so the sync
// also journals the new size; an overwrite changes data only.
class ProbeFile {
 public:
  ProbeFile(const std::filesystem::path& directory, SyncProbe probe)
      : path_(directory / "commit_bench.sync-probe"), probe_(probe) {
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd_ < 0) die("cannot create " + path_.string() + ": " + std::strerror(errno));
    std::memset(record_, 'x', sizeof record_);
    // A few unrecorded rounds: the first sync also makes the new file's inode and block durable.
    for (int i = 0; i < 16; ++i) timeOne();
  }
  ~ProbeFile() {
    ::close(fd_);
    std::filesystem::remove(path_);
  }
  ProbeFile(const ProbeFile&) = delete;
  ProbeFile& operator=(const ProbeFile&) = delete;

  // One write + sync; microseconds.
  double timeOne() {
    ++written_;
    std::memcpy(record_, &written_, sizeof written_);  // each write carries different bytes
    const auto start = Clock::now();
    const ssize_t n = probe_ == SyncProbe::kOverwriteFdatasync
                          ? ::pwrite(fd_, record_, sizeof record_, 0)
                          : ::write(fd_, record_, sizeof record_);
    if (n != static_cast<ssize_t>(sizeof record_)) die("write to " + path_.string() + " failed");
    const int synced = probe_ == SyncProbe::kAppendFsync ? ::fsync(fd_) : ::fdatasync(fd_);
    if (synced != 0) die("sync of " + path_.string() + ": " + std::strerror(errno));
    return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
  }

 private:
  std::filesystem::path path_;
  SyncProbe probe_;
  int fd_ = -1;
  uint64_t written_ = 0;
  char record_[64];
};

Latency probeSync(const std::filesystem::path& directory, SyncProbe probe, size_t samples,
                  const Spinner& spinner) {
  ProbeFile file(directory, probe);
  std::vector<double> us;
  us.reserve(samples);
  const double cpuBefore = workCpuSeconds(spinner);
  for (size_t i = 0; i < samples; ++i) us.push_back(file.timeOne());
  const double cpu = workCpuSeconds(spinner) - cpuBefore;
  Latency latency = summarize(us);
  latency.cpuMicros = cpu * 1e6 / static_cast<double>(samples);
  return latency;
}

struct SyncBaseline {
  Latency appendFdatasync, appendFsync, overwriteFdatasync;
};

SyncBaseline probeDisk(const std::filesystem::path& directory, size_t samples,
                       const Spinner& spinner) {
  return {probeSync(directory, SyncProbe::kAppendFdatasync, samples, spinner),
          probeSync(directory, SyncProbe::kAppendFsync, samples, spinner),
          probeSync(directory, SyncProbe::kOverwriteFdatasync, samples, spinner)};
}

nlohmann::json toJson(const SyncBaseline& b) {
  return {{"appendFdatasync", toJson(b.appendFdatasync)},
          {"appendFsync", toJson(b.appendFsync)},
          {"overwriteFdatasync", toJson(b.overwriteFdatasync)}};
}

// --- 2. the ledger ----------------------------------------------------------------------------

// Forwards to the store and counts the compare-and-set calls: LiveLedger makes one per batch of
// group-committed transactions, so commits / calls is the mean batch size.
class CountingHeads final : public storage::HeadStore {
 public:
  explicit CountingHeads(storage::HeadStore& inner) : inner_(inner) {}
  core::Result<storage::ContentId> getHead(std::string_view name) const override {
    return inner_.getHead(name);
  }
  core::Status compareAndSetHead(std::string_view name, const storage::ContentId& expected,
                                 const storage::ContentId& desired) override {
    compareAndSets_.fetch_add(1, std::memory_order_relaxed);
    return inner_.compareAndSetHead(name, expected, desired);
  }
  core::Status compareAndSetHeadDeferred(std::string_view name, const storage::ContentId& expected,
                                         const storage::ContentId& desired) override {
    compareAndSets_.fetch_add(1, std::memory_order_relaxed);
    return inner_.compareAndSetHeadDeferred(name, expected, desired);
  }
  core::Status syncHeads() override { return inner_.syncHeads(); }
  core::Status deleteHead(std::string_view name) override { return inner_.deleteHead(name); }
  core::Result<std::vector<std::string>> listHeads() const override { return inner_.listHeads(); }
  uint64_t compareAndSets() const { return compareAndSets_.load(std::memory_order_relaxed); }

 private:
  storage::HeadStore& inner_;
  std::atomic<uint64_t> compareAndSets_{0};
};

std::string subjectIri(uint64_t n) { return std::string(kBase) + "s/" + std::to_string(n); }

core::Term integer(uint64_t n) {
  return core::Term::literal(std::to_string(n), std::string(core::vocab::kXsd) + "integer");
}

// One triple, as the import file and every commit write it.
// --predicates: how many predicates the commits cycle through (the novelty keeps a row count per
// predicate, which every commit updates).
unsigned predicateCount = 1;

index::Transaction oneTriple(uint64_t n) {
  index::Transaction tx;
  std::string predicate = std::string(kBase) + "p";
  if (predicateCount > 1) predicate += std::to_string(n % predicateCount);
  tx.inserts.push_back(index::TxQuad{index::TxTerm::of(core::Term::iri(subjectIri(n))),
                                     index::TxTerm::of(core::Term::iri(predicate)),
                                     index::TxTerm::of(integer(n)), std::nullopt});
  return tx;
}

double importSeedLedger(storage::BlobStore& blobs, storage::HeadStore& heads,
                        const std::filesystem::path& directory) {
  const auto start = Clock::now();
  bench::importSeedLedger(blobs, heads, directory, kLedger,
                          "<" + subjectIri(0) + "> <" + std::string(kBase) + "p> \"0\"^^<" +
                              std::string(core::vocab::kXsd) + "integer> .\n");
  return secondsSince(start);
}

// --- 3./4. committing -------------------------------------------------------------------------

struct WriterPhase {
  unsigned writers = 0;
  uint64_t commits = 0;
  uint64_t syncedHeadWrites = 0;
  double seconds = 0;
  double cpuSeconds = 0;
  uint64_t switches = 0;  // context switches of the process
  Latency latency;

  double rate() const { return static_cast<double>(commits) / seconds; }
  double cpuMicrosPerCommit() const {
    return commits == 0 ? 0 : cpuSeconds * 1e6 / static_cast<double>(commits);
  }
  double switchesPerCommit() const {
    return commits == 0 ? 0 : static_cast<double>(switches) / static_cast<double>(commits);
  }
  double commitsPerSync() const {
    return syncedHeadWrites == 0
               ? 0
               : static_cast<double>(commits) / static_cast<double>(syncedHeadWrites);
  }
};

// `writers` threads commit one new triple at a time until `seconds` have passed since the start.
// `next` numbers the subjects across phases.
WriterPhase runWriters(index::LiveLedger& ledger, const CountingHeads& heads, unsigned writers,
                       double seconds, std::atomic<uint64_t>& next, const Spinner& spinner) {
  std::vector<std::vector<double>> latencies(writers);
  std::atomic<unsigned> ready{0};
  std::atomic<bool> go{false};
  Clock::time_point deadline;
  std::vector<std::thread> threads;
  for (unsigned w = 0; w < writers; ++w) {
    threads.emplace_back([&, w] {
      std::vector<double>& mine = latencies[w];
      mine.reserve(1 << 14);
      ready.fetch_add(1);
      while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
      while (Clock::now() < deadline) {
        index::Transaction tx = oneTriple(next.fetch_add(1, std::memory_order_relaxed));
        const auto start = Clock::now();
        auto result = ledger.commit(std::move(tx));
        const auto end = Clock::now();
        if (!result.isOk()) die("commit: " + result.status().toString());
        if (result->inserted != 1) die("a commit inserted " + std::to_string(result->inserted));
        mine.push_back(std::chrono::duration<double, std::micro>(end - start).count());
      }
    });
  }
  while (ready.load() < writers) std::this_thread::yield();
  const uint64_t headWritesBefore = heads.compareAndSets();
  const double cpuBefore = workCpuSeconds(spinner);
  const uint64_t switchesBefore = bench::processSwitches();
  const auto start = Clock::now();
  deadline =
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  go.store(true, std::memory_order_release);
  for (std::thread& t : threads) t.join();
  WriterPhase phase;
  phase.writers = writers;
  phase.seconds = secondsSince(start);
  phase.cpuSeconds = workCpuSeconds(spinner) - cpuBefore;
  phase.switches = bench::processSwitches() - switchesBefore;
  phase.syncedHeadWrites = heads.compareAndSets() - headWritesBefore;
  std::vector<double> all;
  for (const auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
  phase.commits = all.size();
  phase.latency = summarize(all);
  return phase;
}

// 4c. `inflight` commits in flight through commitAsync(), submitted by kAsyncDrivers threads
// (a server's pool on this 2-vCPU machine): each completion lets a driver submit the next. What
// a server that hands commits on, not a thread each, sees.
constexpr unsigned kAsyncDrivers = 2;
WriterPhase runAsync(index::LiveLedger& ledger, const CountingHeads& heads, unsigned inflight,
                     double seconds, std::atomic<uint64_t>& next, const Spinner& spinner) {
  std::mutex mutex;
  std::condition_variable changed;
  unsigned open = 0;
  std::vector<double> latencies;
  latencies.reserve(1 << 16);
  std::string failure;
  const uint64_t headWritesBefore = heads.compareAndSets();
  const double cpuBefore = workCpuSeconds(spinner);
  const uint64_t switchesBefore = bench::processSwitches();
  const auto start = Clock::now();
  const auto deadline =
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  auto drive = [&] {
    std::unique_lock lock(mutex);
    while (Clock::now() < deadline && failure.empty()) {
      changed.wait(lock, [&] { return open < inflight; });
      ++open;
      lock.unlock();
      const auto submitted = Clock::now();
      ledger.commitAsync(
          oneTriple(next.fetch_add(1, std::memory_order_relaxed)),
          [&, submitted](core::Result<index::CommitResult> result) {
            const double us =
                std::chrono::duration<double, std::micro>(Clock::now() - submitted).count();
            std::lock_guard guard(mutex);
            if (!result.isOk()) {
              failure = result.status().toString();
            } else if (result->inserted != 1) {
              failure = "a commit inserted " + std::to_string(result->inserted);
            }
            latencies.push_back(us);
            --open;
            changed.notify_all();
          });
      lock.lock();
    }
  };
  std::vector<std::thread> drivers;
  for (unsigned d = 0; d < kAsyncDrivers; ++d) drivers.emplace_back(drive);
  for (std::thread& t : drivers) t.join();
  std::unique_lock lock(mutex);
  changed.wait(lock, [&] { return open == 0; });
  if (!failure.empty()) die("commit: " + failure);
  WriterPhase phase;
  phase.writers = inflight;
  phase.seconds = secondsSince(start);
  phase.cpuSeconds = workCpuSeconds(spinner) - cpuBefore;
  phase.switches = bench::processSwitches() - switchesBefore;
  phase.syncedHeadWrites = heads.compareAndSets() - headWritesBefore;
  phase.commits = latencies.size();
  phase.latency = summarize(latencies);
  return phase;
}

nlohmann::json toJson(const WriterPhase& p) {
  return {{"writers", p.writers},
          {"commits", p.commits},
          {"seconds", p.seconds},
          {"commitsPerSecond", p.rate()},
          {"latency", toJson(p.latency)},
          {"syncedHeadWrites", p.syncedHeadWrites},
          {"commitsPerSync", p.commitsPerSync()},
          {"cpuPerWallSecond", p.cpuSeconds / p.seconds},
          {"cpuMicrosPerCommit", p.cpuMicrosPerCommit()},
          {"switchesPerCommit", p.switchesPerCommit()}};
}

// 3b. Bare fdatasyncs and single-writer commits taken in alternating blocks of `block`, so both
// sample the same moments of a machine whose sync latency drifts.
struct PairedPhase {
  Latency sync, commit;
  double ratio() const { return commit.p50 / sync.p50; }
};

PairedPhase runPaired(index::LiveLedger& ledger, const std::filesystem::path& directory,
                      size_t samples, std::atomic<uint64_t>& next) {
  constexpr size_t kBlock = 20;
  ProbeFile file(directory, SyncProbe::kAppendFdatasync);
  std::vector<double> syncUs, commitUs;
  while (syncUs.size() < samples) {
    for (size_t i = 0; i < kBlock; ++i) syncUs.push_back(file.timeOne());
    for (size_t i = 0; i < kBlock; ++i) {
      index::Transaction tx = oneTriple(next.fetch_add(1, std::memory_order_relaxed));
      const auto start = Clock::now();
      auto result = ledger.commit(std::move(tx));
      commitUs.push_back(std::chrono::duration<double, std::micro>(Clock::now() - start).count());
      if (!result.isOk()) die("commit: " + result.status().toString());
      if (result->inserted != 1) die("a commit inserted " + std::to_string(result->inserted));
    }
  }
  return {summarize(syncUs), summarize(commitUs)};
}

// 4b. The group-commit ratio with both sides sampling the same moments: rounds of one writer
// and of `writers` writers for `blockSeconds` each, in the order S W W S S W ... so a drift in
// the disk's sync latency falls on both sides alike.
struct PairedRates {
  unsigned writers = 0;
  uint64_t singleCommits = 0, wideCommits = 0;
  double singleSeconds = 0, wideSeconds = 0;
  std::vector<double> roundRatios;  // per S/W pair
  double ratio() const {
    return (static_cast<double>(wideCommits) / wideSeconds) /
           (static_cast<double>(singleCommits) / singleSeconds);
  }
};

PairedRates runPairedRates(index::LiveLedger& ledger, const CountingHeads& heads, unsigned writers,
                           bool async, unsigned rounds, double blockSeconds,
                           std::atomic<uint64_t>& next, const Spinner& spinner) {
  PairedRates paired;
  paired.writers = writers;
  auto runWide = [&] {
    return async ? runAsync(ledger, heads, writers, blockSeconds, next, spinner)
                 : runWriters(ledger, heads, writers, blockSeconds, next, spinner);
  };
  for (unsigned r = 0; r < rounds; ++r) {
    WriterPhase one, wide;
    if (r % 2 == 0) {
      one = runWriters(ledger, heads, 1, blockSeconds, next, spinner);
      wide = runWide();
    } else {
      wide = runWide();
      one = runWriters(ledger, heads, 1, blockSeconds, next, spinner);
    }
    paired.singleCommits += one.commits;
    paired.singleSeconds += one.seconds;
    paired.wideCommits += wide.commits;
    paired.wideSeconds += wide.seconds;
    paired.roundRatios.push_back(wide.rate() / one.rate());
  }
  return paired;
}

void printSync(const char* what, const Latency& l) {
  std::printf("  %-24s p50 %8.1f  p90 %8.1f  p99 %8.1f us  cpu %6.1f us/sync  (%zu samples)\n",
              what, l.p50, l.p90, l.p99, l.cpuMicros, l.samples);
}

}  // namespace

int main(int argc, char** argv) {
  cairn::core::tuneAllocatorForQueries();
  std::string data;
  double seconds = 5;
  std::vector<unsigned> writerCounts{1, 2, 4, 8, 16, 32};
  size_t fsyncSamples = 2000;
  unsigned rateRounds = 6;
  bool json = false, spin = false;
  CLI::App app{"Commit latency and group-commit throughput of the write path"};
  app.add_option("--data", data, "directory on the disk to measure (the store goes in DIR/store)")
      ->required();
  app.add_option("--seconds", seconds, "length of each committing phase");
  app.add_option("--writers", writerCounts, "concurrent writer counts, comma-separated")
      ->delimiter(',');
  app.add_option("--fsync-samples", fsyncSamples, "syncs timed per bare-sync probe");
  app.add_option("--rate-rounds", rateRounds,
                 "rounds of the interleaved group-commit ratio (one writer, then the most)");
  app.add_flag("--spin", spin, "keep one extra thread busy for the whole run");
  app.add_option("--predicates", predicateCount, "predicates the commits cycle through")
      ->check(CLI::PositiveNumber);
  app.add_flag("--json", json);
  CLI11_PARSE(app, argc, argv);
  if (seconds <= 0 || fsyncSamples == 0 || writerCounts.empty()) die("nothing to measure");
  for (unsigned w : writerCounts) {
    if (w == 0) die("--writers: counts must be at least 1");
  }

  const std::filesystem::path directory(data);
  const std::filesystem::path storeDirectory = directory / "store";
  std::filesystem::create_directories(directory);
  if (std::filesystem::exists(storeDirectory)) {
    die(storeDirectory.string() + " exists: the benchmark needs a fresh store (remove it)");
  }

  const Spinner spinner(spin);

  // 1.
  const SyncBaseline before = probeDisk(directory, fsyncSamples, spinner);

  // 2b, run first: its stores are freed before the durable phases start.
  WriterPhase inMemory;
  {
    storage::MemoryBlobStore blobs;
    storage::MemoryHeadStore memoryHeads;
    importSeedLedger(blobs, memoryHeads, directory);
    CountingHeads heads(memoryHeads);
    auto ledger = orDie(
        index::LiveLedger::open(blobs, heads, kLedger, nullptr, index::IndexConfig::defaults()));
    std::atomic<uint64_t> next{1};
    inMemory = runWriters(*ledger, heads, 1, seconds, next, spinner);
  }

  // 2.
  auto store = orDie(storage::RocksDbStore::open(storeDirectory));
  const double importSeconds = importSeedLedger(*store, *store, directory);
  CountingHeads heads(*store);
  const auto config = index::IndexConfig::defaults();
  auto ledger = orDie(index::LiveLedger::open(
      *store, heads, kLedger, std::make_shared<index::IndexCache>(size_t{256} << 20), config));
  const uint64_t firstT = ledger->snapshot()->t();
  std::atomic<uint64_t> next{1};

  // 3. and 3b.
  const WriterPhase single = runWriters(*ledger, heads, 1, seconds, next, spinner);
  const PairedPhase paired = runPaired(*ledger, directory, fsyncSamples, next);

  // 4.
  std::vector<WriterPhase> phases;
  for (unsigned w : writerCounts)
    phases.push_back(runWriters(*ledger, heads, w, seconds, next, spinner));

  const WriterPhase* widest = &phases.front();
  for (const WriterPhase& p : phases) {
    if (p.writers == 32 || (widest->writers != 32 && p.writers > widest->writers)) widest = &p;
  }
  // 4c.
  const WriterPhase asyncPhase = runAsync(*ledger, heads, widest->writers, seconds, next, spinner);
  // 4b.
  const PairedRates pairedRates =
      runPairedRates(*ledger, heads, widest->writers, false, rateRounds, 1.0, next, spinner);
  const PairedRates pairedAsyncRates =
      runPairedRates(*ledger, heads, widest->writers, true, rateRounds, 1.0, next, spinner);
  // 4d.
  const bench::SyncCeiling ceiling =
      bench::measureSyncCeiling(directory, widest->writers, rateRounds, 1.0);

  const SyncBaseline after = probeDisk(directory, fsyncSamples, spinner);

  // 5.
  uint64_t committed = single.commits + paired.commit.samples + pairedRates.singleCommits +
                       pairedRates.wideCommits + asyncPhase.commits +
                       pairedAsyncRates.singleCommits + pairedAsyncRates.wideCommits;
  for (const WriterPhase& p : phases) committed += p.commits;
  const uint64_t lastT = ledger->snapshot()->t();
  if (lastT != firstT + committed) {
    die("the ledger is at t " + std::to_string(lastT) + " after " + std::to_string(committed) +
        " commits from t " + std::to_string(firstT));
  }
  const double latencyRatio = single.latency.p50 / before.appendFdatasync.p50;
  const double rateRatio = widest->rate() / single.rate();

  // 6. As a restart would: close the store, open it again, open the ledger (replaying every
  // commit since the imported root).
  // Closes the store and opens it and the ledger again, as a restart would; the seconds each took.
  auto reopen = [&](index::ReplayReport& replayed) {
    ledger.reset();
    orDie(store->close());
    store.reset();
    const auto storeStart = Clock::now();
    store = orDie(storage::RocksDbStore::open(storeDirectory));
    const double storeSeconds = secondsSince(storeStart);
    const auto ledgerStart = Clock::now();
    ledger = orDie(index::LiveLedger::open(*store, *store, kLedger,
                                           std::make_shared<index::IndexCache>(size_t{256} << 20),
                                           config, &replayed));
    return std::pair{storeSeconds, secondsSince(ledgerStart)};
  };
  index::ReplayReport replay;
  const auto [storeOpenSeconds, ledgerOpenSeconds] = reopen(replay);
  if (replay.commits != committed || replay.flakes != committed ||
      ledger->snapshot()->t() != lastT) {
    die("replay found " + std::to_string(replay.commits) + " commits and " +
        std::to_string(replay.flakes) + " flakes up to t " +
        std::to_string(ledger->snapshot()->t()) + "; " + std::to_string(committed) +
        " commits were made up to t " + std::to_string(lastT));
  }
  const uint64_t storeBytes = orDie(store->approximateBytesOnDisk());

  // 7. Index everything, then reopen: no commit is after the root.
  const auto indexStart = Clock::now();
  orDie(ledger->indexNow());
  const double indexSeconds = secondsSince(indexStart);
  const auto lastTime = ledger->timeOfT(lastT);
  index::ReplayReport indexedReplay;
  const double indexedOpenSeconds = reopen(indexedReplay).second;
  if (!lastTime || ledger->tAtTime(*lastTime) != lastT || ledger->snapshot()->t() != lastT) {
    die("after indexing and reopening, the last commit's time no longer resolves to its t");
  }

  if (json) {
    nlohmann::json phasesJson = nlohmann::json::array();
    for (const WriterPhase& p : phases) phasesJson.push_back(toJson(p));
    nlohmann::json j = {
        {"directory", directory.string()},
        {"spin", spin},
        {"syncBefore", toJson(before)},
        {"syncAfter", toJson(after)},
        {"seedImportSeconds", importSeconds},
        {"inMemorySingleWriter", toJson(inMemory)},
        {"singleWriter", toJson(single)},
        {"writers", phasesJson},
        {"singleP50OverFdatasyncP50", latencyRatio},
        {"singleP50OverFsyncP50", single.latency.p50 / before.appendFsync.p50},
        {"paired",
         {{"fdatasync", toJson(paired.sync)},
          {"commit", toJson(paired.commit)},
          {"commitP50OverFdatasyncP50", paired.ratio()}}},
        {"rateRatio", {{"writers", widest->writers}, {"ratio", rateRatio}}},
        {"pairedRateRatio",
         {{"writers", pairedRates.writers},
          {"rounds", rateRounds},
          {"ratio", pairedRates.ratio()},
          {"roundRatios", pairedRates.roundRatios}}},
        {"async", toJson(asyncPhase)},
        {"syncCeiling",
         {{"writers", ceiling.writers},
          {"rounds", rateRounds},
          {"singleCommitsPerSecond", ceiling.singleRate()},
          {"wideCommitsPerSecond", ceiling.wideRate()},
          {"commitsPerSync", ceiling.commitsPerSync()},
          {"switchesPerCommit", ceiling.switchesPerCommit()},
          {"ratio", ceiling.ratio()},
          {"roundRatios", ceiling.roundRatios},
          {"pairedRateRatioOverCeiling", pairedRates.ratio() / ceiling.ratio()}}},
        {"pairedAsyncRateRatio",
         {{"inflight", pairedAsyncRates.writers},
          {"rounds", rateRounds},
          {"ratio", pairedAsyncRates.ratio()},
          {"roundRatios", pairedAsyncRates.roundRatios}}},
        {"reopen",
         {{"storeOpenSeconds", storeOpenSeconds},
          {"ledgerOpenSeconds", ledgerOpenSeconds},
          {"commits", replay.commits},
          {"flakes", replay.flakes},
          {"replaySeconds", replay.seconds},
          {"flakesPerSecond", static_cast<double>(replay.flakes) / replay.seconds}}},
        {"reopenIndexed",
         {{"indexSeconds", indexSeconds},
          {"ledgerOpenSeconds", indexedOpenSeconds},
          {"commitsReplayed", indexedReplay.commits}}},
        {"storeBytes", storeBytes},
        {"peakRssBytes", server::peakRssBytes()}};
    std::printf("%s\n", j.dump(2).c_str());
    return 0;
  }

  std::printf("bare sync of 64 bytes in %s, before the commits:\n", directory.c_str());
  printSync("append + fdatasync", before.appendFdatasync);
  printSync("append + fsync", before.appendFsync);
  printSync("overwrite + fdatasync", before.overwriteFdatasync);
  std::printf("and after them:\n");
  printSync("append + fdatasync", after.appendFdatasync);
  printSync("append + fsync", after.appendFsync);
  printSync("overwrite + fdatasync", after.overwriteFdatasync);
  std::printf("ledger '%s': one triple imported in %.3f s; %.1f s per phase%s\n", kLedger,
              importSeconds, seconds, spin ? "; one spinning thread throughout" : "");
  std::printf("(memory: one writer on in-memory stores, no sync; single: one writer, durable)\n");
  std::printf("%-8s %9s %11s %9s %9s %9s %13s %6s %9s %8s\n", "writers", "commits", "commits/s",
              "p50 us", "p90 us", "p99 us", "commits/sync", "cpu/s", "cpu us/c", "switch/c");
  auto row = [](const char* label, const WriterPhase& p) {
    std::printf("%-8s %9llu %11.0f %9.1f %9.1f %9.1f %13.2f %6.2f %9.1f %8.2f\n", label,
                static_cast<unsigned long long>(p.commits), p.rate(), p.latency.p50, p.latency.p90,
                p.latency.p99, p.commitsPerSync(), p.cpuSeconds / p.seconds, p.cpuMicrosPerCommit(),
                p.switchesPerCommit());
  };
  row("memory", inMemory);
  row("single", single);
  for (const WriterPhase& p : phases) row(std::to_string(p.writers).c_str(), p);
  row(("async " + std::to_string(asyncPhase.writers)).c_str(), asyncPhase);
  std::printf("single-writer p50 / bare fdatasync p50: %.2f (target <= 2.0; / fsync p50: %.2f)\n",
              latencyRatio, single.latency.p50 / before.appendFsync.p50);
  std::printf(
      "paired, alternating blocks of 20: commit p50 %.1f us (p99 %.1f), append + fdatasync p50 "
      "%.1f us (p99 %.1f): ratio %.2f\n",
      paired.commit.p50, paired.commit.p99, paired.sync.p50, paired.sync.p99, paired.ratio());
  std::printf("commits/s at %u writers / single writer: %.2f (target >= 10 at 32)\n",
              widest->writers, rateRatio);
  std::printf("interleaved, %u rounds of 1 s at 1 and %u writers: ratio %.2f (rounds:", rateRounds,
              pairedRates.writers, pairedRates.ratio());
  for (double r : pairedRates.roundRatios) std::printf(" %.2f", r);
  std::printf(")\n");
  std::printf(
      "interleaved, %u rounds of 1 s at 1 writer and %u async commits in flight: ratio "
      "%.2f (rounds:",
      rateRounds, pairedAsyncRates.writers, pairedAsyncRates.ratio());
  for (double r : pairedAsyncRates.roundRatios) std::printf(" %.2f", r);
  std::printf(")\n");
  std::printf(
      "machine ceiling, no database (120 B appends, a sync thread, a waking thread), %u rounds: "
      "1 writer %.0f/s, %u writers %.0f/s (%.1f per sync, %.2f switches per commit): ratio %.2f "
      "(rounds:",
      rateRounds, ceiling.singleRate(), ceiling.writers, ceiling.wideRate(),
      ceiling.commitsPerSync(), ceiling.switchesPerCommit(), ceiling.ratio());
  for (double r : ceiling.roundRatios) std::printf(" %.2f", r);
  std::printf("); the ledger's interleaved ratio is %.0f%% of it\n",
              100 * pairedRates.ratio() / ceiling.ratio());
  std::printf(
      "reopen: store %.3f s, ledger %.3f s; replayed %llu commits, %llu flakes in %.3f s "
      "(%.0f flakes/s)\n",
      storeOpenSeconds, ledgerOpenSeconds, static_cast<unsigned long long>(replay.commits),
      static_cast<unsigned long long>(replay.flakes), replay.seconds,
      static_cast<double>(replay.flakes) / replay.seconds);
  std::printf(
      "indexed (%.2f s) and reopened: ledger %.3f s, %llu commits replayed; the %llu commits' "
      "times from the root\n",
      indexSeconds, indexedOpenSeconds, static_cast<unsigned long long>(indexedReplay.commits),
      static_cast<unsigned long long>(committed));
  std::printf("store on disk %.1f MiB; peak RSS %.1f MiB; %s\n", storeBytes / 1048576.0,
              server::peakRssBytes() / 1048576.0, core::allocatorInUse().c_str());
  return 0;
}
