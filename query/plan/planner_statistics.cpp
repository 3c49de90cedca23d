#include "query/plan/planner_statistics.h"

#include <algorithm>
#include <map>
#include <mutex>

namespace cairn::query::plan {

PlannerStatistics::PlannerStatistics(const index::LedgerStats& stats)
    : triples_(static_cast<double>(stats.triples)),
      subjects_(static_cast<double>(stats.subjects)),
      predicates_(static_cast<double>(stats.predicates)) {
  byPredicate_.reserve(stats.byPredicate.size());
  for (const index::PredicateStats& p : stats.byPredicate) {
    byPredicate_.emplace(p.predicate, PredicateEstimate{static_cast<double>(p.rows),
                                                        static_cast<double>(p.distinctSubjects()),
                                                        static_cast<double>(p.distinctObjects())});
    predicatesInOrder_.push_back(p.predicate);
  }
  std::sort(predicatesInOrder_.begin(), predicatesInOrder_.end());
}

const PredicateEstimate* PlannerStatistics::find(uint64_t predicate) const {
  auto it = byPredicate_.find(predicate);
  return it == byPredicate_.end() ? nullptr : &it->second;
}

std::optional<double> PlannerStatistics::subjectOverlap(uint64_t a, uint64_t b) const {
  return overlap(a, b, true);
}

std::optional<double> PlannerStatistics::objectOverlap(uint64_t a, uint64_t b) const {
  return overlap(a, b, false);
}

std::optional<double> PlannerStatistics::overlap(uint64_t a, uint64_t b, bool subjects) const {
  if (!sketches_) return std::nullopt;
  if (a > b) std::swap(a, b);
  std::lock_guard lock(overlapMutex_);
  const auto key = std::make_tuple(a, b, subjects);
  if (auto it = overlaps_.find(key); it != overlaps_.end()) return it->second;
  std::optional<double> result;
  const index::PredicateStats* pa = sketches_->find(a);
  const index::PredicateStats* pb = sketches_->find(b);
  if (pa && pb) {
    const index::HyperLogLog& sa = subjects ? pa->subjects : pa->objects;
    const index::HyperLogLog& sb = subjects ? pb->subjects : pb->objects;
    index::HyperLogLog both = sa;
    both.merge(sb);
    const double da = static_cast<double>(sa.count()), db = static_cast<double>(sb.count());
    const double united = static_cast<double>(both.count());
    const double common = da + db - united;
    // A sketch of precision 12 is off by about 1.6% (one standard error): below 2.5 of them
    // of the union the difference is noise, and the overlap is taken as half that bound.
    const double noise = 0.04 * united;
    result = std::min({common > noise ? common : noise / 2, da, db});
  }
  overlaps_.emplace(key, result);
  return result;
}

std::shared_ptr<const PlannerStatistics> PlannerStatistics::of(
    const std::shared_ptr<const index::LedgerStats>& stats) {
  // Keyed by the statistics object; the weak pointer tells a live entry from one whose address
  // a later LedgerStats reuses. Ledgers hold their statistics for their lifetime, so the map
  // stays as small as the number of graphs opened; expired entries are swept on insert.
  struct Entry {
    std::weak_ptr<const index::LedgerStats> owner;
    std::shared_ptr<const PlannerStatistics> estimates;
  };
  static std::mutex mutex;
  static std::map<const index::LedgerStats*, Entry> cache;
  std::lock_guard lock(mutex);
  auto it = cache.find(stats.get());
  if (it != cache.end() && it->second.owner.lock() == stats) return it->second.estimates;
  std::erase_if(cache, [](const auto& e) { return e.second.owner.expired(); });
  auto estimates = std::make_shared<PlannerStatistics>(*stats);
  estimates->sketches_ = stats;
  cache[stats.get()] = Entry{stats, estimates};
  return estimates;
}

}  // namespace cairn::query::plan
