#pragma once
// History block blobs: up to a few thousand history entries of one permutation, column by column
// (docs/formats/history.md, "Block blob"). The columns are s, p, ot, ok, i, from (= row.t) and to
// (= retractedT), each encoded like a leaflet column (index/leaflet/column_codec.h): constant
// columns elided, the rest frame/delta/dictionary packed and zstd-compressed where that pays.
//
// A block describes itself completely, so it is cached by its id alone; the summary the segment
// directory keeps for it (HistoryBlockInfo) is checked against the decoded entries on every use.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "index/history/history_entry.h"
#include "index/leaflet/blob_format.h"
#include "index/leaflet/column_codec.h"
#include "index/permutation.h"
#include "storage/content_id.h"

namespace cairn::index {

inline constexpr BlobMagic kHistoryBlockMagic = {'C', 'N', 'H', 'B'};
inline constexpr BlobMagic kHistorySegmentMagic = {'C', 'N', 'H', 'S'};
inline constexpr BlobMagic kHistoryManifestMagic = {'C', 'N', 'H', 'M'};
inline constexpr uint16_t kHistoryFormatVersion = 1;

// Entries per block a writer aims for; IndexConfig's tiny sizes shrink it to a few.
inline constexpr uint32_t kDefaultHistoryBlockEntries = 4096;
// Readers refuse larger blocks, so a damaged directory cannot make them allocate gigabytes.
inline constexpr uint32_t kMaxHistoryBlockEntries = uint32_t{1} << 16;

// The stored columns of a block, in blob order.
inline constexpr int kHistoryColumnCount = 7;

// What a segment directory records about one block: enough to skip it by key or by time.
struct HistoryBlockInfo {
  RowKey firstKey{};  // key of the first entry, in permutation order
  RowKey lastKey{};   // key of the last entry
  uint32_t entries = 0;
  uint64_t minFrom = 0;   // smallest from (row.t) in the block
  uint64_t maxTo = 0;     // largest to (retractedT) in the block
  storage::ContentId id;  // the block blob

  // Whether any entry of the block can be visible at asOf, judged from the bounds alone.
  bool mayBeVisibleAt(uint64_t asOf) const { return minFrom <= asOf && asOf < maxTo; }
  bool operator==(const HistoryBlockInfo&) const = default;
};

// A decoded block: its entries in segment order, and the summary computed from them.
struct HistoryBlock {
  Permutation perm = Permutation::kSPOT;
  std::vector<HistoryEntry> entries;
  HistoryBlockInfo summary;  // id left null; compared with the directory's record

  size_t memoryBytes() const {
    return sizeof(HistoryBlock) + entries.capacity() * sizeof(HistoryEntry);
  }
};

// Encodes entries (1 … kMaxHistoryBlockEntries, valid and in segment order: the writer checks)
// into a block blob, and returns its summary with a null id. `encoder` is scratch space.
HistoryBlockInfo encodeHistoryBlock(Permutation perm, std::span<const HistoryEntry> entries,
                                    ColumnEncoder& encoder, std::string& blob);

// Parses and validates a block blob: header, column records that tile the blob exactly, every
// column decodes, ot fits its 16 bits, from < to, entries in strict segment order with disjoint
// intervals per key, and the summary agrees with `expected` (count, first and last key, min from,
// max to). Corruption names the block. Thread-safe.
core::Result<HistoryBlock> parseHistoryBlock(std::string_view blob, const storage::ContentId& id,
                                             Permutation perm, const HistoryBlockInfo& expected);

// Empty if the decoded block's summary agrees with the directory's record, else why.
std::string compareHistoryBlockSummary(const HistoryBlockInfo& decoded,
                                       const HistoryBlockInfo& expected);

}  // namespace cairn::index
