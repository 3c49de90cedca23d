#include "index/dictionary/dictionary_block.h"

#include <cstring>

#include "core/check.h"
#include "index/dictionary/byte_codec.h"

namespace cairn::index {

namespace {

struct RawEntry {
  uint64_t code = 0;
  uint64_t shared = 0;
  std::string_view suffix;
};

// Parses entries without building terms, checking each against the previous local name's length.
class EntryReader {
 public:
  EntryReader(std::string_view block, const NamespaceTable* namespaces)
      : in_(block),
        withNamespaces_(namespaces != nullptr),
        namespaceCount_(namespaces != nullptr ? namespaces->size() : 0) {}

  bool atEnd() const { return in_.atEnd(); }
  const char* error() const { return error_; }
  const char* position() const { return in_.rest().data(); }
  uint64_t localLength() const { return localLength_; }

  bool next(RawEntry& e) {
    if (withNamespaces_) {
      if (!in_.readVarint(e.code)) return fail("truncated namespace code");
      if (e.code > namespaceCount_) return fail("namespace code out of range");
    }
    if (!in_.readVarint(e.shared)) return fail("truncated shared-prefix length");
    if (!in_.readLengthPrefixed(e.suffix)) return fail("truncated suffix");
    if (first_ && e.shared != 0) return fail("first entry of a block is not complete");
    if (e.shared > localLength_) return fail("shared prefix longer than the previous term");
    localLength_ = e.shared + e.suffix.size();
    first_ = false;
    return true;
  }

 private:
  bool fail(const char* why) {
    error_ = why;
    return false;
  }

