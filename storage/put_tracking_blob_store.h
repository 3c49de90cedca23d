#pragma once
// PutTrackingBlobStore: a BlobStore that forwards every call to another one and, while tracking
// is on, records the id of every blob put through it. It is what lets garbage collection
// (index/gc) run while writers go on: the collector turns tracking on before it reads any head
// and removes through removeUnlessPut(), which skips every blob put since. So a blob that a
// writer put after the collector started — a commit record, an indexing run's leaflet, perhaps
// with the very bytes of a blob the collector found unreachable — is never removed, however the
// writer's head update interleaves with the collection.
//
// A put records its id before it writes, under the mutex removeUnlessPut() holds while it
// filters and removes: a put that races the removal either is recorded first (and its blob is
// skipped) or writes after the removal (and stores the blob again). While tracking, a put hashes
// its bytes twice (here and in the inner store); otherwise it costs one atomic load.
//
// Tracking covers puts made after startTracking() returns. A put that checked the flag just
// before is not recorded, so writes that began before tracking started are the caller's
// business: the collector's host waits for them (docs/formats/blob-store.md, "Removal").
//
// Thread-safety: every method may be called concurrently. `inner` must outlive this store.

#include <atomic>
#include <cstddef>
#include <mutex>
#include <unordered_set>
#include <vector>

#include "storage/forwarding_blob_store.h"

namespace cairn::storage {

class PutTrackingBlobStore final : public ForwardingBlobStore {
 public:
  using ForwardingBlobStore::ForwardingBlobStore;

  core::Result<ContentId> put(std::string_view bytes) override;
  core::Result<std::vector<ContentId>> putMany(const std::vector<std::string_view>& blobs) override;
  // removeUnlessPut() without the list of what it removed.
  core::Status removeMany(std::span<const ContentId> ids) override;

  // Starts recording put ids. InvalidArgument when tracking is already on: one collection at a
  // time.
  core::Status startTracking();
  // Stops recording and forgets what was recorded.
  void stopTracking();
  bool tracking() const { return tracking_.load(); }
  // Ids recorded since tracking started (a put of one id twice counts once).
  size_t trackedCount() const;

  // The ids among `ids` that were not put since tracking started (all of them when tracking is
  // off), in their order.
  std::vector<ContentId> notPutSinceTracking(std::span<const ContentId> ids) const;
  // Removes the blobs among `ids` not put since tracking started, all or none, and returns them;
  // puts wait meanwhile.
  core::Result<std::vector<ContentId>> removeUnlessPut(std::span<const ContentId> ids);

 private:
  void record(std::span<const ContentId> ids);
  std::vector<ContentId> filterLocked(std::span<const ContentId> ids) const;

  mutable std::mutex mutex_;  // guards put_ and changes of tracking_; held across a removal
  std::atomic<bool> tracking_{false};
  std::unordered_set<ContentId, ContentIdHash> put_;
};

}  // namespace cairn::storage
