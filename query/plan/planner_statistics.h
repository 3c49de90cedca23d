#pragma once
// PlannerStatistics: the numbers the planner reads from one graph's LedgerStats (row counts and
// distinct subjects/objects per predicate), computed once per LedgerStats and shared by every
// query that plans against it. The distinct counts are HyperLogLog estimates whose evaluation
// walks every register of the sketch (microseconds each); a point lookup must not pay that per
// query, so the estimates are taken once when the statistics are first planned against.
//
// Overlaps of two predicates' subject (or object) sets come from their sketches by inclusion-
// exclusion, |A ∩ B| = |A| + |B| - |A ∪ B|: what a star's second pattern keeps of the first's
// subjects. Each pair is worked out once and kept.
//
// Thread-safety: of() may be called concurrently; a PlannerStatistics is immutable but for its
// overlap memo, which a mutex guards.

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "index/stats/ledger_stats.h"

namespace cairn::query::plan {

struct PredicateEstimate {
  double rows = 0;
  double subjects = 0;  // distinct
  double objects = 0;   // distinct
};

class PlannerStatistics {
 public:
  // The estimates of `stats` (built on first use, then shared while `stats` lives).
  static std::shared_ptr<const PlannerStatistics> of(
      const std::shared_ptr<const index::LedgerStats>& stats);

  explicit PlannerStatistics(const index::LedgerStats& stats);

  // The estimates of `predicate`, or null if it has no rows.
  const PredicateEstimate* find(uint64_t predicate) const;
  // The estimated number of subjects (objects) both predicates have (below the sketches' error,
  // about 4% of the union, half that error); nullopt when one has no rows.
  std::optional<double> subjectOverlap(uint64_t a, uint64_t b) const;
  std::optional<double> objectOverlap(uint64_t a, uint64_t b) const;
  // The predicates with rows, in ascending id order (the order of SPOT within one subject).
  const std::vector<uint64_t>& predicatesInOrder() const { return predicatesInOrder_; }
  double triples() const { return triples_; }
  double subjects() const { return subjects_; }
  double predicates() const { return predicates_; }

 private:
  double triples_ = 0;
  double subjects_ = 0;
  double predicates_ = 0;
  std::unordered_map<uint64_t, PredicateEstimate> byPredicate_;
  std::vector<uint64_t> predicatesInOrder_;
  std::shared_ptr<const index::LedgerStats> sketches_;  // set by of(): overlaps need them

  std::optional<double> overlap(uint64_t a, uint64_t b, bool subjects) const;
  mutable std::mutex overlapMutex_;
  mutable std::map<std::tuple<uint64_t, uint64_t, bool>, std::optional<double>> overlaps_;
};

}  // namespace cairn::query::plan
