#include "index/dictionary/dictionary_append.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <numeric>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/cancel_flag.h"
#include "core/check.h"
#include "index/dictionary/byte_codec.h"
#include "index/dictionary/dictionary.h"
#include "index/dictionary/dictionary_block.h"
#include "index/dictionary/dictionary_cursor.h"
#include "index/dictionary/dictionary_format.h"
#include "index/dictionary/payload_codec.h"
#include "index/novelty/size_tiers.h"

namespace cairn::index {

namespace {

using core::Status;
using storage::ContentId;

// No merge of append segments makes one larger than this many terms: merging holds every term of
// the merged segments in memory at once (~64 MiB of text at 50 bytes a term).
constexpr uint64_t kMaxMergedAppendTerms = uint64_t{1} << 20;

void putContentId(std::string& out, const ContentId& id) {
  out.append(reinterpret_cast<const char*>(id.bytes.data()), id.bytes.size());
}

std::string termLabel(DictionaryKind kind, size_t index) {
  return "new " + std::string(dictionaryKindName(kind)) + " term #" + std::to_string(index);
}

// The segment's namespace table: codes in order of first appearance (in id order), up to the cap,
// as the dense builder hands them out.
class NamespaceCoder {
 public:
  NamespaceCoder(bool enabled, uint32_t cap) : enabled_(enabled), cap_(cap) {}

  // Splits `term` into its namespace code (0: none) and local name.
  uint32_t split(std::string_view term, std::string_view& local) {
    local = term;
    if (!enabled_) return 0;
    const size_t nsLength = dictformat::namespaceLength(term);
    if (nsLength == 0) return 0;
    const uint32_t code = codeFor(term.substr(0, nsLength));
    if (code != 0) local = term.substr(nsLength);
    return code;
  }
  bool enabled() const { return enabled_; }
  const NamespaceTable& table() const { return table_; }

 private:
  struct StringHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };

  uint32_t codeFor(std::string_view ns) {
    if (auto it = codes_.find(ns); it != codes_.end()) return it->second;
    if (table_.size() >= cap_) return 0;
    table_.emplace_back(ns);
    const auto code = static_cast<uint32_t>(table_.size());
    codes_.emplace(std::string(ns), code);
    return code;
  }

  bool enabled_;
  uint32_t cap_;
  NamespaceTable table_;
  std::unordered_map<std::string, uint32_t, StringHash, std::equal_to<>> codes_;
};

struct WrittenChunk {
  ContentId id;
  uint64_t entries = 0;
  std::string firstTerm;
};

// Fills front-coded blocks and writes a chunk blob at the first block boundary past the chunk
// size, so memory stays at one chunk. With an id width, each entry also carries its id's offset
// from the segment's first id (the sorted index); the body is then entry count, block count,
// block offsets, id offsets (byte-planar), blocks.
class ChunkWriter {
 public:
  ChunkWriter(storage::BlobStore& store, std::string_view magic, const DictionaryOptions& options,
              bool withNamespace, uint32_t idWidth)
      : store_(store),
        magic_(magic),
        options_(options),
        withNamespace_(withNamespace),
        idWidth_(idWidth) {}

  Status add(std::string_view term, uint32_t code, std::string_view local, uint64_t idOffset) {
    const bool blockFull = entriesInBlock_ == options_.entriesPerBlock;
    if (chunkEntries_ > 0 && blockFull &&
        blocks_.size() + idWidth_ * ids_.size() >= options_.chunkBytes) {
      CAIRN_RETURN_IF_ERROR(flush());
    }
    // Block offsets are 32-bit; a chunk is closed long before, unless terms are huge.
    if (blocks_.size() + term.size() + 3 * bytes::kMaxVarintBytes >
        std::numeric_limits<uint32_t>::max()) {
      return Status::invalidArgument("appendToDictionary: chunk would exceed 4 GiB");
    }
    if (chunkEntries_ == 0) firstTerm_.assign(term);
    if (chunkEntries_ == 0 || blockFull) {
      blockOffsets_.push_back(static_cast<uint32_t>(blocks_.size()));
      entriesInBlock_ = 0;
    }
    const size_t shared =
        entriesInBlock_ == 0 ? 0 : bytes::commonPrefixLength(previousLocal_, local);
    appendBlockEntry(blocks_, withNamespace_, code, shared, local.substr(shared));
    if (idWidth_ > 0) ids_.push_back(idOffset);
    previousLocal_.assign(local);
    ++entriesInBlock_;
    ++chunkEntries_;
    return Status::ok();
  }

  Status finish() { return chunkEntries_ > 0 ? flush() : Status::ok(); }

  const std::vector<WrittenChunk>& chunks() const { return chunks_; }

