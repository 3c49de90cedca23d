#include "query/optimizer/optimizer.h"

#include <string>

#include "query/optimizer/flatten_joins.h"

namespace cairn::query::optimizer {

AlgebraPtr optimize(AlgebraPtr root, const QueryOptions& options) {
  auto enabled = [&](std::string_view name) {
    return options.disabledRewrites.count(std::string(name)) == 0;
  };
  if (enabled(kRewriteFlattenJoins)) root = flattenJoins(root);
  return root;
}

}  // namespace cairn::query::optimizer
