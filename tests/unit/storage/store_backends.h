#pragma once
// The backends the BlobStore and HeadStore contract tests run against: the memory stores and a
// RocksDbStore in a fresh temporary directory, sized small so tests also cross memtable flushes.

#include <memory>
#include <string>

#include "storage/blob_store.h"
#include "storage/rocksdb_store.h"
#include "tests/unit/storage/temp_dir.h"

namespace cairn::storage::testing {

enum class Backend { kMemory, kRocksDb };

inline std::string backendName(Backend backend) {
  return backend == Backend::kMemory ? "Memory" : "RocksDb";
}

// Small caches and memtables: a few hundred KiB of blobs already reach table files.
inline RocksDbOptions smallRocksDbOptions() {
  RocksDbOptions options;
  options.blockCacheBytes = size_t{4} << 20;
  options.writeBufferBytes = size_t{256} << 10;
  return options;
}

class StoreUnderTest {
 public:
  explicit StoreUnderTest(Backend backend) {
    if (backend == Backend::kMemory) {
      memoryBlobs_ = makeMemoryBlobStore();
      memoryHeads_ = makeMemoryHeadStore();
      return;
    }
    dir_ = std::make_unique<TempDir>();
    auto opened = RocksDbStore::open(dir_->path() / "store", smallRocksDbOptions());
    CAIRN_CHECK(opened.isOk(), "opening a RocksDbStore for a test failed");
    rocks_ = std::move(opened).value();
  }

  BlobStore& blobs() { return rocks_ ? static_cast<BlobStore&>(*rocks_) : *memoryBlobs_; }
  HeadStore& heads() { return rocks_ ? static_cast<HeadStore&>(*rocks_) : *memoryHeads_; }

 private:
  std::unique_ptr<TempDir> dir_;  // declared first: outlives the store inside it
  std::unique_ptr<RocksDbStore> rocks_;
  std::unique_ptr<BlobStore> memoryBlobs_;
  std::unique_ptr<HeadStore> memoryHeads_;
};

}  // namespace cairn::storage::testing