 private:
  Status flush() {
    std::string body;
    body.reserve(2 * bytes::kMaxVarintBytes + 4 * blockOffsets_.size() + idWidth_ * ids_.size() +
                 blocks_.size());
    bytes::putVarint(body, chunkEntries_);
    bytes::putVarint(body, blockOffsets_.size());
    for (uint32_t offset : blockOffsets_) bytes::putFixed32(body, offset);
    // Byte planes (all low bytes, then the next ones): runs of ids that count up, as arrival
    // order often makes them, become repeating patterns zstd squeezes to almost nothing.
    for (uint32_t plane = 0; plane < idWidth_; ++plane) {
      for (uint64_t id : ids_) body.push_back(static_cast<char>(id >> (8 * plane)));
    }
    body.append(blocks_);

    std::string blob;
    dictformat::putHeader(blob, magic_);
    appendPayload(blob, body, options_.zstdLevel);
    CAIRN_ASSIGN_OR_RETURN(ContentId id, store_.put(blob));
    chunks_.push_back({id, chunkEntries_, std::move(firstTerm_)});
    firstTerm_.clear();
    blocks_.clear();
    ids_.clear();
    blockOffsets_.clear();
    chunkEntries_ = 0;
    entriesInBlock_ = 0;
    return Status::ok();
  }

  storage::BlobStore& store_;
  std::string_view magic_;
  const DictionaryOptions& options_;
  bool withNamespace_;
  uint32_t idWidth_;

  std::string blocks_;
  std::vector<uint64_t> ids_;  // id offsets of the chunk's entries (index chunks)
  std::vector<uint32_t> blockOffsets_;
  std::string previousLocal_;
  std::string firstTerm_;
  uint64_t chunkEntries_ = 0;
  uint32_t entriesInBlock_ = 0;
  std::vector<WrittenChunk> chunks_;
};

// Cancelled once `cancel` reads true, looked at for every core::kCancelCheckEvery-th term `done`
// of a pass.
Status checkCancel(const std::atomic<bool>* cancel, size_t done) {
  return core::cancelledEvery(cancel, done, "dictionary append");
}

// Rejects a span that repeats a term or holds one of the base's; `order` sorts the span.
Status checkNewTerms(const Dictionary& base, std::span<const std::string> newTerms,
                     const std::vector<size_t>& order, const std::atomic<bool>* cancel) {
  for (size_t k = 0; k < order.size(); ++k) {
    CAIRN_RETURN_IF_ERROR(checkCancel(cancel, k));
    const std::string& term = newTerms[order[k]];
    if (k > 0 && newTerms[order[k - 1]] == term) {
      const auto [first, second] = std::minmax(order[k - 1], order[k]);
      return Status::invalidArgument("appendToDictionary: " + termLabel(base.kind(), second) +
                                     " repeats #" + std::to_string(first));
    }
    // Sorted probes walk the base's chunks in order, so each is decoded about once.
    CAIRN_ASSIGN_OR_RETURN(std::optional<uint64_t> id, base.find(term));
    if (id) {
      return Status::invalidArgument("appendToDictionary: " + termLabel(base.kind(), order[k]) +
                                     " is already in the dictionary with id " +
                                     std::to_string(*id));
    }
  }
  return Status::ok();
}

}  // namespace

