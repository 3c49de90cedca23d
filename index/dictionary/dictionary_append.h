#pragma once
// Growing a persistent dictionary after the bulk import. Commits hand out ids size+1, size+2, …
// to new terms in arrival order, not byte order; appendToDictionary persists such a run of terms
// as one new immutable *append* segment (terms in id order for lookup, plus a sorted index of
// (term, id) for find) and writes a new root that lists the base's segments by blob id,
// unchanged, followed by the new one. The newest append segments merge into the new one by the
// size-tiered rule (index/novelty/size_tiers.h; their ids are consecutive, so terms keep them),
// so find(), which searches each segment, stays logarithmic in the number of appends.
// Format: docs/formats/dictionary.md.
//
// Memory: the chunk being filled, the new segment's chunk directory, a sorting permutation of
// its terms (8 bytes per term) and the terms of merged segments (at most 2^20); the base's
// directories are opened to check for duplicates.
// Thread-safety: no shared state of its own; the base's blobs are only read, so readers of the
// base dictionary are unaffected while it runs.

#include <atomic>
#include <span>
#include <string>

#include "core/status.h"
#include "index/dictionary/dictionary_options.h"
#include "index/dictionary/dictionary_root.h"
#include "storage/blob_store.h"

namespace cairn::index {

// Writes `newTerms` (ids base.size + 1 … base.size + newTerms.size(), in span order) as an append
// segment of `base` and returns the new root (size base.size + newTerms.size()). An empty span
// returns `base` unchanged and writes nothing. InvalidArgument if a term is already in `base`,
// appears twice in `newTerms`, or is longer than the format allows; nothing is written then.
// Errors reading `base` (NotFound, Corruption) and store failures are returned as they come; the
// blobs written before a failure are unreferenced garbage, never a partial dictionary.
// `options` sets the new segment's block and chunk sizes (the base keeps its own).
// `cancel` (may be null): once it reads true the append stops at its next look (every 4,096
// terms of each pass) and returns Cancelled; what it wrote is unreferenced garbage.
core::Result<DictionaryRoot> appendToDictionary(
    storage::BlobStore& store, DictionaryKind kind, const DictionaryRoot& base,
    std::span<const std::string> newTerms,
    DictionaryOptions options = DictionaryOptions::defaults(),
    const std::atomic<bool>* cancel = nullptr);

}  // namespace cairn::index
