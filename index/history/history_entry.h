#pragma once
// HistoryEntry: a fact that was part of the current state during [row.t, retractedT) and no longer
// is. row.t is the commit that asserted it ("from"), retractedT the commit that retracted or
// superseded it ("to"); from < to. A time-travel read at asOf sees the entry iff
// from <= asOf < to. For one key the entries of a ledger are disjoint intervals.
//
// Entries of one permutation are ordered by key (in that permutation's order), then newest first
// (from descending): historyEntryLess. Segments (index/history/history_segment.h) store them so.

#include <cstdint>

#include "index/permutation.h"

namespace cairn::index {

struct HistoryEntry {
  IndexRow row;             // row.t = from, the assert
  uint64_t retractedT = 0;  // to, the retract

  uint64_t from() const { return row.t; }
  bool visibleAt(uint64_t asOf) const { return row.t <= asOf && asOf < retractedT; }
  bool operator==(const HistoryEntry&) const = default;
};

// Key ascending in permutation `perm`, then from descending.
inline bool historyEntryLess(Permutation perm, const HistoryEntry& a, const HistoryEntry& b) {
  if (rowLess(perm, a.row, b.row)) return true;
  if (rowLess(perm, b.row, a.row)) return false;
  return a.row.t > b.row.t;
}

}  // namespace cairn::index
