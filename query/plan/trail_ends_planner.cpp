// Fast path "trail-ends": a Cypher Group that reads only distinct values (every aggregate
// DISTINCT, min or max; keys alone: a DISTINCT projection) over filters over a chain of two or
// more fixed-length expansions, none of whose intermediate nodes or relationships anything above
// reads: the chain runs as one TrailEnds (query/exec/trail_ends.h) emitting each end node once
// per row instead of one row per trail.
//
// Preconditions, checked here: each expansion single-hop (not variable-length, not a shortest
// path), each one's `from` the previous one's `to`, its relationship uniqueness only against the
// chain's own relationships, the intermediate nodes and relationships (and the last node) new
// (not bound below the chain) and not read by the filters, keys or aggregates above.

#include <algorithm>
#include <set>

#include "query/exec/cypher_filter.h"
#include "query/exec/trail_ends.h"
#include "query/plan/planner.h"

namespace cairn::query::plan {

OperatorPtr Planner::tryTrailEnds(const GroupNode& group, const GraphScope& scope) {
  if (!ctx_.enabled(kRewriteTrailEnds)) return nullptr;
  std::set<std::string> readAbove;
  auto reads = [&](const Expr& e) {
    for (const auto& v : referencedVariables(e)) readAbove.insert(v);
  };
  using F = AggregateCall::Function;
  for (const AggregateCall& a : group.aggregates) {
    if (!a.arg || !(a.distinct || a.function == F::kMin || a.function == F::kMax)) return nullptr;
    reads(*a.arg);
    if (a.extraArg) reads(*a.extraArg);
  }
  for (const GroupKey& k : group.keys) reads(k.expr);

  std::vector<const FilterNode*> filters;
  const Algebra* node = group.children.at(0).get();
  while (node->kind == AlgebraKind::kFilter) {
    filters.push_back(&node->as<FilterNode>());
    for (const Expr& f : filters.back()->filters) reads(f);
    node = node->children.at(0).get();
  }
  std::vector<const ExpandNode*> chain;
  while (node->kind == AlgebraKind::kExpand) {
    const auto& e = node->as<ExpandNode>();
    if (e.variableLength || e.shortest != ShortestPaths::kNone || e.relationship.empty()) {
      return nullptr;
    }
    chain.push_back(&e);
    node = node->children.at(0).get();
  }
  if (chain.size() < 2) return nullptr;
  std::reverse(chain.begin(), chain.end());

  const std::vector<std::string> below = inScopeVariables(*node);
  auto boundBelow = [&](const std::string& v) {
    return std::find(below.begin(), below.end(), v) != below.end();
  };
  std::set<std::string> chainRelationships;
  for (size_t i = 0; i < chain.size(); ++i) {
    const ExpandNode& e = *chain[i];
    if (i > 0 && e.from != chain[i - 1]->to) return nullptr;
    for (const auto& other : e.distinctFrom) {
      if (chainRelationships.count(other) == 0) return nullptr;
    }
    chainRelationships.insert(e.relationship);
    if (boundBelow(e.relationship) || readAbove.count(e.relationship) > 0) return nullptr;
    if (boundBelow(e.to)) return nullptr;
    if (i + 1 < chain.size() && (readAbove.count(e.to) > 0 || e.to == chain.back()->to)) {
      return nullptr;
    }
  }
  if (!boundBelow(chain.front()->from)) return nullptr;

  OperatorPtr op = plan(*node, scope);
  const double startRows = estimateOf(*op);
  op = make<TrailEnds>(std::move(op), chain);
  op->addDetail("rewrite", std::string(kRewriteTrailEnds));
  double rows = startRows * 10;
  op->setEstimatedRows(rows);
  for (auto f = filters.rbegin(); f != filters.rend(); ++f) {
    rows *= 0.5;
    op = make<CypherFilter>(std::move(op), (*f)->filters);
    op->setEstimatedRows(rows);
  }
  return op;
}

}  // namespace cairn::query::plan
