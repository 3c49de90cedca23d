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
#include <optional>
#include <span>
#include <vector>

#include "query/exec/exec_context.h"
#include "query/exec/triple_source.h"
#include "query/exec/value_id.h"

namespace cairn::query {

// The levels of a trie over values of type T: ValueId, or (NodeTrie) uint64_t node ids, whose
// ValueId is ValueId::node(id) — half the memory, and one compare, where every value is a node.
template <typename T>
struct SortedTrie {
  static constexpr size_t kNotFound = SIZE_MAX;
  static constexpr size_t kDenseSpread = 8;

  std::vector<T> keys;
  std::vector<uint64_t> offsets;  // keys.size() + 1 entries for two levels, else empty
  std::vector<T> children;
  // When the keys are of one type and their ids dense (a range at most kDenseSpread times
  // their number): per id in [keyBase, keyBase + keyIndex.size()) the key's index + 1 (0: no
  // such key), so find() is one load instead of a search. Node ids are mostly dense (the
  // dictionary numbers terms as the import meets them).
  std::vector<uint32_t> keyIndex;
  uint64_t keyBase = 0;
  core::ObjectType keyType = core::otype::kNone;

  bool twoLevels() const { return !offsets.empty(); }
  std::span<const T> childrenOf(size_t key) const {
    return {children.data() + offsets[key], children.data() + offsets[key + 1]};
  }
  // The index of key `v`, or kNotFound.
  size_t find(T v) const {
    if (keyIndex.empty()) {
      auto at = std::lower_bound(keys.begin(), keys.end(), v);
      return at != keys.end() && *at == v ? static_cast<size_t>(at - keys.begin()) : kNotFound;
    }
    const uint64_t id = idOf(v);
    if (typeOf(v) != keyType || id < keyBase || id - keyBase >= keyIndex.size()) return kNotFound;
    const uint32_t slot = keyIndex[id - keyBase];
    return slot == 0 ? kNotFound : slot - 1;
  }
  // Builds keyIndex when the keys are dense enough (see there).
  void indexKeys() {
    keyIndex.clear();
    if (keys.empty() || keys.size() >= UINT32_MAX) return;
    const core::ObjectType type = typeOf(keys.front());
    for (const T& k : keys) {
      if (typeOf(k) != type) return;
    }
    const uint64_t spread = idOf(keys.back()) - idOf(keys.front()) + 1;
    if (spread / kDenseSpread > keys.size()) return;
    keyType = type;
    keyBase = idOf(keys.front());
    keyIndex.assign(spread, 0);
    for (size_t i = 0; i < keys.size(); ++i) {
      keyIndex[idOf(keys[i]) - keyBase] = static_cast<uint32_t>(i + 1);
    }
  }
  size_t bytes() const {
    return (keys.capacity() + children.capacity()) * sizeof(T) +
           offsets.capacity() * sizeof(uint64_t) + keyIndex.capacity() * sizeof(uint32_t);
  }

  static uint64_t idOf(const ValueId& v) { return v.key; }
  static uint64_t idOf(uint64_t node) { return node; }
  static core::ObjectType typeOf(const ValueId& v) { return v.type; }
  static core::ObjectType typeOf(uint64_t node) { return ValueId::node(node).type; }
};

using ValueTrie = SortedTrie<ValueId>;
using NodeTrie = SortedTrie<uint64_t>;

// `trie` as node ids, when every value of it is a node (IRI or blank node); nullopt otherwise.
std::optional<NodeTrie> nodeTrieOf(const ValueTrie& trie);
// The other way (a NodeTrie among tries that are not all nodes).
ValueTrie valueTrieOf(const NodeTrie& trie);

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
