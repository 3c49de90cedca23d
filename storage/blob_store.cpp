#include "storage/blob_store.h"

namespace cairn::storage {

core::Result<std::vector<ContentId>> BlobStore::putMany(
    const std::vector<std::string_view>& blobs) {
  std::vector<ContentId> ids;
  ids.reserve(blobs.size());
  for (std::string_view blob : blobs) {
    CAIRN_ASSIGN_OR_RETURN(ContentId id, put(blob));
    ids.push_back(id);
  }
  return ids;
}

}  // namespace cairn::storage
