#pragma once
// DictionaryCursor: a lookup position in one Dictionary, for decoding a stream of ids (a result
// column) rather than one id. It keeps the chunk it last used (no cache lock or hash probe while
// ids stay in it) and the block and entry it last decoded, so an id at or after that entry in the
// same block continues the front-coded decode where it stopped instead of re-parsing the block
// from its head. Ids that come sorted or clustered (the subjects of a PSOT scan, the members of
// a class) then cost one entry each; any other id costs what Dictionary::lookupInto costs.
//
// Not thread-safe: one cursor per consumer. The dictionary must outlive the cursor. The held
// chunk stays alive (even if the dictionary's cache evicts it) until the cursor moves on.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/status.h"
#include "index/dictionary/dictionary.h"

namespace cairn::index {

class DictionaryCursor {
 public:
  explicit DictionaryCursor(const Dictionary& dictionary) : dictionary_(&dictionary) {}
  // The block cursor refers to term_, so a cursor is neither copied nor moved.
  DictionaryCursor(const DictionaryCursor&) = delete;
  DictionaryCursor& operator=(const DictionaryCursor&) = delete;

  // The term with id `id` into `out` (content replaced, capacity reused); NotFound if id is not
  // in 1..size(), Corruption on malformed chunk bytes (after which the cursor starts afresh).
  core::Status lookupInto(uint64_t id, std::string& out);

 private:
  core::Status enterChunk(uint64_t id);
  core::Status fail(const char* why);

  const Dictionary* dictionary_;
  const Dictionary::Segment* segment_ = nullptr;
  size_t chunk_ = 0;
  std::shared_ptr<const Dictionary::DecodedChunk> decoded_;
  uint64_t chunkFirstId_ = 0;  // ids [chunkFirstId_, chunkEndId_) are in decoded_
  uint64_t chunkEndId_ = 0;
  static constexpr uint32_t kNoBlock = UINT32_MAX;
  uint32_t block_ = kNoBlock;  // the block blockCursor_ walks
  uint32_t nextEntry_ = 0;     // entries of block_ decoded so far; term_ holds the last one
  std::string term_;
  std::optional<BlockCursor> blockCursor_;
};

}  // namespace cairn::index
