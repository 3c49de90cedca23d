#pragma once
// HookedBlobStore: forwards every call to another store and calls `beforeWrite` with the blobs of
// each put() and each putMany() before it is done — for tests that count a run's writes, act at a
// given one (cancel it, hold it back) or fail them (the write then returns the hook's error).

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "storage/blob_store.h"

namespace cairn::testing {

class HookedBlobStore final : public storage::BlobStore {
 public:
  explicit HookedBlobStore(storage::BlobStore& inner) : inner_(inner) {}

  // Called on the writing thread; may be replaced between runs, not during one.
  std::function<core::Status(std::span<const std::string_view> blobs)> beforeWrite;

  core::Result<storage::ContentId> put(std::string_view bytes) override {
    if (beforeWrite)
      CAIRN_RETURN_IF_ERROR(beforeWrite(std::span<const std::string_view>(&bytes, 1)));
    return inner_.put(bytes);
  }
  core::Result<std::vector<storage::ContentId>> putMany(
      const std::vector<std::string_view>& blobs) override {
    if (beforeWrite) CAIRN_RETURN_IF_ERROR(beforeWrite(blobs));
    return inner_.putMany(blobs);
  }
  core::Result<std::string> get(const storage::ContentId& id) const override {
    return inner_.get(id);
  }
  core::Result<bool> exists(const storage::ContentId& id) const override {
    return inner_.exists(id);
  }
  core::Status sync() override { return inner_.sync(); }
  core::Status forEachBlob(const BlobVisitor& visit) const override {
    return inner_.forEachBlob(visit);
  }
  core::Status removeMany(std::span<const storage::ContentId> ids) override {
    return inner_.removeMany(ids);
  }

 private:
  storage::BlobStore& inner_;
};

}  // namespace cairn::testing
