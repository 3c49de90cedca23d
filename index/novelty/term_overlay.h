#pragma once
// TermOverlay: the IRIs and strings that commits added since the index root, for one ledger.
// The base dictionaries are immutable sorted arrays (ids 1..size); new terms get the next ids in
// commit order. The overlay is append-only and shared by every snapshot of the ledger; a
// snapshot sees only the terms of its own commits (its visible count), so a reader never sees a
// term a later commit added. The writer appends a commit's terms before the commit is durable
// but publishes the snapshot that sees them only after; a commit that fails takes them back
// (truncate), which no reader can notice.
//
// Thread-safety: find/lookup may run concurrently with each other and with append.

#include <cstdint>
#include <deque>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace cairn::index {

class TermList {
 public:
  // Ids start at firstId (the base dictionary's size + 1).
  explicit TermList(uint64_t firstId) : firstId_(firstId) {}

  uint64_t firstId() const { return firstId_; }
  // The id of `text` among the first `visible` terms.
  std::optional<uint64_t> find(std::string_view text, uint64_t visible) const;
  // Copies the term with `id` into `out`; false if id is not among the first `visible` terms.
  bool lookupInto(uint64_t id, uint64_t visible, std::string& out) const;
  // Adds `text` (which must not be present) and returns its id: firstId + count so far.
  uint64_t append(std::string text);
  uint64_t count() const;
  // Drops every term after the first `count` (a commit that failed before it was durable; no
  // snapshot can see them).
  void truncate(uint64_t count);

 private:
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };

  const uint64_t firstId_;
  mutable std::shared_mutex mutex_;
  std::deque<std::string> terms_;  // deque: appending never moves the strings the map points to
  std::unordered_map<std::string_view, uint64_t, Hash, std::equal_to<>> ids_;
};

struct TermOverlay {
  TermOverlay(uint64_t irisInBase, uint64_t stringsInBase)
      : iris(irisInBase + 1), strings(stringsInBase + 1) {}
  TermList iris;
  TermList strings;
};

}  // namespace cairn::index
