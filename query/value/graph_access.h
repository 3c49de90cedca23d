#pragma once
// How the Cypher evaluator reads stored entities: the labels and properties of a node, the type
// name and properties of a relationship. Values carry only identities (query/value/value.h); the
// engine implements this over the ledger snapshot a query runs on, tests over an in-memory graph.
//
// Names are Cypher names (labels, relationship types and property keys as the query writes
// them, docs/cypher.md "Property graph on the store"). Implementations must be safe to call
// from the thread that evaluates; one evaluation never calls from several threads at once.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "query/value/value.h"

namespace cairn::query::graph {
class CypherNames;
}

namespace cairn::query::value {

class GraphAccess {
 public:
  virtual ~GraphAccess() = default;

  // How this graph's names map to IRIs (query/graph/cypher_names.h); what writers over it use
  // to turn names into facts. Default: CypherNames::defaults().
  virtual const graph::CypherNames& names() const;

  // The node's labels, each once, in a stable order (the marker type of docs/cypher.md is not
  // a label).
  virtual std::vector<std::string> labels(core::NodeId node) const = 0;
  // The graph's vocabulary (db.labels(), db.relationshipTypes(), db.propertyKeys()): every
  // label some node has, every type some relationship has, every key some node or relationship
  // has a property of; each once, sorted. A graph that cannot list them has none.
  virtual std::vector<std::string> allLabels() const { return {}; }
  virtual std::vector<std::string> allRelationshipTypes() const { return {}; }
  virtual std::vector<std::string> allPropertyKeys() const { return {}; }
  virtual bool hasLabel(core::NodeId node, std::string_view label) const = 0;
  // The node's property `key`; null when it has none.
  virtual Value nodeProperty(core::NodeId node, std::string_view key) const = 0;
  // All of a node's properties as a map value (for properties(n), keys(n), n{.*}).
  virtual Value nodeProperties(core::NodeId node) const = 0;

  // The relationship's type name (`r.type` is the predicate's id).
  virtual std::string relationshipType(const Relationship& rel) const = 0;
  virtual Value relationshipProperty(const Relationship& rel, std::string_view key) const = 0;
  virtual Value relationshipProperties(const Relationship& rel) const = 0;
};

// What a result with no graph behind it reads (a schema command's rows, a statement that
// returns nothing): no entity can occur in it.
class NoEntities final : public GraphAccess {
 public:
  std::vector<std::string> labels(core::NodeId) const override { return {}; }
  bool hasLabel(core::NodeId, std::string_view) const override { return false; }
  Value nodeProperty(core::NodeId, std::string_view) const override { return {}; }
  Value nodeProperties(core::NodeId) const override { return {}; }
  std::string relationshipType(const Relationship&) const override { return {}; }
  Value relationshipProperty(const Relationship&, std::string_view) const override { return {}; }
  Value relationshipProperties(const Relationship&) const override { return {}; }
};

}  // namespace cairn::query::value
