#pragma once
// LeafletEntry: what a leaf's directory knows about one leaflet without reading it — row count,
// first and last key, t bounds, constant columns, where each column block starts, and where the
// leaflet's history will live. Counts, range pruning and asOf pruning run on entries alone; only
// boundary leaflets are ever decoded.
//
// Serialized as a fixed-size record (kLeafletEntrySize bytes) in the leaf blob; the byte layout is
// in docs/formats/permutation-tree.md ("Leaflet directory entry").

#include <array>
#include <cstdint>
#include <string>

#include "index/leaflet/byte_io.h"
#include "index/leaflet/column_codec.h"
#include "index/permutation.h"
#include "storage/content_id.h"

namespace cairn::index {

// Where the retracted and superseded facts of a leaflet's key range live. Reserved by format
// version 1 and always null for now: the write path will store history in a per-leaf sidecar
// blob, and minT/maxT let a time-travel read skip it when asOf is outside them.
struct HistoryLocator {
  storage::ContentId sidecar;  // null: no history
  uint64_t minT = 0;
  uint64_t maxT = 0;
  bool operator==(const HistoryLocator&) const = default;
};

struct LeafletEntry {
  uint32_t rowCount = 0;
  RowKey firstKey{};           // key of the first row, in permutation order
  RowKey lastKey{};            // key of the last row
  storage::ContentId leaflet;  // the leaflet blob holding the non-constant column blocks
  uint64_t minT = 0;           // smallest t among the rows
  uint64_t maxT = 0;           // largest t among the rows
  std::array<ColumnBlock, kColumnCount> blocks{};  // indexed by int(Column)
  HistoryLocator history;

  const ColumnBlock& block(Column c) const { return blocks[static_cast<int>(c)]; }
  bool isConstant(Column c) const { return block(c).isConstant(); }
  // Bit (1 << int(Column)) set for each elided column.
  uint8_t constantMask() const;
  bool operator==(const LeafletEntry&) const = default;
};

inline constexpr size_t kColumnBlockRecordSize = 20;
inline constexpr size_t kLeafletEntrySize =
    8 + 2 * 8 * kKeyColumnCount + 32 + 16 + kColumnCount * kColumnBlockRecordSize + 48;

// One column block record (kColumnBlockRecordSize bytes), as in leaf directories and leaflet
// headers. readColumnBlock returns false when truncated or when the reserved byte is not zero;
// the values themselves are checked by checkColumnBlock.
void writeColumnBlock(ByteWriter& out, const ColumnBlock& block);
bool readColumnBlock(ByteReader& in, ColumnBlock& block);

void writeLeafletEntry(ByteWriter& out, const LeafletEntry& entry);
// Reads one record and validates it on its own: legal blocks, the mask agrees with the blocks,
// first key <= last key, minT <= maxT, 1 <= rows <= kMaxLeafletRows, constant key columns and a
// constant t agree with the keys and t bounds. Empty when valid, else why; the caller names the
// blob.
std::string readLeafletEntry(ByteReader& in, Permutation perm, LeafletEntry& entry);

}  // namespace cairn::index
