#pragma once
// BlobStore: immutable, content-addressed blobs. put() returns the SHA-256 of the bytes; get()
// re-hashes what it read and fails with Corruption (naming the blob) on a mismatch, or NotFound,
// so a damaged store yields an error, never a wrong answer.
//
// Thread-safety: every method may be called concurrently.

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "storage/content_id.h"

namespace cairn::storage {

class BlobStore {
 public:
  virtual ~BlobStore() = default;

  virtual core::Result<ContentId> put(std::string_view bytes) = 0;
  // Writes many blobs in one batch (one write, not one per blob); ids come back in order. Like
  // put(), durable only after sync(). The default loops over put().
  virtual core::Result<std::vector<ContentId>> putMany(const std::vector<std::string_view>& blobs);
  virtual core::Result<std::string> get(const ContentId& id) const = 0;
  virtual core::Result<bool> exists(const ContentId& id) const = 0;
  // Makes every put so far durable.
  virtual core::Status sync() = 0;

  // Garbage collection (index/gc) needs the two calls below; nothing else lists or removes.
  //
  // Calls `visit` with the id and stored size of every blob, in no particular order, and stops at
  // the first non-ok status it returns (which forEachBlob then returns). Blobs put or removed
  // while it runs may or may not be visited; `visit` may call the store.
  using BlobVisitor = std::function<core::Status(const ContentId& id, uint64_t bytes)>;
  virtual core::Status forEachBlob(const BlobVisitor& visit) const = 0;
  // Removes the blobs named, all or none (one atomic batch); ids that are not stored are
  // skipped. Durable when it returns ok. Removing a blob that a head still reaches loses data:
  // only a collector that has proven them unreachable may call this.
  virtual core::Status removeMany(std::span<const ContentId> ids) = 0;
};

// Heads: the small mutable part of the store. A head maps a name (a ledger) to the id of its
// current root blob; publishing a root is atomic and durable.
class HeadStore {
 public:
  virtual ~HeadStore() = default;
  // NotFound if the head does not exist.
  virtual core::Result<ContentId> getHead(std::string_view name) const = 0;
  // Replaces the head if it currently equals `expected` (null id: must not exist yet). On a
  // mismatch nothing changes and it fails with AlreadyExists (the head exists but is not
  // `expected`) or NotFound (`expected` is not null but the head is absent). An empty name or a
  // null `desired` is InvalidArgument. Durable when it returns ok.
  virtual core::Status compareAndSetHead(std::string_view name, const ContentId& expected,
                                         const ContentId& desired) = 0;
  // compareAndSetHead() without waiting for the update to become durable: it is seen at once,
  // and durable once a later syncHeads() returns ok. The default is compareAndSetHead() (synced
  // at once). A store that writes heads and blobs to one log (RocksDbStore) lets a writer sync
  // once for its blobs and the head naming them, while others write on.
  virtual core::Status compareAndSetHeadDeferred(std::string_view name, const ContentId& expected,
                                                 const ContentId& desired) {
    return compareAndSetHead(name, expected, desired);
  }
  // Makes every head update so far durable (and, where blobs share the heads' log, every blob
  // put so far).
  virtual core::Status syncHeads() { return core::Status::ok(); }
  // NotFound if the head does not exist. Durable when it returns ok.
  virtual core::Status deleteHead(std::string_view name) = 0;
  // All head names in bytewise order.
  virtual core::Result<std::vector<std::string>> listHeads() const = 0;
};

// In-memory stores for tests (storage/memory_blob_store.h, storage/memory_head_store.h).
std::unique_ptr<BlobStore> makeMemoryBlobStore();
std::unique_ptr<HeadStore> makeMemoryHeadStore();

}  // namespace cairn::storage
