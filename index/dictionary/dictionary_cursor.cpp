#include "index/dictionary/dictionary_cursor.h"

namespace cairn::index {

core::Status DictionaryCursor::enterChunk(uint64_t id) {
  const Dictionary::Segment* segment = nullptr;
  size_t chunk = 0;
  CAIRN_RETURN_IF_ERROR(dictionary_->locate(id, segment, chunk));
  CAIRN_ASSIGN_OR_RETURN(decoded_, dictionary_->loadChunk(*segment, chunk));
  segment_ = segment;
  chunk_ = chunk;
  chunkFirstId_ = segment->chunkFirstIds[chunk];
  chunkEndId_ = chunkFirstId_ + segment->chunkEntries[chunk];
  block_ = kNoBlock;
  blockCursor_.reset();
  return core::Status::ok();
}

core::Status DictionaryCursor::fail(const char* why) {
  core::Status status = dictionary_->malformedChunk(*segment_, chunk_, why);
  decoded_.reset();
  chunkFirstId_ = chunkEndId_ = 0;
  block_ = kNoBlock;
  blockCursor_.reset();
  return status;
}

core::Status DictionaryCursor::lookupInto(uint64_t id, std::string& out) {
  if (id < chunkFirstId_ || id >= chunkEndId_) CAIRN_RETURN_IF_ERROR(enterChunk(id));
  const uint64_t offset = id - chunkFirstId_;
  const auto block = static_cast<uint32_t>(offset / segment_->entriesPerBlock);
  const auto entry = static_cast<uint32_t>(offset % segment_->entriesPerBlock);
  if (block != block_ || entry + 1 < nextEntry_) {
    // Another block, or backwards in this one: start over from the block head.
    blockCursor_.emplace(decoded_->block(block), dictionary_->namespacesOf(*segment_), term_);
    block_ = block;
    nextEntry_ = 0;
    if (!blockCursor_->seek(entry)) return fail(blockCursor_->error());
    nextEntry_ = entry + 1;
  }
  while (nextEntry_ <= entry) {
    if (blockCursor_->atEnd()) return fail("block too short");
    if (!blockCursor_->next()) return fail(blockCursor_->error());
    ++nextEntry_;
  }
  out.assign(term_);
  return core::Status::ok();
}

}  // namespace cairn::index