core::Result<DictionaryRoot> appendToDictionary(storage::BlobStore& store, DictionaryKind kind,
                                                const DictionaryRoot& base,
                                                std::span<const std::string> newTerms,
                                                DictionaryOptions options,
                                                const std::atomic<bool>* cancel) {
  CAIRN_CHECK(
      options.entriesPerBlock >= 1 && options.entriesPerBlock <= dictformat::kMaxEntriesPerBlock,
      "entriesPerBlock out of range");
  CAIRN_CHECK(options.maxNamespaces <= dictformat::kMaxNamespaceCount, "too many namespaces");
  if (newTerms.empty()) return base;
  const uint64_t count = newTerms.size();
  if (base.size > std::numeric_limits<uint64_t>::max() - count) {
    return Status::invalidArgument("appendToDictionary: too many terms");
  }
  for (size_t i = 0; i < newTerms.size(); ++i) {
    if (newTerms[i].size() > dictformat::kMaxTermBytes) {
      return Status::invalidArgument("appendToDictionary: " + termLabel(kind, i) + " of " +
                                     std::to_string(newTerms[i].size()) + " bytes is too long");
    }
  }
  CAIRN_ASSIGN_OR_RETURN(std::shared_ptr<Dictionary> dictionary,
                         Dictionary::open(store, kind, base, options.cacheBytes));
  {
    std::vector<size_t> order(newTerms.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::sort(order.begin(), order.end(),
              [&](size_t a, size_t b) { return newTerms[a] < newTerms[b]; });
    CAIRN_RETURN_IF_ERROR(checkNewTerms(*dictionary, newTerms, order, cancel));
  }

  // The newest append segments merge into the new one by the size-tiered rule, so find(), which
  // searches every segment, looks at a logarithmic number of them however many appends a ledger
  // has seen. Their ids are consecutive and end where the new terms' begin, so they keep them.
  std::vector<Dictionary::SegmentRef> kept = dictionary->segmentRefs();
  size_t absorb = 0;
  {
    std::vector<uint64_t> sizes;
    for (const Dictionary::SegmentRef& ref : kept) {
      if (ref.kind == dictformat::SegmentKind::kAppend) sizes.push_back(ref.entries);
    }
    sizes.push_back(count);
    absorb = tieredMergeCount(std::move(sizes), kMaxMergedAppendTerms) - 1;
  }
  std::vector<std::string> absorbed;  // their terms, in id order
  uint64_t firstId = base.size + 1;
  if (absorb > 0) {
    firstId = kept[kept.size() - absorb].firstId;
    absorbed.resize(base.size + 1 - firstId);
    DictionaryCursor cursor(*dictionary);
    for (uint64_t id = firstId; id <= base.size; ++id) {
      CAIRN_RETURN_IF_ERROR(checkCancel(cancel, id - firstId));
      CAIRN_RETURN_IF_ERROR(cursor.lookupInto(id, absorbed[id - firstId]));
    }
    kept.resize(kept.size() - absorb);
  }
  std::vector<std::string_view> segmentTerms(absorbed.begin(), absorbed.end());
  segmentTerms.insert(segmentTerms.end(), newTerms.begin(), newTerms.end());
  const uint64_t segmentSize = segmentTerms.size();
  std::vector<size_t> order(segmentTerms.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return segmentTerms[a] < segmentTerms[b]; });

  const uint32_t idWidth = dictformat::bytesFor(segmentSize - 1);
  NamespaceCoder namespaces(kind == DictionaryKind::kIri, options.maxNamespaces);
  ChunkWriter terms(store, dictformat::kChunkMagic, options, namespaces.enabled(), 0);
  for (size_t k = 0; k < segmentTerms.size(); ++k) {
    CAIRN_RETURN_IF_ERROR(checkCancel(cancel, k));
    std::string_view local;
    const uint32_t code = namespaces.split(segmentTerms[k], local);
    CAIRN_RETURN_IF_ERROR(terms.add(segmentTerms[k], code, local, 0));
  }
  CAIRN_RETURN_IF_ERROR(terms.finish());
  // Every namespace got its code in the pass above, so this one only looks codes up.
  ChunkWriter index(store, dictformat::kIndexChunkMagic, options, namespaces.enabled(), idWidth);
  for (size_t k = 0; k < order.size(); ++k) {
    CAIRN_RETURN_IF_ERROR(checkCancel(cancel, k));
    const size_t position = order[k];
    std::string_view local;
    const uint32_t code = namespaces.split(segmentTerms[position], local);
    CAIRN_RETURN_IF_ERROR(index.add(segmentTerms[position], code, local, position));
  }
  CAIRN_RETURN_IF_ERROR(index.finish());

  const auto appendKind = static_cast<char>(dictformat::SegmentKind::kAppend);
  std::string segment;
  dictformat::putHeader(segment, dictformat::kSegmentMagic);
  segment.push_back(static_cast<char>(kind));
  segment.push_back(appendKind);
  bytes::putVarint(segment, firstId);
  bytes::putVarint(segment, segmentSize);
  bytes::putVarint(segment, options.entriesPerBlock);
  bytes::putVarint(segment, namespaces.table().size());
  for (const std::string& ns : namespaces.table()) bytes::putLengthPrefixed(segment, ns);
  bytes::putVarint(segment, terms.chunks().size());
  uint64_t chunkFirstId = firstId;
  for (const WrittenChunk& chunk : terms.chunks()) {
    putContentId(segment, chunk.id);
    bytes::putVarint(segment, chunkFirstId);
    bytes::putVarint(segment, chunk.entries);
    chunkFirstId += chunk.entries;
  }
  segment.push_back(static_cast<char>(idWidth));
  bytes::putVarint(segment, index.chunks().size());
  for (const WrittenChunk& chunk : index.chunks()) {
    putContentId(segment, chunk.id);
    bytes::putVarint(segment, chunk.entries);
    bytes::putLengthPrefixed(segment, chunk.firstTerm);
  }
  CAIRN_ASSIGN_OR_RETURN(ContentId segmentId, store.put(segment));

  std::string root;
  dictformat::putHeader(root, dictformat::kRootMagic);
  root.push_back(static_cast<char>(kind));
  bytes::putVarint(root, base.size + count);
  bytes::putVarint(root, kept.size() + 1);
  for (const Dictionary::SegmentRef& ref : kept) {
    root.push_back(static_cast<char>(ref.kind));
    bytes::putVarint(root, ref.firstId);
    bytes::putVarint(root, ref.entries);
    putContentId(root, ref.blob);
  }
  root.push_back(appendKind);
  bytes::putVarint(root, firstId);
  bytes::putVarint(root, segmentSize);
  putContentId(root, segmentId);
  CAIRN_ASSIGN_OR_RETURN(ContentId rootId, store.put(root));
  return DictionaryRoot{rootId, base.size + count};
}

}  // namespace cairn::index
