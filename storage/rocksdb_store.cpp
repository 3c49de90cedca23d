#include "storage/rocksdb_store.h"

#include <rocksdb/cache.h>
#include <rocksdb/db.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/memtablerep.h>
#include <rocksdb/options.h>
#include <rocksdb/slice_transform.h>
#include <rocksdb/table.h>
#include <rocksdb/write_batch.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <optional>
#include <system_error>

#include "storage/blob_check.h"
#include "storage/head_rules.h"

namespace cairn::storage {
namespace {

constexpr char kBlobsFamily[] = "blobs";
constexpr char kHeadsFamily[] = "heads";

rocksdb::Slice keyOf(const ContentId& id) {
  return {reinterpret_cast<const char*>(id.bytes.data()), id.bytes.size()};
}

rocksdb::Slice keyOf(std::string_view name) { return {name.data(), name.size()}; }

// The core::Status for a failed RocksDB call; `context` names what was being done and where.
core::Status fromRocksDb(const rocksdb::Status& status, const std::string& context) {
  if (status.ok()) return core::Status::ok();
  std::string message = context + ": " + status.ToString();
  if (status.IsNotFound()) return core::Status::notFound(std::move(message));
  if (status.IsCorruption()) return core::Status::corruption(std::move(message));
  if (status.IsInvalidArgument() || status.IsNotSupported()) {
    return core::Status::invalidArgument(std::move(message));
  }
  if (status.IsNoSpace() || status.IsMemoryLimit()) {
    return {core::StatusCode::kResourceExhausted, std::move(message)};
  }
  if (status.IsIOError() || status.IsBusy() || status.IsTryAgain() || status.IsTimedOut() ||
      status.IsIncomplete() || status.IsShutdownInProgress()) {
    return core::Status::ioError(std::move(message));
  }
  return core::Status::internal(std::move(message));
}

// RocksDB reports a held LOCK file as an IOError naming the file, whether another process holds
// it ("While lock file: DIR/LOCK: Resource temporarily unavailable") or this one ("lock hold by
// current process ...").
bool isLockConflict(const rocksdb::Status& status) {
  if (!status.IsIOError()) return false;
  const std::string text = status.ToString();
  return text.find("/LOCK") != std::string::npos ||
         text.find("lock hold by current process") != std::string::npos;
}

rocksdb::BlockBasedTableOptions tableOptions(const std::shared_ptr<rocksdb::Cache>& cache,
                                             int bloomBitsPerKey, size_t blockBytes) {
  rocksdb::BlockBasedTableOptions table;
  table.block_cache = cache;
  table.block_size = blockBytes;
  if (bloomBitsPerKey > 0) {
    table.filter_policy.reset(rocksdb::NewBloomFilterPolicy(bloomBitsPerKey));
  }
  // Index and filter blocks count against the cache, so memory stays bounded by the options as the
  // store grows; level-0 ones are pinned because every lookup consults them.
  table.cache_index_and_filter_blocks = true;
  table.pin_l0_filter_and_index_blocks_in_cache = true;
  // Point lookups dominate (every read is a get by id): a hash index inside each data block saves
  // the binary search.
  table.data_block_index_type = rocksdb::BlockBasedTableOptions::kDataBlockBinaryAndHash;
  return table;
}

// Blobs are written once and read many times, mostly by point lookup. They arrive already
// zstd-compressed (leaflets, leaves), so RocksDB compressing them again would cost CPU for nothing.
rocksdb::ColumnFamilyOptions blobsFamilyOptions(const RocksDbOptions& options,
                                                const std::shared_ptr<rocksdb::Cache>& cache) {
  rocksdb::ColumnFamilyOptions family;
  family.compression = rocksdb::kNoCompression;
  family.bottommost_compression = rocksdb::kNoCompression;
  family.write_buffer_size = options.writeBufferBytes;
  family.max_write_buffer_number = 3;
  // With random ids the default skiplist memtable walks ~17 levels of random nodes per put (5 us
  // for each commit record on a 2-vCPU VM: a tenth of a commit's CPU). Hashed on the id's first
  // 8 bytes, a put touches one short bucket; ordered iteration (flush, a GC scan) sorts the
  // memtable once instead. Reads that iterate must ask for total_order_seek.
  family.prefix_extractor.reset(rocksdb::NewFixedPrefixTransform(8));
  // One bucket per KiB of memtable (its array is 1/128 of the memtable, which must not fill it).
  const size_t buckets = std::clamp<size_t>(options.writeBufferBytes >> 10, 64, size_t{1} << 16);
  family.memtable_factory.reset(rocksdb::NewHashSkipListRepFactory(buckets, 4, 4));
  // Ids are uniformly random, so each flush overlaps the whole key space; dynamic level sizes keep
  // the space overhead of such levels near 10% and let a bulk load settle into few levels.
  family.level_compaction_dynamic_level_bytes = true;
  family.target_file_size_base = 64 << 20;
  family.max_bytes_for_level_base = 4 * options.writeBufferBytes;
  family.table_factory.reset(
      rocksdb::NewBlockBasedTableFactory(tableOptions(cache, options.bloomBitsPerKey, 16 << 10)));
  return family;
}

// Heads: a handful of tiny keys, rewritten at every publication.
rocksdb::ColumnFamilyOptions smallFamilyOptions(const RocksDbOptions& options,
                                                const std::shared_ptr<rocksdb::Cache>& cache) {
  rocksdb::ColumnFamilyOptions family;
  family.compression = rocksdb::kNoCompression;
  family.write_buffer_size = 4 << 20;
  family.table_factory.reset(
      rocksdb::NewBlockBasedTableFactory(tableOptions(cache, options.bloomBitsPerKey, 4 << 10)));
  return family;
}

// The store's families in handle order: default (unused), blobs, heads.
std::vector<rocksdb::ColumnFamilyDescriptor> columnFamilies(
    const RocksDbOptions& options, const std::shared_ptr<rocksdb::Cache>& cache) {
  return {{rocksdb::kDefaultColumnFamilyName, smallFamilyOptions(options, cache)},
          {kBlobsFamily, blobsFamilyOptions(options, cache)},
          {kHeadsFamily, smallFamilyOptions(options, cache)}};
}

rocksdb::DBOptions databaseOptions(const RocksDbOptions& options) {
  rocksdb::DBOptions db;
  db.create_if_missing = options.createIfMissing;
  db.create_missing_column_families = true;
  db.max_background_jobs = options.maxBackgroundJobs;
  // The hash memtable of the blobs family inserts one writer at a time.
  db.allow_concurrent_memtable_write = false;
  // Write back in steady 1 MiB steps rather than in bursts at sync or flush time.
  db.bytes_per_sync = 1 << 20;
  db.wal_bytes_per_sync = 1 << 20;
  // A write-ahead log is deleted only when every family has flushed what it holds. The heads family
  // fills its memtable very slowly, so bound the logs it can keep alive: past this size RocksDB
  // flushes the families holding the oldest log.
  db.max_total_wal_size = 4 * options.writeBufferBytes;
  db.keep_log_file_num = 4;
  db.max_log_file_size = 8 << 20;
  return db;
}

bool isDiskFile(const std::string& name) {
  auto endsWith = [&](std::string_view suffix) {
    return name.size() >= suffix.size() &&
           name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  return endsWith(".sst") || endsWith(".log") || endsWith(".blob") || name.starts_with("MANIFEST-");
}

}  // namespace

struct RocksDbStore::Db {
  std::unique_ptr<rocksdb::DB> db;
  std::vector<rocksdb::ColumnFamilyHandle*> handles;  // default, blobs, heads
  rocksdb::ColumnFamilyHandle* blobs = nullptr;
  rocksdb::ColumnFamilyHandle* heads = nullptr;

