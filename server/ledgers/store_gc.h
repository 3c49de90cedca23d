#pragma once
// Garbage collection of the embedded RocksDB store, as `POST /admin/gc` and `cairn gc` run it:
// index::collectGarbage (index/gc/garbage_collector.h), then a compaction of the blobs family so
// the removed bytes go back to the file system, and the store's size on disk before and after.

#include <cstdint>
#include <nlohmann/json_fwd.hpp>

#include "index/gc/garbage_collector.h"
#include "storage/put_tracking_blob_store.h"
#include "storage/rocksdb_store.h"

namespace cairn::server {

struct GcOutcome {
  index::GcReport report;
  uint64_t retainRoots = 0;
  // RocksDbStore::approximateBytesOnDisk before the collection and after its compaction.
  uint64_t diskBytesBefore = 0;
  uint64_t diskBytesAfter = 0;
  double compactionMillis = 0;  // 0 when nothing was removed (no compaction)
};

// One collection over `store`, whose blobs `tracked` wraps (every writer must write through
// `tracked`). Throws core::Error(kStorageError): the collection stopped (nothing removed), or the
// compaction after it failed (the blobs are removed, their space is not back yet; the message
// says so).
GcOutcome collectStoreGarbage(storage::RocksDbStore& store, storage::PutTrackingBlobStore& tracked,
                              const index::GcOptions& options);

// The outcome as `POST /admin/gc` and `cairn gc --format json` print it.
nlohmann::json gcOutcomeJson(const GcOutcome& outcome);

}  // namespace cairn::server
