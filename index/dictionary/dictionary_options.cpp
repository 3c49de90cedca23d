#include "index/dictionary/dictionary_options.h"

#include "index/index_config.h"

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
  return IndexConfig::tinyRequested() ? tiny() : DictionaryOptions{};
}

}  // namespace cairn::index
