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

IndexConfig IndexConfig::defaults() { return tinyRequested() ? tiny() : IndexConfig{}; }

}  // namespace cairn::index
