#include "index/dictionary/dictionary_builder.h"

#include <limits>

#include "index/dictionary/byte_codec.h"
#include "index/dictionary/dictionary_format.h"
#include "index/dictionary/payload_codec.h"

namespace cairn::index {

DictionaryBuilder::DictionaryBuilder(storage::BlobStore& store, DictionaryKind kind,
                                     DictionaryOptions options)
    : store_(store), kind_(kind), options_(options) {
  CAIRN_CHECK(
      options_.entriesPerBlock >= 1 && options_.entriesPerBlock <= dictformat::kMaxEntriesPerBlock,
      "entriesPerBlock out of range");
  CAIRN_CHECK(options_.maxNamespaces <= dictformat::kMaxNamespaceCount, "too many namespaces");
}

uint32_t DictionaryBuilder::namespaceCodeFor(std::string_view ns) {
  if (auto it = namespaceCodes_.find(ns); it != namespaceCodes_.end()) return it->second;
  // First come, first coded: once the table is full, IRIs of new namespaces keep their whole
  // text as local name (front coding still shares their prefixes).
  if (namespaces_.size() >= options_.maxNamespaces) return 0;
  namespaces_.emplace_back(ns);
  const auto code = static_cast<uint32_t>(namespaces_.size());
  namespaceCodes_.emplace(std::string(ns), code);
  return code;
}

core::Status DictionaryBuilder::add(std::string_view term) {
  if (finished_) return core::Status::invalidArgument("dictionary builder: add() after finish()");
  if (!failure_.isOk()) return failure_;
  if (term.size() > dictformat::kMaxTermBytes) {
    return core::Status::invalidArgument("dictionary builder: term of " +
                                         std::to_string(term.size()) + " bytes is too long");
  }
  if (count_ > 0 && !(std::string_view(previousTerm_) < term)) {
    return core::Status::invalidArgument(
        "dictionary builder: terms must arrive in strictly increasing byte order (term " +
        std::to_string(count_ + 1) + ")");
  }

  const bool blockFull = entriesInBlock_ == options_.entriesPerBlock;
  if (chunkEntries_ > 0 && blockFull && blocks_.size() >= options_.chunkBytes) {
    if (core::Status st = flushChunk(); !st.isOk()) {
      failure_ = st;
      return st;
    }
  }
  // Block offsets are 32-bit; a chunk is closed long before, unless terms are huge.
  if (blocks_.size() + term.size() + 3 * bytes::kMaxVarintBytes >
      std::numeric_limits<uint32_t>::max()) {
    return core::Status::invalidArgument("dictionary builder: chunk would exceed 4 GiB");
  }
  if (chunkEntries_ == 0) {
    chunkFirstId_ = count_ + 1;
    chunkFirstTerm_.assign(term);
  }
  if (chunkEntries_ == 0 || blockFull) {
    blockOffsets_.push_back(static_cast<uint32_t>(blocks_.size()));
    entriesInBlock_ = 0;
  }

  const bool withNamespace = kind_ == DictionaryKind::kIri;
  uint32_t code = 0;
  std::string_view local = term;
  if (withNamespace) {
    const size_t nsLength = dictformat::namespaceLength(term);
    if (nsLength > 0) code = namespaceCodeFor(term.substr(0, nsLength));
    if (code != 0) local = term.substr(nsLength);
  }
  const size_t shared = entriesInBlock_ == 0 ? 0 : bytes::commonPrefixLength(previousLocal_, local);
  appendBlockEntry(blocks_, withNamespace, code, shared, local.substr(shared));

  previousLocal_.assign(local);
  previousTerm_.assign(term);
  ++entriesInBlock_;
  ++chunkEntries_;
  ++count_;
  return core::Status::ok();
}

core::Result<storage::ContentId> DictionaryBuilder::putBlob(const std::string& blob) {
  CAIRN_ASSIGN_OR_RETURN(storage::ContentId id, store_.put(blob));
  bytesWritten_ += blob.size();
  return id;
}

core::Status DictionaryBuilder::flushChunk() {
  std::string body;
  body.reserve(2 * bytes::kMaxVarintBytes + 4 * blockOffsets_.size() + blocks_.size());
  bytes::putVarint(body, chunkEntries_);
  bytes::putVarint(body, blockOffsets_.size());
  for (uint32_t offset : blockOffsets_) bytes::putFixed32(body, offset);
  body.append(blocks_);

  std::string blob;
  dictformat::putHeader(blob, dictformat::kChunkMagic);
  if (appendPayload(blob, body, options_.zstdLevel) == PayloadCodec::kZstd) ++chunksCompressed_;
  CAIRN_ASSIGN_OR_RETURN(storage::ContentId id, putBlob(blob));

  chunks_.push_back({id, chunkFirstId_, chunkEntries_, std::move(chunkFirstTerm_)});
  chunkFirstTerm_.clear();
  blocks_.clear();
  blockOffsets_.clear();
  chunkEntries_ = 0;
  entriesInBlock_ = 0;
  return core::Status::ok();
}

core::Result<DictionaryRoot> DictionaryBuilder::finish() {
  if (finished_) return core::Status::invalidArgument("dictionary builder: finish() called twice");
  finished_ = true;
  if (!failure_.isOk()) return failure_;
  if (chunkEntries_ > 0) CAIRN_RETURN_IF_ERROR(flushChunk());
  if (count_ == 0) return DictionaryRoot{};

  const auto segmentKind = static_cast<char>(dictformat::SegmentKind::kDense);
  std::string segment;
  dictformat::putHeader(segment, dictformat::kSegmentMagic);
  segment.push_back(static_cast<char>(kind_));
  segment.push_back(segmentKind);
  bytes::putVarint(segment, 1);  // first id
  bytes::putVarint(segment, count_);
  bytes::putVarint(segment, options_.entriesPerBlock);
  bytes::putVarint(segment, namespaces_.size());
  for (const std::string& ns : namespaces_) bytes::putLengthPrefixed(segment, ns);
  bytes::putVarint(segment, chunks_.size());
  for (const ChunkRef& chunk : chunks_) {
    segment.append(reinterpret_cast<const char*>(chunk.id.bytes.data()), chunk.id.bytes.size());
    bytes::putVarint(segment, chunk.firstId);
    bytes::putVarint(segment, chunk.entries);
    bytes::putLengthPrefixed(segment, chunk.firstTerm);
  }
  CAIRN_ASSIGN_OR_RETURN(storage::ContentId segmentId, putBlob(segment));

  std::string root;
  dictformat::putHeader(root, dictformat::kRootMagic);
  root.push_back(static_cast<char>(kind_));
  bytes::putVarint(root, count_);
  bytes::putVarint(root, 1);  // segment count
  root.push_back(segmentKind);
  bytes::putVarint(root, 1);  // first id
  bytes::putVarint(root, count_);
  root.append(reinterpret_cast<const char*>(segmentId.bytes.data()), segmentId.bytes.size());
  CAIRN_ASSIGN_OR_RETURN(storage::ContentId rootId, putBlob(root));
  return DictionaryRoot{rootId, count_};
}

}  // namespace cairn::index
