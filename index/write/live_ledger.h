#pragma once
// LiveLedger: one ledger that takes writes. It holds the current snapshot (a Ledger: index root
// plus novelty) and turns each Transaction into a commit: the next t, a commit record
// (index/commit) made durable — the commit head is a synced write — before commit() returns,
// then a new snapshot published for readers. Readers never block: they take snapshot() and keep
// it as long as they like.
//
// Group commit, pipelined (index/write/live_ledger_commit.cpp): concurrent commit() calls queue
// up, and the callers themselves run two roles, each held by one caller at a time. The apply
// role applies the queued transactions in order (each gets its own t and record) on top of
// everything applied before, durable or not; the sync role makes everything applied so far
// durable with one synced write and publishes it. The two overlap: while one batch syncs, the
// next is applied, and the next sync takes all of it. So writers to one ledger are serialized
// but share the cost of the sync, and the sync never waits for the applying.
//
// On open, the commits after the index root are read back from the commit head and replayed into
// the novelty overlay.
//
// Thread-safety: every method may be called concurrently. The stores must outlive the ledger.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "core/status.h"
#include "index/ledger/ledger.h"
#include "index/write/index_builder.h"
#include "index/write/transaction.h"
#include "storage/blob_store.h"

namespace cairn::index {

// When the background indexer runs and when writers wait for it, in novelty flakes (changes
// since the index root, all graphs). Past `soft` the indexer starts; past `hard` a commit waits
// until indexing brings the novelty back under it (backpressure), so memory stays bounded when
// writers outrun the indexer. Each run has costs of its own (a dictionary segment per kind, a
// root, rebasing the commits that came meanwhile), so runs of a few hundred thousand changes
// sustain more writes than many small ones (docs/BENCHMARKS.md, 2026-12-02).
struct IndexerPolicy {
  uint64_t softFlakes = 400'000;
  uint64_t hardFlakes = 2'000'000;
  IndexBuildOptions build;  // delta run or fold (index/write/index_builder.h)
  // A fold rewrites most of the trees; back to back, folds would keep a core busy for as long
  // as writers keep the layer growing. After a background fold of D seconds the next one starts
  // foldRest × D later at the earliest (the layer grows meanwhile, so each fold absorbs more):
  // folds then take at most 1 / (1 + foldRest) of a core.
  double foldRest = 1.0;

  // Where the indexer starts: `soft`, or `hard` if that is lower (a writer waiting past `hard`
  // must never wait for an indexer that the soft threshold keeps asleep).
  uint64_t startFlakes() const { return softFlakes < hardFlakes ? softFlakes : hardFlakes; }
};

// What the indexer and backpressure did so far (for /metrics).
struct IndexerCounters {
  uint64_t runs = 0;      // roots published
  uint64_t folds = 0;     // of which folded the delta layer into the trees (the rest: delta runs)
  uint64_t failures = 0;  // runs that failed (the novelty stays; the next run retries)
  uint64_t flakesIndexed = 0;
  uint64_t bytesWritten = 0;
  double secondsIndexing = 0;
  uint64_t writerWaits = 0;  // commits that waited for the indexer (hard threshold)
  double secondsWaiting = 0;
  IndexBuildReport last;  // the latest successful run
  std::string lastError;  // the latest failure, "" if none
};

struct ReplayReport {
  uint64_t commits = 0;
  uint64_t flakes = 0;
  double seconds = 0;
};

class LiveLedger {
 public:
  // Opens `name` at its index head and replays its commits since. NotFound when there is no
  // such ledger; Corruption (naming the blob) when a commit record is damaged.
  static core::Result<std::shared_ptr<LiveLedger>> open(
      storage::BlobStore& blobs, storage::HeadStore& heads, std::string_view name,
      std::shared_ptr<IndexCache> cache, const IndexConfig& config, ReplayReport* report = nullptr);

