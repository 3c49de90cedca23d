#include "query/exec/cyclic_join.h"

#include <algorithm>
#include <span>

#include "core/check.h"

namespace cairn::query {

namespace {

// The first index i >= from with list[i] >= target (list.size() if none): exponential steps,
// then a binary search inside the last step, so a short skip costs a few comparisons.
template <typename T>
size_t gallop(std::span<const T> list, size_t from, T target) {
  size_t step = 1, low = from, high = from;
  while (high < list.size() && list[high] < target) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  high = std::min(high, list.size());
  return static_cast<size_t>(std::lower_bound(list.begin() + static_cast<ptrdiff_t>(low),
                                              list.begin() + static_cast<ptrdiff_t>(high), target) -
                             list.begin());
}

bool sameAccess(const TripleAccess& a, const TripleAccess& b) {
  return a.s == b.s && a.p == b.p && a.o == b.o;
}

}  // namespace

CyclicJoin::CyclicJoin(ExecContext& ctx, std::vector<std::string> order,
                       const std::vector<TriplePattern>& patterns, const GraphScope& scope,
                       bool nodesOnly)
    : Operator(ctx, "CyclicJoin", order), scope_(scope), nodesOnly_(nodesOnly) {
  auto levelOf = [&](const PatternTerm& term) {
    if (!term.isVariable) return -1;
    auto at = std::find(order.begin(), order.end(), term.variable);
    CAIRN_CHECK(at != order.end(), "CyclicJoin: pattern variable outside the order");
    return static_cast<int>(at - order.begin());
  };
  levels_.resize(order.size());
  for (const TriplePattern& pattern : patterns) {
    PatternSlots slots = compilePattern(ctx, pattern);
    impossible_ = impossible_ || slots.impossible;
    CAIRN_CHECK(slots.constant[1].has_value(), "CyclicJoin: variable predicate");
    Relation relation;
    relation.access.s = slots.constant[0];
    relation.access.p = slots.constant[1];
    relation.access.o = slots.constant[2];
    const int s = levelOf(pattern.subject), o = levelOf(pattern.object);
    CAIRN_CHECK((s >= 0 || o >= 0) && s != o, "CyclicJoin: pattern shape");
    relation.subjectFirst = o < 0 || (s >= 0 && s < o);
    relation.first = relation.subjectFirst ? s : o;
    relation.second = relation.subjectFirst ? o : s;
    relations_.push_back(relation);
  }
  // One-variable relations fold into the two-variable ones on their variable.
  for (size_t u = 0; u < relations_.size(); ++u) {
    if (relations_[u].second >= 0) continue;
    const int level = relations_[u].first;
    for (Relation& r : relations_) {
      if (r.second < 0) continue;
      if (r.first == level) r.firstFilters.push_back(u);
      if (r.second == level) r.secondFilters.push_back(u);
      relations_[u].folded = relations_[u].folded || r.first == level || r.second == level;
    }
  }
  for (size_t index = 0; index < relations_.size(); ++index) {
    const Relation& r = relations_[index];
    if (r.folded) continue;
    levels_[r.first].participants.push_back({index, false, r.second >= 0});
    if (r.second >= 0) levels_[r.second].participants.push_back({index, true, false});
  }
  for (size_t d = 0; d < levels_.size(); ++d) {
    CAIRN_CHECK(!levels_[d].participants.empty(), "CyclicJoin: a variable no pattern binds");
    for (const Participant& p : levels_[d].participants) levels_[d].recorded += p.recordPosition;
  }
  binding_.resize(order.size());
  keyPosition_.resize(relations_.size());
  if (!ctx.describesPlan()) return;
  std::string orderText;
  for (const auto& v : order) orderText += (orderText.empty() ? "?" : ", ?") + v;
  addDetail("variable order", orderText);
  if (nodesOnly) addDetail("ends", "nodes only");
  for (size_t i = 0; i < patterns.size(); ++i) {
    const Relation& r = relations_[i];
    const bool two = !r.access.s && !r.access.o;
    const char* perm = !two ? (r.access.s ? "SPOT" : "POST") : (r.subjectFirst ? "PSOT" : "POST");
    addDetail("pattern", describePattern(patterns[i]) + " (" + perm + ")");
  }
}

CyclicJoin::~CyclicJoin() {
  if (charged_ > 0) charge(-charged_);
}

void CyclicJoin::loadTries() {
  loaded_ = true;
  if (impossible_) return;
  std::vector<bool> asNodes;  // per trie: held in nodeTries_ (its ValueTrie emptied)
  auto recharge = [&](size_t before, size_t after) {
    const int64_t delta = static_cast<int64_t>(after) - static_cast<int64_t>(before);
    charge(delta);
    charged_ += delta;
  };
  // Trie t as node ids; false (nothing changed) when some value of it is not a node.
  auto toNodes = [&](size_t t) {
    std::optional<NodeTrie> nodes = nodeTrieOf(tries_[t]);
    if (!nodes) return false;
    nodes->indexKeys();
    recharge(tries_[t].bytes(), nodes->bytes());
    nodeTries_[t] = std::move(*nodes);
    tries_[t] = ValueTrie{};
    asNodes[t] = true;
    return true;
  };
  // One-variable relations first: the others' filters.
  for (bool twoVariables : {false, true}) {
    for (size_t r = 0; r < relations_.size(); ++r) {
      Relation& relation = relations_[r];
      if ((relation.second >= 0) != twoVariables) continue;
      // Patterns reading the same rows in the same trie order, under the same filters, share
      // one trie.
      size_t same = 0;
      while (same < r) {
        const Relation& other = relations_[same];
        if (sameAccess(other.access, relation.access) && (other.second >= 0) == twoVariables &&
            other.subjectFirst == relation.subjectFirst &&
            filterTries(other.firstFilters) == filterTries(relation.firstFilters) &&
            filterTries(other.secondFilters) == filterTries(relation.secondFilters)) {
          break;
        }
        ++same;
      }
      if (same < r) {
        relation.trie = relations_[same].trie;
        continue;
      }
      ValueTrie trie =
          readValueTrie(ctx_, scope_, relation.access, relation.subjectFirst, "CyclicJoin");
      if (twoVariables) {
        std::vector<const ValueTrie*> firstFilters, secondFilters;
        for (size_t f : relation.firstFilters) firstFilters.push_back(&tries_[relations_[f].trie]);
        for (size_t f : relation.secondFilters) {
          secondFilters.push_back(&tries_[relations_[f].trie]);
        }
        trie = filterValueTrie(std::move(trie), firstFilters, secondFilters, nodesOnly_);
      } else {
        trie.indexKeys();  // the filters probe it
      }
      CAIRN_CHECK(trie.keys.size() < UINT32_MAX, "CyclicJoin: trie too large");
      relation.trie = tries_.size();
      recharge(0, trie.bytes());
      tries_.push_back(std::move(trie));
      nodeTries_.emplace_back();
      asNodes.push_back(false);
      // A trie of nodes becomes node ids at once: half the memory while the next is read.
      if (twoVariables) toNodes(relation.trie);
    }
  }
  // Node ids throughout or ValueIds throughout: every trie that joins (is not only a filter
  // folded into others) must be in one form.
  nodes_ = true;
  for (const Relation& r : relations_) {
    if (nodes_ && !r.folded && !asNodes[r.trie] && !toNodes(r.trie)) nodes_ = false;
  }
  if (nodes_) return;
  for (size_t t = 0; t < tries_.size(); ++t) {
    // One-variable tries were indexed when read; the others are, now, as ValueIds.
    if (!asNodes[t] && !tries_[t].twoLevels()) continue;
    const size_t before = asNodes[t] ? nodeTries_[t].bytes() : tries_[t].bytes();
    if (asNodes[t]) tries_[t] = valueTrieOf(nodeTries_[t]);
    nodeTries_[t] = NodeTrie{};
    tries_[t].indexKeys();
    recharge(before, tries_[t].bytes());
  }
}

std::vector<size_t> CyclicJoin::filterTries(const std::vector<size_t>& filters) const {
  std::vector<size_t> out;
  for (size_t f : filters) out.push_back(relations_[f].trie);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void CyclicJoin::computeLevel(size_t depth) {
  if ((++levelsComputed_ & 1023) == 0) ctx_.checkLimits();
  if (nodes_) {
    computeLevelOf(depth, nodeTries_, levels_[depth].nodeValues);
  } else {
    computeLevelOf(depth, tries_, levels_[depth].values);
  }
}

template <typename T>
void CyclicJoin::computeLevelOf(size_t depth, const std::vector<SortedTrie<T>>& tries,
                                std::vector<T>& out) {
  Level& level = levels_[depth];
  out.clear();
  level.positions.clear();
  level.next = 0;
  const size_t k = level.participants.size();
  std::span<const T> lists[8];
  std::vector<std::span<const T>> more;
  std::span<const T>* spans = lists;
  if (k > 8) {
    more.resize(k);
    spans = more.data();
  }
  size_t driver = 0;
  for (size_t j = 0; j < k; ++j) {
    const Participant& p = level.participants[j];
    const SortedTrie<T>& trie = tries[relations_[p.relation].trie];
    spans[j] = p.second ? trie.childrenOf(keyPosition_[p.relation]) : std::span<const T>(trie.keys);
    if (spans[j].empty()) return;
    if (spans[j].size() < spans[driver].size()) driver = j;
  }
  cursors_.assign(k, 0);
  // Whole key lists with a key index are probed by id (cursors_ holds the key found), the
  // others galloped through in step with the driver.
  probed_.assign(k, false);
  for (size_t j = 0; j < k; ++j) {
    const Participant& p = level.participants[j];
    probed_[j] = j != driver && !p.second && !tries[relations_[p.relation].trie].keyIndex.empty();
  }
  const std::span<const T> lead = spans[driver];
  size_t d = 0;
  while (d < lead.size()) {
    const T v = lead[d];
    bool all = true;
    for (size_t j = 0; j < k; ++j) {
      if (j == driver) continue;
      if (probed_[j]) {
        const size_t at = tries[relations_[level.participants[j].relation].trie].find(v);
        if (at == SortedTrie<T>::kNotFound) {
          ++d;
          all = false;
          break;
        }
        cursors_[j] = at;
        continue;
      }
      const size_t c = gallop(spans[j], cursors_[j], v);
      cursors_[j] = c;
      if (c == spans[j].size()) return;
      if (spans[j][c] != v) {
        d = gallop(lead, d + 1, spans[j][c]);
        all = false;
        break;
      }
    }
    if (!all) continue;
    out.push_back(v);
    if (level.recorded > 0) {
      for (size_t j = 0; j < k; ++j) {
        if (level.participants[j].recordPosition) {
          level.positions.push_back(static_cast<uint32_t>(j == driver ? d : cursors_[j]));
        }
      }
    }
    ++d;
  }
}

void CyclicJoin::restart() {
  started_ = false;
  depth_ = 0;
}

bool CyclicJoin::produce(Batch& out) {
  if (!loaded_) loadTries();
  if (impossible_) return false;
  if (!started_) {
    started_ = true;
    depth_ = 0;
    computeLevel(0);
  }
  const size_t last = levels_.size() - 1;
  const size_t batchRows = ctx_.batchRows();
  while (out.rows < batchRows) {
    Level& level = levels_[depth_];
    const size_t size = nodes_ ? level.nodeValues.size() : level.values.size();
    if (level.next >= size) {
      if (depth_ == 0) return out.rows > 0;
      --depth_;
      continue;
    }
    if (depth_ == last) {
      const size_t n = std::min(size - level.next, batchRows - out.rows);
      for (size_t c = 0; c < last; ++c) out.columns[c].insert(out.columns[c].end(), n, binding_[c]);
      std::vector<ValueId>& column = out.columns[last];
      if (nodes_) {
        for (size_t i = level.next; i < level.next + n; ++i) {
          column.push_back(ValueId::node(level.nodeValues[i]));
        }
      } else {
        column.insert(column.end(), level.values.begin() + level.next,
                      level.values.begin() + level.next + n);
      }
      level.next += n;
      out.rows += n;
      continue;
    }
    const size_t i = level.next++;
    binding_[depth_] = nodes_ ? ValueId::node(level.nodeValues[i]) : level.values[i];
    size_t q = 0;
    for (const Participant& p : level.participants) {
      if (p.recordPosition) keyPosition_[p.relation] = level.positions[i * level.recorded + q++];
    }
    ++depth_;
    computeLevel(depth_);
  }
  return true;
}

}  // namespace cairn::query
