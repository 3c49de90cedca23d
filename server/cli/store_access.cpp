#include "server/cli/store_access.h"

#include <filesystem>

#include "core/error.h"

namespace cairn::server {

std::unique_ptr<storage::RocksDbStore> openStore(const std::string& directory, bool readOnly,
                                                 bool create) {
  if ((readOnly || !create) && !std::filesystem::exists(directory)) {
    throw core::Error(core::ErrorCode::kNotFound,
                      "no Cairn data directory at '" + directory + "' (import a ledger first)");
  }
  storage::RocksDbOptions options;
  options.readOnly = readOnly;
  options.createIfMissing = create;
  auto store = storage::RocksDbStore::open(directory, options);
  if (!store.isOk()) throw core::Error(core::ErrorCode::kStorageError, store.status().toString());
  return std::move(store).value();
}

std::shared_ptr<index::LiveLedger> openLiveLedger(storage::RocksDbStore& store,
                                                  const std::string& name, size_t cacheBytes) {
  auto opened =
      index::LiveLedger::open(store, store, name, std::make_shared<index::IndexCache>(cacheBytes),
                              index::IndexConfig::defaults());
  if (!opened.isOk()) {
    throw core::Error(opened.status().code() == core::StatusCode::kNotFound
                          ? core::ErrorCode::kNotFound
                          : core::ErrorCode::kStorageError,
                      opened.status().message());
  }
  return std::move(opened).value();
}

std::shared_ptr<const index::Ledger> openLedger(storage::RocksDbStore& store,
                                                const std::string& name, size_t cacheBytes) {
  return openLiveLedger(store, name, cacheBytes)->snapshot();
}

}  // namespace cairn::server
