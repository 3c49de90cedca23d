#pragma once
// PredicateRowDeltas: the net rows each predicate gained (negative: lost) in one graph since the
// trees' t — what planners add to the root's statistics. A flat vector sorted by predicate: each
// commit copies the set it changes (Novelty is immutable), and copying one block costs far less
// than copying a tree of one node per predicate.

#include <algorithm>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace cairn::index {

class PredicateRowDeltas {
 public:
  PredicateRowDeltas() = default;
  explicit PredicateRowDeltas(const std::map<uint64_t, int64_t>& rows)
      : entries_(rows.begin(), rows.end()) {}

  // The net rows of predicate `p` (0 when it has none).
  int64_t of(uint64_t p) const {
    auto it = lowerBound(p);
    return it != entries_.end() && it->first == p ? it->second : 0;
  }
  // Adds `step` to p's rows; a predicate whose rows come back to 0 is dropped.
  void add(uint64_t p, int64_t step) {
    auto it = entries_.begin() + (lowerBound(p) - entries_.cbegin());
    if (it != entries_.end() && it->first == p) {
      if ((it->second += step) == 0) entries_.erase(it);
    } else if (step != 0) {
      entries_.insert(it, {p, step});
    }
  }
  size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }

 private:
  std::vector<std::pair<uint64_t, int64_t>>::const_iterator lowerBound(uint64_t p) const {
    return std::lower_bound(entries_.begin(), entries_.end(), p,
                            [](const auto& entry, uint64_t key) { return entry.first < key; });
  }

  std::vector<std::pair<uint64_t, int64_t>> entries_;  // ascending by predicate, no zero rows
};

}  // namespace cairn::index
