#pragma once
// Cardinality: the planner's row estimates for triple patterns, from the per-predicate
// statistics (index/stats/ledger_stats.h) of the graphs in scope, and from exact directory
// counts (PermutationReader::count) when a pattern's constants form a key prefix.
//
//   scanRows(pattern)           rows matching the pattern's constants: the exact count when the
//                               constants are a prefix of one permutation, else from statistics.
//   fanout(pattern, bound)      expected matches per binding of `bound` variables: scanRows
//                               divided by the distinct values of each bound position (distinct
//                               subjects / objects of the predicate; the ledger's subjects, or
//                               predicates, when the predicate is a variable). A predicate
//                               written since the last fold, absent from the statistics, has
//                               its distinct values counted when small (distinctOfNewPredicate).
//
// The per-predicate numbers come from PlannerStatistics (estimated once per ledger, not per
// query). Fallbacks when a graph has no statistics (docs/query-engine.md): kUnknownTriples rows per
// graph, kUnknownDistinctFraction of the rows distinct per position.

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "query/algebra/term_pattern.h"
#include "query/exec/exec_context.h"
#include "query/plan/planner_statistics.h"

namespace cairn::query::plan {

inline constexpr double kUnknownTriples = 100000;
inline constexpr double kUnknownDistinctFraction = 0.1;

class Cardinality {
 public:
  explicit Cardinality(ExecContext& ctx) : ctx_(ctx) {}

  double scanRows(const TriplePattern& pattern, const GraphScope& scope);
  // scanRows from the statistics alone (no directory walk): for a pattern whose estimate
  // decides nothing but what parent operators assume, such as a BGP of one pattern.
  double statisticsRows(const TriplePattern& pattern, const GraphScope& scope);
  double fanout(const TriplePattern& pattern, const std::set<std::string>& bound,
                const GraphScope& scope);
  // Of the values a variable took as the subject (or object: `subject` false) of `binders`,
  // the patterns placed before that bind it there, the fraction the pattern's predicate also
  // has there: the largest |S_q ∩ S_p| / |S_q| over binders q with constant predicates, by
  // the statistics' sketches (PlannerStatistics::subjectOverlap). fanout() assumes every bound
  // value has the pattern; for optional attributes (a 15% attribute joined to a 30% one) the
  // product of these fractions is what keeps a star's estimate near its size. 1 when unknown
  // (several graphs, variable predicates, no statistics).
  double keptFraction(const TriplePattern& pattern, bool subject,
                      const std::vector<const TriplePattern*>& binders, const GraphScope& scope);
  // Of the subjects that have predicate `anchor`, the rows each has (expected) with a predicate
  // whose id lies strictly between `low` and `high`: the SPOT rows a property join passes over
  // when it reads two arms in one range. The sum over those predicates p of rows(p) /
  // subjects(p) x |S_p ∩ S_anchor| / |S_anchor|, from one graph's statistics; nullopt without
  // them (several graphs, no statistics).
  std::optional<double> rowsBetween(uint64_t low, uint64_t high, uint64_t anchor,
                                    const GraphScope& scope);
  // Its rows and distinct subjects and objects by the statistics of a one-graph scope (the
  // index root's: not the novelty's), or null.
  const PredicateEstimate* predicateEstimate(uint64_t predicate, const GraphScope& scope);

 private:
  struct Totals {
    double rows = 0;
    double subjects = 0;
    double objects = 0;
    double predicates = 0;
    bool known = false;
  };
  // Statistics of the pattern's predicate (constant) or of the whole graphs (variable).
  Totals totals(const TriplePattern& pattern, const GraphScope& scope);
  const PlannerStatistics* stats(core::NodeId graph);
  // Distinct subjects and objects of a predicate the root's statistics do not know (all its
  // rows came since the last fold), counted from its PSOT and POST ranges when it has at most
  // kCountedDistinctRows rows and the query reads the latest state; kept in the snapshot's memo.
  struct DistinctCounts {
    double subjects = 0;
    double objects = 0;
  };
  static constexpr double kCountedDistinctRows = 1 << 16;
  std::optional<DistinctCounts> distinctOfNewPredicate(core::NodeId graph, uint64_t predicate,
                                                       double rows);

  ExecContext& ctx_;
  std::map<core::NodeId, std::shared_ptr<const PlannerStatistics>> stats_;
  std::map<std::string, double> scanned_;  // scanRows cache by pattern text and scope
};

}  // namespace cairn::query::plan
