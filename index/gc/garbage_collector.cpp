#include "index/gc/garbage_collector.h"

#include <chrono>
#include <string>
#include <string_view>
#include <unordered_map>

#include "index/commit/commit_record.h"
#include "index/gc/reachable_blobs.h"
#include "index/ledger/ledger_name.h"

namespace cairn::index {
namespace {

using storage::ContentId;

// Stops tracking puts when a collection ends, whichever way it ends.
class PutTrackingScope {
 public:
  explicit PutTrackingScope(storage::PutTrackingBlobStore& blobs) : blobs_(blobs) {}
  ~PutTrackingScope() { blobs_.stopTracking(); }
  PutTrackingScope(const PutTrackingScope&) = delete;
  PutTrackingScope& operator=(const PutTrackingScope&) = delete;

 private:
  storage::PutTrackingBlobStore& blobs_;
};

// The failure that stops a collection, with what was being marked.
core::Status stoppedBy(const core::Status& status, const std::string& what) {
  return {status.code(),
          "garbage collection stopped, nothing removed: " + what + ": " + status.message()};
}

// The ledger a head belongs to when its name is `prefix` + a valid ledger name.
bool isLedgerHead(std::string_view head, std::string_view prefix) {
  return head.starts_with(prefix) && isValidLedgerName(head.substr(prefix.size()));
}

// The current root of a ledger and up to `retain` predecessors along `previous`. A predecessor
// that is no longer stored was removed by an earlier collection, with all it alone reached.
core::Status markIndexHead(ReachableBlobs& reachable, const storage::BlobStore& blobs,
                           const ContentId& head, uint64_t retain) {
  ContentId id = head;
  for (uint64_t kept = 0;; ++kept) {
    if (kept > 0) {
      CAIRN_ASSIGN_OR_RETURN(bool stored, blobs.exists(id));
      if (!stored) return core::Status::ok();
    }
    CAIRN_ASSIGN_OR_RETURN(IndexRoot root, reachable.addIndexRoot(id));
    if (kept == retain || root.previous.isNull()) return core::Status::ok();
    id = root.previous;
  }
}

// A head of no known kind: kept as what its blob is, if it is an index root or a commit record.
core::Status markOtherHead(ReachableBlobs& reachable, const storage::BlobStore& blobs,
                           const ContentId& head) {
  CAIRN_ASSIGN_OR_RETURN(std::string bytes, blobs.get(head));
  if (IndexRoot::fromJson(bytes).isOk()) return reachable.addIndexRoot(head).status();
  if (decodeCommitHeader(bytes, head.shortHex()).isOk()) return reachable.addCommitChain(head);
  return core::Status::corruption("it names blob " + head.shortHex() +
                                  ", which is neither an index root nor a commit record, so what "
                                  "it keeps is unknown");
}

core::Status markHead(ReachableBlobs& reachable, const storage::BlobStore& blobs,
                      const std::string& name, const ContentId& head, uint64_t retain) {
  if (isLedgerHead(name, ledgerHeadName(""))) {
    return markIndexHead(reachable, blobs, head, retain);
  }
  if (isLedgerHead(name, ledgerCommitHeadName(""))) return reachable.addCommitChain(head);
  return markOtherHead(reachable, blobs, head);
}

// A reachable blob the sweep did not find: the store lost it. Looked for only when the counts
// disagree, so the common case costs no lookups.
core::Status missingReachableBlob(const ReachableBlobs& reachable, const storage::BlobStore& blobs,
                                  uint64_t found) {
  for (const ContentId& id : reachable.ids()) {
    CAIRN_ASSIGN_OR_RETURN(bool stored, blobs.exists(id));
    if (!stored) {
      return core::Status::notFound("reachable blob " + id.shortHex() + " is not stored (" +
                                    std::to_string(reachable.size() - found) + " missing)");
    }
  }
  return core::Status::internal("the sweep found " + std::to_string(found) + " of " +
                                std::to_string(reachable.size()) +
                                " reachable blobs, yet each is stored");
}

}  // namespace

core::Result<GcReport> collectGarbage(storage::PutTrackingBlobStore& blobs,
                                      const storage::HeadStore& heads, const GcOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  CAIRN_RETURN_IF_ERROR(blobs.startTracking());
  PutTrackingScope scope(blobs);

  std::vector<ContentId> pinned = options.pinnedRoots;
  if (options.beforeMark) {
    auto more = options.beforeMark();
    if (!more.isOk()) return stoppedBy(more.status(), "waiting for writers");
    pinned.insert(pinned.end(), more->begin(), more->end());
  }

  // Mark.
  ReachableBlobs reachable(blobs);
  CAIRN_ASSIGN_OR_RETURN(std::vector<std::string> names, heads.listHeads());
  for (const std::string& name : names) {
    auto head = heads.getHead(name);
    if (!head.isOk()) {
      // Deleted since it was listed (a dropped ledger): what it reached is garbage now.
      if (head.status().code() == core::StatusCode::kNotFound) continue;
      return stoppedBy(head.status(), "head '" + name + "'");
    }
    const core::Status marked = markHead(reachable, blobs, name, *head, options.retainRoots);
    if (!marked.isOk()) return stoppedBy(marked, "head '" + name + "'");
  }
  for (const ContentId& root : pinned) {
    const core::Status marked = reachable.addIndexRoot(root).status();
    if (!marked.isOk()) return stoppedBy(marked, "index root " + root.shortHex() + " in use");
  }

  // Sweep: everything stored and not marked, less what was put since the collection began.
  GcReport report;
  report.dryRun = options.dryRun;
  report.indexRoots = reachable.indexRoots();
  report.commitRecords = reachable.commitRecords();
  std::vector<ContentId> unreachable;
  std::unordered_map<ContentId, uint64_t, storage::ContentIdHash> sizes;
  const core::Status listed = blobs.forEachBlob([&](const ContentId& id, uint64_t bytes) {
    ++report.blobsScanned;
    if (reachable.contains(id)) {
      ++report.blobsReachable;
    } else {
      unreachable.push_back(id);
      sizes.emplace(id, bytes);
    }
    return core::Status::ok();
  });
  if (!listed.isOk()) return stoppedBy(listed, "listing the blobs");
  if (report.blobsReachable != reachable.size()) {
    return stoppedBy(missingReachableBlob(reachable, blobs, report.blobsReachable),
                     "checking the reachable blobs");
  }

  std::vector<ContentId> removed;
  if (options.dryRun) {
    removed = blobs.notPutSinceTracking(unreachable);
  } else {
    auto done = blobs.removeUnlessPut(unreachable);
    if (!done.isOk()) return stoppedBy(done.status(), "removing the unreachable blobs");
    removed = std::move(done).value();
  }
  report.blobsRemoved = removed.size();
  report.blobsPutMeanwhile = unreachable.size() - removed.size();
  for (const ContentId& id : removed) report.bytesRemoved += sizes.at(id);
  report.millis =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  return report;
}

}  // namespace cairn::index
