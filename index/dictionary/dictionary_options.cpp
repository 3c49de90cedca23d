#include "index/dictionary/dictionary_options.h"

#include <cstdlib>
#include <string_view>

namespace cairn::index {

DictionaryOptions DictionaryOptions::tiny() {
  DictionaryOptions o;
  o.entriesPerBlock = 3;  // odd, so blocks and chunks split runs of shared prefixes unevenly
  o.chunkBytes = 48;
  o.zstdLevel = 1;
  o.cacheBytes = 4096;  // a handful of chunks: eviction happens in every test
  return o;
}

DictionaryOptions DictionaryOptions::defaults() {
  // Same switch as IndexConfig::defaults().
  const char* tinyEnv = std::getenv("CAIRN_TINY_LEAFLETS");
  if (tinyEnv != nullptr && std::string_view(tinyEnv) == "1") return tiny();
  return DictionaryOptions{};
}

}  // namespace cairn::index
