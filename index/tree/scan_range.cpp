#include "index/tree/scan_range.h"

#include "core/check.h"

namespace cairn::index {

ScanRange ScanRange::prefix(std::span<const uint64_t> boundLeadingValues) {
  CAIRN_CHECK(boundLeadingValues.size() <= kKeyColumnCount, "prefix longer than the key");
  ScanRange range;
  for (size_t k = 0; k < boundLeadingValues.size(); ++k) {
    range.low[k] = boundLeadingValues[k];
    range.high[k] = boundLeadingValues[k];
  }
  return range;
}

int ScanRange::lowColumns() const {
  int n = kKeyColumnCount;
  while (n > 0 && low[n - 1] == 0) --n;
  return n;
}

int ScanRange::highColumns() const {
  int n = kKeyColumnCount;
  while (n > 0 && high[n - 1] == UINT64_MAX) --n;
  return n;
}

}  // namespace cairn::index
