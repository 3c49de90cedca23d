#pragma once
// ForwardingBlobStore: a BlobStore that passes every call on to another one. Wrappers that watch
// or change a few calls (count the bytes written, track puts, report writes to a test) derive
// from it and override only those.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "storage/blob_store.h"

namespace cairn::storage {

class ForwardingBlobStore : public BlobStore {
 public:
  explicit ForwardingBlobStore(BlobStore& inner) : inner_(inner) {}

  core::Result<ContentId> put(std::string_view bytes) override { return inner_.put(bytes); }
  core::Result<std::vector<ContentId>> putMany(
      const std::vector<std::string_view>& blobs) override {
    return inner_.putMany(blobs);
  }
  core::Result<std::string> get(const ContentId& id) const override { return inner_.get(id); }
  core::Result<bool> exists(const ContentId& id) const override { return inner_.exists(id); }
  core::Status sync() override { return inner_.sync(); }
  core::Status forEachBlob(const BlobVisitor& visit) const override {
    return inner_.forEachBlob(visit);
  }
  core::Status removeMany(std::span<const ContentId> ids) override {
    return inner_.removeMany(ids);
  }

  BlobStore& inner() const { return inner_; }

 private:
  BlobStore& inner_;
};

}  // namespace cairn::storage
