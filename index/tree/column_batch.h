#pragma once
// ColumnBatch: what a scan yields — up to IndexConfig::batchRows rows, column-major, 64-bit ids
// (ot widened). Only the columns a scan was asked for are filled; the others stay empty, so a
// caller reusing one batch across next() calls keeps its vectors' capacity.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "index/permutation.h"

namespace cairn::index {

// A set of columns: bit (1 << int(Column)).
using ColumnMask = uint8_t;
inline constexpr ColumnMask columnBit(Column c) {
  return static_cast<ColumnMask>(1u << static_cast<int>(c));
}
inline constexpr ColumnMask kAllColumns = (1u << kColumnCount) - 1;
// The five key columns (every permutation orders the same five; t is payload).
inline constexpr ColumnMask kKeyColumns = kAllColumns & ~columnBit(Column::kT);
inline constexpr bool hasColumn(ColumnMask mask, Column c) { return (mask & columnBit(c)) != 0; }

struct ColumnBatch {
  size_t rows = 0;
  std::array<std::vector<uint64_t>, kColumnCount> columns;  // indexed by int(Column)

  const std::vector<uint64_t>& column(Column c) const { return columns[static_cast<int>(c)]; }
  void clear() {
    rows = 0;
    for (auto& column : columns) column.clear();
  }
};

// Row `r` of a batch that holds every column (kAllColumns).
inline IndexRow rowAt(const ColumnBatch& batch, size_t r) {
  IndexRow row;
  row.s = batch.column(Column::kS)[r];
  row.p = batch.column(Column::kP)[r];
  row.ot = static_cast<core::ObjectType>(batch.column(Column::kOType)[r]);
  row.ok = batch.column(Column::kOKey)[r];
  row.i = batch.column(Column::kI)[r];
  row.t = batch.column(Column::kT)[r];
  return row;
}

}  // namespace cairn::index
