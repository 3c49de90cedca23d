#pragma once
// ScanStats: what one scan or count did, for EXPLAIN ANALYZE and for tests that prove the fast
// paths fire (interior leaflets decode no key columns; counts read at most two leaflets).

#include <cstdint>

namespace cairn::index {

struct ScanStats {
  uint64_t nodesVisited = 0;           // branch and leaf nodes obtained (cached or fetched)
  uint64_t leafletsVisited = 0;        // directory entries inside the range window
  uint64_t leafletsFromDirectory = 0;  // counted from their entry without decoding (count only)
  uint64_t leafletsDecoded = 0;        // leaflets whose column data was used
  uint64_t leafletBlobsRead = 0;       // leaflet blobs fetched from the store (cache misses)
  uint64_t columnsLoaded = 0;          // (leaflet, non-constant column) pairs used
  uint64_t columnsDecoded = 0;         // of those, decoded now rather than found in the cache
  uint64_t rowsEmitted = 0;            // rows returned (scan) or counted (count)
};

}  // namespace cairn::index
