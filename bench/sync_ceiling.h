#pragma once
// The group-commit ceiling of a machine: how many times one writer's rate W writer threads can
// reach when every commit must be durable before its writer goes on, with no database at all.
// commit_bench measures it in the same run as the ledger's ratio, so the ledger's figure can be
// read against what the machine allows (docs/BENCHMARKS.md, 2026-12-03, session 20).
//
// A "commit" here is a 120-byte append to one file. The single writer appends and fdatasyncs
// itself, as LiveLedger's single writer does. The W writers append under a mutex and sleep on a
// semaphore each; one thread syncs everything appended so far, then the next batch, and another
// thread wakes the synced batch's writers meanwhile, so the sync never waits for the waking. Of
// the shapes tried (the caller syncing for the others, and up to 2 or 4 syncs in flight on the
// same file), this one reached the most commits per second on the 2-vCPU VM.
//
// The two run in alternating rounds, so both see the same minutes of a drifting disk.

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <filesystem>
#include <mutex>
#include <semaphore>
#include <string>
#include <thread>
#include <vector>

#include "bench/bench_support.h"

namespace cairn::bench {

// Context switches of the process so far, voluntary and not (every thread, exited ones too).
inline uint64_t processSwitches() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<uint64_t>(usage.ru_nvcsw) + static_cast<uint64_t>(usage.ru_nivcsw);
}

struct SyncCeiling {
  unsigned writers = 0;
  uint64_t singleCommits = 0, wideCommits = 0, wideSyncs = 0;
  uint64_t wideSwitches = 0;  // context switches of the process in the wide rounds
  double singleSeconds = 0, wideSeconds = 0;
  std::vector<double> roundRatios;  // per round: wide rate / single rate
  double singleRate() const { return static_cast<double>(singleCommits) / singleSeconds; }
  double wideRate() const { return static_cast<double>(wideCommits) / wideSeconds; }
  double ratio() const { return wideRate() / singleRate(); }
  double switchesPerCommit() const {
    return wideCommits == 0 ? 0
                            : static_cast<double>(wideSwitches) / static_cast<double>(wideCommits);
  }
  double commitsPerSync() const {
    return wideSyncs == 0 ? 0 : static_cast<double>(wideCommits) / static_cast<double>(wideSyncs);
  }
};

namespace sync_ceiling_detail {

using Clock = std::chrono::steady_clock;
constexpr size_t kCommitBytes = 120;

class LogFile {
 public:
  explicit LogFile(std::filesystem::path path) : path_(std::move(path)) {
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) die("cannot create " + path_.string() + ": " + std::strerror(errno));
  }
  ~LogFile() {
    ::close(fd_);
    std::filesystem::remove(path_);
  }
  LogFile(const LogFile&) = delete;
  LogFile& operator=(const LogFile&) = delete;

  void appendAndSync(const std::string& bytes) {
    if (::write(fd_, bytes.data(), bytes.size()) != static_cast<ssize_t>(bytes.size())) {
      die("write to " + path_.string() + " failed");
    }
    if (::fdatasync(fd_) != 0) die("sync of " + path_.string() + ": " + std::strerror(errno));
  }

 private:
  std::filesystem::path path_;
  int fd_ = -1;
};

inline uint64_t runSingle(LogFile& log, double seconds) {
  const std::string commit(kCommitBytes, 'c');
  const auto end = Clock::now() + std::chrono::duration<double>(seconds);
  uint64_t commits = 0;
  while (Clock::now() < end) {
    log.appendAndSync(commit);
    ++commits;
  }
  return commits;
}

