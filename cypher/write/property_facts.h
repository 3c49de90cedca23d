#pragma once
// A property value as facts (query/graph/property_graph_vocabulary.h): a scalar as one literal
// with i = 0, a list as one literal per element at positions 1..n, the empty list as the
// EmptyList literal. What CREATE, SET and MERGE write.

#include <optional>
#include <string>
#include <vector>

#include "index/write/transaction.h"
#include "query/graph/cypher_names.h"
#include "query/value/value.h"

namespace cairn::cypher {

// Appends the facts of property `key` = `v` of `subject` (in `graph`; nullopt: the default
// graph) to `out`, the key's predicate named by `names`. `v` must not be null. Throws core::Error
// kTypeError "InvalidPropertyType" when `v` is a map, an entity, or a list holding anything but
// non-null scalars; nothing is appended then.
void appendPropertyFacts(const index::TxTerm& subject, const std::optional<index::TxTerm>& graph,
                         const std::string& key, const query::value::Value& v,
                         const query::graph::CypherNames& names, std::vector<index::TxQuad>& out);

// Throws what appendPropertyFacts throws for `v`, without writing anything.
void checkPropertyValue(const std::string& key, const query::value::Value& v);

}  // namespace cairn::cypher
