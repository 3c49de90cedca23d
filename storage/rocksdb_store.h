#pragma once
// RocksDbStore: the default durable store. One RocksDB database in one directory holds both the
// blobs (column family "blobs", key = the 32 raw id bytes) and the heads (column family "heads",
// key = the head name, value = 32 id bytes); docs/formats/blob-store.md has the exact layout.
//
// Durability: put()/putMany() append to the write-ahead log without syncing; sync() makes them
// durable. compareAndSetHead()/deleteHead() are synced writes, durable when they return, and since
// both families share one log they also make every earlier put durable: a published head never
// names a blob that a crash could lose. compareAndSetHeadDeferred() is unsynced, and syncHeads()
// syncs the log (the head and every earlier put) without holding up writes made meanwhile.
//
// Verification: get() re-hashes the bytes it read; a mismatch is Corruption and an absent blob is
// NotFound, both naming the blob (short hex) and the directory.
//
// Ownership and thread-safety: open() returns the only handle to the directory (RocksDB locks it;
// a second open, from this process or another, fails naming the directory). Every method may be
// called concurrently; compare-and-set is serialized by a mutex.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>

#include "storage/blob_store.h"

namespace cairn::storage {

struct RocksDbOptions {
  // Block cache shared by both column families (data, index and filter blocks).
  size_t blockCacheBytes = size_t{256} << 20;
  // Opens without the directory lock and refuses every write (InvalidArgument). The directory
  // must already hold a store.
  bool readOnly = false;
  // Creates the directory and the store when missing (ignored when readOnly).
  bool createIfMissing = true;
  // Memtable size of the blobs family. Larger buffers mean fewer, larger flushes while bulk
  // loading; up to three may be in memory at once.
  size_t writeBufferBytes = size_t{64} << 20;
  // Flush and compaction threads.
  int maxBackgroundJobs = 2;
  // Bloom filter bits per key (0 disables filters): exists() and get() of an absent blob then
  // rarely touch disk.
  int bloomBitsPerKey = 10;
};

// What RocksDbStore::copyStore copied.
struct StoreCopyReport {
  uint64_t heads = 0;
  uint64_t blobs = 0;
  uint64_t blobBytes = 0;
  double seconds = 0;
};

class RocksDbStore final : public BlobStore, public HeadStore {
 public:
  // Opens (creating when allowed) the store in `directory`.
  static core::Result<std::unique_ptr<RocksDbStore>> open(const std::filesystem::path& directory,
                                                          const RocksDbOptions& options = {});
  ~RocksDbStore() override;
  RocksDbStore(const RocksDbStore&) = delete;
  RocksDbStore& operator=(const RocksDbStore&) = delete;

  // BlobStore. putMany() is one WriteBatch.
  core::Result<ContentId> put(std::string_view bytes) override;
  core::Result<std::vector<ContentId>> putMany(const std::vector<std::string_view>& blobs) override;
  core::Result<std::string> get(const ContentId& id) const override;
  core::Result<bool> exists(const ContentId& id) const override;
  core::Status sync() override;
  // Iterates the blobs family without filling the block cache (a collection reads every block
  // once; it should not evict what queries use).
  core::Status forEachBlob(const BlobVisitor& visit) const override;
  // One WriteBatch of deletes in the blobs family, synced. The deleted bytes leave the disk only
  // when compaction drops them: compactBlobs() forces that.
  core::Status removeMany(std::span<const ContentId> ids) override;

  // Compacts the whole blobs family so that removed blobs stop taking disk space. Rewrites every
  // table file of the family (the live blobs are copied), so it takes time in proportion to the
  // store; reads and writes go on meanwhile.
  core::Status compactBlobs();

  // HeadStore.
  core::Result<ContentId> getHead(std::string_view name) const override;
  core::Status compareAndSetHead(std::string_view name, const ContentId& expected,
                                 const ContentId& desired) override;
  // An unsynced write; syncHeads() syncs the one log (RocksDB's SyncWAL), which does not hold up
  // writes made meanwhile, and so makes the blobs put before durable too.
  core::Status compareAndSetHeadDeferred(std::string_view name, const ContentId& expected,
                                         const ContentId& desired) override;
  core::Status syncHeads() override;
  core::Status deleteHead(std::string_view name) override;
  core::Result<std::vector<std::string>> listHeads() const override;

  // Bytes of the table files, blob files, write-ahead logs and manifests under the directory
  // (RocksDB's informational LOG files excluded). Files may come and go under compaction, so the
  // figure is approximate.
  core::Result<uint64_t> approximateBytesOnDisk() const;

  // Flushes the memtables to table files (and so makes every write durable). For tests and for
  // an importer that wants its data in table files before it reports sizes.
  core::Status flush();

  // A copy of the store in `source` as a new store in `target`: every head and every blob as of
  // one moment, also while another process (a running `cairn serve`) writes to `source`. The
  // source is opened as a RocksDB secondary instance (no lock taken; it reads the primary's
  // manifest and log as they are), and both families are read through iterators on one view,
  // so the heads copied name only blobs of that moment — all present, since a head is published
  // only after its blobs (and garbage collection never removes what a head reaches). Every blob
  // is re-hashed on the way: a damaged one fails the copy, naming it. `target` must not exist
  // or be an empty directory; it is synced before this returns, and removed on failure.
  // `options` are the target's.
  static core::Result<StoreCopyReport> copyStore(const std::filesystem::path& source,
                                                 const std::filesystem::path& target,
                                                 const RocksDbOptions& options = {});

  // Closes the database and reports what RocksDB says; afterwards every call fails with
  // InvalidArgument. The destructor closes too, ignoring the status.
  core::Status close();

  const std::filesystem::path& directory() const { return directory_; }

  // Test hook: stores `bytes` under `id` without hashing, so tests can plant corruption.
  core::Status writeRawBlobForTesting(const ContentId& id, std::string_view bytes);

 private:
  struct Db;  // the RocksDB handles; keeps RocksDB's headers out of this one

  RocksDbStore(std::filesystem::path directory, std::unique_ptr<Db> db, bool readOnly);
  core::Status checkOpen() const;
  core::Status checkWritable() const;
  core::Status setHead(std::string_view name, const ContentId& expected, const ContentId& desired,
                       bool sync);

  std::filesystem::path directory_;
  std::string where_;  // the directory as messages name it
  std::unique_ptr<Db> db_;
  bool readOnly_;
  std::mutex headMutex_;  // serializes compare-and-set and delete of heads
};

}  // namespace cairn::storage
