#pragma once
// ColumnDecoder: turns one result column's ValueIds into terms for a ResultSink, row after row,
// at a few tens of nanoseconds a cell. Three things make that possible:
//  - a dictionary cursor per column (index::Ledger::DecodeCursor): columns usually come sorted or
//    clustered by id (the subjects of a scan), and then each IRI or string continues the
//    front-coded block decode where the previous one stopped;
//  - a small direct-mapped cache of decoded terms, so a value that repeats (a class, a city)
//    decodes once, while distinct values neither pile up in memory nor pay for a hash-table
//    insert; it grows with the values seen (16 to 1024 slots), so a short answer does not pay
//    for a large table. A column whose values rarely repeat (subjects) gains nothing from it and
//    would pay a cache miss per cell on the scattered slots, so after a window of mostly misses
//    the decoder bypasses the cache for a while and decodes into one hot scratch term, then
//    tries the cache again in case the values started repeating;
//  - decoding into Terms whose strings keep their capacity: no allocation per cell.
//
// The returned pointer is valid until the next decode() on this decoder. Not thread-safe. The
// TermTable (and its ledger) must outlive the decoder.

#include <cstdint>
#include <memory>
#include <vector>

#include "core/term.h"
#include "index/ledger/ledger.h"
#include "query/exec/term_table.h"
#include "query/exec/value_id.h"

namespace cairn::query {

class ColumnDecoder {
 public:
  explicit ColumnDecoder(TermTable& terms);

  // The term of bound value `v`. Throws core::Error(kStorageError) when the store fails.
  const core::Term* decode(ValueId v) {
    if (last_ != nullptr && lastId_ == v) return last_;
    return decodeSlow(v);
  }

  static constexpr size_t kMinSlots = 16;
  static constexpr size_t kMaxSlots = 1024;
  // Cache decisions are taken per window of decodes that missed the last-value check.
  static constexpr uint32_t kWindow = 4096;
  // Bypassed windows after a window with under 1/4 hits.
  static constexpr uint32_t kBypassWindows = 15;

  bool cacheBypassed() const { return bypassWindows_ > 0; }

 private:
  const core::Term* decodeSlow(ValueId v);
  const core::Term* decodeCached(ValueId v);
  void endWindow();
  void clearSlots();

  TermTable& terms_;
  std::unique_ptr<index::Ledger::DecodeCursor> cursor_;
  // Slot ids apart from their terms: a probe touches one compact array.
  std::vector<ValueId> slotIds_;  // unbound = empty slot
  std::vector<core::Term> slotTerms_;
  uint64_t missesSinceGrowth_ = 0;
  uint32_t windowDecodes_ = 0;
  uint32_t windowHits_ = 0;
  uint32_t bypassWindows_ = 0;  // > 0: the cache is bypassed for this many more windows
  core::Term scratch_;          // the bypass target
  ValueId lastId_;
  const core::Term* last_ = nullptr;
};

}  // namespace cairn::query
