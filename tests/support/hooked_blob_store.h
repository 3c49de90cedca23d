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
#include "storage/forwarding_blob_store.h"

namespace cairn::testing {

class HookedBlobStore final : public storage::ForwardingBlobStore {
 public:
  using ForwardingBlobStore::ForwardingBlobStore;

  // Called on the writing thread; may be replaced between runs, not during one.
  std::function<core::Status(std::span<const std::string_view> blobs)> beforeWrite;

  core::Result<storage::ContentId> put(std::string_view bytes) override {
    if (beforeWrite)
      CAIRN_RETURN_IF_ERROR(beforeWrite(std::span<const std::string_view>(&bytes, 1)));
    return ForwardingBlobStore::put(bytes);
  }
  core::Result<std::vector<storage::ContentId>> putMany(
      const std::vector<std::string_view>& blobs) override {
    if (beforeWrite) CAIRN_RETURN_IF_ERROR(beforeWrite(blobs));
    return ForwardingBlobStore::putMany(blobs);
  }
};

}  // namespace cairn::testing
