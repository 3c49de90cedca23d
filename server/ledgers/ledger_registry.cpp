#include "server/ledgers/ledger_registry.h"

#include <spdlog/spdlog.h>

#include "core/error.h"
#include "index/import/bulk_importer.h"
#include "index/ledger/ledger_name.h"

namespace cairn::server {

LedgerRegistry::LedgerRegistry(std::unique_ptr<storage::RocksDbStore> store, size_t cacheBytes,
                               std::filesystem::path scratch,
                               std::optional<index::IndexerPolicy> indexing)
    : store_(std::move(store)),
      blobs_(*store_),
      cache_(std::make_shared<index::IndexCache>(cacheBytes)),
      scratch_(std::move(scratch)),
      indexing_(indexing) {}

std::shared_ptr<const index::Ledger> LedgerRegistry::get(std::string_view name) {
  return live(name)->snapshot();
}

std::shared_ptr<index::LiveLedger> LedgerRegistry::live(std::string_view name) {
  index::checkLedgerName(name);
  while (true) {
    uint64_t replaced = 0;
    {
      std::shared_lock lock(mutex_);
      auto it = open_.find(name);
      if (it != open_.end()) return it->second;
      replaced = replaced_;
    }
    index::ReplayReport replay;
    auto opened = index::LiveLedger::open(blobs_, *store_, name, cache_,
                                          index::IndexConfig::defaults(), &replay);
    if (!opened.isOk()) {
      if (opened.status().code() == core::StatusCode::kNotFound) {
        throw core::Error(core::ErrorCode::kNotFound,
                          "no ledger named '" + std::string(name) + "'");
      }
      throw core::Error(core::ErrorCode::kStorageError, opened.status().toString());
    }
    std::unique_lock lock(mutex_);
    // A drop or create ran while this opened: what it read may be the head that went away
    // (kept, it would make a dropped name exist again). Open anew.
    if (replaced_ != replaced) continue;
    if (replay.commits > 0) {
      spdlog::info("ledger {}: replayed {} commits ({} flakes) in {:.3f} s ({:.0f} flakes/s)", name,
                   replay.commits, replay.flakes, replay.seconds,
                   replay.seconds > 0 ? replay.flakes / replay.seconds : 0.0);
    }
    // Another thread may have opened it meanwhile; keep the first so all requests share one.
    auto [it, inserted] = open_.emplace(std::string(name), std::move(opened).value());
    if (inserted && indexing_) it->second->startIndexer(*indexing_);
    return it->second;
  }
}

std::vector<std::shared_ptr<index::LiveLedger>> LedgerRegistry::opened() const {
  std::shared_lock lock(mutex_);
  std::vector<std::shared_ptr<index::LiveLedger>> out;
  for (const auto& [name, ledger] : open_) out.push_back(ledger);
  return out;
}

bool LedgerRegistry::exists(std::string_view name) const {
  {
    std::shared_lock lock(mutex_);
    if (open_.count(name) > 0) return true;
  }
  if (!index::isValidLedgerName(name)) return false;
  return store_->getHead(index::ledgerHeadName(name)).isOk();
}

std::vector<std::string> LedgerRegistry::names() const {
  auto heads = store_->listHeads();
  if (!heads.isOk()) throw core::Error(core::ErrorCode::kStorageError, heads.status().toString());
  std::vector<std::string> names;
  for (const std::string& head : *heads) {
    if (auto name = index::ledgerOfHead(head)) names.push_back(std::move(*name));
  }
  return names;
}

index::ImportReport LedgerRegistry::create(const std::string& name,
                                           std::vector<index::ImportInput> inputs,
                                           std::optional<std::string> graph, bool declarePrefixes) {
  index::checkLedgerName(name);
  std::lock_guard importLock(importMutex_);
  index::ImportOptions options;
  options.ledger = name;
  options.inputs = std::move(inputs);
  options.graph = std::move(graph);
  options.declarePrefixes = declarePrefixes;
  options.scratchDirectory = scratch_;
  options.memoryBudget = uint64_t{1} << 30;
  index::ImportProgress progress;
  index::ImportReport report = index::bulkImport(blobs_, *store_, options, progress);
  std::error_code ec;
  std::filesystem::remove(scratch_, ec);  // only if empty
  std::unique_lock lock(mutex_);
  ++replaced_;
  if (auto it = open_.find(name); it != open_.end()) {
    retireLocked(*it->second);
    open_.erase(it);
  }
  return report;
}

void LedgerRegistry::drop(std::string_view name) {
  index::checkLedgerName(name);
  const core::Status status = store_->deleteHead(index::ledgerHeadName(name));
  if (status.code() == core::StatusCode::kNotFound) {
    throw core::Error(core::ErrorCode::kNotFound, "no ledger named '" + std::string(name) + "'");
  }
  if (!status.isOk()) throw core::Error(core::ErrorCode::kStorageError, status.toString());
  // The commits go too (a later ledger of this name must not replay them; the importer also
  // drops a stale commit head, in case this process stops right here).
  const core::Status commits = store_->deleteHead(index::ledgerCommitHeadName(name));
  if (!commits.isOk() && commits.code() != core::StatusCode::kNotFound) {
    throw core::Error(core::ErrorCode::kStorageError, commits.toString());
  }
  std::unique_lock lock(mutex_);
  ++replaced_;
  auto it = open_.find(name);
  if (it != open_.end()) {
    retireLocked(*it->second);
    open_.erase(it);
  }
}

void LedgerRegistry::retireLocked(const index::LiveLedger& ledger) {
  std::erase_if(retired_, [](const auto& root) { return root.expired(); });
  for (auto& root : ledger.rootsInUse()) retired_.push_back(std::move(root));
}

std::vector<storage::ContentId> LedgerRegistry::rootsInUse() {
  std::vector<storage::ContentId> roots;
  auto add = [&](const std::weak_ptr<const storage::ContentId>& root) {
    if (auto held = root.lock()) roots.push_back(*held);
  };
  std::unique_lock lock(mutex_);
  for (const auto& [name, ledger] : open_) {
    for (const auto& root : ledger->rootsInUse()) add(root);
  }
  std::erase_if(retired_, [](const auto& root) { return root.expired(); });
  for (const auto& root : retired_) add(root);
  return roots;
}

GcOutcome LedgerRegistry::collectGarbage(uint64_t retainRoots, bool dryRun) {
  std::lock_guard gcLock(gcMutex_);
  // Held throughout: an import puts its whole ledger, which would all be tracked otherwise.
  std::lock_guard importLock(importMutex_);
  index::GcOptions options;
  options.retainRoots = retainRoots;
  options.dryRun = dryRun;
  // Puts are tracked by now. Once every index run and commit batch in flight has published or
  // failed, whatever no head reaches was either put since (kept) or is garbage. Ledgers that
  // left open_ can no longer publish (their heads are gone or replaced), so only open ones are
  // waited for; snapshots of all of them pin their roots.
  options.beforeMark = [this]() -> core::Result<std::vector<storage::ContentId>> {
    for (const auto& ledger : opened()) ledger->awaitWritesInFlight();
    return rootsInUse();
  };
  return collectStoreGarbage(*store_, blobs_, options);
}

}  // namespace cairn::server
