#pragma once
// ScanRange: an inclusive range over the five key columns of a permutation, in that
// permutation's column order. A triple pattern with its bound leading positions is
// ScanRange::prefix(those values); the default range holds every row.

#include <cstdint>
#include <span>

#include "index/permutation.h"

namespace cairn::index {

inline constexpr RowKey kMinRowKey = {0, 0, 0, 0, 0};
inline constexpr RowKey kMaxRowKey = {UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX};

struct ScanRange {
  RowKey low = kMinRowKey;   // inclusive
  RowKey high = kMaxRowKey;  // inclusive

  static ScanRange all() { return {}; }
  // Rows whose first n key columns equal the n given values (0 <= n <= 5).
  static ScanRange prefix(std::span<const uint64_t> boundLeadingValues);

  bool isEmpty() const { return high < low; }
  bool contains(const RowKey& key) const { return low <= key && key <= high; }
  // How many leading columns decide `key >= low`: the columns after them are 0 in `low`, so
  // any row equal on this many columns is >= low. Likewise for high with UINT64_MAX.
  int lowColumns() const;
  int highColumns() const;

  bool operator==(const ScanRange&) const = default;
};

}  // namespace cairn::index
