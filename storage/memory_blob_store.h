#pragma once
// MemoryBlobStore: a BlobStore in a hash map, for tests and throw-away ledgers. It verifies the
// hash on every get() like the durable backends, and has a hook that damages a stored blob so
// tests can check that corruption is reported rather than returned.
//
// Thread-safety: every method may be called concurrently (a reader-writer lock guards the map;
// hashing happens outside it).

#include <cstdint>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "storage/blob_store.h"

namespace cairn::storage {

class MemoryBlobStore final : public BlobStore {
 public:
  core::Result<ContentId> put(std::string_view bytes) override;
  // All blobs go in under one lock.
  core::Result<std::vector<ContentId>> putMany(const std::vector<std::string_view>& blobs) override;
  core::Result<std::string> get(const ContentId& id) const override;
  core::Result<bool> exists(const ContentId& id) const override;
  // Nothing to do: memory is as durable as it gets.
  core::Status sync() override { return core::Status::ok(); }
  // Visits a copy of the id list taken under the lock, so `visit` may call the store.
  core::Status forEachBlob(const BlobVisitor& visit) const override;
  // All ids go under one lock.
  core::Status removeMany(std::span<const ContentId> ids) override;

  size_t blobCount() const;
  uint64_t byteCount() const;  // sum of the stored blobs' sizes

  // Test hook: damages the stored bytes of `id` (flips one bit, or adds a byte to an empty blob)
  // so that the next get() fails with Corruption. False if `id` is not stored.
  bool corruptForTesting(const ContentId& id);
  // Test hook: the ids of every stored blob, in no particular order.
  std::vector<ContentId> idsForTesting() const;

 private:
  mutable std::shared_mutex mutex_;
  std::unordered_map<ContentId, std::string, ContentIdHash> blobs_;
  uint64_t byteCount_ = 0;
};

}  // namespace cairn::storage
