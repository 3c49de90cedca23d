#include "query/plan/planner_statistics.h"

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
  }
}

const PredicateEstimate* PlannerStatistics::find(uint64_t predicate) const {
  auto it = byPredicate_.find(predicate);
  return it == byPredicate_.end() ? nullptr : &it->second;
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
  auto estimates = std::make_shared<const PlannerStatistics>(*stats);
  cache[stats.get()] = Entry{stats, estimates};
  return estimates;
}

}  // namespace cairn::query::plan