  rocksdb::Status close() {
    rocksdb::Status status;
    for (rocksdb::ColumnFamilyHandle* handle : handles) {
      rocksdb::Status destroyed = db->DestroyColumnFamilyHandle(handle);
      if (status.ok()) status = destroyed;
    }
    handles.clear();
    rocksdb::Status closed = db->Close();
    if (status.ok()) status = closed;
    db.reset();
    return status;
  }

  ~Db() {
    if (db) close().PermitUncheckedError();
  }
};

core::Result<std::unique_ptr<RocksDbStore>> RocksDbStore::open(
    const std::filesystem::path& directory, const RocksDbOptions& options) {
  const std::string where = directory.string();
  std::error_code error;
  if (options.readOnly || !options.createIfMissing) {
    if (!std::filesystem::exists(directory / "CURRENT", error)) {
      return core::Status::notFound("no store in " + where + " (it has no CURRENT file)");
    }
  } else {
    std::filesystem::create_directories(directory, error);
    if (error) {
      return core::Status::ioError("cannot create the store directory " + where + ": " +
                                   error.message());
    }
  }

  const std::vector<rocksdb::ColumnFamilyDescriptor> families =
      columnFamilies(options, rocksdb::NewLRUCache(options.blockCacheBytes));
  auto db = std::make_unique<Db>();
  rocksdb::DB* raw = nullptr;
  const rocksdb::DBOptions dbOptions = databaseOptions(options);
  const rocksdb::Status status =
      options.readOnly
          ? rocksdb::DB::OpenForReadOnly(dbOptions, where, families, &db->handles, &raw)
          : rocksdb::DB::Open(dbOptions, where, families, &db->handles, &raw);
  if (!status.ok()) {
    if (isLockConflict(status)) {
      return core::Status::ioError("store " + where +
                                   " is in use by another process or another open handle (" +
                                   status.ToString() + ")");
    }
    return fromRocksDb(status, "cannot open the store in " + where);
  }
  db->db.reset(raw);
  CAIRN_CHECK(db->handles.size() == families.size(), "RocksDB returned one handle per family");
  db->blobs = db->handles[1];
  db->heads = db->handles[2];
  return std::unique_ptr<RocksDbStore>(
      new RocksDbStore(directory, std::move(db), options.readOnly));
}

RocksDbStore::RocksDbStore(std::filesystem::path directory, std::unique_ptr<Db> db, bool readOnly)
    : directory_(std::move(directory)),
      where_(directory_.string()),
      db_(std::move(db)),
      readOnly_(readOnly) {}

RocksDbStore::~RocksDbStore() = default;

core::Status RocksDbStore::close() {
  if (!db_) return core::Status::ok();
  const rocksdb::Status status = db_->close();
  db_.reset();
  return fromRocksDb(status, "closing the store in " + where_);
}

core::Status RocksDbStore::checkOpen() const {
  if (!db_) return core::Status::invalidArgument("the store in " + where_ + " is closed");
  return core::Status::ok();
}

core::Status RocksDbStore::checkWritable() const {
  CAIRN_RETURN_IF_ERROR(checkOpen());
  if (readOnly_) return core::Status::invalidArgument("the store in " + where_ + " is read-only");
  return core::Status::ok();
}

core::Result<ContentId> RocksDbStore::put(std::string_view bytes) {
  CAIRN_RETURN_IF_ERROR(checkWritable());
  const ContentId id = ContentId::of(bytes);
  // A repeated put rewrites equal bytes: harmless, and it heals a damaged copy.
  const rocksdb::Status status =
      db_->db->Put(rocksdb::WriteOptions(), db_->blobs, keyOf(id), keyOf(bytes));
  CAIRN_RETURN_IF_ERROR(fromRocksDb(status, "put of blob " + id.shortHex() + " in " + where_));
  return id;
}

core::Result<std::vector<ContentId>> RocksDbStore::putMany(
    const std::vector<std::string_view>& blobs) {
  CAIRN_RETURN_IF_ERROR(checkWritable());
  std::vector<ContentId> ids;
  ids.reserve(blobs.size());
  size_t totalBytes = 0;
  for (std::string_view blob : blobs) totalBytes += blob.size() + 48;  // key + record overhead
  rocksdb::WriteBatch batch(totalBytes);
  for (std::string_view blob : blobs) {
    ids.push_back(ContentId::of(blob));
    const rocksdb::Status added = batch.Put(db_->blobs, keyOf(ids.back()), keyOf(blob));
    CAIRN_RETURN_IF_ERROR(
        fromRocksDb(added, "batching blob " + ids.back().shortHex() + " for " + where_));
  }
  const rocksdb::Status status = db_->db->Write(rocksdb::WriteOptions(), &batch);
  CAIRN_RETURN_IF_ERROR(fromRocksDb(
      status, "put of a batch of " + std::to_string(blobs.size()) + " blobs in " + where_));
  return ids;
}

core::Result<std::string> RocksDbStore::get(const ContentId& id) const {
  CAIRN_RETURN_IF_ERROR(checkOpen());
  std::string bytes;
  const rocksdb::Status status =
      db_->db->Get(rocksdb::ReadOptions(), db_->blobs, keyOf(id), &bytes);
  if (status.IsNotFound()) return blobNotFound(id, where_);
  CAIRN_RETURN_IF_ERROR(fromRocksDb(status, "get of blob " + id.shortHex() + " in " + where_));
  CAIRN_RETURN_IF_ERROR(checkBlobHash(id, bytes, where_));
  return bytes;
}

core::Result<bool> RocksDbStore::exists(const ContentId& id) const {
  CAIRN_RETURN_IF_ERROR(checkOpen());
  // A pinned read: the value stays in the block cache instead of being copied out.
  rocksdb::PinnableSlice value;
  const rocksdb::Status status =
      db_->db->Get(rocksdb::ReadOptions(), db_->blobs, keyOf(id), &value);
  if (status.IsNotFound()) return false;
  CAIRN_RETURN_IF_ERROR(
      fromRocksDb(status, "existence check of blob " + id.shortHex() + " in " + where_));
  return true;
}

core::Status RocksDbStore::sync() {
  CAIRN_RETURN_IF_ERROR(checkOpen());
  if (readOnly_) return core::Status::ok();  // nothing was written
  return fromRocksDb(db_->db->FlushWAL(/*sync=*/true), "syncing the log of " + where_);
}

core::Status RocksDbStore::forEachBlob(const BlobVisitor& visit) const {
  CAIRN_RETURN_IF_ERROR(checkOpen());
  rocksdb::ReadOptions read;
  read.fill_cache = false;
  read.total_order_seek = true;  // every blob, not one prefix's (the blobs family is hashed)
  std::unique_ptr<rocksdb::Iterator> it(db_->db->NewIterator(read, db_->blobs));
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    const rocksdb::Slice key = it->key();
    ContentId id;
    if (key.size() != id.bytes.size()) {
      return core::Status::corruption("a key of " + std::to_string(key.size()) +
                                      " bytes in the blobs of " + where_ + ", not a 32-byte id");
    }
    std::memcpy(id.bytes.data(), key.data(), id.bytes.size());
    CAIRN_RETURN_IF_ERROR(visit(id, it->value().size()));
  }
  return fromRocksDb(it->status(), "listing the blobs in " + where_);
}

core::Status RocksDbStore::removeMany(std::span<const ContentId> ids) {
  CAIRN_RETURN_IF_ERROR(checkWritable());
  if (ids.empty()) return core::Status::ok();
  rocksdb::WriteBatch batch(ids.size() * 48);
  for (const ContentId& id : ids) {
    CAIRN_RETURN_IF_ERROR(fromRocksDb(batch.Delete(db_->blobs, keyOf(id)),
                                      "batching the removal of blob " + id.shortHex()));
  }
  rocksdb::WriteOptions synced;
  synced.sync = true;
  return fromRocksDb(db_->db->Write(synced, &batch),
                     "removing " + std::to_string(ids.size()) + " blobs from " + where_);
}

core::Status RocksDbStore::compactBlobs() {
  CAIRN_RETURN_IF_ERROR(checkWritable());
  rocksdb::CompactRangeOptions options;
  // Background compactions may run alongside; the bottom level is rewritten too, since that is
  // where the removed blobs' bytes usually are.
  options.exclusive_manual_compaction = false;
  options.bottommost_level_compaction = rocksdb::BottommostLevelCompaction::kForceOptimized;
  return fromRocksDb(db_->db->CompactRange(options, db_->blobs, nullptr, nullptr),
                     "compacting the blobs of " + where_);
}

core::Status RocksDbStore::flush() {
  CAIRN_RETURN_IF_ERROR(checkWritable());
  return fromRocksDb(db_->db->Flush(rocksdb::FlushOptions(), {db_->blobs, db_->heads}),
                     "flushing " + where_);
}

core::Result<ContentId> RocksDbStore::getHead(std::string_view name) const {
  CAIRN_RETURN_IF_ERROR(validateHeadName(name));
  CAIRN_RETURN_IF_ERROR(checkOpen());
  std::string value;
  const rocksdb::Status status =
      db_->db->Get(rocksdb::ReadOptions(), db_->heads, keyOf(name), &value);
  if (status.IsNotFound()) return headNotFound(name);
  const std::string context = "head '" + std::string(name) + "' in " + where_;
  CAIRN_RETURN_IF_ERROR(fromRocksDb(status, "reading " + context));
  ContentId id;
  if (value.size() != id.bytes.size()) {
    return core::Status::corruption(context + " holds " + std::to_string(value.size()) +
                                    " bytes, not a 32-byte id");
  }
  std::memcpy(id.bytes.data(), value.data(), id.bytes.size());
  return id;
}

core::Status RocksDbStore::compareAndSetHead(std::string_view name, const ContentId& expected,
                                             const ContentId& desired) {
  return setHead(name, expected, desired, /*sync=*/true);
}

core::Status RocksDbStore::compareAndSetHeadDeferred(std::string_view name,
                                                     const ContentId& expected,
                                                     const ContentId& desired) {
  return setHead(name, expected, desired, /*sync=*/false);
}

core::Status RocksDbStore::syncHeads() {
  CAIRN_RETURN_IF_ERROR(checkWritable());
  return sync();  // one log for heads and blobs
}

core::Status RocksDbStore::setHead(std::string_view name, const ContentId& expected,
                                   const ContentId& desired, bool sync) {
  CAIRN_RETURN_IF_ERROR(validateHeadUpdate(name, desired));
  CAIRN_RETURN_IF_ERROR(checkWritable());
  std::lock_guard lock(headMutex_);
  std::optional<ContentId> current;
  auto read = getHead(name);
  if (read.isOk()) {
    current = *read;
  } else if (read.status().code() != core::StatusCode::kNotFound) {
    return read.status();
  }
  CAIRN_RETURN_IF_ERROR(checkExpectedHead(name, current, expected));
  rocksdb::WriteOptions write;
  write.sync = sync;
  const rocksdb::Status status = db_->db->Put(write, db_->heads, keyOf(name), keyOf(desired));
  return fromRocksDb(status, "publishing head '" + std::string(name) + "' in " + where_);
}

core::Status RocksDbStore::deleteHead(std::string_view name) {
  CAIRN_RETURN_IF_ERROR(validateHeadName(name));
  CAIRN_RETURN_IF_ERROR(checkWritable());
  std::lock_guard lock(headMutex_);
  // Reading first makes a missing head NotFound (RocksDB deletes absent keys silently) and
  // refuses to drop a head whose value is damaged without saying so.
  CAIRN_RETURN_IF_ERROR(getHead(name).status());
  rocksdb::WriteOptions synced;
  synced.sync = true;
  const rocksdb::Status status = db_->db->Delete(synced, db_->heads, keyOf(name));
  return fromRocksDb(status, "deleting head '" + std::string(name) + "' in " + where_);
}

core::Result<std::vector<std::string>> RocksDbStore::listHeads() const {
  CAIRN_RETURN_IF_ERROR(checkOpen());
  std::vector<std::string> names;
  std::unique_ptr<rocksdb::Iterator> it(db_->db->NewIterator(rocksdb::ReadOptions(), db_->heads));
  for (it->SeekToFirst(); it->Valid(); it->Next()) names.push_back(it->key().ToString());
  CAIRN_RETURN_IF_ERROR(fromRocksDb(it->status(), "listing the heads in " + where_));
  return names;
}

core::Result<uint64_t> RocksDbStore::approximateBytesOnDisk() const {
  std::error_code error;
  std::filesystem::directory_iterator it(directory_, error);
  if (error) {
    return core::Status::ioError("cannot list the store directory " + where_ + ": " +
                                 error.message());
  }
  uint64_t total = 0;
  for (; it != std::filesystem::directory_iterator(); it.increment(error)) {
    if (error) break;
    if (!isDiskFile(it->path().filename().string())) continue;
    // Compaction may delete a file between listing and sizing it; it then counts as nothing.
    std::error_code sizeError;
    const uint64_t size = it->file_size(sizeError);
    if (!sizeError) total += size;
  }
  if (error) {
    return core::Status::ioError("cannot list the store directory " + where_ + ": " +
                                 error.message());
  }
  return total;
}

core::Status RocksDbStore::writeRawBlobForTesting(const ContentId& id, std::string_view bytes) {
  CAIRN_RETURN_IF_ERROR(checkWritable());
  return fromRocksDb(db_->db->Put(rocksdb::WriteOptions(), db_->blobs, keyOf(id), keyOf(bytes)),
                     "raw put of blob " + id.shortHex() + " in " + where_);
}

namespace {

// A scratch directory for the secondary instance's own files (its info log), removed on scope
// exit.
struct ScratchDirectory {
  std::filesystem::path path;
  ~ScratchDirectory() {
    std::error_code ignored;
    if (!path.empty()) std::filesystem::remove_all(path, ignored);
  }
};

// Blobs written to the copy per batch (a WriteBatch holds their bytes until written).
constexpr size_t kCopyBatchBytes = size_t{32} << 20;

}  // namespace

core::Result<StoreCopyReport> RocksDbStore::copyStore(const std::filesystem::path& source,
                                                      const std::filesystem::path& target,
                                                      const RocksDbOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  const std::string from = source.string();
  const std::string to = target.string();
  std::error_code error;
  if (!std::filesystem::exists(source / "CURRENT", error)) {
    return core::Status::notFound("no store in " + from + " (it has no CURRENT file)");
  }
  if (std::filesystem::exists(target, error) && !std::filesystem::is_empty(target, error)) {
    return core::Status::invalidArgument("the copy's directory " + to + " is not empty");
  }

  // The source, as a secondary instance: every table file opened up front (max_open_files -1),
  // so files the primary compacts away meanwhile stay readable through their handles.
  ScratchDirectory scratch{std::filesystem::temp_directory_path() /
                           ("cairn-copy-" + std::to_string(::getpid()) + "-" +
                            std::to_string(started.time_since_epoch().count()))};
  std::filesystem::create_directories(scratch.path, error);
  if (error) return core::Status::ioError("cannot create " + scratch.path.string());
  RocksDbOptions readOptions = options;
  readOptions.createIfMissing = false;
  const std::vector<rocksdb::ColumnFamilyDescriptor> families =
      columnFamilies(readOptions, rocksdb::NewLRUCache(size_t{8} << 20));
  rocksdb::DBOptions dbOptions = databaseOptions(readOptions);
  dbOptions.max_open_files = -1;
  Db db;
  rocksdb::DB* raw = nullptr;
  CAIRN_RETURN_IF_ERROR(
      fromRocksDb(rocksdb::DB::OpenAsSecondary(dbOptions, from, scratch.path.string(), families,
                                               &db.handles, &raw),
                  "cannot open the store in " + from + " for copying"));
  db.db.reset(raw);
  db.blobs = db.handles[1];
  db.heads = db.handles[2];
  CAIRN_RETURN_IF_ERROR(
      fromRocksDb(db.db->TryCatchUpWithPrimary(), "catching up with the store in " + from));

  auto copied = open(target, options);
  if (!copied.isOk()) return copied.status();
  std::unique_ptr<RocksDbStore> copy = std::move(copied).value();
  auto fail = [&](core::Status status) -> core::Result<StoreCopyReport> {
    copy.reset();
    std::error_code ignored;
    std::filesystem::remove_all(target, ignored);
    return status;
  };

  // One view of both families: the heads read name blobs of the same moment.
  rocksdb::ReadOptions read;
  read.fill_cache = false;
  read.total_order_seek = true;
  std::vector<rocksdb::Iterator*> iterators;
  core::Status opened = fromRocksDb(db.db->NewIterators(read, {db.blobs, db.heads}, &iterators),
                                    "reading the store in " + from);
  std::unique_ptr<rocksdb::Iterator> blobs(iterators.empty() ? nullptr : iterators[0]);
  std::unique_ptr<rocksdb::Iterator> heads(iterators.size() < 2 ? nullptr : iterators[1]);
  if (!opened.isOk()) return fail(opened);

  StoreCopyReport report;
  rocksdb::WriteBatch batch;
  rocksdb::WriteOptions unsynced;
  for (blobs->SeekToFirst(); blobs->Valid(); blobs->Next()) {
    ContentId id;
    if (blobs->key().size() != id.bytes.size()) {
      return fail(core::Status::corruption("a key of " + std::to_string(blobs->key().size()) +
                                           " bytes in the blobs of " + from));
    }
    std::memcpy(id.bytes.data(), blobs->key().data(), id.bytes.size());
    const std::string_view bytes(blobs->value().data(), blobs->value().size());
    core::Status checked = checkBlobHash(id, bytes, from);
    if (!checked.isOk()) return fail(checked);
    batch.Put(copy->db_->blobs, blobs->key(), blobs->value()).PermitUncheckedError();
    ++report.blobs;
    report.blobBytes += bytes.size();
    if (batch.GetDataSize() >= kCopyBatchBytes) {
      core::Status written =
          fromRocksDb(copy->db_->db->Write(unsynced, &batch), "writing the copy in " + to);
      if (!written.isOk()) return fail(written);
      batch.Clear();
    }
  }
  core::Status listed = fromRocksDb(blobs->status(), "reading the blobs of " + from);
  if (!listed.isOk()) return fail(listed);
  for (heads->SeekToFirst(); heads->Valid(); heads->Next()) {
    batch.Put(copy->db_->heads, heads->key(), heads->value()).PermitUncheckedError();
    ++report.heads;
  }
  listed = fromRocksDb(heads->status(), "reading the heads of " + from);
  if (!listed.isOk()) return fail(listed);
  // The last batch, heads included, synced: the log then holds every blob before any head.
  rocksdb::WriteOptions synced;
  synced.sync = true;
  core::Status written = fromRocksDb(copy->db_->db->Write(synced, &batch), "writing " + to);
  if (written.isOk()) written = copy->flush();
  if (written.isOk()) written = copy->close();
  if (!written.isOk()) return fail(written);
  report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return report;
}

}  // namespace cairn::storage
