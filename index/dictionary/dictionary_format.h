#pragma once
// Constants and small pure functions shared by the dictionary builder and reader. The byte
// layouts they implement are specified in docs/formats/dictionary.md; change both together.

#include <cstdint>
#include <string>
#include <string_view>

#include "index/dictionary/byte_codec.h"

namespace cairn::index::dictformat {

// Every dictionary blob starts with a 4-byte magic and a u16 format version (little-endian), like
// the other index blobs.
inline constexpr std::string_view kRootMagic = "CDRT";
inline constexpr std::string_view kSegmentMagic = "CDSG";
inline constexpr std::string_view kChunkMagic = "CDCK";
inline constexpr std::string_view kIndexChunkMagic = "CDIX";
inline constexpr uint16_t kVersion = 1;

// Segment kinds. A dictionary is a list of immutable segments, each a dense run of ids.
// kDense: sorted terms with implicit ids firstId, firstId+1, ... (the bulk-import base).
// kAppend: terms in id order (arrival order, any byte order) with implicit ids, plus a sorted
// index of (term, id) for find(); written for terms added after the base.
enum class SegmentKind : uint8_t { kDense = 0, kAppend = 1 };

// The widest id offset in an append segment's sorted index, in bytes.
inline constexpr uint64_t kMaxIdWidth = 8;

// The fewest bytes that hold `v` (at least 1): the id width an append segment of v + 1 entries
// uses.
inline uint32_t bytesFor(uint64_t v) {
  uint32_t n = 1;
  while (n < 8 && (v >> (8 * n)) != 0) ++n;
  return n;
}

// Sanity bounds for parsed headers; a value beyond them can only come from a damaged blob.
inline constexpr uint64_t kMaxEntriesPerBlock = 1 << 20;
inline constexpr uint64_t kMaxNamespaceCount = 1 << 24;
inline constexpr uint64_t kMaxTermBytes = uint64_t{1} << 31;

// Splits an IRI at its namespace boundary: everything up to and including the last '#' or '/',
// or the last ':' when there is neither. Returns the namespace length (0: no namespace).
inline size_t namespaceLength(std::string_view iri) {
  const size_t slashOrHash = iri.find_last_of("#/");
  if (slashOrHash != std::string_view::npos) return slashOrHash + 1;
  const size_t colon = iri.rfind(':');
  return colon == std::string_view::npos ? 0 : colon + 1;
}

// A dictionary blob's header: its four-byte magic, then the format version.
inline void putHeader(std::string& out, std::string_view magic) {
  out.append(magic);
  bytes::putFixed16(out, kVersion);
}

}  // namespace cairn::index::dictformat
