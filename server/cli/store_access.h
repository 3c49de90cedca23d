#pragma once
// Opening the embedded store for a command (`--data DIR`, default ./cairn-data).

#include <memory>
#include <string>

#include "storage/rocksdb_store.h"

namespace cairn::server {

inline constexpr const char* kDefaultDataDirectory = "./cairn-data";

// Throws core::Error(kStorageError) with RocksDB's reason when the store cannot be opened.
std::unique_ptr<storage::RocksDbStore> openStore(const std::string& directory, bool readOnly);

}  // namespace cairn::server
