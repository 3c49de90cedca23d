#pragma once
// Leaflet blobs: a header with the six column block records, then the blocks of the leaflet's
// non-constant columns (docs/formats/permutation-tree.md, "Leaflet blob"). The leaf directory
// entry repeats the block records, so a reader finds any one column without parsing the others.
//
// The blob describes its own blocks on purpose: content addressing merges equal blobs, and two
// leaflets whose packed blocks are equal but whose reference values differ (rows 1..4 and
// 101..104, say) must not be one blob, or decoded columns cached by blob id would be shared.
//
// A leaflet whose columns are all constant (a single row, typically) has no blob at all: its
// entry carries every value and a null leaflet id.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "index/leaflet/column_codec.h"
#include "index/leaflet/leaflet_entry.h"
#include "index/permutation.h"

namespace cairn::index {

inline constexpr size_t kLeafletHeaderSize = 16 + kColumnCount * kColumnBlockRecordSize;

// Rows of one leaflet, column by column (indexed by int(Column)), in the permutation's key order.
using LeafletColumns = std::array<std::vector<uint64_t>, kColumnCount>;

// Encodes leaflets of one permutation. Not thread-safe (owns a zstd context).
class LeafletEncoder {
 public:
  LeafletEncoder(Permutation perm, int zstdLevel);

  // Fills `bytes` with the leaflet blob (empty if every column is constant) and returns its
  // directory entry with a null leaflet id: the caller stores the blob and sets the id.
  // Every column must hold the same number of rows, between 1 and kMaxLeafletRows.
  LeafletEntry encode(const LeafletColumns& columns, std::string& bytes);

 private:
  Permutation perm_;
  ColumnEncoder columns_;
};

// Checks a fetched leaflet blob against the entry that points at it: magic, version,
// permutation, row count, the mask of stored columns and every block record. Blocks are
// bounds-checked when decoded.
core::Status checkLeafletBlob(std::string_view blob, const LeafletEntry& entry, Permutation perm);

}  // namespace cairn::index
