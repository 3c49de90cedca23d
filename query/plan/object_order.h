#pragma once
// The shape both index-order ORDER BY fast paths (top_k_from_index.cpp,
// top_k_strings_from_index.cpp) start from: ORDER BY ?o … over one pattern `?s <p> ?o` (a
// constant predicate, distinct subject and object variables) in one graph.

#include "query/algebra/algebra.h"
#include "query/exec/exec_context.h"

namespace cairn::query::plan {

// The pattern when `orderBy`'s first key is the object variable of its input, a BGP of that
// one pattern, over one graph; null otherwise.
inline const TriplePattern* objectOrderedPattern(const OrderByNode& orderBy,
                                                 const GraphScope& scope) {
  if (orderBy.order.empty() || scope.graphs.size() != 1) return nullptr;
  const Expr& key = orderBy.order[0].expr;
  if (key.kind != ExprKind::kVariable) return nullptr;
  const Algebra& input = *orderBy.children.at(0);
  if (input.kind != AlgebraKind::kBgp || input.as<BgpNode>().triples.size() != 1) return nullptr;
  const TriplePattern& p = input.as<BgpNode>().triples[0];
  if (!p.object.isVariable || p.object.variable != key.variable || p.predicate.isVariable ||
      !p.subject.isVariable || p.subject.variable == p.object.variable) {
    return nullptr;
  }
  return &p;
}

}  // namespace cairn::query::plan