  bytes::ByteReader in_;
  bool withNamespaces_;
  uint64_t namespaceCount_;
  uint64_t localLength_ = 0;
  bool first_ = true;
  const char* error_ = nullptr;
};

// Where each byte of a local name comes from is only known at its entry, so readers that do not
// build every term remember each entry's suffix and shared length, then copy backwards: entry i
// supplies the bytes from its shared length up to what later entries took from it.
struct Piece {
  const char* suffix;
  uint64_t shared;
};
constexpr uint32_t kMaxPieces = 256;

void assembleLocal(const Piece* pieces, uint32_t last, uint64_t length, char* out) {
  uint64_t need = length;  // bytes [0, need) are still to be filled
  for (uint32_t i = last + 1; i-- > 0 && need > 0;) {
    if (pieces[i].shared < need) {
      std::memcpy(out + pieces[i].shared, pieces[i].suffix, need - pieces[i].shared);
      need = pieces[i].shared;
    }
  }
}

std::string_view namespaceOf(const NamespaceTable* namespaces, uint64_t code) {
  return code == 0 ? std::string_view() : std::string_view((*namespaces)[code - 1]);
}

// The outcome of comparing a term with the probe once their first `lcp` bytes are known equal
// and the term ends at `termLength`.
enum class Order : uint8_t { kLess, kEqual, kGreater };
Order orderAfterPrefix(std::string_view termTail, size_t lcp, size_t termLength,
                       std::string_view probe) {
  if (lcp == termLength) return lcp == probe.size() ? Order::kEqual : Order::kLess;
  if (lcp == probe.size()) return Order::kGreater;
  return static_cast<uint8_t>(termTail.front()) < static_cast<uint8_t>(probe[lcp])
             ? Order::kLess
             : Order::kGreater;
}

// Compares the term ns + local with the probe from scratch; sets lcp to their common prefix.
Order compareTerm(std::string_view ns, std::string_view local, std::string_view probe,
                  size_t& lcp) {
  lcp = bytes::commonPrefixLength(ns, probe);
  if (lcp < ns.size()) {
    return orderAfterPrefix(ns.substr(lcp), lcp, ns.size() + local.size(), probe);
  }
  lcp += bytes::commonPrefixLength(local, probe.substr(lcp));
  return orderAfterPrefix(local.substr(lcp - ns.size()), lcp, ns.size() + local.size(), probe);
}

// Full comparisons with every entry materialized: the fallback for blocks longer than the piece
// buffer of searchBlock.
BlockSearch searchBlockSlowly(std::string_view block, const NamespaceTable* namespaces,
                              std::string_view probe) {
  thread_local std::string scratch;
  BlockCursor cursor(block, namespaces, scratch);
  for (uint32_t i = 0; !cursor.atEnd(); ++i) {
    if (!cursor.next()) return {BlockSearch::Outcome::kMalformed, 0, cursor.error()};
    const int c = std::string_view(scratch).compare(probe);
    if (c == 0) return {BlockSearch::Outcome::kFound, i, nullptr};
    if (c > 0) break;
  }
  return {};
}

}  // namespace

void appendBlockEntry(std::string& out, bool withNamespace, uint32_t namespaceCode, size_t shared,
                      std::string_view suffix) {
  if (withNamespace) bytes::putVarint(out, namespaceCode);
  bytes::putVarint(out, shared);
  bytes::putVarint(out, suffix.size());
  out.append(suffix);
}

BlockCursor::BlockCursor(std::string_view block, const NamespaceTable* namespaces,
                         std::string& term)
    : pos_(block.data()), end_(block.data() + block.size()), namespaces_(namespaces), term_(term) {
  term_.clear();
}

bool BlockCursor::next() {
  bytes::ByteReader in(std::string_view(pos_, static_cast<size_t>(end_ - pos_)));
  uint64_t code = 0;
  if (namespaces_ != nullptr) {
    if (!in.readVarint(code)) return fail("truncated namespace code");
    if (code > namespaces_->size()) return fail("namespace code out of range");
  }
  uint64_t shared = 0;
  std::string_view suffix;
  if (!in.readVarint(shared)) return fail("truncated shared-prefix length");
  if (!in.readLengthPrefixed(suffix)) return fail("truncated suffix");
  if (first_ && shared != 0) return fail("first entry of a block is not complete");
  const size_t localLength = term_.size() - namespaceLength_;
  if (shared > localLength) return fail("shared prefix longer than the previous term");

  if (code == namespaceCode_) {
    term_.resize(namespaceLength_ + shared);
  } else {
    // Keep the shared part of the previous local name, then put the new namespace before it.
    term_.erase(0, namespaceLength_);
    term_.resize(shared);
    const std::string_view ns = namespaceOf(namespaces_, code);
    term_.insert(0, ns);
    namespaceLength_ = ns.size();
    namespaceCode_ = code;
  }
  term_.append(suffix);
  first_ = false;
  pos_ = end_ - in.remaining();
  return true;
}

bool BlockCursor::seek(uint32_t index) {
  CAIRN_CHECK(first_, "BlockCursor::seek on a cursor that has already moved");
  if (index >= kMaxPieces) {
    for (uint32_t i = 0; i <= index; ++i) {
      if (atEnd()) return fail("block too short");
      if (!next()) return false;
    }
    return true;
  }
  Piece pieces[kMaxPieces];
  EntryReader reader(std::string_view(pos_, static_cast<size_t>(end_ - pos_)), namespaces_);
  RawEntry entry;
  for (uint32_t i = 0; i <= index; ++i) {
    if (reader.atEnd()) return fail("block too short");
    if (!reader.next(entry)) return fail(reader.error());
    pieces[i] = {entry.suffix.data(), entry.shared};
  }
  const std::string_view ns = namespaceOf(namespaces_, entry.code);
  term_.resize(ns.size() + reader.localLength());
  if (!ns.empty()) std::memcpy(term_.data(), ns.data(), ns.size());
  assembleLocal(pieces, index, reader.localLength(), term_.data() + ns.size());
  namespaceCode_ = entry.code;
  namespaceLength_ = ns.size();
  first_ = false;
  pos_ = reader.position();
  return true;
}

bool decodeBlockEntry(std::string_view block, const NamespaceTable* namespaces, uint32_t index,
                      std::string& out, const char** error) {
  if (index >= kMaxPieces) {
    BlockCursor cursor(block, namespaces, out);
    for (uint32_t i = 0; i <= index; ++i) {
      if (cursor.atEnd() || !cursor.next()) {
        *error = cursor.atEnd() ? "block too short" : cursor.error();
        return false;
      }
    }
    return true;
  }
  Piece pieces[kMaxPieces];
  EntryReader reader(block, namespaces);
  RawEntry entry;
  for (uint32_t i = 0; i <= index; ++i) {
    if (reader.atEnd()) {
      *error = "block too short";
      return false;
    }
    if (!reader.next(entry)) {
      *error = reader.error();
      return false;
    }
    pieces[i] = {entry.suffix.data(), entry.shared};
  }
  const std::string_view ns = namespaceOf(namespaces, entry.code);
  out.resize(ns.size() + reader.localLength());
  if (!ns.empty()) std::memcpy(out.data(), ns.data(), ns.size());
  assembleLocal(pieces, index, reader.localLength(), out.data() + ns.size());
  return true;
}

BlockSearch searchBlock(std::string_view block, const NamespaceTable* namespaces,
                        std::string_view probe) {
  Piece pieces[kMaxPieces];
  EntryReader reader(block, namespaces);
  RawEntry entry;
  uint64_t code = 0;
  size_t namespaceLength = 0;
  size_t lcp = 0;  // common prefix of the current term and the probe; the term is < probe
  for (uint32_t i = 0; !reader.atEnd(); ++i) {
    if (i == kMaxPieces) return searchBlockSlowly(block, namespaces, probe);
    if (!reader.next(entry)) return {BlockSearch::Outcome::kMalformed, 0, reader.error()};
    pieces[i] = {entry.suffix.data(), entry.shared};
    Order order;
    if (i == 0 || entry.code != code) {
      // A new namespace: compare the whole term (rare inside a block: IRIs sort by namespace).
      code = entry.code;
      const std::string_view ns = namespaceOf(namespaces, code);
      namespaceLength = ns.size();
      std::string_view local = entry.suffix;
      if (entry.shared > 0) {
        thread_local std::string scratch;
        scratch.resize(reader.localLength());
        assembleLocal(pieces, i, reader.localLength(), scratch.data());
        local = scratch;
      }
      order = compareTerm(ns, local, probe, lcp);
    } else {
      const size_t shared = namespaceLength + entry.shared;  // shared with the previous term
      // The previous term is below the probe and first differs from it at lcp. Sharing more
      // than lcp bytes with it keeps this term below too; sharing fewer means this term's byte
      // at `shared` exceeds the previous term's (shared is maximal), which equals the probe's:
      // this term is above.
      if (shared > lcp) continue;
      if (shared < lcp) return {};
      lcp = shared + bytes::commonPrefixLength(entry.suffix, probe.substr(shared));
      order = orderAfterPrefix(entry.suffix.substr(lcp - shared), lcp, shared + entry.suffix.size(),
                               probe);
    }
    if (order == Order::kEqual) return {BlockSearch::Outcome::kFound, i, nullptr};
    if (order == Order::kGreater) return {};
  }
  return {};
}

bool readBlockHead(std::string_view block, const NamespaceTable* namespaces, std::string_view& ns,
                   std::string_view& local) {
  bytes::ByteReader in(block);
  uint64_t code = 0;
  if (namespaces != nullptr) {
    if (!in.readVarint(code) || code > namespaces->size()) return false;
  }
  uint64_t shared = 0;
  if (!in.readVarint(shared) || shared != 0) return false;
  if (!in.readLengthPrefixed(local)) return false;
  ns = namespaceOf(namespaces, code);
  return true;
}

}  // namespace cairn::index
