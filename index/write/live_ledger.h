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
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/status.h"
#include "index/ledger/ledger.h"
#include "index/write/transaction.h"
#include "storage/blob_store.h"

namespace cairn::index {

struct ReplayReport {
  uint64_t commits = 0;
  uint64_t flakes = 0;
  double seconds = 0;
};

class LiveLedger {
 public:
  // Opens `name` at its index head and replays its commits since. NotFound when there is no
  // such ledger; Corruption (naming the blob) when a commit record is damaged.
  static core::Result<std::shared_ptr<LiveLedger>> open(storage::BlobStore& blobs,
                                                        storage::HeadStore& heads,
                                                        std::string_view name,
                                                        std::shared_ptr<IndexCache> cache,
                                                        const IndexConfig& config,
                                                        ReplayReport* report = nullptr);

  const std::string& name() const { return name_; }
  // The latest t committed at or before `millis` (milliseconds since 1970; the index root
  // counts from its creation); 0 when the ledger is younger. For as-of queries.
  uint64_t tAtTime(int64_t millis) const;
  // The latest published snapshot.
  std::shared_ptr<const Ledger> snapshot() const;

  // Applies `tx` as one atomic commit, durable when this returns ok. A transaction that changes
  // nothing makes no commit (the result has the current t and zero counts). On error nothing
  // was applied.
  core::Result<CommitResult> commit(Transaction tx);

 private:
  struct Pending {
    Transaction tx;
    std::optional<core::Result<CommitResult>> result;
  };

  LiveLedger(storage::BlobStore& blobs, storage::HeadStore& heads, std::string name);
  core::Status replay(ReplayReport* report);
  void runBatch(std::deque<Pending*>& batch);
  void publish(std::shared_ptr<const Ledger> next);

  storage::BlobStore& blobs_;
  storage::HeadStore& heads_;
  const std::string name_;
  const std::string commitHead_;

  mutable std::mutex snapshotMutex_;  // guards current_
  std::shared_ptr<const Ledger> current_;

  std::mutex queueMutex_;  // guards queue_ and leading_
  std::condition_variable queueChanged_;
  std::deque<Pending*> queue_;
  bool leading_ = false;

  storage::ContentId lastCommit_;  // the commit head; only the leader touches it

  void recordTime(const std::string& time, uint64_t t);
  mutable std::mutex timelineMutex_;
  std::vector<std::pair<int64_t, uint64_t>> timeline_;  // (commit time ms, t), both ascending
};

}  // namespace cairn::index
