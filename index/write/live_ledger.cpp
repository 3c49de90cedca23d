#include "index/write/live_ledger.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <map>
#include <tuple>

#include "index/commit/commit_record.h"
#include "index/ledger/ledger_name.h"
#include "index/write/commit_time.h"
#include "index/write/index_builder.h"
#include "index/write/transaction_encoder.h"

namespace cairn::index {
namespace {

Ledger::CommitTerms commitTerms(const CommitRecord& record) {
  Ledger::CommitTerms terms;
  terms.newIris = record.iris.size();
  terms.newStrings = record.strings.size();
  terms.languages = record.languages;
  terms.datatypes = record.datatypes;
  terms.blankNodes = record.blankNodes;
  return terms;
}

// Appends a record's new terms to the overlay, checking they get the ids the record names.
core::Status appendTerms(TermList& list, const std::vector<NewTerm>& terms, const char* kind,
                         const std::string& blob) {
  for (const NewTerm& term : terms) {
    const uint64_t expected = list.firstId() + list.count();
    if (term.id != expected) {
      return core::Status::corruption("commit blob " + blob + ": " + kind + " id " +
                                      std::to_string(term.id) + " where " +
                                      std::to_string(expected) + " comes next");
    }
    list.append(term.text);
  }
  return core::Status::ok();
}

}  // namespace

LiveLedger::LiveLedger(storage::BlobStore& blobs, storage::HeadStore& heads, std::string name)
    : blobs_(blobs),
      heads_(heads),
      name_(std::move(name)),
      commitHead_(ledgerCommitHeadName(name_)) {}

core::Result<std::shared_ptr<LiveLedger>> LiveLedger::open(
    storage::BlobStore& blobs, storage::HeadStore& heads, std::string_view name,
    std::shared_ptr<IndexCache> cache, const IndexConfig& config, ReplayReport* report) {
  CAIRN_ASSIGN_OR_RETURN(auto base, Ledger::open(blobs, heads, name, cache, config));
  auto live = std::shared_ptr<LiveLedger>(new LiveLedger(blobs, heads, std::string(name)));
  live->cache_ = std::move(cache);
  live->config_ = config;
  {
    std::lock_guard lock(live->snapshotMutex_);
    live->noteRootLocked(*base);
  }
  live->current_ = std::move(base);
  CAIRN_RETURN_IF_ERROR(live->replay(report));
  live->latestState_ = live->current_;
  live->appliedHead_ = live->lastCommit_;
  return live;
}

void LiveLedger::recordTime(const std::string& time, uint64_t t) {
  const auto millis = parseIsoTimeMillis(time);
  if (!millis) return;
  const CommitTime one{t, *millis};
  recordTimes(std::span<const CommitTime>(&one, 1));
}

void LiveLedger::recordTimes(std::span<const CommitTime> times) {
  std::lock_guard lock(timelineMutex_);
  for (const CommitTime& time : times) {
    // Clocks may step back; keep the times ascending so lookups can bisect.
    const int64_t at =
        timeline_.empty() ? time.millis : std::max(time.millis, timeline_.back().millis);
    timeline_.push_back(CommitTime{time.t, at});
  }
}

uint64_t LiveLedger::tAtTime(int64_t millis) const {
  std::lock_guard lock(timelineMutex_);
  auto it = std::upper_bound(timeline_.begin(), timeline_.end(), millis,
                             [](int64_t m, const CommitTime& entry) { return m < entry.millis; });
  return it == timeline_.begin() ? 0 : std::prev(it)->t;
}

namespace {

// The first entry of `timeline` (t ascending) at or after t.
std::vector<CommitTime>::const_iterator firstAtOrAfter(const std::vector<CommitTime>& timeline,
                                                       uint64_t t) {
  return std::lower_bound(timeline.begin(), timeline.end(), t,
                          [](const CommitTime& entry, uint64_t v) { return entry.t < v; });
}

}  // namespace

std::vector<CommitTime> LiveLedger::commitsBefore(uint64_t beforeT, size_t limit) const {
  std::lock_guard lock(timelineMutex_);
  std::vector<CommitTime> out;
  for (auto it = firstAtOrAfter(timeline_, beforeT); it != timeline_.begin() && out.size() < limit;) {
    --it;
    out.push_back(*it);
  }
  return out;
}

std::vector<CommitTime> LiveLedger::timelineFor(const IndexRoot& root, uint64_t t) const {
  std::lock_guard lock(timelineMutex_);
  auto from = timeline_.begin();  // no timeline in the root: all of it
  if (root.timeline && !root.timeline->empty()) {
    from = firstAtOrAfter(timeline_, root.timeline->back().lastT + 1);
  }
  return std::vector<CommitTime>(from, firstAtOrAfter(timeline_, t + 1));
}

std::optional<int64_t> LiveLedger::timeOfT(uint64_t t) const {
  std::lock_guard lock(timelineMutex_);
  auto it = firstAtOrAfter(timeline_, t);
  if (it == timeline_.end() || it->t != t) return std::nullopt;
  return it->millis;
}

core::Status LiveLedger::replay(ReplayReport* report) {
  const auto started = std::chrono::steady_clock::now();
  const IndexRoot& root = current_->root();
  if (root.timeline) {
    CAIRN_ASSIGN_OR_RETURN(std::vector<CommitTime> times, readTimeline(blobs_, *root.timeline));
    std::lock_guard lock(timelineMutex_);
    timeline_ = std::move(times);
  } else {
    recordTime(root.originAt, root.originT);
  }
  auto head = heads_.getHead(commitHead_);
  if (!head.isOk()) {
    if (head.status().code() == core::StatusCode::kNotFound) return core::Status::ok();
    return head.status();
  }
  lastCommit_ = *head;
  currentCommit_ = *head;
  uint64_t commits = 0;
  uint64_t flakes = 0;
  // A root without a timeline: walk on to the first commit for the times alone.
  const ReplayTimes times = root.timeline ? ReplayTimes::kReplayed : ReplayTimes::kAll;
  CAIRN_ASSIGN_OR_RETURN(current_, replayOnto(current_, *head, times, &commits, &flakes));
  if (report != nullptr) {
    report->commits = commits;
    report->flakes = flakes;
    report->seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  }
  return core::Status::ok();
}

core::Result<std::shared_ptr<const Ledger>> LiveLedger::replayOnto(
    std::shared_ptr<const Ledger> base, const storage::ContentId& head, ReplayTimes times,
    uint64_t* commits, uint64_t* flakes) {
  // Walk back to base's t, then apply oldest first; with kAll the walk goes on to the first
  // commit for the times alone.
  const bool recordTimes = times != ReplayTimes::kNone;
  const uint64_t baseT = base->t();
  std::vector<CommitRecord> records;
  std::vector<std::pair<std::string, uint64_t>> olderTimes;  // newest first
  uint64_t previousT = UINT64_MAX;
  storage::ContentId id = head;
  while (!id.isNull()) {
    CAIRN_ASSIGN_OR_RETURN(std::string bytes, blobs_.get(id));
    CAIRN_ASSIGN_OR_RETURN(CommitRecord record, decodeCommitRecord(bytes, id.shortHex()));
    if (record.t >= previousT) {
      return core::Status::corruption("commit blob " + id.shortHex() + ": t " +
                                      std::to_string(record.t) + " is not before its successor's");
    }
    previousT = record.t;
    id = record.previous;
    if (record.t <= baseT) {
      if (times != ReplayTimes::kAll) break;
      olderTimes.emplace_back(std::move(record.time), record.t);
      continue;
    }
    records.push_back(std::move(record));
  }
  for (auto it = olderTimes.rbegin(); it != olderTimes.rend(); ++it)
    recordTime(it->first, it->second);
  std::shared_ptr<const Ledger> ledger = std::move(base);
  uint64_t applied = 0;
  for (auto it = records.rbegin(); it != records.rend(); ++it) {
    const std::string blob = "t " + std::to_string(it->t);
    CAIRN_RETURN_IF_ERROR(appendTerms(ledger->termOverlay().iris, it->iris, "IRI", blob));
    CAIRN_RETURN_IF_ERROR(appendTerms(ledger->termOverlay().strings, it->strings, "string", blob));
    CAIRN_ASSIGN_OR_RETURN(ledger, ledger->withCommit(it->t, it->flakes, commitTerms(*it)));
    if (recordTimes) recordTime(it->time, it->t);
    applied += it->flakes.size();
  }
  if (commits != nullptr) *commits = records.size();
  if (flakes != nullptr) *flakes = applied;
  return ledger;
}

std::shared_ptr<const Ledger> LiveLedger::snapshot() const {
  std::lock_guard lock(snapshotMutex_);
  return current_;
}

void LiveLedger::publish(std::shared_ptr<const Ledger> next, const storage::ContentId& commit) {
  std::lock_guard lock(snapshotMutex_);
  noteRootLocked(*next);
  current_ = std::move(next);
  currentCommit_ = commit;
}

storage::ContentId LiveLedger::publishedCommit() const {
  std::lock_guard lock(snapshotMutex_);
  return currentCommit_;
}

void LiveLedger::noteRootLocked(const Ledger& next) {
  std::erase_if(rootsInUse_, [](const auto& root) { return root.expired(); });
  const auto root = next.rootInUse().lock();
  // Snapshots of one root share one token, so comparing the tokens tells a new root.
  const bool known = std::any_of(rootsInUse_.begin(), rootsInUse_.end(),
                                 [&](const auto& seen) { return seen.lock() == root; });
  if (!known) rootsInUse_.push_back(root);
}

std::vector<std::weak_ptr<const storage::ContentId>> LiveLedger::rootsInUse() const {
  std::lock_guard lock(snapshotMutex_);
  std::erase_if(rootsInUse_, [](const auto& root) { return root.expired(); });
  return rootsInUse_;
}

void LiveLedger::awaitWritesInFlight() {
  // The order foldDeltaLayer() and indexNow() take them in: the fold, the run, then the
  // writer's lead for the switch. A fold's blobs are reachable from no head until it publishes.
  std::lock_guard folding(foldMutex_);
  std::lock_guard run(indexRunMutex_);
  acquireLead();
  releaseLead();
}

core::Status LiveLedger::waitForIndexer() {
  std::unique_lock lock(indexerMutex_);
  if (!policy_ || snapshot()->novelty().flakeCount() < policy_->hardFlakes) {
    return core::Status::ok();
  }
  const auto started = std::chrono::steady_clock::now();
  const uint64_t failuresBefore = counters_.failures;
  ++counters_.writerWaits;
  indexerWake_.notify_one();
  indexerDone_.wait(lock, [&] {
    return stopIndexer_ || counters_.failures != failuresBefore ||
           snapshot()->novelty().flakeCount() < policy_->hardFlakes;
  });
  counters_.secondsWaiting +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (counters_.failures != failuresBefore) {
    return core::Status(core::StatusCode::kResourceExhausted,
                        "ledger '" + name_ + "': too many unindexed changes and indexing failed: " +
                            counters_.lastError);
  }
  return core::Status::ok();
}

core::Result<IndexBuildReport> LiveLedger::indexNow(const IndexBuildOptions& options) {
  std::lock_guard run(indexRunMutex_);
  const std::shared_ptr<const Ledger> snap = snapshot();
  const bool foldAsked =
      options.mode == IndexBuildOptions::Mode::kFold && snap->novelty().persistedFlakeCount() > 0;
  if (snap->novelty().empty() && !foldAsked) {
    IndexBuildReport nothing;
    nothing.fromT = nothing.toT = snap->t();
    return nothing;
  }
  IndexBuildOptions effective = options;
  effective.keepSegmentsBefore = std::max(options.keepSegmentsBefore, keepSegmentsBefore_);
  if (effective.cancel == nullptr) effective.cancel = &cancelRuns_;
  const std::vector<CommitTime> times = timelineFor(snap->root(), snap->t());
  auto built = buildIndexRoot(blobs_, *snap, effective, times);
  if (!built.isOk()) return failRun(built.status());
  if (core::Status status = rebaseOnto(snap, built->id); !status.isOk()) return failRun(status);
  countRun(built->report);
  return built->report;
}

core::Result<IndexBuildReport> LiveLedger::foldDeltaLayer(
    const IndexBuildOptions& options, const std::function<void()>& beforePublish) {
  std::lock_guard folding(foldMutex_);
  std::shared_ptr<const Ledger> from;
  {
    std::lock_guard run(indexRunMutex_);
    from = snapshot();
    if (from->root().delta.isNull()) {
      IndexBuildReport nothing;
      nothing.fromT = nothing.toT = from->t();
      return nothing;
    }
    keepSegmentsBefore_ = from->root().t;
  }
  // The root alone — its trees and delta layer, none of the commits since (delta runs persist
  // those meanwhile) — folded without holding anyone back.
  IndexBuildOptions foldOptions = options;
  foldOptions.mode = IndexBuildOptions::Mode::kFold;
  if (foldOptions.cancel == nullptr) foldOptions.cancel = &cancelRuns_;
  auto built = [&]() -> core::Result<BuiltIndexRoot> {
    CAIRN_ASSIGN_OR_RETURN(std::shared_ptr<const Ledger> layer,
                           Ledger::openRoot(blobs_, name_, from->rootId(), cache_, config_));
    return buildIndexRoot(blobs_, *layer, foldOptions);
  }();
  if (beforePublish) beforePublish();

  std::lock_guard run(indexRunMutex_);
  keepSegmentsBefore_ = 0;
  if (!built.isOk()) return failRun(built.status());
  const std::shared_ptr<const Ledger> current = snapshot();
  auto carried =
      carryDeltaOntoFold(blobs_, *built, from->root(), current->root(), current->rootId());
  if (!carried.isOk()) return failRun(carried.status());
  if (!carried->has_value()) {
    IndexBuildReport superseded = built->report;
    superseded.superseded = true;
    return superseded;
  }
  const BuiltIndexRoot& next = **carried;
  if (core::Status status = rebaseOnto(current, next.id); !status.isOk()) return failRun(status);
  countRun(next.report);
  return next.report;
}

core::Status LiveLedger::failRun(const core::Status& status) {
  // A cancelled run (the indexer stopping, or the caller's flag) did not fail: nothing to count.
  if (status.code() == core::StatusCode::kCancelled) return status;
  std::lock_guard lock(indexerMutex_);
  ++counters_.failures;
  counters_.lastError = status.message();
  indexerDone_.notify_all();
  return status;
}

void LiveLedger::countRun(const IndexBuildReport& report) {
  std::lock_guard lock(indexerMutex_);
  ++counters_.runs;
  if (report.folded) ++counters_.folds;
  counters_.flakesIndexed += report.flakes;
  counters_.bytesWritten += report.bytesWritten;
  counters_.secondsIndexing += report.seconds;
  counters_.last = report;
  indexerDone_.notify_all();
  foldWake_.notify_all();  // a delta run may have brought the layer to the fold threshold
}

core::Status LiveLedger::rebaseOnto(const std::shared_ptr<const Ledger>& indexed,
                                    const storage::ContentId& rootId) {
  // Writers go on while the commits made since `indexed` are replayed onto the new root; a few
  // rounds catch up with those that arrive meanwhile. Only the last stretch holds them back.
  constexpr int kCatchUpRounds = 3;
  CAIRN_ASSIGN_OR_RETURN(std::shared_ptr<const Ledger> rebased,
                         Ledger::openRoot(blobs_, name_, rootId, cache_, config_));
  storage::ContentId replayed;
  for (int round = 0; round < kCatchUpRounds; ++round) {
    const storage::ContentId published = publishedCommit();
    if (published == replayed) break;
    CAIRN_ASSIGN_OR_RETURN(rebased,
                           replayOnto(rebased, published, ReplayTimes::kNone, nullptr, nullptr));
    replayed = published;
  }
  // The switch: no commit may run between moving the head and publishing the rebased snapshot,
  // or it would land on the old root after the new one is published.
  acquireLead();
  core::Status status = heads_.compareAndSetHead(ledgerHeadName(name_), indexed->rootId(), rootId);
  if (status.isOk()) {
    auto caughtUp = lastCommit_ == replayed
                        ? core::Result<std::shared_ptr<const Ledger>>(rebased)
                        : replayOnto(rebased, lastCommit_, ReplayTimes::kNone, nullptr, nullptr);
    if (caughtUp.isOk()) {
      publish(*caughtUp, lastCommit_);
    } else {
      status = caughtUp.status();
    }
  }
  releaseLead();
  return status;
}

void LiveLedger::startIndexer(IndexerPolicy policy) {
  std::lock_guard lock(indexerMutex_);
  if (policy_) return;
  policy_ = policy;
  stopIndexer_ = false;
  indexer_ = std::thread([this] { indexerLoop(); });
  if (policy.build.mode == IndexBuildOptions::Mode::kAuto) {
    folder_ = std::thread([this] { foldLoop(); });
  }
}

void LiveLedger::stopIndexer() {
  std::thread indexer;
  std::thread folder;
  {
    std::lock_guard lock(indexerMutex_);
    stopIndexer_ = true;
    cancelRuns_.store(true);
    indexerWake_.notify_all();
    indexerDone_.notify_all();
    foldWake_.notify_all();
    indexer = std::move(indexer_);
    folder = std::move(folder_);
  }
  if (indexer.joinable()) indexer.join();
  if (folder.joinable()) folder.join();
  std::lock_guard lock(indexerMutex_);
  policy_.reset();
  cancelRuns_.store(false);
}

LiveLedger::~LiveLedger() {
  stopIndexer();
  stopCommitter();
  stopCompleter();
}

IndexerCounters LiveLedger::indexerCounters() const {
  std::lock_guard lock(indexerMutex_);
  return counters_;
}

void LiveLedger::indexerLoop() {
  std::unique_lock lock(indexerMutex_);
  while (!stopIndexer_) {
    indexerWake_.wait(lock, [&] {
      return stopIndexer_ || snapshot()->novelty().flakeCount() >= policy_->startFlakes();
    });
    if (stopIndexer_) break;
    IndexBuildOptions options = policy_->build;
    // In auto mode the fold thread folds; this one only persists the writers' novelty.
    if (options.mode == IndexBuildOptions::Mode::kAuto)
      options.mode = IndexBuildOptions::Mode::kDelta;
    lock.unlock();
    const bool ok = indexNow(options).isOk();
    lock.lock();
    // After a failure (a full disk, say) try again later, not in a tight loop.
    if (!ok) indexerWake_.wait_for(lock, std::chrono::seconds(5), [&] { return stopIndexer_; });
  }
}

bool LiveLedger::foldDueLocked() const {
  const std::shared_ptr<const Ledger> snap = snapshot();
  return snap->novelty().persistedFlakeCount() >= policy_->build.foldThreshold(snap->root().quads);
}

void LiveLedger::foldLoop() {
  std::chrono::steady_clock::time_point restUntil;  // policy.foldRest
  std::unique_lock lock(indexerMutex_);
  while (!stopIndexer_) {
    foldWake_.wait(lock, [&] { return stopIndexer_ || foldDueLocked(); });
    if (stopIndexer_) break;
    if (std::chrono::steady_clock::now() < restUntil) {
      foldWake_.wait_until(lock, restUntil, [&] { return stopIndexer_; });
      continue;
    }
    const IndexBuildOptions options = policy_->build;
    lock.unlock();
    const auto started = std::chrono::steady_clock::now();
    const bool ok = foldDeltaLayer(options).isOk();
    const auto finished = std::chrono::steady_clock::now();
    lock.lock();
    if (stopIndexer_) break;
    // After a failure (a full disk, say) try again later, not in a tight loop.
    const auto rest = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        (finished - started) * policy_->foldRest);
    restUntil = finished + (ok ? rest : std::chrono::seconds(5));
  }
}

}  // namespace cairn::index
