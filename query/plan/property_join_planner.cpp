// Property join: a star of attributes on one subject, read from SPOT once per subject and range
// of predicates instead of one bind join (one index descent) per pattern.
//
// Placed where the greedy BGP placement bind-joins a pattern onto rows that bind its subject:
// the other unplaced patterns on that subject with at most one match per subject (after the
// statistics' subject overlaps; any number once only this subject's patterns are left) join
// it, taken most selective first, each while a bind join would be cheaper than scanning it.
// The arms are sorted by predicate id (SPOT's order within a subject) and cut into ranges
// where the rows of other predicates between two arms, for subjects like these, would cost
// more than a second seek; the ranges are read most selective first, since a subject that
// misses an arm skips the rest. The star is placed only when its reads (probe-sized: a seek
// plus the rows passed over) cost less than the chain of bind joins it replaces.

#include <algorithm>
#include <limits>
#include <optional>

#include "query/exec/property_join.h"
#include "query/plan/planner.h"

namespace cairn::query::plan {

namespace {

// Whether `p` can be an arm of a star on `subject`: that subject variable, a constant
// predicate, an object other than the subject.
bool armShape(const TriplePattern& p, const std::string& subject) {
  return p.subject.isVariable && p.subject.variable == subject && !p.predicate.isVariable &&
         !(p.object.isVariable && p.object.variable == subject);
}

// The variable at `p`'s object that some input rows may leave unbound (so the arm binds it),
// or empty: at most one arm may bind a variable, or two arms would write one column.
std::string freeObjectVariable(const TriplePattern& p, const std::set<std::string>& certain) {
  return p.object.isVariable && !certain.count(p.object.variable) ? p.object.variable : "";
}

// At most one match per subject, within the sketches' error (distinct subjects ~1.6% off).
constexpr double kSingleValued = 1.05;

}  // namespace

bool Planner::placePropertyJoin(OperatorPtr& current, const TriplePattern& first,
                                const std::vector<TriplePattern>& triples,
                                std::vector<size_t>& remaining, const std::set<std::string>& bound,
                                const std::set<std::string>& certain,
                                std::vector<const TriplePattern*>& subjectBinders, double& rows,
                                std::vector<const TriplePattern*>& placed,
                                const GraphScope& scope) {
  if (!ctx_.enabled(kRewritePropertyJoin) || scope.graphs.size() != 1 || !current) return false;
  const std::string& subject = first.subject.variable;
  if (!armShape(first, subject) || !certain.count(subject)) return false;

  const double probes = std::max(1.0, estimateOf(*current));
  // When nothing but this subject's attributes is left to place, no other pattern could cut
  // the rows down before a multi-valued attribute multiplies them: those join the star too.
  bool onlyArmsLeft = true;
  for (size_t index : remaining) onlyArmsLeft = onlyArmsLeft && armShape(triples[index], subject);

  // The candidates with their matches per subject, in the order a chain of bind joins would
  // take them (the most selective first: each cuts the rows the next one probes).
  struct Candidate {
    const TriplePattern* pattern;
    size_t index;  // in triples; kFirst for `first`
    double perBinding;
    std::string object;  // freeObjectVariable()
  };
  constexpr size_t kFirst = std::numeric_limits<size_t>::max();
  const std::string firstObject = freeObjectVariable(first, certain);
  std::vector<Candidate> candidates{{&first, kFirst, rows / probes, firstObject}};
  for (size_t index : remaining) {
    const TriplePattern& q = triples[index];
    if (!armShape(q, subject)) continue;
    const std::string object = freeObjectVariable(q, certain);
    std::set<std::string> shared{subject};
    if (q.object.isVariable && bound.count(q.object.variable)) shared.insert(q.object.variable);
    const double perBinding = cardinality_.fanout(q, shared, scope) *
                              cardinality_.keptFraction(q, true, subjectBinders, scope);
    if (perBinding <= kSingleValued || onlyArmsLeft) {
      candidates.push_back({&q, index, perBinding, object});
    }
  }
  std::stable_sort(
      candidates.begin(), candidates.end(),
      [](const Candidate& a, const Candidate& b) { return a.perBinding < b.perBinding; });
  std::set<std::string> taken;  // object variables the arms bind
  if (!firstObject.empty()) taken.insert(firstObject);
  std::vector<Candidate> arms;
  std::set<size_t> absorbed;
  double rowsIn = probes, chainCost = 0;
  for (const Candidate& c : candidates) {
    if (c.index != kFirst) {
      if (!c.object.empty() && taken.count(c.object)) continue;
      if (!bindCheaper(rowsIn, cardinality_.scanRows(*c.pattern, scope))) continue;
      absorbed.insert(c.index);
      if (!c.object.empty()) taken.insert(c.object);
    }
    arms.push_back(c);
    chainCost += rowsIn;
    rowsIn *= c.perBinding;
  }
  if (arms.size() < 2) return false;

  // The arms in SPOT order, cut into ranges. The anchor, the predicate with the fewest subjects
  // among the arms and the patterns that bound the subject before, stands for the subjects the
  // star reads when pricing the rows between two arms.
  uint64_t anchor = 0;
  double anchorSubjects = std::numeric_limits<double>::infinity();
  auto predicateKey = [&](const TriplePattern& p) -> uint64_t {
    if (p.predicate.isVariable) return std::numeric_limits<uint64_t>::max();
    auto id = ctx_.terms().findStored(p.predicate.term);
    const uint64_t key = id ? id->key : std::numeric_limits<uint64_t>::max();
    if (const PredicateEstimate* e = cardinality_.predicateEstimate(key, scope);
        e && e->subjects < anchorSubjects) {
      anchorSubjects = e->subjects;
      anchor = key;
    }
    return key;
  };
  for (const TriplePattern* binder : subjectBinders) predicateKey(*binder);
  std::vector<std::pair<uint64_t, const Candidate*>> keyed;
  for (const Candidate& arm : arms) keyed.emplace_back(predicateKey(*arm.pattern), &arm);
  std::stable_sort(keyed.begin(), keyed.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  struct RangePlan {
    std::vector<TriplePattern> arms;
    double kept = 1;     // matches per subject of all its arms together
    double between = 0;  // other predicates' rows it passes over per subject
  };
  std::vector<RangePlan> plans;
  for (size_t i = 0; i < keyed.size(); ++i) {
    std::optional<double> between;
    if (i > 0) {
      const uint64_t low = keyed[i - 1].first, high = keyed[i].first;
      if (low == high) {
        between = 0;
      } else if (anchorSubjects < std::numeric_limits<double>::infinity()) {
        between = cardinality_.rowsBetween(low, high, anchor, scope);
      }
    }
    if (between && *between < kProbeCost) {
      plans.back().between += *between;
    } else {
      plans.emplace_back();
    }
    plans.back().arms.push_back(*keyed[i].second->pattern);
    plans.back().kept *= keyed[i].second->perBinding;
  }
  // Ranges are read in order, and a subject that misses an arm skips the rest: the most
  // selective first. Each read costs a probe plus the rows it passes over.
  std::stable_sort(plans.begin(), plans.end(),
                   [](const RangePlan& a, const RangePlan& b) { return a.kept < b.kept; });
  double starCost = 0;
  rowsIn = probes;
  for (const RangePlan& plan : plans) {
    starCost += rowsIn * (1 + plan.between / kProbeCost);
    rowsIn *= plan.kept;
  }
  if (starCost >= chainCost) return false;
  std::vector<std::vector<TriplePattern>> ranges;
  for (RangePlan& plan : plans) ranges.push_back(std::move(plan.arms));
  double estimate = probes;
  for (const Candidate& arm : arms) estimate *= arm.perBinding;

  auto op = make<PropertyJoin>(std::move(current), subject, ranges, scope);
  op->addDetail("rewrite", std::string(kRewritePropertyJoin));
  if (ctx_.describesPlan()) {
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "%zu bind joins: ~%.0f probes; here ~%.0f range reads (probe-sized)", arms.size(),
                  chainCost, starCost);
    op->addDetail("rejected", buf);
  }
  current = std::move(op);
  std::vector<size_t> keep;
  for (size_t index : remaining) {
    if (!absorbed.count(index)) keep.push_back(index);
  }
  remaining = std::move(keep);
  for (const Candidate& arm : arms) {
    if (arm.index == kFirst) continue;
    placed.push_back(arm.pattern);
    subjectBinders.push_back(arm.pattern);
  }
  rows = estimate;
  return true;
}

}  // namespace cairn::query::plan
