#pragma once
// The verification every BlobStore backend applies on get(), and the statuses it reports, so that
// all backends name a damaged or missing blob the same way ("blob 3fa1c09e7b2d in <where> ...").

#include <string_view>

#include "core/status.h"
#include "storage/content_id.h"

namespace cairn::storage {

// Re-hashes `bytes`; Corruption naming `id` and `where` (the store: a directory, "memory") when
// they are not the blob `id` names.
core::Status checkBlobHash(const ContentId& id, std::string_view bytes, std::string_view where);

// NotFound naming `id` and `where`.
core::Status blobNotFound(const ContentId& id, std::string_view where);

}  // namespace cairn::storage
