#pragma once
// Bottom-up rewriting of an algebra tree for the optimizer's passes: children first (and the
// patterns of EXISTS / NOT EXISTS inside a node's own expressions), then the node itself. A node
// is copied only when one of its children or patterns changed, or when the pass replaces it.

#include <functional>

#include "query/algebra/algebra.h"

namespace cairn::query::optimizer {

// `rewrite` gets each node after its children were rewritten and returns it or a replacement.
using NodeRewrite = std::function<AlgebraPtr(const AlgebraPtr& node)>;

AlgebraPtr transformBottomUp(const AlgebraPtr& node, const NodeRewrite& rewrite);

}  // namespace cairn::query::optimizer
