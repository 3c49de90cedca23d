#include "query/exec/value_trie.h"

#include <algorithm>

#include "core/check.h"

namespace cairn::query {

namespace {

// Sorted, duplicate-free: what each trie level must be.
void sortUnique(std::vector<ValueId>& values) {
  if (!std::is_sorted(values.begin(), values.end())) std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
}

}  // namespace

ValueTrie readValueTrie(ExecContext& ctx, const GraphScope& scope, const TripleAccess& access,
                        bool subjectFirst, const std::string& reportName) {
  TripleAccess read = access;
  const bool twoLevels = !access.s && !access.o;
  CAIRN_CHECK(access.p.has_value());
  if (twoLevels) read.objectOrder = !subjectFirst;
  TripleSource source(ctx, scope, read, reportName);

  ValueTrie trie;
  // The rows, by the directories (an upper bound): no growth past them. Charged before they are
  // allocated, so a read too large for the query's budget fails before it takes the memory (the
  // caller charges the finished trie).
  int64_t reserved = 0;
  if (auto rows = source.estimateFromDirectory()) {
    reserved = static_cast<int64_t>(*rows * sizeof(ValueId));
    ctx.charge(reserved, reportName);
    (twoLevels ? trie.children : trie.keys).reserve(static_cast<size_t>(*rows));
  }
  struct Release {
    ExecContext& ctx;
    int64_t bytes;
    const std::string& name;
    ~Release() {
      if (bytes > 0) ctx.charge(-bytes, name);
    }
  } release{ctx, reserved, reportName};
  // Pairs come in order as a rule and go straight into the trie; pairs out of ValueId order
  // (objects of several types, several graphs) are kept aside and the whole trie sorted at the
  // end.
  std::vector<std::pair<ValueId, ValueId>> unordered;
  auto append = [&](ValueId a, ValueId b) {
    if (!unordered.empty()) {
      unordered.emplace_back(a, b);
      return;
    }
    if (trie.keys.empty() || trie.keys.back() < a) {
      trie.keys.push_back(a);
      trie.offsets.push_back(trie.children.size());
      trie.children.push_back(b);
    } else if (trie.keys.back() == a && trie.children.back() < b) {
      trie.children.push_back(b);
    } else if (trie.keys.back() == a && trie.children.back() == b) {
      // the same pair again
    } else {
      for (size_t k = 0; k < trie.keys.size(); ++k) {
        const uint64_t end = k + 1 < trie.keys.size() ? trie.offsets[k + 1] : trie.children.size();
        for (uint64_t c = trie.offsets[k]; c < end; ++c) {
          unordered.emplace_back(trie.keys[k], trie.children[c]);
        }
      }
      unordered.emplace_back(a, b);
      trie = ValueTrie{};
    }
  };
  source.forEachRow([&](ValueId s, ValueId, ValueId o) {
    if (!twoLevels) {
      trie.keys.push_back(access.s ? o : s);
    } else if (subjectFirst) {
      append(s, o);
    } else {
      append(o, s);
    }
  });
  if (!twoLevels) {
    sortUnique(trie.keys);
    return trie;
  }
  if (!unordered.empty()) {
    std::sort(unordered.begin(), unordered.end());
    unordered.erase(std::unique(unordered.begin(), unordered.end()), unordered.end());
    for (const auto& [a, b] : unordered) {
      if (trie.keys.empty() || trie.keys.back() != a) {
        trie.keys.push_back(a);
        trie.offsets.push_back(trie.children.size());
      }
      trie.children.push_back(b);
    }
  }
  trie.offsets.push_back(trie.children.size());
  return trie;
}

std::optional<NodeTrie> nodeTrieOf(const ValueTrie& trie) {
  auto isNode = [](const ValueId& v) { return core::isNode(v.type); };
  if (!std::all_of(trie.keys.begin(), trie.keys.end(), isNode) ||
      !std::all_of(trie.children.begin(), trie.children.end(), isNode)) {
    return std::nullopt;
  }
  NodeTrie out;
  out.keys.reserve(trie.keys.size());
  for (const ValueId& v : trie.keys) out.keys.push_back(v.key);
  out.offsets = trie.offsets;
  out.children.reserve(trie.children.size());
  for (const ValueId& v : trie.children) out.children.push_back(v.key);
  return out;
}

ValueTrie valueTrieOf(const NodeTrie& trie) {
  ValueTrie out;
  out.keys.reserve(trie.keys.size());
  for (uint64_t id : trie.keys) out.keys.push_back(ValueId::node(id));
  out.offsets = trie.offsets;
  out.children.reserve(trie.children.size());
  for (uint64_t id : trie.children) out.children.push_back(ValueId::node(id));
  return out;
}

ValueTrie filterValueTrie(ValueTrie trie, const std::vector<const ValueTrie*>& keyFilters,
                          const std::vector<const ValueTrie*>& childFilters, bool nodesOnly) {
  if (keyFilters.empty() && childFilters.empty() && !nodesOnly) return trie;
  auto passes = [nodesOnly](ValueId v, const std::vector<const ValueTrie*>& filters) {
    if (nodesOnly && !core::isNode(v.type)) return false;
    for (const ValueTrie* f : filters) {
      if (f->find(v) == ValueTrie::kNotFound) return false;
    }
    return true;
  };
  // In place: kept entries move down, never past the ones still to be read.
  size_t keys = 0, children = 0;
  for (size_t k = 0; k < trie.keys.size(); ++k) {
    if (!passes(trie.keys[k], keyFilters)) continue;
    const size_t start = children;
    for (uint64_t c = trie.offsets[k]; c < trie.offsets[k + 1]; ++c) {
      if (passes(trie.children[c], childFilters)) trie.children[children++] = trie.children[c];
    }
    if (children == start) continue;
    trie.keys[keys] = trie.keys[k];
    trie.offsets[keys] = start;
    ++keys;
  }
  trie.keys.resize(keys);
  trie.offsets.resize(keys + 1);
  trie.offsets[keys] = children;
  trie.children.resize(children);
  return trie;
}

}  // namespace cairn::query
