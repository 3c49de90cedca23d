#pragma once
// Block directories: the layout history segment directories and delta run directories share
// (docs/formats/history.md, "Segment directory blob"; delta.md, "Run directory blob") — a 40-byte
// header (magic, format version, permutation, reserved byte, u32 block count, u32 record size
// = 136, u64 entries, u64 low t, u64 high t) and one 136-byte record per block (first key, last
// key, u32 entries, reserved u32, u64 low t, u64 high t, block id), in key order.
//
// The two kinds differ in what their t bounds mean — history: the smallest `from` and the largest
// `to`, low < high; delta: the smallest and largest t, low <= high — and in their block size
// limit; this codec does the layout and the checks they share.

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.h"
#include "index/leaflet/blob_format.h"
#include "index/permutation.h"
#include "storage/content_id.h"

namespace cairn::index {

struct BlockDirectoryFormat {
  std::string_view kind;  // names the blob in errors: "history segment"
  BlobMagic magic{};
  uint16_t version = 0;
  uint32_t maxBlockEntries = 0;
  bool lowBelowHigh = false;  // t bounds must satisfy low < high (else low <= high)
};

struct BlockRecord {
  RowKey firstKey{};
  RowKey lastKey{};
  uint32_t entries = 0;
  uint64_t lowT = 0;
  uint64_t highT = 0;
  storage::ContentId id;
};

struct BlockDirectoryContents {
  Permutation perm = Permutation::kSPOT;
  uint64_t entries = 0;  // the blocks' sum
  uint64_t lowT = 0;     // the blocks' smallest low t
  uint64_t highT = 0;    // the blocks' largest high t
  std::vector<BlockRecord> blocks;
};

// At least one block; the header's entries and bounds must be the blocks' sum and hull.
std::string encodeBlockDirectory(const BlockDirectoryFormat& format,
                                 const BlockDirectoryContents& contents);

// Validates sizes, reserved fields, the permutation, every record (1 … maxBlockEntries entries,
// first key <= last key and equal for one entry, t bounds as the format says, non-null id),
// blocks in key order (a key's entries may continue into the next block), and that the header's
// entries and bounds are the blocks' sum and hull. Corruption names the blob.
core::Result<BlockDirectoryContents> parseBlockDirectory(const BlockDirectoryFormat& format,
                                                         std::string_view blob,
                                                         const storage::ContentId& id);

// The blocks [first, last) of a parsed directory's `blocks` (any record type with firstKey and
// lastKey, in key order: both keys non-decreasing, as the parser checks) whose key span meets
// [low, high]: two binary searches, no block fetched.
template <typename Block>
std::pair<size_t, size_t> blocksMeeting(const std::vector<Block>& blocks, const RowKey& low,
                                        const RowKey& high) {
  const auto first = std::partition_point(blocks.begin(), blocks.end(), [&](const Block& block) {
    return rowKeyLess(block.lastKey, low);
  });
  const auto last = std::partition_point(
      first, blocks.end(), [&](const Block& block) { return !rowKeyLess(high, block.firstKey); });
  return {static_cast<size_t>(first - blocks.begin()), static_cast<size_t>(last - blocks.begin())};
}

}  // namespace cairn::index
