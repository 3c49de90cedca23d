// `cairn index`: write a ledger's commits since its index root into a new root — a delta
// segment, or folded into the trees copy-on-write — and print what the run wrote.

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <thread>

#include "core/error.h"
#include "server/cli/commands.h"
#include "server/cli/store_access.h"
#include "server/ledgers/ledger_summary.h"

namespace cairn::server {

void runIndex(const IndexArgs& args) {
  if (args.format != "text" && args.format != "json") {
    throw core::Error(core::ErrorCode::kInvalidArgument,
                      "unknown --format '" + args.format + "' (text, json)");
  }
  auto store = openStore(args.data, /*readOnly=*/false, /*create=*/false);
  auto ledger = openLiveLedger(*store, args.ledger, size_t{256} << 20);
  index::IndexBuildOptions options;
  if (args.mode == "fold") options.mode = index::IndexBuildOptions::Mode::kFold;
  if (args.mode == "delta") options.mode = index::IndexBuildOptions::Mode::kDelta;
  // Offline: no writer shares the machine, so a fold may use every core.
  options.foldThreads = std::max(1u, std::thread::hardware_concurrency());
  auto report = ledger->indexNow(options);
  if (!report.isOk()) throw core::Error(core::ErrorCode::kStorageError, report.status().toString());
  const index::IndexBuildReport& r = *report;
  if (args.format == "json") {
    const nlohmann::json j = indexReportJson(r);
    std::printf("%s\n", j.dump().c_str());
    return;
  }
  if (r.toT == r.fromT && !r.folded) {
    std::printf("nothing to index: the root already holds t=%llu\n",
                static_cast<unsigned long long>(r.toT));
    return;
  }
  if (!r.folded) {
    std::printf(
        "delta run t=%llu..%llu: %llu changes persisted (%llu segments merged; the delta layer "
        "now holds %llu changes); wrote %llu blobs (%llu bytes) (%.3f s)\n",
        static_cast<unsigned long long>(r.fromT + 1), static_cast<unsigned long long>(r.toT),
        static_cast<unsigned long long>(r.flakes),
        static_cast<unsigned long long>(r.segmentsMerged),
        static_cast<unsigned long long>(r.deltaFlakes),
        static_cast<unsigned long long>(r.blobsWritten),
        static_cast<unsigned long long>(r.bytesWritten), r.seconds);
    return;
  }
  std::printf(
      "folded t=..%llu: %llu changes, %llu rows changed, %llu to history; wrote %llu blobs "
      "(%llu bytes), %llu leaflets rewritten, %llu reused (%.3f s)\n",
      static_cast<unsigned long long>(r.toT), static_cast<unsigned long long>(r.flakes),
      static_cast<unsigned long long>(r.rowsChanged),
      static_cast<unsigned long long>(r.historyEntries),
      static_cast<unsigned long long>(r.blobsWritten),
      static_cast<unsigned long long>(r.bytesWritten),
      static_cast<unsigned long long>(r.leafletsRewritten),
      static_cast<unsigned long long>(r.leafletsReused), r.seconds);
}

}  // namespace cairn::server