  const std::string& name() const { return name_; }
  // The latest t committed at or before `millis` (milliseconds since 1970; the index root
  // counts from its creation); 0 when the ledger is younger. For as-of queries.
  uint64_t tAtTime(int64_t millis) const;
  // The time of commit t (milliseconds since 1970) as the timeline knows it; nullopt for a t
  // it has no time for.
  std::optional<int64_t> timeOfT(uint64_t t) const;
  // Up to `limit` commits with t < `beforeT`, newest first, with their times (for a client's
  // commit history; the timeline holds every commit, indexed or not).
  std::vector<CommitTime> commitsBefore(uint64_t beforeT, size_t limit) const;
  // The latest published snapshot.
  std::shared_ptr<const Ledger> snapshot() const;
  // The index roots that snapshots of this ledger may still read — the current one and any an
  // older snapshot still held keeps alive (Ledger::rootInUse); an expired entry is a root no
  // snapshot reads any more. What garbage collection keeps besides the heads.
  std::vector<std::weak_ptr<const storage::ContentId>> rootsInUse() const;

  // Applies `tx` as one atomic commit, durable when this returns ok. A transaction that changes
  // nothing makes no commit (the result has the current t and zero counts). On error nothing
  // was applied. Past the policy's hard threshold it first waits for the indexer.
  core::Result<CommitResult> commit(Transaction tx);
  // commit() without waiting: queues `tx` (applying it on this thread when no one else is
  // applying) and returns; `done` is called once with what commit() would return, when the
  // commit is durable or has failed — on another caller's thread or on the ledger's committer
  // thread, so keep it short (hand the answer on). Callers that cannot spare a thread per
  // commit in flight (the HTTP server's pool) use it: the batches then hold every commit in
  // flight, not one per thread. Past the hard threshold it first waits for the indexer.
  using CommitCallback = std::function<void(core::Result<CommitResult>)>;
  void commitAsync(Transaction tx, CommitCallback done);
  // Returns once every commit queued before has finished, its callback included (a server
  // stopping waits here before tearing down what the callbacks answer through).
  void awaitCommits();
  // Transactions applied and waiting for the sync role (not counting a batch syncing now).
  size_t commitsAwaitingSync() const;

  // Writes the commits since the index root into a new root — a delta run or a fold, as
  // `options` choose — and publishes it (index head, then a new snapshot: the new root plus the
  // commits that arrived meanwhile). Commits go on while the root is built; they pause only for
  // the switch. Returns what the run did (toT == fromT when there was nothing to do: no commit
  // since the root, and no delta layer to fold or no fold asked for). One run at a time per
  // ledger.
  core::Result<IndexBuildReport> indexNow(const IndexBuildOptions& options = {});
  // Folds the delta layer of the current root into the trees while commits and delta runs go
  // on: a fold rewrites most of the index and may take long, and the writers must not wait for
  // it. Delta runs meanwhile leave that root's segments as they are (keepSegmentsBefore); the
  // fold is published with the segments they added on top (carryDeltaOntoFold). `beforePublish`,
  // if set, is called once the folded trees are built and before they are published (tests
  // commit and index there to race the fold). A report with `superseded` when another fold
  // replaced the layer first (nothing published); toT == fromT when there is no layer.
  core::Result<IndexBuildReport> foldDeltaLayer(const IndexBuildOptions& options = {},
                                                const std::function<void()>& beforePublish = {});
  // Starts the background indexer: a thread that writes delta runs when the in-memory novelty
  // passes policy.softFlakes, and (policy.build.mode kAuto) one that folds the delta layer
  // (foldDeltaLayer) when it passes the fold threshold; commits wait past policy.hardFlakes.
  // With mode kFold or kDelta one thread runs indexNow(policy.build). Stopped by stopIndexer()
  // or destruction.
  void startIndexer(IndexerPolicy policy);
  // Stops the background indexer. A run in progress — a fold of a large ledger may take many
  // seconds — is cancelled rather than waited for (IndexBuildOptions::cancel), so this returns
  // within a leaf's rewrite; a cancelled run publishes nothing, and its novelty is indexed by
  // the next run (or replayed from the commits on the next open). indexNow() and
  // foldDeltaLayer() calls running meanwhile return Cancelled too.
  void stopIndexer();
  IndexerCounters indexerCounters() const;

  // Returns once the index run and the commit batch in progress, if any, have finished: their
  // blobs are then reachable from a published head, or their head update failed. Runs that start
  // later are not waited for. Garbage collection calls it after it starts tracking puts
  // (storage::PutTrackingBlobStore), so every blob that no head reaches when it reads them was
  // either put since (and is kept) or is garbage.
  void awaitWritesInFlight();

