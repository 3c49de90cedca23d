#pragma once
// The logical optimizer: rewrites of the algebra into an equivalent algebra, before the planner
// chooses indexes, join orders and algorithms. Each pass is one file under query/optimizer/ and
// has a name that QueryOptions::disabledRewrites switches off (docs/query-engine.md lists them),
// so a plan can be compared with and without it. Passes never change the answer; the planner
// handles every tree a pass may leave, rewritten or not.
//
// Passes run in a fixed order, each over the whole tree (EXISTS patterns inside expressions
// included). They copy only the nodes they change: the query's own tree stays as it was.

#include <string_view>

#include "query/algebra/algebra.h"
#include "query/engine/query_engine.h"

namespace cairn::query::optimizer {

// Join trees flattened into one n-ary Join whose BGP operands are merged into one BGP
// (optimizer/flatten_joins.cpp).
inline constexpr std::string_view kRewriteFlattenJoins = "flatten-joins";

// `root` with every pass that `options` does not disable applied.
AlgebraPtr optimize(AlgebraPtr root, const QueryOptions& options);

}  // namespace cairn::query::optimizer
