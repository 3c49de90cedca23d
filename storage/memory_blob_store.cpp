#include "storage/memory_blob_store.h"

#include <mutex>

#include "storage/blob_check.h"

namespace cairn::storage {
namespace {
constexpr std::string_view kWhere = "the memory store";
}  // namespace

core::Result<ContentId> MemoryBlobStore::put(std::string_view bytes) {
  const ContentId id = ContentId::of(bytes);
  std::unique_lock lock(mutex_);
  // An equal id means equal bytes, so a repeated put keeps what is there.
  if (blobs_.try_emplace(id, bytes).second) byteCount_ += bytes.size();
  return id;
}

core::Result<std::vector<ContentId>> MemoryBlobStore::putMany(
    const std::vector<std::string_view>& blobs) {
  std::vector<ContentId> ids;
  ids.reserve(blobs.size());
  for (std::string_view blob : blobs) ids.push_back(ContentId::of(blob));
  std::unique_lock lock(mutex_);
  for (size_t i = 0; i < blobs.size(); ++i) {
    if (blobs_.try_emplace(ids[i], blobs[i]).second) byteCount_ += blobs[i].size();
  }
  return ids;
}

core::Result<std::string> MemoryBlobStore::get(const ContentId& id) const {
  std::string bytes;
  {
    std::shared_lock lock(mutex_);
    auto it = blobs_.find(id);
    if (it == blobs_.end()) return blobNotFound(id, kWhere);
    bytes = it->second;
  }
  CAIRN_RETURN_IF_ERROR(checkBlobHash(id, bytes, kWhere));
  return bytes;
}

core::Result<bool> MemoryBlobStore::exists(const ContentId& id) const {
  std::shared_lock lock(mutex_);
  return blobs_.contains(id);
}

core::Status MemoryBlobStore::forEachBlob(const BlobVisitor& visit) const {
  std::vector<std::pair<ContentId, uint64_t>> listed;
  {
    std::shared_lock lock(mutex_);
    listed.reserve(blobs_.size());
    for (const auto& [id, bytes] : blobs_) listed.emplace_back(id, bytes.size());
  }
  for (const auto& [id, size] : listed) CAIRN_RETURN_IF_ERROR(visit(id, size));
  return core::Status::ok();
}

core::Status MemoryBlobStore::removeMany(std::span<const ContentId> ids) {
  std::unique_lock lock(mutex_);
  for (const ContentId& id : ids) {
    auto it = blobs_.find(id);
    if (it == blobs_.end()) continue;
    byteCount_ -= it->second.size();
    blobs_.erase(it);
  }
  return core::Status::ok();
}

size_t MemoryBlobStore::blobCount() const {
  std::shared_lock lock(mutex_);
  return blobs_.size();
}

uint64_t MemoryBlobStore::byteCount() const {
  std::shared_lock lock(mutex_);
  return byteCount_;
}

bool MemoryBlobStore::corruptForTesting(const ContentId& id) {
  std::unique_lock lock(mutex_);
  auto it = blobs_.find(id);
  if (it == blobs_.end()) return false;
  std::string& bytes = it->second;
  if (bytes.empty()) {
    bytes.push_back('\0');
    ++byteCount_;
  } else {
    bytes[bytes.size() / 2] ^= 0x01;
  }
  return true;
}

std::vector<ContentId> MemoryBlobStore::idsForTesting() const {
  std::shared_lock lock(mutex_);
  std::vector<ContentId> ids;
  ids.reserve(blobs_.size());
  for (const auto& [id, bytes] : blobs_) ids.push_back(id);
  return ids;
}

std::unique_ptr<BlobStore> makeMemoryBlobStore() { return std::make_unique<MemoryBlobStore>(); }

}  // namespace cairn::storage
