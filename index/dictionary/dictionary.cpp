#include "index/dictionary/dictionary.h"

#include <algorithm>
#include <functional>

#include "index/dictionary/byte_codec.h"
#include "index/dictionary/dictionary_format.h"
#include "index/dictionary/payload_codec.h"

namespace cairn::index {

namespace {

// find()'s answer cache: at most 1/64 of the chunk cache's budget and 1 MiB, and only terms
// short enough to be a query's constants.
constexpr size_t kMaxFoundCacheBytes = size_t{1} << 20;
constexpr size_t kMaxFoundTermBytes = 512;

using core::Status;
using storage::ContentId;

std::string blobName(std::string_view what, DictionaryKind kind, const ContentId& id) {
  return std::string(dictionaryKindName(kind)) + " dictionary " + std::string(what) + " blob " +
         id.shortHex();
}

Status malformed(const std::string& name, std::string_view why) {
  return Status::corruption(name + ": " + std::string(why));
}

// Checks the 4-byte magic and the u16 version.
bool readHeader(bytes::ByteReader& in, std::string_view magic) {
  std::string_view got;
  uint16_t version = 0;
  return in.readBytes(magic.size(), got) && got == magic && in.readFixed16(version) &&
         version == dictformat::kVersion;
}

bool readContentId(bytes::ByteReader& in, ContentId& id) {
  std::string_view raw;
  if (!in.readBytes(id.bytes.size(), raw)) return false;
  std::copy(raw.begin(), raw.end(), reinterpret_cast<char*>(id.bytes.data()));
  return true;
}

}  // namespace

Dictionary::Dictionary(const storage::BlobStore& store, DictionaryKind kind, uint64_t size,
                       size_t cacheBytes)
    : store_(store),
      kind_(kind),
      size_(size),
      cache_(cacheBytes),
      found_(std::min(cacheBytes / 64, kMaxFoundCacheBytes)) {}

core::Result<std::shared_ptr<Dictionary>> Dictionary::open(const storage::BlobStore& store,
                                                           DictionaryKind kind, DictionaryRoot root,
                                                           size_t cacheBytes) {
  std::shared_ptr<Dictionary> dictionary(new Dictionary(store, kind, root.size, cacheBytes));
  if (root.root.isNull()) {
    if (root.size != 0) {
      return Status::invalidArgument(std::string(dictionaryKindName(kind)) +
                                     " dictionary: null root with a non-zero size");
    }
    return dictionary;
  }
  CAIRN_RETURN_IF_ERROR(dictionary->parseRoot(root.root, root.size));
  dictionary->rootId_ = root.root;
  return dictionary;
}

Status Dictionary::parseRoot(const ContentId& id, uint64_t expectedSize) {
  const std::string name = blobName("root", kind_, id);
  CAIRN_ASSIGN_OR_RETURN(std::string blob, store_.get(id));
  bytes::ByteReader in(blob);
  if (!readHeader(in, dictformat::kRootMagic)) return malformed(name, "bad magic or version");
  uint8_t kind = 0;
  uint64_t size = 0;
  uint64_t segmentCount = 0;
  if (!in.readByte(kind) || !in.readVarint(size) || !in.readVarint(segmentCount)) {
    return malformed(name, "truncated header");
  }
  if (kind != static_cast<uint8_t>(kind_)) return malformed(name, "wrong dictionary kind");
  if (size != expectedSize) {
    return malformed(name, "holds " + std::to_string(size) + " terms, the index root says " +
                               std::to_string(expectedSize));
  }
  if (segmentCount == 0 || segmentCount > size) return malformed(name, "bad segment count");

  uint64_t nextId = 1;
  size_t chunkBase = 0;
  for (uint64_t s = 0; s < segmentCount; ++s) {
    uint8_t segmentKind = 0;
    Segment segment;
    if (!in.readByte(segmentKind) || !in.readVarint(segment.firstId) ||
        !in.readVarint(segment.entries) || !readContentId(in, segment.blob)) {
      return malformed(name, "truncated segment list");
    }
    if (segmentKind != static_cast<uint8_t>(dictformat::SegmentKind::kDense) &&
        segmentKind != static_cast<uint8_t>(dictformat::SegmentKind::kAppend)) {
      return malformed(name, "unsupported segment kind " + std::to_string(segmentKind));
    }
    segment.kind = static_cast<dictformat::SegmentKind>(segmentKind);
    if (segment.firstId != nextId || segment.entries == 0 || segment.entries > size - nextId + 1) {
      return malformed(name, "segments do not cover ids 1.." + std::to_string(size));
    }
    nextId += segment.entries;
    segment.chunkBase = chunkBase;
    CAIRN_RETURN_IF_ERROR(parseSegment(segment.blob, segment));
    chunkBase += segment.chunkIds.size() + segment.indexChunkIds.size();
    segments_.push_back(std::move(segment));
  }
  if (nextId != size + 1) return malformed(name, "segments do not cover all ids");
  if (!in.atEnd()) return malformed(name, "trailing bytes");
  return Status::ok();
}

Status Dictionary::parseSegment(const ContentId& id, Segment& segment) {
  const std::string name = blobName("segment", kind_, id);
  CAIRN_ASSIGN_OR_RETURN(std::string blob, store_.get(id));
  bytes::ByteReader in(blob);
  if (!readHeader(in, dictformat::kSegmentMagic)) return malformed(name, "bad magic or version");
  uint8_t kind = 0;
  uint8_t segmentKind = 0;
  uint64_t firstId = 0;
  uint64_t entries = 0;
  uint64_t entriesPerBlock = 0;
  uint64_t namespaceCount = 0;
  if (!in.readByte(kind) || !in.readByte(segmentKind) || !in.readVarint(firstId) ||
      !in.readVarint(entries) || !in.readVarint(entriesPerBlock) ||
      !in.readVarint(namespaceCount)) {
    return malformed(name, "truncated header");
  }
  if (kind != static_cast<uint8_t>(kind_)) return malformed(name, "wrong dictionary kind");
  if (segmentKind != static_cast<uint8_t>(segment.kind) || firstId != segment.firstId ||
      entries != segment.entries) {
    return malformed(name, "does not match its entry in the root");
  }
  if (entriesPerBlock == 0 || entriesPerBlock > dictformat::kMaxEntriesPerBlock) {
    return malformed(name, "bad block size");
  }
  segment.entriesPerBlock = static_cast<uint32_t>(entriesPerBlock);
  if (namespaceCount > dictformat::kMaxNamespaceCount ||
      (kind_ == DictionaryKind::kString && namespaceCount != 0)) {
    return malformed(name, "bad namespace count");
  }
  for (uint64_t i = 0; i < namespaceCount; ++i) {
    std::string_view ns;
    if (!in.readLengthPrefixed(ns)) return malformed(name, "truncated namespace table");
    segment.namespaces.emplace_back(ns);
  }
  if (segment.sorted()) {
    CAIRN_RETURN_IF_ERROR(parseIdChunks(name, in, segment, /*withFirstTerms=*/true));
  } else {
    CAIRN_RETURN_IF_ERROR(parseAppendDirectory(name, in, segment));
  }
  if (!in.atEnd()) return malformed(name, "trailing bytes");
  return Status::ok();
}

Status Dictionary::parseIdChunks(const std::string& name, bytes::ByteReader& in, Segment& segment,
                                 bool withFirstTerms) {
  const uint64_t firstId = segment.firstId;
  const uint64_t entries = segment.entries;
  uint64_t chunkCount = 0;
  if (!in.readVarint(chunkCount) || chunkCount == 0 || chunkCount > entries) {
    return malformed(name, "bad chunk count");
  }
  uint64_t nextId = firstId;
  for (uint64_t c = 0; c < chunkCount; ++c) {
    ContentId chunkId;
    uint64_t chunkFirstId = 0;
    uint64_t chunkEntries = 0;
    std::string_view firstTerm;
    if (!readContentId(in, chunkId) || !in.readVarint(chunkFirstId) ||
        !in.readVarint(chunkEntries) || (withFirstTerms && !in.readLengthPrefixed(firstTerm))) {
      return malformed(name, "truncated chunk directory");
    }
    const bool last = c + 1 == chunkCount;
    // Chunks hold whole blocks, so block k of a chunk starts at entry k * entriesPerBlock.
    if (chunkFirstId != nextId || chunkEntries == 0 ||
        chunkEntries > entries - (nextId - firstId) ||
        (!last && chunkEntries % segment.entriesPerBlock != 0)) {
      return malformed(name, "chunk directory does not tile the segment's ids");
    }
    if (withFirstTerms && !segment.chunkFirstTerms.empty() &&
        !(segment.chunkFirstTerms.back() < firstTerm)) {
      return malformed(name, "chunk first terms are not increasing");
    }
    nextId += chunkEntries;
    segment.chunkIds.push_back(chunkId);
    segment.chunkFirstIds.push_back(chunkFirstId);
    segment.chunkEntries.push_back(chunkEntries);
    if (withFirstTerms) segment.chunkFirstTerms.emplace_back(firstTerm);
  }
  if (nextId != firstId + entries) return malformed(name, "chunks do not cover the segment");
  return Status::ok();
}

Status Dictionary::parseAppendDirectory(const std::string& name, bytes::ByteReader& in,
                                        Segment& segment) {
  // The terms in id order, as in a dense segment but without first terms (they are not
  // sorted); then the sorted index.
  CAIRN_RETURN_IF_ERROR(parseIdChunks(name, in, segment, /*withFirstTerms=*/false));
  const uint64_t entries = segment.entries;

  uint8_t idWidth = 0;
  if (!in.readByte(idWidth) || idWidth == 0 || idWidth > dictformat::kMaxIdWidth ||
      dictformat::bytesFor(entries - 1) > idWidth) {
    return malformed(name, "bad id width");
  }
  segment.idWidth = idWidth;
  uint64_t indexChunkCount = 0;
  if (!in.readVarint(indexChunkCount) || indexChunkCount == 0 || indexChunkCount > entries) {
    return malformed(name, "bad index chunk count");
  }
  uint64_t indexed = 0;
  for (uint64_t c = 0; c < indexChunkCount; ++c) {
    ContentId chunkId;
    uint64_t chunkEntries = 0;
    std::string_view firstTerm;
    if (!readContentId(in, chunkId) || !in.readVarint(chunkEntries) ||
        !in.readLengthPrefixed(firstTerm)) {
      return malformed(name, "truncated index directory");
    }
    const bool last = c + 1 == indexChunkCount;
    if (chunkEntries == 0 || chunkEntries > entries - indexed ||
        (!last && chunkEntries % segment.entriesPerBlock != 0)) {
      return malformed(name, "index chunks do not hold the segment's entries");
    }
    if (!segment.indexChunkFirstTerms.empty() &&
        !(segment.indexChunkFirstTerms.back() < firstTerm)) {
      return malformed(name, "index chunk first terms are not increasing");
    }
    indexed += chunkEntries;
    segment.indexChunkIds.push_back(chunkId);
    segment.indexChunkEntries.push_back(chunkEntries);
    segment.indexChunkFirstTerms.emplace_back(firstTerm);
  }
  if (indexed != entries) return malformed(name, "index chunks do not hold the segment's entries");
  return Status::ok();
}

size_t Dictionary::chunkCount() const {
  size_t n = 0;
  for (const Segment& segment : segments_) {
    n += segment.chunkIds.size() + segment.indexChunkIds.size();
  }
  return n;
}

std::vector<Dictionary::SegmentRef> Dictionary::segmentRefs() const {
  std::vector<SegmentRef> refs;
  refs.reserve(segments_.size());
  for (const Segment& segment : segments_) {
    refs.push_back({segment.kind, segment.firstId, segment.entries, segment.blob});
  }
  return refs;
}

std::vector<ContentId> Dictionary::blobIds() const {
  std::vector<ContentId> ids;
  if (rootId_.isNull()) return ids;
  ids.push_back(rootId_);
  for (const Segment& segment : segments_) {
    ids.push_back(segment.blob);
    ids.insert(ids.end(), segment.chunkIds.begin(), segment.chunkIds.end());
    ids.insert(ids.end(), segment.indexChunkIds.begin(), segment.indexChunkIds.end());
  }
  return ids;
}

const NamespaceTable* Dictionary::namespacesOf(const Segment& segment) const {
  return kind_ == DictionaryKind::kIri ? &segment.namespaces : nullptr;
}

std::string_view Dictionary::DecodedChunk::block(uint32_t b) const {
  const uint32_t begin = bytes::loadFixed32(body.data() + offsetsAt + 4 * size_t{b});
  const size_t end = b + 1 < blockCount
                         ? bytes::loadFixed32(body.data() + offsetsAt + 4 * (size_t{b} + 1))
                         : body.size() - blocksAt;
  return std::string_view(body).substr(blocksAt + begin, end - begin);
}

uint64_t Dictionary::DecodedChunk::idOffset(uint64_t position) const {
  const char* p = body.data() + idsAt + position;
  uint64_t v = 0;
  for (uint32_t i = 0; i < idWidth; ++i) {
    v |= uint64_t{static_cast<uint8_t>(p[i * idCount])} << (8 * i);
  }
  return v;
}

std::string Dictionary::chunkName(const Segment& segment, size_t chunk, ChunkList list) const {
  return list == ChunkList::kTerms ? blobName("chunk", kind_, segment.chunkIds[chunk])
                                   : blobName("index chunk", kind_, segment.indexChunkIds[chunk]);
}

core::Result<std::shared_ptr<Dictionary::DecodedChunk>> Dictionary::decodeChunk(
    const Segment& segment, size_t chunk, ChunkList list) const {
  const bool index = list == ChunkList::kIndex;
  const ContentId& id = index ? segment.indexChunkIds[chunk] : segment.chunkIds[chunk];
  const uint64_t expectedEntries =
      index ? segment.indexChunkEntries[chunk] : segment.chunkEntries[chunk];
  // Blocks are sorted in dense chunks and index chunks; append segments' term chunks hold their
  // blocks in id order, which find() never searches.
  const std::string* firstTerm = index              ? &segment.indexChunkFirstTerms[chunk]
                                 : segment.sorted() ? &segment.chunkFirstTerms[chunk]
                                                    : nullptr;
  const std::string name = chunkName(segment, chunk, list);
  CAIRN_ASSIGN_OR_RETURN(std::string blob, store_.get(id));
  bytes::ByteReader header(blob);
  if (!readHeader(header, index ? dictformat::kIndexChunkMagic : dictformat::kChunkMagic)) {
    return malformed(name, "bad magic or version");
  }
  auto decoded = std::make_shared<DecodedChunk>();
  CAIRN_ASSIGN_OR_RETURN(decoded->body, readPayload(header.rest(), name));

  bytes::ByteReader in(decoded->body);
  uint64_t entries = 0;
  uint64_t blockCount = 0;
  if (!in.readVarint(entries) || !in.readVarint(blockCount)) {
    return malformed(name, "truncated chunk header");
  }
  const uint64_t perBlock = segment.entriesPerBlock;
  if (entries != expectedEntries || blockCount != (entries + perBlock - 1) / perBlock) {
    return malformed(name, "entry or block count does not match the directory");
  }
  decoded->offsetsAt = decoded->body.size() - in.remaining();
  if (blockCount > in.remaining() / 4 || !in.skip(4 * blockCount)) {
    return malformed(name, "truncated block offsets");
  }
  decoded->idsAt = decoded->body.size() - in.remaining();
  if (index) {
    decoded->idWidth = segment.idWidth;
    decoded->idCount = entries;
    if (entries > in.remaining() / segment.idWidth || !in.skip(entries * segment.idWidth)) {
      return malformed(name, "truncated id offsets");
    }
    for (uint64_t k = 0; k < entries; ++k) {
      if (decoded->idOffset(k) >= segment.entries) return malformed(name, "id out of range");
    }
  }
  decoded->blocksAt = decoded->body.size() - in.remaining();
  decoded->blockCount = static_cast<uint32_t>(blockCount);
  // Offsets must start at 0 and strictly increase inside the block area: every block is then a
  // non-empty in-bounds slice, whatever its contents.
  const size_t areaSize = in.remaining();
  uint32_t previous = 0;
  for (uint32_t b = 0; b < blockCount; ++b) {
    const uint32_t offset = bytes::loadFixed32(decoded->body.data() + decoded->offsetsAt + 4 * b);
    if ((b == 0 && offset != 0) || (b > 0 && offset <= previous) || offset >= areaSize) {
      return malformed(name, "bad block offsets");
    }
    previous = offset;
  }
  if (firstTerm == nullptr) return decoded;

  const NamespaceTable* namespaces = namespacesOf(segment);
  decoded->headEnds.reserve(blockCount);
  for (uint32_t b = 0; b < blockCount; ++b) {
    std::string_view ns;
    std::string_view local;
    if (!readBlockHead(decoded->block(b), namespaces, ns, local)) {
      return malformed(name, "malformed block head");
    }
    decoded->heads.append(ns).append(local);
    if (decoded->heads.size() > UINT32_MAX) return malformed(name, "block heads too large");
    decoded->headEnds.push_back(static_cast<uint32_t>(decoded->heads.size()));
  }
  // Heads must increase from the directory's first term, or find() would search garbage.
  if (decoded->head(0) != *firstTerm)
    return malformed(name, "first term differs from the directory");
  for (uint32_t b = 1; b < blockCount; ++b) {
    if (!(decoded->head(b - 1) < decoded->head(b))) return malformed(name, "blocks out of order");
  }
  return decoded;
}

core::Result<std::shared_ptr<const Dictionary::DecodedChunk>> Dictionary::loadChunk(
    const Segment& segment, size_t chunk, ChunkList list) const {
  const uint64_t key =
      segment.chunkBase + (list == ChunkList::kIndex ? segment.chunkIds.size() : 0) + chunk;
  if (auto cached = cache_.get(key)) return cached;
  CAIRN_ASSIGN_OR_RETURN(std::shared_ptr<DecodedChunk> decoded, decodeChunk(segment, chunk, list));
  const size_t charge = sizeof(DecodedChunk) + decoded->body.capacity() +
                        decoded->heads.capacity() + 4 * decoded->headEnds.capacity();
  std::shared_ptr<const DecodedChunk> result = std::move(decoded);
  cache_.put(key, result, charge);
  return result;
}

Status Dictionary::locate(uint64_t id, const Segment*& segment, size_t& chunk) const {
  if (id == 0 || id > size_) {
    return Status::notFound(std::string(dictionaryKindName(kind_)) + " dictionary: id " +
                            std::to_string(id) + " is not in 1.." + std::to_string(size_));
  }
  auto segmentIt = std::upper_bound(segments_.begin(), segments_.end(), id,
                                    [](uint64_t v, const Segment& s) { return v < s.firstId; });
  segment = &*(segmentIt - 1);
  chunk = static_cast<size_t>(
      std::upper_bound(segment->chunkFirstIds.begin(), segment->chunkFirstIds.end(), id) -
      segment->chunkFirstIds.begin() - 1);
  return Status::ok();
}

Status Dictionary::malformedChunk(const Segment& segment, size_t chunk, std::string_view why,
                                  ChunkList list) const {
  return malformed(chunkName(segment, chunk, list), why);
}

Status Dictionary::lookupInto(uint64_t id, std::string& out) const {
  const Segment* segment = nullptr;
  size_t chunk = 0;
  CAIRN_RETURN_IF_ERROR(locate(id, segment, chunk));
  CAIRN_ASSIGN_OR_RETURN(std::shared_ptr<const DecodedChunk> decoded, loadChunk(*segment, chunk));

  const uint64_t offset = id - segment->chunkFirstIds[chunk];
  const auto block = static_cast<uint32_t>(offset / segment->entriesPerBlock);
  const auto entry = static_cast<uint32_t>(offset % segment->entriesPerBlock);
  const char* error = nullptr;
  if (!decodeBlockEntry(decoded->block(block), namespacesOf(*segment), entry, out, &error)) {
    return malformedChunk(*segment, chunk, error);
  }
  return Status::ok();
}

core::Result<std::string> Dictionary::lookup(uint64_t id) const {
  std::string term;
  CAIRN_RETURN_IF_ERROR(lookupInto(id, term));
  return term;
}

core::Result<std::optional<uint64_t>> Dictionary::find(std::string_view term, Misses misses) const {
  const uint64_t hash = std::hash<std::string_view>{}(term);
  if (auto found = found_.get(hash); found != nullptr && found->term == term) return found->id;
  std::optional<uint64_t> id;
  for (const Segment& segment : segments_) {
    CAIRN_ASSIGN_OR_RETURN(id, findInSegment(segment, term));
    if (id) break;
  }
  if (term.size() <= kMaxFoundTermBytes && (id || misses == Misses::kRemember)) {
    found_.put(hash, std::make_shared<const FoundTerm>(FoundTerm{std::string(term), id}),
               term.size() + sizeof(FoundTerm) + 64);
  }
  return id;
}

core::Result<std::optional<uint64_t>> Dictionary::findInSegment(const Segment& segment,
                                                                std::string_view term) const {
  // Dense segments are searched in their term chunks, append segments in their sorted index.
  const bool dense = segment.sorted();
  const ChunkList list = dense ? ChunkList::kTerms : ChunkList::kIndex;
  const auto& firstTerms = dense ? segment.chunkFirstTerms : segment.indexChunkFirstTerms;
  const auto& chunkEntries = dense ? segment.chunkEntries : segment.indexChunkEntries;
  auto chunkIt = std::upper_bound(firstTerms.begin(), firstTerms.end(), term,
                                  [](std::string_view t, const std::string& s) { return t < s; });
  if (chunkIt == firstTerms.begin()) return std::optional<uint64_t>();
  const auto chunk = static_cast<size_t>(chunkIt - firstTerms.begin() - 1);
  CAIRN_ASSIGN_OR_RETURN(std::shared_ptr<const DecodedChunk> decoded,
                         loadChunk(segment, chunk, list));
  const NamespaceTable* namespaces = namespacesOf(segment);

  // The last block whose first term is <= term. Block 0 starts with the chunk's first term,
  // which the directory already placed at or below `term`.
  uint32_t lo = 0;
  uint32_t hi = decoded->blockCount - 1;
  while (lo < hi) {
    const uint32_t mid = lo + (hi - lo + 1) / 2;
    if (decoded->head(mid) <= term) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }

  const BlockSearch search = searchBlock(decoded->block(lo), namespaces, term);
  switch (search.outcome) {
    case BlockSearch::Outcome::kFound: {
      const uint64_t position = uint64_t{lo} * segment.entriesPerBlock + search.index;
      if (search.index >= segment.entriesPerBlock || position >= chunkEntries[chunk]) {
        return malformedChunk(segment, chunk, "block too long", list);
      }
      if (dense) return std::optional<uint64_t>(segment.chunkFirstIds[chunk] + position);
      return std::optional<uint64_t>(segment.firstId + decoded->idOffset(position));
    }
    case BlockSearch::Outcome::kAbsent:
      return std::optional<uint64_t>();
    case BlockSearch::Outcome::kMalformed:
      break;
  }
  return malformedChunk(segment, chunk, search.error, list);
}

}  // namespace cairn::index
