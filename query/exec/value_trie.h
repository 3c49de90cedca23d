#pragma once
// ValueTrie: the matches of one triple pattern with a constant predicate, read once from the
// index into memory, sorted in the order a CyclicJoin binds the pattern's variables: the first
// variable's distinct values (`keys`) and, for a pattern with two variables, each key's values
// of the second (`children`, a range per key). Both levels ascend by ValueId, so levels of
// different tries intersect by merging. Duplicate matches (one triple under several identities:
// parallel relationships, several graphs of a scope) are one entry, SPARQL's set semantics.
//
// The reads come from TripleSource (PSOT for a subject first, POST for an object first), whose
// order is already ValueId order for node-valued columns; the build sorts only when it is not
// (objects of several types), so the usual cost is one sequential read.

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "query/exec/exec_context.h"
#include "query/exec/triple_source.h"
#include "query/exec/value_id.h"

namespace cairn::query {

struct ValueTrie {
  static constexpr size_t kNotFound = SIZE_MAX;

  std::vector<ValueId> keys;
  std::vector<uint64_t> offsets;  // keys.size() + 1 entries for two levels, else empty
  std::vector<ValueId> children;
  // When the keys are of one type and their ids dense (a range at most kDenseSpread times
  // their number): per id in [keyBase, keyBase + keyIndex.size()) the key's index + 1 (0: no
  // such key), so find() is one load instead of a search. Node ids are mostly dense (the
  // dictionary numbers terms as the import meets them).
  std::vector<uint32_t> keyIndex;
  uint64_t keyBase = 0;
  core::ObjectType keyType = core::otype::kNone;
  static constexpr size_t kDenseSpread = 8;

  bool twoLevels() const { return !offsets.empty(); }
  std::span<const ValueId> childrenOf(size_t key) const {
    return {children.data() + offsets[key], children.data() + offsets[key + 1]};
  }
  // The index of key `v`, or kNotFound.
  size_t find(ValueId v) const {
    if (keyIndex.empty()) {
      auto at = std::lower_bound(keys.begin(), keys.end(), v);
      return at != keys.end() && *at == v ? static_cast<size_t>(at - keys.begin()) : kNotFound;
    }
    if (v.type != keyType || v.key < keyBase || v.key - keyBase >= keyIndex.size()) {
      return kNotFound;
    }
    const uint32_t slot = keyIndex[v.key - keyBase];
    return slot == 0 ? kNotFound : slot - 1;
  }
  // Builds keyIndex when the keys are dense enough (see there).
  void indexKeys();
  size_t bytes() const {
    return (keys.capacity() + children.capacity()) * sizeof(ValueId) +
           offsets.capacity() * sizeof(uint64_t) + keyIndex.capacity() * sizeof(uint32_t);
  }
};

// The trie of the rows `access` reads over `scope`. With two free positions (subject and
// object; the predicate must be fixed) the first level is the subject when `subjectFirst`,
// else the object; with one free position it is that position. `reportName` names the operator
// in memory errors; the caller charges the trie's bytes().
ValueTrie readValueTrie(ExecContext& ctx, const GraphScope& scope, const TripleAccess& access,
                        bool subjectFirst, const std::string& reportName);

// `trie` without the keys missing from any of `keyFilters` (one-level tries) and without the
// children missing from any of `childFilters`, and with `nodesOnly` without values that are not
// nodes (IRIs, blank nodes) at either level; keys left with no children go too.
ValueTrie filterValueTrie(ValueTrie trie, const std::vector<const ValueTrie*>& keyFilters,
                          const std::vector<const ValueTrie*>& childFilters, bool nodesOnly);

}  // namespace cairn::query
