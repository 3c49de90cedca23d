#pragma once
// Delta block blobs: up to a few thousand changes of one permutation of the persisted delta layer
// (docs/formats/delta.md, "Block blob"). A change is a novelty entry — the five key columns in
// permutation order, the commit t and whether it asserted or retracted the fact — and the block
// stores them column by column, each column encoded like a leaflet column
// (index/leaflet/column_codec.h): constant columns elided, the rest packed and compressed.
//
// A block describes itself completely, so it is cached by its id alone; the summary its run's
// directory keeps (DeltaBlockInfo) is checked against the decoded entries on every load.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "index/leaflet/blob_format.h"
#include "index/leaflet/column_codec.h"
#include "index/novelty/novelty_run.h"
#include "index/permutation.h"
#include "storage/content_id.h"

namespace cairn::index {

inline constexpr BlobMagic kDeltaBlockMagic = {'C', 'N', 'D', 'B'};
inline constexpr BlobMagic kDeltaRunMagic = {'C', 'N', 'D', 'R'};
inline constexpr uint16_t kDeltaFormatVersion = 1;

// Entries per block a writer aims for; IndexConfig's tiny sizes shrink it to a few.
inline constexpr uint32_t kDefaultDeltaBlockEntries = 4096;
// Readers refuse larger blocks, so a damaged directory cannot make them allocate gigabytes.
inline constexpr uint32_t kMaxDeltaBlockEntries = uint32_t{1} << 16;

// The stored columns, in blob order: the five key columns, t, and assert (1) / retract (0).
inline constexpr int kDeltaColumnCount = 7;

// What a run's directory records about one block: enough to skip it by key.
struct DeltaBlockInfo {
  RowKey firstKey{};  // key of the first entry
  RowKey lastKey{};   // key of the last entry
  uint32_t entries = 0;
  uint64_t minT = 0;  // smallest t in the block
  uint64_t maxT = 0;  // largest t in the block
  storage::ContentId id;

  bool operator==(const DeltaBlockInfo&) const = default;
};

// A decoded block: its entries in noveltyEntryLess order, and the summary computed from them.
struct DeltaBlock {
  Permutation perm = Permutation::kSPOT;
  std::vector<NoveltyEntry> entries;
  DeltaBlockInfo summary;  // id left null; compared with the directory's record

  size_t memoryBytes() const {
    return sizeof(DeltaBlock) + entries.capacity() * sizeof(NoveltyEntry);
  }
};

// Encodes entries (1 … kMaxDeltaBlockEntries, in noveltyEntryLess order: the writer checks) into
// a block blob and returns its summary with a null id. `encoder` is scratch space.
DeltaBlockInfo encodeDeltaBlock(Permutation perm, std::span<const NoveltyEntry> entries,
                                ColumnEncoder& encoder, std::string& blob);

// Parses and validates a block blob: header, column records that tile the blob exactly, every
// column decodes, the assert column holds only 0 and 1, entries strictly in noveltyEntryLess
// order (a key's changes newest first, no two with one t), and the summary agrees with
// `expected`. Corruption names the block. Thread-safe.
core::Result<DeltaBlock> parseDeltaBlock(std::string_view blob, const storage::ContentId& id,
                                         Permutation perm, const DeltaBlockInfo& expected);

}  // namespace cairn::index
