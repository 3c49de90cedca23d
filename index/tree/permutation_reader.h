#pragma once
// PermutationReader: range scans, counts and seeks over one permutation tree.
//
// Counting is directory-first: a subtree wholly inside the range whose rows are all visible at
// asOf counts by its branch entry; a leaflet likewise by its directory entry; only leaflets cut
// by a range boundary (at most two per range) or holding rows newer than asOf are decoded, and
// then only their leading key columns and t.
//
// Thread-safety: const methods may be called concurrently (the store and the cache are
// thread-safe); each returned cursor is single-threaded. `store` must outlive the reader and
// every cursor made from it. Copying a reader is cheap.

#include <cstdint>
#include <memory>
#include <optional>

#include "core/status.h"
#include "index/index_config.h"
#include "index/permutation.h"
#include "index/tree/column_batch.h"
#include "index/tree/index_cache.h"
#include "index/tree/permutation_root.h"
#include "index/tree/scan_cursor.h"
#include "index/tree/scan_range.h"
#include "index/tree/scan_stats.h"
#include "storage/blob_store.h"

namespace cairn::index {

class TreeAccess;
class KeyProbe;

class PermutationReader {
 public:
  // A null cache gives the reader a private one of kPrivateCacheBytes.
  static constexpr size_t kPrivateCacheBytes = size_t{64} << 20;

  PermutationReader(const storage::BlobStore& store, Permutation perm, PermutationRoot root,
                    std::shared_ptr<IndexCache> cache, IndexConfig config);

  Permutation perm() const;
  const PermutationRoot& root() const;

  // Rows with low <= key <= high and t <= asOf, in key order; `columns` picks what batches hold.
  ScanCursor scan(const ScanRange& range, ColumnMask columns, uint64_t asOf = UINT64_MAX) const;

  // The number of rows scan() would return. `stats`, when given, receives what it took.
  core::Result<uint64_t> count(const ScanRange& range, uint64_t asOf = UINT64_MAX,
                               ScanStats* stats = nullptr) const;

  // A low key from which scanning to range.high yields exactly the last `rows` rows of `range`
  // (all of them when it has fewer): found from directory counts walked backwards, then the key
  // columns of the one leaflet the last rows begin in. The reverse of a LIMIT: ORDER BY DESC
  // over key order reads only this tail.
  core::Result<RowKey> tailStart(const ScanRange& range, uint64_t rows,
                                 uint64_t asOf = UINT64_MAX) const;

  // Point reads that remember the last leaflet they landed in (index/tree/key_probe.h).
  KeyProbe probe() const;

  // The first row with key >= `key` and t <= asOf, if any.
  core::Result<std::optional<IndexRow>> seek(const RowKey& key, uint64_t asOf = UINT64_MAX) const;

 private:
  std::shared_ptr<const TreeAccess> tree_;
};

}  // namespace cairn::index
