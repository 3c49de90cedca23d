// `cairn backup` and `cairn restore`: a data directory copied consistently (while a server may
// be writing to it) and verified before it is trusted — every blob the ledgers' heads reach is
// present and hashes to its id, and every ledger opens at its latest t.

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/error.h"
#include "index/gc/garbage_collector.h"
#include "index/ledger/ledger_name.h"
#include "server/cli/commands.h"
#include "server/cli/store_access.h"
#include "storage/put_tracking_blob_store.h"
#include "storage/rocksdb_store.h"

namespace cairn::server {
namespace {

namespace fs = std::filesystem;

struct LedgerState {
  std::string name;
  uint64_t t = 0;
};

struct Verification {
  std::vector<LedgerState> ledgers;
  index::GcReport reach;  // blobs reachable from every head (with every old root kept)
};

void checkFormat(const std::string& format) {
  if (format != "text" && format != "json") {
    throw core::Error(core::ErrorCode::kInvalidArgument,
                      "unknown --format '" + format + "' (text, json)");
  }
}

// Opens the store in `directory` read-only and checks it whole: a dry-run collection that keeps
// every index root and commit walks everything the heads reach, reading (and so re-hashing)
// each blob, and fails naming the first one missing or damaged; then every ledger opens.
Verification verify(const std::string& directory) {
  std::unique_ptr<storage::RocksDbStore> store =
      openStore(directory, /*readOnly=*/true, /*create=*/false);
  Verification out;
  storage::PutTrackingBlobStore tracked(*store);
  index::GcOptions options;
  options.dryRun = true;
  options.retainRoots = std::numeric_limits<uint64_t>::max();
  auto reach = index::collectGarbage(tracked, *store, options);
  if (!reach.isOk()) {
    throw core::Error(core::ErrorCode::kStorageError,
                      "the copy in " + directory + " is not whole: " + reach.status().toString());
  }
  out.reach = *reach;
  auto heads = store->listHeads();
  if (!heads.isOk()) throw core::Error(core::ErrorCode::kStorageError, heads.status().toString());
  for (const std::string& head : *heads) {
    if (auto name = index::ledgerOfHead(head)) {
      out.ledgers.push_back({*name, openLedger(*store, *name, size_t{64} << 20)->t()});
    }
  }
  return out;
}

nlohmann::json reportJson(const std::string& directory, const storage::StoreCopyReport& copy,
                          const Verification& v) {
  nlohmann::json ledgers = nlohmann::json::array();
  for (const LedgerState& l : v.ledgers) ledgers.push_back({{"ledger", l.name}, {"t", l.t}});
  return {{"directory", directory},
          {"heads", copy.heads},
          {"blobs", copy.blobs},
          {"bytes", copy.blobBytes},
          {"blobsReachable", v.reach.blobsReachable},
          {"indexRoots", v.reach.indexRoots},
          {"commitRecords", v.reach.commitRecords},
          {"ledgers", std::move(ledgers)},
          {"seconds", copy.seconds}};
}

void printReport(const char* verb, const std::string& directory,
                 const storage::StoreCopyReport& copy, const Verification& v) {
  std::printf("%s %s: %llu heads, %llu blobs (%llu bytes) in %.2f s\n", verb, directory.c_str(),
              static_cast<unsigned long long>(copy.heads),
              static_cast<unsigned long long>(copy.blobs),
              static_cast<unsigned long long>(copy.blobBytes), copy.seconds);
  std::printf(
      "verified: %llu blobs reachable from %llu index roots and %llu commits, all present "
      "and intact\n",
      static_cast<unsigned long long>(v.reach.blobsReachable),
      static_cast<unsigned long long>(v.reach.indexRoots),
      static_cast<unsigned long long>(v.reach.commitRecords));
  for (const LedgerState& l : v.ledgers) {
    std::printf("  ledger %-24s t=%llu\n", l.name.c_str(), static_cast<unsigned long long>(l.t));
  }
}

storage::StoreCopyReport copyOrThrow(const std::string& from, const std::string& to) {
  auto copied = storage::RocksDbStore::copyStore(from, to);
  if (!copied.isOk()) {
    throw core::Error(copied.status().code() == core::StatusCode::kInvalidArgument
                          ? core::ErrorCode::kInvalidArgument
                          : core::ErrorCode::kStorageError,
                      copied.status().toString());
  }
  return *copied;
}

}  // namespace

void runBackup(const BackupArgs& args) {
  checkFormat(args.format);
  if (args.to.empty()) throw core::Error(core::ErrorCode::kInvalidArgument, "give --to DIR");
  if (!fs::exists(fs::path(args.data) / "CURRENT")) {
    throw core::Error(core::ErrorCode::kNotFound, "no Cairn data directory at '" + args.data + "'");
  }
  const storage::StoreCopyReport copy = copyOrThrow(args.data, args.to);
  Verification v;
  try {
    v = verify(args.to);
  } catch (...) {
    // A copy that does not verify is no backup: leave nothing that looks like one.
    std::error_code ignored;
    fs::remove_all(args.to, ignored);
    throw;
  }
  if (args.format == "json") {
    std::printf("%s\n", reportJson(args.to, copy, v).dump().c_str());
  } else {
    printReport("backed up into", args.to, copy, v);
  }
}

void runRestore(const RestoreArgs& args) {
  checkFormat(args.format);
  if (args.from.empty()) throw core::Error(core::ErrorCode::kInvalidArgument, "give --from DIR");
  verify(args.from);  // before anything is touched
  const fs::path data(args.data);
  std::error_code error;
  const bool occupied = fs::exists(data, error) && !fs::is_empty(data, error);
  if (occupied && !args.replace) {
    throw core::Error(core::ErrorCode::kInvalidArgument,
                      "'" + args.data +
                          "' is not empty; restore into a new directory, or give "
                          "--replace to keep it aside as " +
                          args.data + ".before-restore-<time>");
  }
  if (occupied) {
    // Taking the store's lock for a moment refuses a directory a server is using.
    openStore(args.data, /*readOnly=*/false, /*create=*/false).reset();
  }
  const std::string staging = args.data + ".restoring";
  if (fs::exists(staging, error)) {
    throw core::Error(core::ErrorCode::kInvalidArgument,
                      "'" + staging + "' exists (a restore that did not finish?); remove it first");
  }
  const storage::StoreCopyReport copy = copyOrThrow(args.from, staging);
  const Verification v = verify(staging);
  std::string keptAside;
  if (occupied) {
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(
                             std::chrono::system_clock::now().time_since_epoch())
                             .count();
    keptAside = args.data + ".before-restore-" + std::to_string(seconds);
    fs::rename(data, keptAside);
  } else {
    fs::remove(data, error);  // an empty directory, or nothing
  }
  fs::rename(staging, data);
  if (args.format == "json") {
    nlohmann::json j = reportJson(args.data, copy, v);
    j["keptAside"] = keptAside.empty() ? nlohmann::json(nullptr) : nlohmann::json(keptAside);
    std::printf("%s\n", j.dump().c_str());
    return;
  }
  printReport("restored into", args.data, copy, v);
  if (!keptAside.empty())
    std::printf("the directory it replaced is kept at %s\n", keptAside.c_str());
}

}  // namespace cairn::server
