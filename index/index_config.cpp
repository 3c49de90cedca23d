#include "index/index_config.h"

#include <cstdlib>
#include <string_view>

namespace cairn::index {

IndexConfig IndexConfig::tiny() {
  IndexConfig c;
  c.leafletRows = 4;
  c.predicateCutRows = 2;
  c.leafletsPerLeaf = 3;
  c.branchFanout = 3;
  c.batchRows = 2;
  c.zstdLevel = 1;
  return c;
}

bool IndexConfig::tinyRequested() {
  const char* tinyEnv = std::getenv("CAIRN_TINY_LEAFLETS");
  return tinyEnv != nullptr && std::string_view(tinyEnv) == "1";
}

IndexConfig IndexConfig::defaults() {
  if (tinyRequested()) return tiny();
  IndexConfig c;
  // CAIRN_LEAFLET_ROWS=N (64 … 1,048,576) sets the target rows per leaflet of indexes built from
  // now on, for measuring the size's trade-off (docs/BENCHMARKS.md); leaflets already written
  // keep their size (readers take any).
  if (const char* rows = std::getenv("CAIRN_LEAFLET_ROWS")) {
    char* end = nullptr;
    const unsigned long long n = std::strtoull(rows, &end, 10);
    if (end != rows && *end == '\0' && n >= 64 && n <= (1u << 20)) {
      c.leafletRows = static_cast<uint32_t>(n);
    }
  }
  return c;
}

}  // namespace cairn::index
