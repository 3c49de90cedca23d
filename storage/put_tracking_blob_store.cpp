#include "storage/put_tracking_blob_store.h"

namespace cairn::storage {

// While tracking, ids are hashed here (and again by the inner store) outside the lock, so puts
// from several threads do not queue behind one another's hashing.
core::Result<ContentId> PutTrackingBlobStore::put(std::string_view bytes) {
  if (tracking_.load()) {
    const ContentId id = ContentId::of(bytes);
    record(std::span<const ContentId>(&id, 1));
  }
  return inner().put(bytes);
}

core::Result<std::vector<ContentId>> PutTrackingBlobStore::putMany(
    const std::vector<std::string_view>& blobs) {
  if (tracking_.load()) {
    std::vector<ContentId> ids;
    ids.reserve(blobs.size());
    for (std::string_view blob : blobs) ids.push_back(ContentId::of(blob));
    record(ids);
  }
  return inner().putMany(blobs);
}

void PutTrackingBlobStore::record(std::span<const ContentId> ids) {
  std::lock_guard lock(mutex_);
  if (tracking_.load()) put_.insert(ids.begin(), ids.end());
}

core::Status PutTrackingBlobStore::removeMany(std::span<const ContentId> ids) {
  return removeUnlessPut(ids).status();
}

core::Status PutTrackingBlobStore::startTracking() {
  std::lock_guard lock(mutex_);
  if (tracking_) {
    return core::Status::invalidArgument(
        "puts are already being tracked: another garbage collection is running");
  }
  put_.clear();
  tracking_.store(true);
  return core::Status::ok();
}

void PutTrackingBlobStore::stopTracking() {
  std::lock_guard lock(mutex_);
  tracking_.store(false);
  put_.clear();
}

size_t PutTrackingBlobStore::trackedCount() const {
  std::lock_guard lock(mutex_);
  return put_.size();
}

std::vector<ContentId> PutTrackingBlobStore::filterLocked(std::span<const ContentId> ids) const {
  std::vector<ContentId> kept;
  kept.reserve(ids.size());
  for (const ContentId& id : ids) {
    if (!put_.contains(id)) kept.push_back(id);
  }
  return kept;
}

std::vector<ContentId> PutTrackingBlobStore::notPutSinceTracking(
    std::span<const ContentId> ids) const {
  std::lock_guard lock(mutex_);
  return filterLocked(ids);
}

core::Result<std::vector<ContentId>> PutTrackingBlobStore::removeUnlessPut(
    std::span<const ContentId> ids) {
  std::lock_guard lock(mutex_);
  std::vector<ContentId> removed = filterLocked(ids);
  CAIRN_RETURN_IF_ERROR(inner().removeMany(removed));
  return removed;
}

}  // namespace cairn::storage
