#pragma once
// DictionaryBuilder writes the base segment of a persistent dictionary from terms that arrive in
// strictly increasing byte order (the bulk importer sorts them): the k-th term added gets id k.
// Terms are front-coded into blocks, blocks are grouped into chunk blobs (zstd or raw) that are
// written as soon as they fill, so memory stays at one chunk plus the chunk directory. finish()
// writes the segment directory and the root blob. Format: docs/formats/dictionary.md.
//
// Thread-safety: none; one thread feeds a builder. The store must outlive the builder.

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/status.h"
#include "index/dictionary/dictionary_block.h"
#include "index/dictionary/dictionary_options.h"
#include "index/dictionary/dictionary_root.h"
#include "storage/blob_store.h"

namespace cairn::index {

class DictionaryBuilder {
 public:
  DictionaryBuilder(storage::BlobStore& store, DictionaryKind kind,
                    DictionaryOptions options = DictionaryOptions::defaults());

  DictionaryBuilder(const DictionaryBuilder&) = delete;
  DictionaryBuilder& operator=(const DictionaryBuilder&) = delete;

  // Adds the next term; it gets id size() after the call. InvalidArgument if the term is not
  // strictly greater than the previous one (byte order) or after finish(); a store failure is
  // returned here and by every later call.
  core::Status add(std::string_view term);

  // Writes the remaining chunk, the segment and the root. With no terms nothing is written and
  // the root is null. May be called once.
  core::Result<DictionaryRoot> finish();

  uint64_t size() const { return count_; }
  // Bytes of all blobs written so far (what the dictionary costs in the store).
  uint64_t bytesWritten() const { return bytesWritten_; }
  uint64_t chunksWritten() const { return chunks_.size(); }
  uint64_t chunksCompressed() const { return chunksCompressed_; }
  uint64_t namespaceCount() const { return namespaces_.size(); }

 private:
  struct ChunkRef {
    storage::ContentId id;
    uint64_t firstId = 0;
    uint64_t entries = 0;
    std::string firstTerm;
  };
  struct StringHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };

  uint32_t namespaceCodeFor(std::string_view ns);
  core::Status flushChunk();
  core::Result<storage::ContentId> putBlob(const std::string& blob);

  storage::BlobStore& store_;
  DictionaryKind kind_;
  DictionaryOptions options_;

  NamespaceTable namespaces_;  // code c is namespaces_[c - 1]
  std::unordered_map<std::string, uint32_t, StringHash, std::equal_to<>> namespaceCodes_;

  std::string previousTerm_;
  std::string previousLocal_;
  uint64_t count_ = 0;

  // The chunk being filled.
  std::string blocks_;
  std::vector<uint32_t> blockOffsets_;
  uint64_t chunkEntries_ = 0;
  uint64_t chunkFirstId_ = 1;
  std::string chunkFirstTerm_;
  uint32_t entriesInBlock_ = 0;

  std::vector<ChunkRef> chunks_;
  uint64_t bytesWritten_ = 0;
  uint64_t chunksCompressed_ = 0;
  bool finished_ = false;
  core::Status failure_;  // sticky store failure
};

}  // namespace cairn::index
