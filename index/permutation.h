#pragma once
// The four covering permutations and the row they order. Every triple pattern but (s, ?p, o) is a
// contiguous key range of one of them.
//
// Key order (the first five columns; t is payload):
//   SPOT: s, p, ot, ok, i      PSOT: p, s, ot, ok, i
//   POST: p, ot, ok, s, i      OPST: ot, ok, p, s, i

#include <array>
#include <cstdint>
#include <string_view>

#include "core/object_type.h"

namespace cairn::index {

enum class Permutation : uint8_t { kSPOT = 0, kPSOT = 1, kPOST = 2, kOPST = 3 };
inline constexpr std::array<Permutation, 4> kAllPermutations = {
    Permutation::kSPOT, Permutation::kPSOT, Permutation::kPOST, Permutation::kOPST};
std::string_view permutationName(Permutation p);  // "SPOT", ...

// The stored columns of a row. ot is widened to 64 bits inside batches.
enum class Column : uint8_t { kS = 0, kP = 1, kOType = 2, kOKey = 3, kI = 4, kT = 5 };
inline constexpr int kColumnCount = 6;
inline constexpr int kKeyColumnCount = 5;
std::string_view columnName(Column c);  // "s", "p", "ot", "ok", "i", "t"

// The key columns of a permutation, in order.
const std::array<Column, kKeyColumnCount>& keyColumns(Permutation p);

// One fact as the index stores it. `i` discriminates parallel edges / list positions (0 for plain
// RDF); `t` is the commit that asserted it.
struct IndexRow {
  uint64_t s = 0;
  uint64_t p = 0;
  uint64_t ok = 0;
  uint64_t i = 0;
  uint64_t t = 0;
  core::ObjectType ot = 0;

  uint64_t get(Column c) const {
    switch (c) {
      case Column::kS:
        return s;
      case Column::kP:
        return p;
      case Column::kOType:
        return ot;
      case Column::kOKey:
        return ok;
      case Column::kI:
        return i;
      case Column::kT:
        return t;
    }
    return 0;
  }
  bool operator==(const IndexRow&) const = default;
};

using RowKey = std::array<uint64_t, kKeyColumnCount>;
RowKey rowKey(Permutation p, const IndexRow& row);
// The row whose key is `key` (t left 0): rowKey's inverse.
IndexRow rowOfKey(Permutation p, const RowKey& key);

// RowKey order without std::array's operator<, which compares through memcmp calls (the
// novelty's sorts and merges call this millions of times per commit).
inline bool rowKeyLess(const RowKey& a, const RowKey& b) {
  for (int k = 0; k < kKeyColumnCount; ++k) {
    if (a[k] != b[k]) return a[k] < b[k];
  }
  return false;
}
inline bool rowKeyEqual(const RowKey& a, const RowKey& b) {
  return a[0] == b[0] && a[1] == b[1] && a[2] == b[2] && a[3] == b[3] && a[4] == b[4];
}
// The key right after `key` in that order (key is not the largest, all UINT64_MAX).
inline RowKey nextRowKey(RowKey key) {
  for (int k = kKeyColumnCount - 1; k >= 0 && ++key[k] == 0; --k) {
  }
  return key;
}
// The key right before `key` in that order (key is not the smallest, all 0).
inline RowKey previousRowKey(RowKey key) {
  for (int k = kKeyColumnCount - 1; k >= 0 && key[k]-- == 0; --k) {
  }
  return key;
}

// Strict weak order of rows in permutation p (key columns only).
bool rowLess(Permutation p, const IndexRow& a, const IndexRow& b);

}  // namespace cairn::index
