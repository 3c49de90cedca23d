#include "query/value/graph_access.h"

#include "query/graph/cypher_names.h"

namespace cairn::query::value {

const graph::CypherNames& GraphAccess::names() const { return graph::CypherNames::defaults(); }

}  // namespace cairn::query::value
