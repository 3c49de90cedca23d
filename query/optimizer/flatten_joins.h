#pragma once
// Pass "flatten-joins": a tree of Join nodes becomes one n-ary Join of its operands, and the
// BGPs among them one BGP (a BGP is the join of its triples; join is associative and commutative
// over multisets, §18.5). The unit table, the join's identity, is dropped. The planner then
// places all the triples of a group with one greedy order instead of planning each nested Join
// on its own and hash-joining the results.

#include "query/algebra/algebra.h"

namespace cairn::query::optimizer {

AlgebraPtr flattenJoins(const AlgebraPtr& root);

}  // namespace cairn::query::optimizer
