#include "storage/blob_check.h"

#include <string>

namespace cairn::storage {

core::Status checkBlobHash(const ContentId& id, std::string_view bytes, std::string_view where) {
  const ContentId actual = ContentId::of(bytes);
  if (actual == id) [[likely]]
    return core::Status::ok();
  std::string message = "blob " + id.shortHex() + " in ";
  message += where;
  message += " is corrupt: its " + std::to_string(bytes.size()) + " stored bytes hash to " +
             actual.shortHex();
  return core::Status::corruption(std::move(message));
}

core::Status blobNotFound(const ContentId& id, std::string_view where) {
  std::string message = "blob " + id.shortHex() + " not found in ";
  message += where;
  return core::Status::notFound(std::move(message));
}

}  // namespace cairn::storage
