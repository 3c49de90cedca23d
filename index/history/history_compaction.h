#pragma once
// Compaction of history segments: every index publish appends one segment per graph and
// permutation it retracted facts in, so a long-lived ledger's lists grow; merging a run of them
// into one keeps a time-travel read to a few segment directories. The result holds exactly the
// entries of its inputs, in segment order (a k-way merge that holds one decoded block per input).
// HistoryManifest::withCompacted then swaps it in.

#include <memory>
#include <span>

#include "core/status.h"
#include "index/history/history_segment.h"
#include "index/index_config.h"
#include "index/permutation.h"
#include "index/tree/index_cache.h"
#include "storage/blob_store.h"

namespace cairn::index {

// Merges `segments` (all of permutation `perm`, at least one) into one new segment written with
// `config`'s block size. A single segment is returned as it is. InvalidArgument if a segment
// belongs to another permutation or if two segments hold overlapping intervals of one key (the
// history would be inconsistent); read failures (Corruption, NotFound) are passed on.
core::Result<HistorySegmentRef> compactSegments(storage::BlobStore& store, Permutation perm,
                                                std::span<const HistorySegmentRef> segments,
                                                const IndexConfig& config = IndexConfig::defaults(),
                                                std::shared_ptr<IndexCache> cache = nullptr);

}  // namespace cairn::index
