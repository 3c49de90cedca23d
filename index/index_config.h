#pragma once
// Sizes of the index's building blocks. Production defaults favour scan speed; tests may shrink
// everything to a few rows (CAIRN_TINY_LEAFLETS=1 in the environment) so every leaflet, leaf and
// batch boundary is crossed.

#include <cstdint>

namespace cairn::index {

struct IndexConfig {
  uint32_t leafletRows = 16384;   // target rows per leaflet
  // PSOT/POST: a leaflet also ends where the predicate changes once it holds this many rows,
  // so most leaflets are predicate-homogeneous (constant p column, counts from directories).
  uint32_t predicateCutRows = 1024;
  uint32_t leafletsPerLeaf = 64;  // directory entries per leaf blob
  uint32_t branchFanout = 128;    // children per branch blob
  uint32_t batchRows = 4096;      // rows per scan batch
  int zstdLevel = 3;

  // Defaults, or tiny sizes when the environment has CAIRN_TINY_LEAFLETS=1.
  static IndexConfig defaults();
  static IndexConfig tiny();
  // Whether the environment asks for tiny sizes (CAIRN_TINY_LEAFLETS=1); other size tables
  // (dictionaries) follow the same switch.
  static bool tinyRequested();
};

}  // namespace cairn::index
