#pragma once
// Dictionary: the read side of a persistent term dictionary (IRIs or literal strings), mapping
// ids to terms and terms to ids. The root blob lists segments: the dense base (terms sorted, so
// ids follow byte order) and append segments (terms in id order plus a sorted (term, id) index).
// A segment's directory (chunk ids, first id and first term of each chunk, the IRI namespace
// table) is loaded at open() and kept in memory; chunk blobs are fetched on demand and kept
// decoded in a bounded LRU cache. A warm lookup is a binary search over the chunk directory plus
// the decode of one front-coded block; find() does the same in each segment (a term is in at
// most one). Format: docs/formats/dictionary.md.
//
// Errors: a missing blob is NotFound, malformed bytes are Corruption naming the blob; an id
// outside 1..size() is NotFound. Thread-safety: every method may be called concurrently. The
// store must outlive the dictionary.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "index/dictionary/dictionary_block.h"
#include "index/dictionary/dictionary_format.h"
#include "index/dictionary/dictionary_options.h"
#include "index/dictionary/dictionary_root.h"
#include "index/dictionary/lru_cache.h"
#include "storage/blob_store.h"

namespace cairn::index {

namespace bytes {
class ByteReader;
}

class Dictionary {
 public:
  static core::Result<std::shared_ptr<Dictionary>> open(
      const storage::BlobStore& store, DictionaryKind kind, DictionaryRoot root,
      size_t cacheBytes = DictionaryOptions::defaults().cacheBytes);

  // Whether find() keeps a miss in its answer cache. A query asking again for an absent term is
  // answered at once; a writer's new terms go to the term overlay, which Ledger asks first from
  // then on, so caching them only churns the cache (10K entries per 10K-triple update).
  enum class Misses { kRemember, kForget };
  // The id of `term`, or nullopt if it is not in the dictionary.
  core::Result<std::optional<uint64_t>> find(std::string_view term,
                                             Misses misses = Misses::kRemember) const;
  // The term with id `id`; NotFound if id is not in 1..size().
  core::Result<std::string> lookup(uint64_t id) const;
  // Same, into `out` (its content replaced, its capacity reused: no allocation once warm).
  core::Status lookupInto(uint64_t id, std::string& out) const;

  uint64_t size() const { return size_; }
  DictionaryKind kind() const { return kind_; }
  // Chunk blobs of all segments (term chunks and sorted-index chunks).
  size_t chunkCount() const;
  size_t cachedChunkCount() const { return cache_.entryCount(); }
  size_t cachedAnswerCount() const { return found_.entryCount(); }  // find()'s answer cache

  // One entry of the root's segment list.
  struct SegmentRef {
    dictformat::SegmentKind kind = dictformat::SegmentKind::kDense;
    uint64_t firstId = 0;
    uint64_t entries = 0;
    storage::ContentId blob;

    bool operator==(const SegmentRef&) const = default;
  };
  // The segments the root lists, in id order: what a root appending to this dictionary reuses.
  std::vector<SegmentRef> segmentRefs() const;
  // Every blob this dictionary consists of: the root, each segment and each of their chunks
  // (term and index chunks); empty for the empty dictionary. What garbage collection keeps.
  // Chunks are listed from the segment directories, not fetched.
  std::vector<storage::ContentId> blobIds() const;

 private:
  friend class DictionaryCursor;  // keeps a chunk and block position between lookups

  // A segment's two chunk lists: its terms in id order (both kinds; dense ones are also sorted)
  // and, for append segments, the sorted index of (term, id).
  enum class ChunkList : uint8_t { kTerms, kIndex };

  struct Segment {
    dictformat::SegmentKind kind = dictformat::SegmentKind::kDense;
    storage::ContentId blob;
    uint64_t firstId = 0;
    uint64_t entries = 0;
    uint32_t entriesPerBlock = 0;
    NamespaceTable namespaces;
    size_t chunkBase = 0;  // cache key of this segment's term chunk 0; index chunks follow
    std::vector<storage::ContentId> chunkIds;
    std::vector<uint64_t> chunkFirstIds;
    std::vector<uint64_t> chunkEntries;
    std::vector<std::string> chunkFirstTerms;  // dense only: what find() searches
    // Append only: the sorted index. Entry k of it is a term and its id's offset from firstId,
    // stored in idWidth bytes.
    uint32_t idWidth = 0;
    std::vector<storage::ContentId> indexChunkIds;
    std::vector<uint64_t> indexChunkEntries;
    std::vector<std::string> indexChunkFirstTerms;

