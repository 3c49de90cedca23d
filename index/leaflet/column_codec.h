#pragma once
// One column of a leaflet as one block (docs/formats/permutation-tree.md, "Column blocks").
//
// A column whose values are all equal is elided: its block is empty and the value lives in the
// leaf directory (kConstant). Otherwise values are packed at the narrowest byte width (1, 2, 4
// or 8) in whichever form is smallest:
//   kFrame       value - minimum
//   kDelta       value - previous value (non-decreasing columns, e.g. the leading key column)
//   kDictionary  an index into the block's sorted table of distinct values (at most 65536),
//                for low-cardinality columns with wide values (p in SPOT, ot, t, ...)
// The packed bytes are then zstd-compressed when that pays: it must save an eighth, and a cost
// model of zstd's decoding must keep the block above the decode target (200M ids/s per core), so
// wide high-entropy columns stay raw. Raw blocks decode without any decompression pass.
//
// Decoding validates the block against the blob it lives in and never reads or writes out of
// bounds; a bad block is a Corruption status naming the leaflet and column.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "index/permutation.h"
#include "storage/content_id.h"

namespace cairn::index {

enum class BlockEncoding : uint8_t { kConstant = 0, kFrame = 1, kDelta = 2, kDictionary = 3 };
enum class BlockCompression : uint8_t { kNone = 0, kZstd = 1 };

// Most distinct values a dictionary block holds (its codes are at most 2 bytes wide).
inline constexpr uint32_t kMaxDictionarySize = 65536;
// A dictionary block's packed form starts with the table size (u32) and a reserved u32.
inline constexpr size_t kDictionaryHeaderSize = 8;

// Where a column's block is and how to decode it. Stored per column in the leaf directory.
struct ColumnBlock {
  uint32_t offset = 0;  // from the start of the leaflet blob; 0 for a constant column
  uint32_t length = 0;  // stored (possibly compressed) bytes; 0 for a constant column
  BlockEncoding encoding = BlockEncoding::kConstant;
  BlockCompression compression = BlockCompression::kNone;
  uint8_t width = 0;  // bytes per packed value or code: 1, 2, 4 or 8; 0 for a constant column
  // The constant; the frame minimum; the first value (delta); the smallest value (dictionary).
  uint64_t reference = 0;

  bool isConstant() const { return encoding == BlockEncoding::kConstant; }
  bool operator==(const ColumnBlock&) const = default;
};

// Smallest of 1, 2, 4, 8 bytes that holds `range`.
uint8_t packedWidthFor(uint64_t range);

// Encodes columns into blocks. Owns a zstd context and scratch space: one per builder, not
// thread-safe. Deterministic: equal input gives equal bytes.
class ColumnEncoder {
 public:
  explicit ColumnEncoder(int zstdLevel);
  ~ColumnEncoder();
  ColumnEncoder(const ColumnEncoder&) = delete;
  ColumnEncoder& operator=(const ColumnEncoder&) = delete;

  // Encodes `values` (at least one), appending the block's bytes to `blob` at its current end,
  // and returns the description.
  ColumnBlock encode(std::span<const uint64_t> values, std::string& blob);

 private:
  // The distinct values of `values` in ascending order into dictionary_, if at most `limit`.
  bool collectDistinct(std::span<const uint64_t> values, uint32_t limit);

  struct Zstd;
  std::unique_ptr<Zstd> zstd_;
  int level_;
  std::vector<uint64_t> slots_;  // open-addressing set used by collectDistinct
  std::vector<uint8_t> slotUsed_;
  std::vector<uint32_t> slotCode_;  // code of the value in each used slot
  std::vector<uint64_t> dictionary_;
  std::string packed_;
  std::string compressed_;
};

// Checks a block description on its own (before the blob is at hand): known encoding and
// compression, a legal width, consistent lengths for `rows` values. Empty when valid, else why.
std::string checkColumnBlock(const ColumnBlock& block, uint32_t rows);

// Decodes the block into out[0, rows). `blob` is the whole leaflet blob; `leafletId` and
// `column` name it in errors. Thread-safe (zstd contexts and scratch space are per thread).
core::Status decodeColumn(std::string_view blob, const ColumnBlock& block, uint32_t rows,
                          uint64_t* out, const storage::ContentId& leafletId, Column column);

}  // namespace cairn::index
