#pragma once
// Opening the embedded store and a ledger in it for a command (`--data DIR`, default
// ./cairn-data). Ledgers open with the commits made since their index root replayed, so every
// command sees the latest state.

#include <memory>
#include <string>

#include "index/ledger/ledger.h"
#include "index/write/live_ledger.h"
#include "server/cli/commands.h"  // kDefaultDataDirectory
#include "storage/rocksdb_store.h"

namespace cairn::server {

// Opens the store in `directory`. A read-only store, or one opened with `create` false, must
// exist (kNotFound otherwise); a writable one takes RocksDB's directory lock, so it fails while
// `cairn serve` holds the same directory. Throws core::Error(kStorageError) with RocksDB's
// reason when the store cannot be opened.
std::unique_ptr<storage::RocksDbStore> openStore(const std::string& directory, bool readOnly,
                                                 bool create = true);

// Opens ledger `name` for writing, replaying its commits since the index root, with a fresh
// cache of `cacheBytes`. Opening only reads, so a read-only store serves readers too (whose
// commits then fail). The store must outlive the ledger and its snapshots. Throws core::Error:
// kNotFound for an unknown ledger, kStorageError otherwise.
std::shared_ptr<index::LiveLedger> openLiveLedger(storage::RocksDbStore& store,
                                                  const std::string& name, size_t cacheBytes);

// The latest snapshot of ledger `name`: its index root plus every commit since. Throws as
// openLiveLedger.
std::shared_ptr<const index::Ledger> openLedger(storage::RocksDbStore& store,
                                                const std::string& name, size_t cacheBytes);

}  // namespace cairn::server