    bool sorted() const { return kind == dictformat::SegmentKind::kDense; }
  };
  // A chunk's decoded body (varint entry count, varint block count, u32 block offsets, for index
  // chunks the id offsets, then the blocks) plus, for sorted blocks, the first term of every
  // block, gathered into one buffer: find() binary-searches those heads, and a compact array
  // keeps that search in cache instead of touching a line per block.
  struct DecodedChunk {
    std::string body;
    size_t offsetsAt = 0;
    // Index chunks: the id offsets, idWidth byte planes of idCount bytes (plane i holds byte i,
    // least significant first, of every entry's offset).
    size_t idsAt = 0;
    uint32_t idWidth = 0;
    uint64_t idCount = 0;
    size_t blocksAt = 0;
    uint32_t blockCount = 0;
    std::string heads;               // block heads, concatenated (empty for unsorted blocks)
    std::vector<uint32_t> headEnds;  // head b is heads[headEnds[b - 1], headEnds[b])
    std::string_view block(uint32_t b) const;
    std::string_view head(uint32_t b) const {
      const uint32_t begin = b == 0 ? 0 : headEnds[b - 1];
      return std::string_view(heads).substr(begin, headEnds[b] - begin);
    }
    // Index chunks: the id offset of entry `position` (in bounds, checked at load).
    uint64_t idOffset(uint64_t position) const;
  };

  Dictionary(const storage::BlobStore& store, DictionaryKind kind, uint64_t size,
             size_t cacheBytes);

  core::Status parseRoot(const storage::ContentId& id, uint64_t expectedSize);
  core::Status parseSegment(const storage::ContentId& id, Segment& segment);
  // The chunk list of a segment's terms in id order (the whole dense directory); first terms
  // only where the terms are sorted (dense).
  core::Status parseIdChunks(const std::string& name, bytes::ByteReader& in, Segment& segment,
                             bool withFirstTerms);
  core::Status parseAppendDirectory(const std::string& name, bytes::ByteReader& in,
                                    Segment& segment);
  const NamespaceTable* namespacesOf(const Segment& segment) const;
  // The segment and term chunk holding `id`; NotFound if id is not in 1..size().
  core::Status locate(uint64_t id, const Segment*& segment, size_t& chunk) const;
  std::string chunkName(const Segment& segment, size_t chunk, ChunkList list) const;
  core::Status malformedChunk(const Segment& segment, size_t chunk, std::string_view why,
                              ChunkList list = ChunkList::kTerms) const;
  core::Result<std::shared_ptr<const DecodedChunk>> loadChunk(
      const Segment& segment, size_t chunk, ChunkList list = ChunkList::kTerms) const;
  core::Result<std::shared_ptr<DecodedChunk>> decodeChunk(const Segment& segment, size_t chunk,
                                                          ChunkList list) const;
  core::Result<std::optional<uint64_t>> findInSegment(const Segment& segment,
                                                      std::string_view term) const;

  const storage::BlobStore& store_;
  DictionaryKind kind_;
  uint64_t size_;
  storage::ContentId rootId_;      // null: the empty dictionary
  std::vector<Segment> segments_;  // ordered by firstId, covering 1..size_ without gaps
  mutable LruCache<DecodedChunk> cache_;
  // What find() answered, keyed by the term's hash (the term is kept to rule out collisions):
  // a query's constants (its predicates above all) recur across queries, and each search
  // decodes a run of front-coded terms. The dictionary is immutable, so answers never go stale.
  struct FoundTerm {
    std::string term;
    std::optional<uint64_t> id;
  };
  mutable LruCache<FoundTerm> found_;
};

}  // namespace cairn::index
