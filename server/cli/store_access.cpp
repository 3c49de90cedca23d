#include "server/cli/store_access.h"

#include <filesystem>

#include "core/error.h"

namespace cairn::server {

std::unique_ptr<storage::RocksDbStore> openStore(const std::string& directory, bool readOnly) {
  if (readOnly && !std::filesystem::exists(directory)) {
    throw core::Error(core::ErrorCode::kNotFound,
                      "no Cairn data directory at '" + directory + "' (import a ledger first)");
  }
  storage::RocksDbOptions options;
  options.readOnly = readOnly;
  auto store = storage::RocksDbStore::open(directory, options);
  if (!store.isOk()) throw core::Error(core::ErrorCode::kStorageError, store.status().toString());
  return std::move(store).value();
}

}  // namespace cairn::server
