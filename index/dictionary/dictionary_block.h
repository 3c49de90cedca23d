#pragma once
// The front-coded block: the unit a dictionary lookup decodes. A block holds up to
// entriesPerBlock consecutive terms; each entry is
//
//   [namespace code varint]   IRI dictionaries only; 0 = none, c = namespaces[c - 1]
//   shared varint             bytes shared with the previous entry's local name (0 for the first)
//   suffix length varint
//   suffix bytes
//
// A term is namespace + local name, where local name = the previous local name's first `shared`
// bytes + suffix. The first entry of every block is complete (shared = 0), so any block decodes
// on its own and a binary search can compare block heads in place. `shared` is maximal (the whole
// common prefix of the two local names): searchBlock relies on it to skip comparisons.
//
// Every function bounds-checks every field: malformed bytes stop it with an error message, never
// make it read outside the block.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cairn::index {

using NamespaceTable = std::vector<std::string>;

void appendBlockEntry(std::string& out, bool withNamespace, uint32_t namespaceCode, size_t shared,
                      std::string_view suffix);

// Sequential decoder that materializes every entry of a block in turn.
class BlockCursor {
 public:
  // `term` receives each decoded term (namespace included). It is the only buffer written, so a
  // caller that reuses one string decodes without allocating. `namespaces` is null for string
  // dictionaries.
  BlockCursor(std::string_view block, const NamespaceTable* namespaces, std::string& term);

  bool atEnd() const { return pos_ == end_; }
  // Decodes the next entry into the term buffer; false (with error()) on malformed bytes.
  bool next();
  // On a fresh cursor only: decodes entry `index` (0-based) directly, parsing the entries before
  // it without building them (as decodeBlockEntry does), so a lookup that lands mid-block costs
  // no more than a random one and later next() calls continue from there. False (with error())
  // if the block is malformed or has no such entry.
  bool seek(uint32_t index);
  const char* error() const { return error_; }

 private:
  bool fail(const char* why) {
    error_ = why;
    return false;
  }

  const char* pos_;
  const char* end_;
  const NamespaceTable* namespaces_;
  std::string& term_;
  size_t namespaceLength_ = 0;
  uint64_t namespaceCode_ = 0;
  bool first_ = true;
  const char* error_ = nullptr;
};

// Decodes entry `index` (0-based) of a block into `out` (content replaced). Only the bytes of the
// wanted term are copied: earlier entries are parsed, not built. False (with *error) if the block
// is malformed or has no such entry.
bool decodeBlockEntry(std::string_view block, const NamespaceTable* namespaces, uint32_t index,
                      std::string& out, const char** error);

// Looks for `probe` in a block whose entries are sorted. Tracks the common prefix of the current
// entry and the probe, so most entries cost a comparison of two integers, not of two strings.
struct BlockSearch {
  enum class Outcome : uint8_t { kFound, kAbsent, kMalformed };
  Outcome outcome = Outcome::kAbsent;
  uint32_t index = 0;           // kFound: the entry's position in the block
  const char* error = nullptr;  // kMalformed: why
};
BlockSearch searchBlock(std::string_view block, const NamespaceTable* namespaces,
                        std::string_view probe);

// Reads a block's first entry in place (no copy): its namespace and local name. False if the
// entry is malformed.
bool readBlockHead(std::string_view block, const NamespaceTable* namespaces, std::string_view& ns,
                   std::string_view& local);

}  // namespace cairn::index
