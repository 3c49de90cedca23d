// `cairn gc`: garbage-collect an idle store — remove every blob that no ledger's current root (or
// one of its `--retain-roots` predecessors) and no commit reaches — and print what it removed.

#include <cstdio>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "server/cli/commands.h"
#include "server/cli/store_access.h"
#include "server/ledgers/store_gc.h"
#include "storage/put_tracking_blob_store.h"

namespace cairn::server {

void runGc(const GcArgs& args) {
  if (args.format != "text" && args.format != "json") {
    throw core::Error(core::ErrorCode::kInvalidArgument,
                      "unknown --format '" + args.format + "' (text, json)");
  }
  // Writable even for a dry run: the open takes the directory's lock, so it fails while a server
  // (or another command) uses the store, and nothing else writes while this runs.
  std::unique_ptr<storage::RocksDbStore> store;
  try {
    store = openStore(args.data, /*readOnly=*/false, /*create=*/false);
  } catch (const core::Error& e) {
    if (e.message().find("in use") == std::string::npos) throw;
    throw core::Error(e.code(),
                      e.message() + "; stop the server first, or ask it with POST /admin/gc");
  }
  storage::PutTrackingBlobStore blobs(*store);
  index::GcOptions options;
  options.retainRoots = args.retainRoots;
  options.dryRun = args.dryRun;
  const GcOutcome outcome = collectStoreGarbage(*store, blobs, options);
  if (args.format == "json") {
    std::printf("%s\n", gcOutcomeJson(outcome).dump().c_str());
    return;
  }
  const index::GcReport& r = outcome.report;
  std::printf(
      "%s %llu of %llu blobs (%llu bytes); kept %llu reachable from %llu index roots and %llu "
      "commits (%.0f ms)\n",
      args.dryRun ? "dry run: would remove" : "removed",
      static_cast<unsigned long long>(r.blobsRemoved),
      static_cast<unsigned long long>(r.blobsScanned),
      static_cast<unsigned long long>(r.bytesRemoved),
      static_cast<unsigned long long>(r.blobsReachable),
      static_cast<unsigned long long>(r.indexRoots),
      static_cast<unsigned long long>(r.commitRecords), r.millis);
  std::printf("store: %llu bytes on disk before, %llu after%s\n",
              static_cast<unsigned long long>(outcome.diskBytesBefore),
              static_cast<unsigned long long>(outcome.diskBytesAfter),
              outcome.compactionMillis > 0 ? " compaction" : "");
}

}  // namespace cairn::server
