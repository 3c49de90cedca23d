#pragma once
// LiveLedger: one ledger that takes writes. It holds the current snapshot (a Ledger: index root
// plus novelty) and turns each Transaction into a commit: the next t, a commit record
// (index/commit) made durable — the commit head is a synced write — before commit() returns,
// then a new snapshot published for readers. Readers never block: they take snapshot() and keep
// it as long as they like.
//
// Group commit: concurrent commit() calls queue up; one caller at a time leads, applies every
// queued transaction in order (each gets its own t and record) and makes them all durable with
// one synced write, then hands the lead to the next waiter. So writers to one ledger are
// serialized but share the cost of the sync.
//
// On open, the commits after the index root are read back from the commit head and replayed into
// the novelty overlay.
//
// Thread-safety: every method may be called concurrently. The stores must outlive the ledger.

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
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
  struct Pending {
    Transaction tx;
    std::optional<core::Result<CommitResult>> result;
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
  void runBatch(std::deque<Pending*>& batch);
  // Makes `next` the snapshot readers get; `commit` is the commit record of its t.
  void publish(std::shared_ptr<const Ledger> next, const storage::ContentId& commit);
  // The commit record of the published snapshot's t (null before the first commit).
  storage::ContentId publishedCommit() const;
  // The indexer's switch to `rootId` (built from `indexed`): replays the commits since onto it,
  // mostly without holding the writers back.
  core::Status rebaseOnto(const std::shared_ptr<const Ledger>& indexed,
                          const storage::ContentId& rootId);
  // Takes and gives back the writer's lead (what commit() holds while it runs a batch).
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

  std::mutex queueMutex_;  // guards queue_ and leading_
  std::condition_variable queueChanged_;
  std::deque<Pending*> queue_;
  bool leading_ = false;

  storage::ContentId lastCommit_;  // the commit head; only the leader touches it

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
  std::thread indexer_;
  std::thread folder_;
  IndexerCounters counters_;

  void recordTime(const std::string& time, uint64_t t);
  mutable std::mutex timelineMutex_;
  std::vector<CommitTime> timeline_;  // t and millis both ascending
};

}  // namespace cairn::index
