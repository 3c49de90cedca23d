// Greedy placement of a basic graph pattern (DESIGN §6 "Planner").
//
// Each step classifies the patterns not yet placed, given the variables bound so far, into
//   reducers   patterns that do not grow the intermediate result (every variable bound, or at
//              most one match per binding) or that are tiny on their own (<= kReducerRows);
//   sources    patterns connected to what is bound (or anything, at the start);
//   expanders  a variable predicate with free subject and object, or a pattern sharing no
//              variable with what is bound (a cross product);
// and places the first tier's pattern with the fewest estimated rows after placement, ties by
// written order. Placing a pattern binds its variables, which re-classifies the rest. Filters
// are placed as soon as all their variables are certainly bound.

#include <algorithm>
#include <map>

#include "query/exec/bind_join.h"
#include "query/exec/filter.h"
#include "query/exec/hash_join.h"
#include "query/exec/index_scan.h"
#include "query/exec/merge_join.h"
#include "query/exec/values.h"
#include "query/plan/planner.h"

namespace cairn::query::plan {

namespace {

enum class Tier { kReducer = 0, kSource = 1, kExpander = 2 };

std::string_view tierName(Tier t) {
  switch (t) {
    case Tier::kReducer:
      return "reducer";
    case Tier::kSource:
      return "source";
    case Tier::kExpander:
      return "expander";
  }
  return "";
}

std::vector<std::string> patternVariables(const TriplePattern& p) {
  std::vector<std::string> out;
  for (const PatternTerm* t : {&p.subject, &p.predicate, &p.object}) {
    if (t->isVariable && std::find(out.begin(), out.end(), t->variable) == out.end()) {
      out.push_back(t->variable);
    }
  }
  return out;
}

bool isExistsFree(const Expr& e) {
  if (e.kind == ExprKind::kExists || e.kind == ExprKind::kNotExists) return false;
  for (const auto& a : e.args) {
    if (!isExistsFree(a)) return false;
  }
  return true;
}

// Whether an IndexScan of `p` yields its rows in subject order: a constant predicate and a
// variable subject read from PSOT (or POST with a constant object), one graph.
bool subjectOrdered(const TriplePattern& p, const GraphScope& scope) {
  return scope.graphs.size() == 1 && !p.predicate.isVariable && p.subject.isVariable &&
         !(p.object.isVariable && p.object.variable == p.subject.variable);
}

}  // namespace

OperatorPtr Planner::hashJoin(OperatorPtr a, OperatorPtr b, double rows) {
  // Build the smaller side; the larger streams through as the probe.
  if (estimateOf(*a) < estimateOf(*b)) std::swap(a, b);
  auto op = make<HashJoin>(std::move(a), std::move(b));
  op->setEstimatedRows(rows);
  return op;
}

OperatorPtr Planner::placeBgp(const std::vector<TriplePattern>& triples, std::vector<Expr>& filters,
                              OperatorPtr outer, const std::set<std::string>& certain,
                              const GraphScope& scope) {
  OperatorPtr current = std::move(outer);
  std::set<std::string> bound, certainBound = certain;
  if (current) bound.insert(current->variables().begin(), current->variables().end());
  double currentRows = current ? estimateOf(*current) : 1;

  // The variable `current` comes ordered by (raw subject id), for merge joins; empty: none.
  std::string sortedBy;
  // The placed patterns that bind each variable as subject (for keptFraction).
  std::map<std::string, std::vector<const TriplePattern*>> asSubject;
  std::vector<size_t> remaining(triples.size());
  for (size_t i = 0; i < triples.size(); ++i) remaining[i] = i;
  auto placeFilters = [&] {
    if (!current) return;
    std::vector<Expr> ready, rest;
    for (Expr& f : filters) {
      bool placeable = isExistsFree(f);
      for (const auto& v : referencedVariables(f)) placeable = placeable && certainBound.count(v);
      (placeable ? ready : rest).push_back(std::move(f));
    }
    filters = std::move(rest);
    if (ready.empty()) return;
    currentRows = std::max(1.0, currentRows * 0.5);
    current = make<Filter>(std::move(current), ready, scope);
    current->setEstimatedRows(currentRows);
    // Placed below patterns still to come: the pushdown made a difference.
    if (!remaining.empty()) current->addDetail("rewrite", std::string(kRewriteFilterPushdown));
  };
  if (ctx_.enabled(kRewriteFilterPushdown)) placeFilters();
  const bool greedy = ctx_.enabled(kRewriteGreedyOrder);

  // One pattern with a constant subject and nothing outside: there is no order to choose, and
  // the estimate (a subject's few rows, whichever way it is taken) only informs the operators
  // above, so the statistics suffice: no directory count on a point lookup.
  if (triples.size() == 1 && !current && !triples[0].subject.isVariable) {
    current = make<IndexScan>(triples[0], scope);
    current->setEstimatedRows(cardinality_.statisticsRows(triples[0], scope));
    current->addDetail("tier", std::string(tierName(Tier::kSource)));
    remaining.clear();
    for (const auto& v : patternVariables(triples[0])) certainBound.insert(v);
    if (ctx_.enabled(kRewriteFilterPushdown)) placeFilters();
    return current;
  }

  // Patterns whose variables form cycles join first, as one worst-case-optimal join, when
  // that is cheaper than binary joins (cyclic_join_planner.cpp).
  // A filter `?v = constant` pins a variable, which bind joins from that value exploit and the
  // cyclic join's estimate would not see: then the binary joins stay.
  const bool pinnedByFilter = std::any_of(filters.begin(), filters.end(), [](const Expr& f) {
    if (f.kind != ExprKind::kCall || f.op != Op::kEqual || f.args.size() != 2) return false;
    const bool variable =
        f.args[0].kind == ExprKind::kVariable || f.args[1].kind == ExprKind::kVariable;
    const bool constant =
        f.args[0].kind == ExprKind::kConstant || f.args[1].kind == ExprKind::kConstant;
    return variable && constant;
  });
  if (!current && !pinnedByFilter && triples.size() >= 2) {
    std::vector<size_t> before = remaining;
    double rows = 0;
    if (OperatorPtr cyclic = tryCyclicJoin(triples, remaining, rows, scope)) {
      for (size_t index : before) {
        const TriplePattern& p = triples[index];
        if (std::find(remaining.begin(), remaining.end(), index) == remaining.end() &&
            p.subject.isVariable) {
          asSubject[p.subject.variable].push_back(&p);
        }
      }
      current = std::move(cyclic);
      currentRows = rows;
      bound.insert(current->variables().begin(), current->variables().end());
      certainBound.insert(current->variables().begin(), current->variables().end());
      if (ctx_.enabled(kRewriteFilterPushdown)) placeFilters();
    }
  }

  while (!remaining.empty()) {
    size_t bestPos = 0;
    Tier bestTier = Tier::kExpander;
    double bestRows = 0;
    for (size_t pos = 0; pos < remaining.size(); ++pos) {
      const TriplePattern& p = triples[remaining[pos]];
      auto vars = patternVariables(p);
      std::set<std::string> shared;
      for (const auto& v : vars) {
        if (bound.count(v)) shared.insert(v);
      }
      const bool connected = !current || !shared.empty();
      const double scan = cardinality_.scanRows(p, scope);
      double perBinding = cardinality_.fanout(p, shared, scope);
      // A bound subject keeps only the values that the pattern's predicate also has (a star of
      // optional attributes). Not applied to bound objects: their values are skewed (a few hubs
      // hold most rows), so a share of distinct values says little about a share of rows.
      if (p.subject.isVariable && shared.count(p.subject.variable)) {
        perBinding *= cardinality_.keptFraction(p, true, asSubject[p.subject.variable], scope);
      }
      const double rowsAfter = current ? currentRows * perBinding : scan;
      Tier tier = Tier::kSource;
      const bool freePredicate = p.predicate.isVariable && !bound.count(p.predicate.variable) &&
                                 (p.subject.isVariable && !bound.count(p.subject.variable)) &&
                                 (p.object.isVariable && !bound.count(p.object.variable));
      if (!connected || freePredicate) {
        tier = Tier::kExpander;
      } else if (scan <= kReducerRows || (current && perBinding <= 1)) {
        tier = Tier::kReducer;
      }
      bool better =
          pos == 0 || (greedy && (tier < bestTier || (tier == bestTier && rowsAfter < bestRows)));
      if (better) {
        bestPos = pos;
        bestTier = tier;
        bestRows = rowsAfter;
      }
      if (!greedy) break;
    }
    const TriplePattern& pattern = triples[remaining[bestPos]];
    remaining.erase(remaining.begin() + static_cast<ptrdiff_t>(bestPos));
    if (pattern.subject.isVariable) asSubject[pattern.subject.variable].push_back(&pattern);
    std::vector<std::string> vars = patternVariables(pattern);
    bool sharesVariable = false;
    for (const auto& v : vars) sharesVariable = sharesVariable || bound.count(v) > 0;
    const double scan = cardinality_.scanRows(pattern, scope);

    // Whether only the subject variable is shared with what is bound.
    bool sharesOnlySubject = pattern.subject.isVariable && bound.count(pattern.subject.variable);
    for (const auto& v : vars) {
      sharesOnlySubject = sharesOnlySubject && (v == pattern.subject.variable || !bound.count(v));
    }
    if (!current) {
      current = make<IndexScan>(pattern, scope);
      if (subjectOrdered(pattern, scope)) sortedBy = pattern.subject.variable;
    } else if (!sharesVariable) {
      auto scanOp = make<IndexScan>(pattern, scope);
      scanOp->setEstimatedRows(scan);
      current = hashJoin(std::move(current), std::move(scanOp), bestRows);
      sortedBy.clear();
    } else {
      const double probes = currentRows;
      const bool bindAllowed = ctx_.enabled(kRewriteBindJoin);
      std::vector<const TriplePattern*> absorbed;
      if (bindAllowed && bindCheaper(probes, scan) && pattern.subject.isVariable &&
          placePropertyJoin(current, pattern, triples, remaining, bound, certainBound,
                            asSubject[pattern.subject.variable], bestRows, absorbed, scope)) {
        // The star's other arms are placed too: their variables are bound from here on.
        for (const TriplePattern* arm : absorbed) {
          for (const auto& v : patternVariables(*arm)) {
            if (std::find(vars.begin(), vars.end(), v) == vars.end()) vars.push_back(v);
          }
        }
      } else if (bindAllowed && bindCheaper(probes, scan)) {
        current = make<BindJoin>(std::move(current), pattern, scope);
        if (ctx_.describesPlan()) {
          current->addDetail("rejected", "hash join: would scan ~" + formatRows(scan) +
                                             " rows for ~" + formatRows(probes) + " probes");
        }
      } else if (ctx_.enabled(kRewriteMergeJoin) && !sortedBy.empty() && sharesOnlySubject &&
                 pattern.subject.variable == sortedBy && subjectOrdered(pattern, scope)) {
        // Both sides come in subject order (a star over PSOT): merge, no hash table; the
        // output keeps the order for the star's next pattern.
        auto scanOp = make<IndexScan>(pattern, scope);
        scanOp->setEstimatedRows(scan);
        current = make<MergeJoin>(std::move(current), std::move(scanOp), sortedBy);
        current->addDetail("rewrite", std::string(kRewriteMergeJoin));
        if (ctx_.describesPlan()) {
          current->addDetail("rejected", "bind join: ~" + formatRows(probes) + " probes x " +
                                             formatRows(kProbeCost) + " > ~" + formatRows(scan) +
                                             " scanned rows");
        }
      } else {
        auto scanOp = make<IndexScan>(pattern, scope);
        scanOp->setEstimatedRows(scan);
        current = hashJoin(std::move(current), std::move(scanOp), bestRows);
        sortedBy.clear();
        if (ctx_.describesPlan()) {
          current->addDetail("rejected", bindAllowed
                                             ? "bind join: ~" + formatRows(probes) + " probes x " +
                                                   formatRows(kProbeCost) + " > ~" +
                                                   formatRows(scan) + " scanned rows"
                                             : "bind join: disabled (bind-join)");
        }
      }
    }
    current->setEstimatedRows(bestRows);
    current->addDetail("tier", std::string(tierName(bestTier)));
    currentRows = std::max(bestRows, 0.0);
    for (const auto& v : vars) {
      bound.insert(v);
      certainBound.insert(v);
    }
    if (ctx_.enabled(kRewriteFilterPushdown)) placeFilters();
  }
  if (!current) {
    current = make<Values>(std::vector<std::string>{}, std::vector<ValueRow>{ValueRow{}}, "Unit");
  }
  return current;
}

OperatorPtr Planner::planBgp(const std::vector<TriplePattern>& triples, std::vector<Expr> filters,
                             OperatorPtr outer, const std::set<std::string>& certain,
                             const GraphScope& scope) {
  OperatorPtr op = placeBgp(triples, filters, std::move(outer), certain, scope);
  return applyFilters(std::move(op), filters, scope);
}

}  // namespace cairn::query::plan