  ~LiveLedger();

 private:
  // One commit() call in the pipeline. Shared, so whoever wakes its caller keeps it alive.
  struct Pending {
    Transaction tx;
    // Once applied: what the call returns if its batch becomes durable.
    std::optional<core::Result<CommitResult>> answer;
    std::optional<core::Result<CommitResult>> result;  // set when the call is done
    std::condition_variable wake;  // with queueMutex_: the result, or a role for the caller
    CommitCallback done;           // commitAsync(): no caller waits; this gets the result
  };
  using PendingList = std::vector<std::shared_ptr<Pending>>;
  // Transactions applied in order, not yet durable: what one synced write makes durable.
  struct AppliedBatch {
    PendingList members;                  // in order, those that change nothing or failed included
    std::vector<std::string> records;     // the encoded commit records, oldest first
    std::vector<CommitTime> times;        // each record's t and time
    std::shared_ptr<const Ledger> state;  // the state after the last member
    storage::ContentId head;              // the last record (the commit head once durable)
    uint64_t irisBefore = 0;              // the term overlay's counts before the first member
    uint64_t stringsBefore = 0;
    void append(AppliedBatch&& later);
  };

  LiveLedger(storage::BlobStore& blobs, storage::HeadStore& heads, std::string name);
  core::Status replay(ReplayReport* report);
  // Which commit times replayOnto puts on the timeline: none (a rebase: known already), those
  // of the commits it replays (on open, the root's timeline has the rest), or every commit's back
  // to the first (on open, when the root has no timeline).
  enum class ReplayTimes : uint8_t { kNone, kReplayed, kAll };
  // `base` with the commits after its t, up to the commit `head`, applied oldest first.
  core::Result<std::shared_ptr<const Ledger>> replayOnto(std::shared_ptr<const Ledger> base,
                                                         const storage::ContentId& head,
                                                         ReplayTimes times, uint64_t* commits,
                                                         uint64_t* flakes);
  // What an index run from `root` through t adds to its timeline (buildIndexRoot's `times`).
  std::vector<CommitTime> timelineFor(const IndexRoot& root, uint64_t t) const;
  // The pipeline's roles (queueMutex_ held on entry and return; released while working).
  bool applyDueLocked() const;
  bool syncDueLocked() const;
  // Nothing queued, applied or syncing (completions may still be under way: completing_).
  bool pipelineIdleLocked() const;
  static void wakeAll(const PendingList& callers);  // queueMutex_ not held
  void applyQueued(std::unique_lock<std::mutex>& lock, const Pending& me);
  void syncApplied(std::unique_lock<std::mutex>& lock, const Pending& me);
  // Every queued transaction applied onto `state`, whose commit record is `head`.
  AppliedBatch applyAll(PendingList work, std::shared_ptr<const Ledger> state,
                        storage::ContentId head);
  core::Status makeDurable(const AppliedBatch& batch);
  // A sync that failed fails its batch and everything applied after it (built on it).
  void failAppliedLocked(std::unique_lock<std::mutex>& lock, AppliedBatch& batch,
                         const core::Status& status);
  // Callers to wake (after unlocking) so that a role with work waiting gets taken, `self` and
  // the role holders aside; the committer thread when no waiting caller can.
  PendingList roleTakersLocked(const Pending* self);
  // Sets the results of a batch's members (queueMutex_ not held): wakes the callers waiting,
  // calls the callbacks of commitAsync().
  static void complete(const PendingList& members, const Pending& self);
  // The committer thread takes the roles no waiting caller can (commitAsync() leaves none).
  void committerLoop();
  void stopCommitter();
  // The completer thread completes the synced batches handed to it.
  void completerLoop();
  void stopCompleter();
  // Makes `next` the snapshot readers get; `commit` is the commit record of its t.
  void publish(std::shared_ptr<const Ledger> next, const storage::ContentId& commit);
  // The commit record of the published snapshot's t (null before the first commit).
  storage::ContentId publishedCommit() const;
  // The indexer's switch to `rootId` (built from `indexed`): replays the commits since onto it,
  // mostly without holding the writers back.
  core::Status rebaseOnto(const std::shared_ptr<const Ledger>& indexed,
                          const storage::ContentId& rootId);
  // Takes and gives back the writers' lead: waits until everything applied is durable (or has
  // failed), then holds both roles so no commit runs until releaseLead().
  void acquireLead();
  void releaseLead();
  core::Status waitForIndexer();  // backpressure: past the hard threshold, wait for the indexer
  void indexerLoop();
  void foldLoop();
  bool foldDueLocked() const;  // the background fold's trigger; indexerMutex_ held
  // Counters after a run: a failure (returned again), or a published root.
  core::Status failRun(const core::Status& status);
  void countRun(const IndexBuildReport& report);

