#pragma once
// LedgerRegistry: the server's view of the embedded store — which ledgers exist, each one open
// for reading and writing (a LiveLedger, opened once and shared by every request), creating and
// dropping them, and garbage collection of the store's blobs while all that goes on.
// All ledgers share one decoded-index cache.
//
// A query holds the snapshot it got from get() for its whole run, so commits, dropping or
// replacing a ledger never disturb a query already running (it keeps reading its snapshot, and
// garbage collection keeps every root a snapshot still reads, dropped ledgers' included).
//
// Thread-safety: every method may be called concurrently.

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <vector>

#include "index/import/import_options.h"
#include "index/ledger/ledger.h"
#include "index/write/live_ledger.h"
#include "server/ledgers/store_gc.h"
#include "storage/put_tracking_blob_store.h"
#include "storage/rocksdb_store.h"

namespace cairn::server {

class LedgerRegistry {
 public:
  // `scratch`: where imports spill sorted runs (created on demand). `indexing`: each ledger's
  // background indexer policy once opened; nullopt leaves indexing to explicit calls.
  LedgerRegistry(std::unique_ptr<storage::RocksDbStore> store, size_t cacheBytes,
                 std::filesystem::path scratch,
                 std::optional<index::IndexerPolicy> indexing = std::nullopt);

  // The ledger's latest snapshot (index root + commits since). Throws core::Error: kNotFound
  // ("no ledger named 'x'"), kInvalidArgument for an impossible name, kStorageError.
  std::shared_ptr<const index::Ledger> get(std::string_view name);
  // The ledger for writing (same errors). Opening it replays its commits since the index root.
  std::shared_ptr<index::LiveLedger> live(std::string_view name);
  bool exists(std::string_view name) const;
  // Every ledger name, sorted.
  std::vector<std::string> names() const;
  // The ledgers opened so far (what /metrics reports indexer counters for).
  std::vector<std::shared_ptr<index::LiveLedger>> opened() const;

  // Bulk-imports `inputs` into a new ledger `name` (index::bulkImport's rules and errors:
  // kAlreadyExists when it exists, kSyntaxError with line/column for bad input, which leaves
  // nothing behind). `declarePrefixes`: index::ImportOptions::declarePrefixes.
  index::ImportReport create(const std::string& name, std::vector<index::ImportInput> inputs,
                             std::optional<std::string> graph, bool declarePrefixes = false);
  // Removes the ledger's head; its blobs stay until garbage collection. kNotFound if absent.
  void drop(std::string_view name);

  // One garbage collection of the store (index/gc, server/ledgers/store_gc.h) while requests go
  // on. Commits and index runs continue (what they put meanwhile is kept); imports wait for it,
  // and it first waits for the import, index runs and commit batches in flight. Keeps each
  // ledger's current root, `retainRoots` predecessors, every commit and every root a snapshot
  // still reads. One at a time (a second call waits). Throws core::Error(kStorageError) when it
  // stops (nothing removed then).
  GcOutcome collectGarbage(uint64_t retainRoots, bool dryRun);

  storage::RocksDbStore& store() { return *store_; }

 private:
  // The roots that snapshots of every ledger (open, dropped or replaced) still read.
  std::vector<storage::ContentId> rootsInUse();
  // Keeps the roots a ledger's snapshots read after it leaves open_. Called with mutex_ held.
  void retireLocked(const index::LiveLedger& ledger);

  std::unique_ptr<storage::RocksDbStore> store_;
  // Every blob written goes through here, so a garbage collection sees what was put meanwhile.
  storage::PutTrackingBlobStore blobs_;
  std::shared_ptr<index::IndexCache> cache_;
  std::filesystem::path scratch_;
  std::optional<index::IndexerPolicy> indexing_;

  mutable std::shared_mutex mutex_;  // guards open_, retired_ and replaced_
  // Bumped by every drop and create: a ledger opened while one ran may be of the head that went
  // away, so live() opens it again instead of keeping it.
  uint64_t replaced_ = 0;
  std::map<std::string, std::shared_ptr<index::LiveLedger>, std::less<>> open_;
  // Roots of ledgers that left open_ (dropped, replaced) while snapshots of them may be in use.
  std::vector<std::weak_ptr<const storage::ContentId>> retired_;
  // One bulk import at a time (each uses all cores and much memory); held by a collection too.
  std::mutex importMutex_;
  std::mutex gcMutex_;  // one garbage collection at a time
};

}  // namespace cairn::server
