#pragma once
// Sizes of a dictionary's building blocks. Defaults keep a warm lookup to one short block decode
// and chunks large enough for zstd to find the repetition in IRIs; CAIRN_TINY_LEAFLETS=1 in the
// environment shrinks blocks and chunks to a few entries so tests cross every boundary.

#include <cstddef>
#include <cstdint>

namespace cairn::index {

struct DictionaryOptions {
  // Entries per front-coded block: a lookup decodes on average half a block.
  uint32_t entriesPerBlock = 64;
  // A chunk blob is closed at the first block boundary past this many decoded bytes.
  uint32_t chunkBytes = 512 * 1024;
  // Namespace codes available to an IRI dictionary (code 0 = "no namespace").
  uint32_t maxNamespaces = 1 << 16;
  int zstdLevel = 3;
  // Reader: decoded chunks kept in memory per dictionary (bounded LRU).
  size_t cacheBytes = size_t{64} << 20;

  static DictionaryOptions defaults();  // tiny() when CAIRN_TINY_LEAFLETS=1
  static DictionaryOptions tiny();
};

}  // namespace cairn::index
