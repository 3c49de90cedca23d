#pragma once
// PlannerStatistics: the numbers the planner reads from one graph's LedgerStats (row counts and
// distinct subjects/objects per predicate), computed once per LedgerStats and shared by every
// query that plans against it. The distinct counts are HyperLogLog estimates whose evaluation
// walks every register of the sketch (microseconds each); a point lookup must not pay that per
// query, so the estimates are taken once when the statistics are first planned against.
//
// Thread-safety: of() may be called concurrently; a PlannerStatistics is immutable.

#include <cstdint>
#include <memory>
#include <unordered_map>

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
  double triples() const { return triples_; }
  double subjects() const { return subjects_; }
  double predicates() const { return predicates_; }

 private:
  double triples_ = 0;
  double subjects_ = 0;
  double predicates_ = 0;
  std::unordered_map<uint64_t, PredicateEstimate> byPredicate_;
};

}  // namespace cairn::query::plan
