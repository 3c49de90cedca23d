// Joins (§18.5 Join). An n-ary Join's operands (query/optimizer/flatten_joins.h merged nested
// Joins and their BGPs): the basic graph patterns' triples are placed by the greedy BGP planner,
// property paths are joined after it, and the other operands (OPTIONAL groups, unions,
// subqueries, VALUES, ...) are planned on their own and hash-joined.
//
// A path with a constant end is planned with the other operands (it starts from that constant,
// usually small); a path between two variables is joined after the BGP, per row when it shares
// a variable with it.
//
// When the other operands are estimated small next to the BGP's cheapest pattern they become
// the BGP's outer input, so its patterns are probed per row (bind joins) — the usual shape of
// VALUES or a selective OPTIONAL group followed by triples. Otherwise the BGP is planned alone
// and hash-joined with them.

#include <algorithm>

#include "query/exec/property_path.h"
#include "query/plan/planner.h"

namespace cairn::query::plan {

namespace {

bool sharesVariable(const Operator& op, const std::vector<std::string>& vars) {
  for (const auto& v : vars) {
    if (op.column(v) >= 0) return true;
  }
  return false;
}

}  // namespace

OperatorPtr Planner::planJoin(const Algebra& node, const std::vector<Expr>& filtersIn,
                              const GraphScope& scope) {
  // The operands of this Join (the flatten-joins pass merged nested Joins and BGPs into it;
  // without the pass a nested Join is planned as an operand of its own).
  std::vector<const Algebra*> operands;
  for (const auto& child : node.children) {
    if (child->kind != AlgebraKind::kTable) operands.push_back(child.get());
  }
  std::vector<TriplePattern> triples;
  std::vector<const PathNode*> paths;
  std::vector<const Algebra*> others;
  for (const Algebra* o : operands) {
    if (o->kind == AlgebraKind::kBgp) {
      const auto& own = o->as<BgpNode>().triples;
      triples.insert(triples.end(), own.begin(), own.end());
    } else if (o->kind == AlgebraKind::kPath && o->as<PathNode>().subject.isVariable &&
               o->as<PathNode>().object.isVariable) {
      paths.push_back(&o->as<PathNode>());
    } else {
      others.push_back(o);
    }
  }
  std::vector<Expr> filters = filtersIn;

  OperatorPtr outer;
  std::set<std::string> certain;
  for (const Algebra* o : others) {
    OperatorPtr op = plan(*o, scope);
    auto vars = certainVariables(*o);
    certain.insert(vars.begin(), vars.end());
    if (!outer) {
      outer = std::move(op);
    } else {
      double rows = std::max(estimateOf(*outer), estimateOf(*op));
      outer = hashJoin(std::move(outer), std::move(op), rows);
    }
  }

  OperatorPtr current;
  if (!triples.empty()) {
    double cheapest = -1;
    std::vector<std::string> bgpVars;
    for (const auto& t : triples) {
      double rows = cardinality_.scanRows(t, scope);
      cheapest = cheapest < 0 ? rows : std::min(cheapest, rows);
      for (const PatternTerm* p : {&t.subject, &t.predicate, &t.object}) {
        if (p->isVariable) bgpVars.push_back(p->variable);
      }
    }
    const bool feedOuter = outer && sharesVariable(*outer, bgpVars) &&
                           ctx_.enabled(kRewriteBindJoin) &&
                           bindCheaper(estimateOf(*outer), cheapest);
    if (!outer || feedOuter) {
      current = placeBgp(triples, filters, std::move(outer), certain, scope);
    } else {
      // Filters over the BGP's own variables may run inside it; the rest after the join.
      std::vector<Expr> inner, rest;
      std::set<std::string> own(bgpVars.begin(), bgpVars.end());
      for (Expr& f : filters) {
        bool local = true;
        for (const auto& v : referencedVariables(f)) local = local && own.count(v);
        (local ? inner : rest).push_back(std::move(f));
      }
      OperatorPtr bgp = placeBgp(triples, inner, nullptr, {}, scope);
      for (Expr& f : inner) rest.push_back(std::move(f));
      filters = std::move(rest);
      double rows = std::max(estimateOf(*outer), estimateOf(*bgp));
      current = hashJoin(std::move(bgp), std::move(outer), rows);
    }
  } else {
    current = std::move(outer);
  }

  for (const PathNode* p : paths) {
    std::vector<std::string> ends;
    if (p->subject.isVariable) ends.push_back(p->subject.variable);
    if (p->object.isVariable) ends.push_back(p->object.variable);
    if (current && sharesVariable(*current, ends) && ctx_.enabled(kRewriteBindJoin)) {
      double rows = estimateOf(*current);
      current = make<PropertyPathScan>(std::move(current), p->subject, p->path, p->object, scope);
      current->setEstimatedRows(rows);
    } else {
      OperatorPtr path = plan(*p, scope);
      if (!current) {
        current = std::move(path);
      } else {
        double rows = std::max(estimateOf(*current), estimateOf(*path));
        current = hashJoin(std::move(current), std::move(path), rows);
      }
    }
  }
  if (!current) {
    current = plan(TableNode{}, scope);  // the unit table
  }
  return applyFilters(std::move(current), filters, scope);
}

}  // namespace cairn::query::plan