  storage::BlobStore& blobs_;
  storage::HeadStore& heads_;
  const std::string name_;
  const std::string commitHead_;

  // Records the root of `next` in rootsInUse_ when it is new. Called with snapshotMutex_ held.
  void noteRootLocked(const Ledger& next);

  mutable std::mutex snapshotMutex_;  // guards current_, currentCommit_ and rootsInUse_
  std::shared_ptr<const Ledger> current_;
  storage::ContentId currentCommit_;  // the commit record of current_'s t
  // One entry per root this ledger has published, dropped once no snapshot of it is left.
  mutable std::vector<std::weak_ptr<const storage::ContentId>> rootsInUse_;

  // The pipeline's state, guarded by queueMutex_.
  mutable std::mutex queueMutex_;
  std::condition_variable queueChanged_;       // a role was given back (the lead and failures wait)
  PendingList queue_;                          // not applied yet
  AppliedBatch applied_;                       // applied, waiting for the sync role
  std::shared_ptr<const Ledger> latestState_;  // after everything applied, durable or not
  storage::ContentId appliedHead_;             // the commit record of latestState_'s t
  const Pending* applier_ = nullptr;           // whose caller holds the apply role
  const Pending* syncer_ = nullptr;            // whose caller holds the sync role
  bool failing_ = false;     // a failed sync is failing what was applied on its batch
  bool leadWanted_ = false;  // acquireLead() waits for the pipeline to drain: nothing new applies
  bool leadHeld_ = false;
  int completing_ = 0;                  // batches whose callers are being woken or called back
  std::deque<PendingList> toComplete_;  // synced batches for the completer thread
  std::thread completer_;
  std::condition_variable completerWake_;
  bool completerIdle_ = false;
  bool stopCompleter_ = false;
  // The committer thread, started by the first commitAsync(); its identity in the roles.
  std::shared_ptr<Pending> committer_;
  std::thread committerThread_;
  bool stopCommitter_ = false;

  storage::ContentId lastCommit_;  // the durable commit head; the sync role or the lead's holder

  std::shared_ptr<IndexCache> cache_;
  IndexConfig config_;
  std::mutex foldMutex_;      // one foldDeltaLayer() at a time; taken before indexRunMutex_
  std::mutex indexRunMutex_;  // one indexNow() at a time, and a fold's start and publication
  // While foldDeltaLayer() runs: the t of the root whose layer it folds (delta runs merge no
  // segment before it); 0 otherwise. Guarded by indexRunMutex_.
  uint64_t keepSegmentsBefore_ = 0;

  // Background indexer state, guarded by indexerMutex_.
  mutable std::mutex indexerMutex_;
  std::condition_variable indexerWake_;  // the indexer thread waits on it
  std::condition_variable indexerDone_;  // writers held back wait on it
  std::condition_variable foldWake_;     // the fold thread waits on it
  std::optional<IndexerPolicy> policy_;
  bool stopIndexer_ = false;
  // Read by every index run (IndexBuildOptions::cancel); set while stopIndexer() waits.
  std::atomic<bool> cancelRuns_{false};
  std::thread indexer_;
  std::thread folder_;
  IndexerCounters counters_;

  void recordTime(const std::string& time, uint64_t t);  // an ISO-8601 time (replay)
  void recordTimes(std::span<const CommitTime> times);   // the times of a synced batch
  mutable std::mutex timelineMutex_;
  std::vector<CommitTime> timeline_;  // t and millis both ascending
};

}  // namespace cairn::index
