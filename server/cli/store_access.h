#pragma once
// Opening the embedded store for a command (`--data DIR`, default ./cairn-data).

#include <memory>
#include <string>

#include "index/ledger/ledger.h"
#include "server/cli/commands.h"  // kDefaultDataDirectory
#include "storage/rocksdb_store.h"

namespace cairn::server {

// Throws core::Error(kStorageError) with RocksDB's reason when the store cannot be opened.
std::unique_ptr<storage::RocksDbStore> openStore(const std::string& directory, bool readOnly);

// Opens ledger `name` at its head with a fresh cache of `cacheBytes`. Throws core::Error:
// kNotFound for an unknown ledger, kStorageError otherwise.
std::shared_ptr<const index::Ledger> openLedger(const storage::RocksDbStore& store,
                                                const std::string& name, size_t cacheBytes);

}  // namespace cairn::server