// W writer threads, one sync thread, one waking thread.
class GroupCommit {
 public:
  explicit GroupCommit(LogFile& log) : log_(log) {
    syncer_ = std::thread([this] { syncLoop(); });
    waker_ = std::thread([this] { wakeLoop(); });
  }
  ~GroupCommit() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    batchReady_.notify_all();
    syncedReady_.notify_all();
    syncer_.join();
    waker_.join();
  }
  GroupCommit(const GroupCommit&) = delete;
  GroupCommit& operator=(const GroupCommit&) = delete;

  // Commits per writer until `seconds` have passed; returns all commits.
  uint64_t run(unsigned writers, double seconds) {
    std::atomic<uint64_t> commits{0};
    const auto end = Clock::now() + std::chrono::duration<double>(seconds);
    std::vector<std::thread> threads;
    for (unsigned w = 0; w < writers; ++w) {
      threads.emplace_back([&] {
        std::binary_semaphore durable{0};
        uint64_t mine = 0;
        while (Clock::now() < end) {
          {
            std::lock_guard lock(mutex_);
            pending_.append(kCommitBytes, 'c');
            pendingWriters_.push_back(&durable);
            if (pendingWriters_.size() == 1) batchReady_.notify_one();
          }
          durable.acquire();
          ++mine;
        }
        commits.fetch_add(mine);
      });
    }
    for (auto& t : threads) t.join();
    return commits.load();
  }

  uint64_t syncs() const {
    std::lock_guard lock(mutex_);
    return syncs_;
  }

 private:
  void syncLoop() {
    std::unique_lock lock(mutex_);
    while (true) {
      batchReady_.wait(lock, [&] { return stop_ || !pendingWriters_.empty(); });
      if (pendingWriters_.empty()) return;
      std::string bytes = std::exchange(pending_, {});
      std::vector<std::binary_semaphore*> members = std::exchange(pendingWriters_, {});
      lock.unlock();
      log_.appendAndSync(bytes);
      lock.lock();
      ++syncs_;
      synced_.push_back(std::move(members));
      syncedReady_.notify_one();
    }
  }

  void wakeLoop() {
    std::unique_lock lock(mutex_);
    while (true) {
      syncedReady_.wait(lock, [&] { return stop_ || !synced_.empty(); });
      if (synced_.empty()) return;
      std::vector<std::binary_semaphore*> members = std::move(synced_.front());
      synced_.pop_front();
      lock.unlock();
      for (std::binary_semaphore* member : members) member->release();
      lock.lock();
    }
  }

  LogFile& log_;
  mutable std::mutex mutex_;
  std::condition_variable batchReady_, syncedReady_;
  std::string pending_;                                     // appended, not yet taken by a sync
  std::vector<std::binary_semaphore*> pendingWriters_;      // their writers
  std::deque<std::vector<std::binary_semaphore*>> synced_;  // batches to wake
  uint64_t syncs_ = 0;
  bool stop_ = false;
  std::thread syncer_, waker_;
};

}  // namespace sync_ceiling_detail

// `rounds` rounds of `blockSeconds` at one writer and at `writers`, alternating which goes
// first, on a file in `directory` (removed when done).
inline SyncCeiling measureSyncCeiling(const std::filesystem::path& directory, unsigned writers,
                                      unsigned rounds, double blockSeconds) {
  using namespace sync_ceiling_detail;
  LogFile log(directory / "commit_bench.ceiling-probe");
  SyncCeiling ceiling;
  ceiling.writers = writers;
  for (unsigned r = 0; r < rounds; ++r) {
    uint64_t one = 0, wide = 0, syncs = 0, switches = 0;
    double oneSeconds = 0, wideSeconds = 0;
    auto single = [&] {
      const auto start = Clock::now();
      one = runSingle(log, blockSeconds);
      oneSeconds = std::chrono::duration<double>(Clock::now() - start).count();
    };
    auto group = [&] {
      GroupCommit pipeline(log);
      const uint64_t switchesBefore = processSwitches();
      const auto start = Clock::now();
      wide = pipeline.run(writers, blockSeconds);
      wideSeconds = std::chrono::duration<double>(Clock::now() - start).count();
      switches = processSwitches() - switchesBefore;
      syncs = pipeline.syncs();
    };
    if (r % 2 == 0) {
      single();
      group();
    } else {
      group();
      single();
    }
    ceiling.singleCommits += one;
    ceiling.singleSeconds += oneSeconds;
    ceiling.wideCommits += wide;
    ceiling.wideSeconds += wideSeconds;
    ceiling.wideSyncs += syncs;
    ceiling.wideSwitches += switches;
    ceiling.roundRatios.push_back((static_cast<double>(wide) / wideSeconds) /
                                  (static_cast<double>(one) / oneSeconds));
  }
  return ceiling;
}

}  // namespace cairn::bench
