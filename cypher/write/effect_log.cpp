#include "cypher/write/effect_log.h"

#include "query/graph/snapshot_graph_access.h"
#include "query/graph/stored_facts.h"
#include "query/value/value_compare.h"

namespace cairn::cypher {

using query::value::Value;

namespace {

uint64_t propertyCount(const Value& properties) {
  return properties.kind() == query::value::ValueKind::kMap ? properties.asMap().size() : 0;
}

// Whether a property kept its value: a changed type (1 to 1.0) is a change.
bool sameValue(const Value& a, const Value& b) {
  if (a.isNull() || b.isNull()) return a.isNull() && b.isNull();
  return a.kind() == b.kind() && query::value::equivalent(a, b);
}

}  // namespace

UpdateCounters EffectLog::count(const index::Ledger& before, const index::Ledger& after) const {
  UpdateCounters c;
  const query::graph::SnapshotGraphAccess then(before, UINT64_MAX);
  const query::graph::SnapshotGraphAccess now(after, UINT64_MAX);
  auto relationship = [](const RelationshipKey& key) {
    const auto& [id, start, type, end] = key;
    return query::value::Relationship{id, start, end, type};
  };

  for (core::NodeId node : createdNodes_) {
    if (deletedNodes_.count(node) > 0) continue;
    ++c.nodesCreated;
    c.propertiesSet += propertyCount(now.nodeProperties(node));
  }
  for (core::NodeId node : deletedNodes_) {
    if (createdNodes_.count(node) > 0) continue;
    ++c.nodesDeleted;
    c.propertiesRemoved += propertyCount(then.nodeProperties(node));
  }
  for (const RelationshipKey& key : createdRelationships_) {
    if (deletedRelationships_.count(key) > 0) continue;
    ++c.relationshipsCreated;
    c.propertiesSet += propertyCount(now.relationshipProperties(relationship(key)));
  }
  for (const RelationshipKey& key : deletedRelationships_) {
    if (createdRelationships_.count(key) > 0) continue;
    ++c.relationshipsDeleted;
    c.propertiesRemoved += propertyCount(then.relationshipProperties(relationship(key)));
  }

  auto compare = [&c](const Value& old, const Value& current) {
    if (sameValue(old, current)) return;
    if (!current.isNull()) ++c.propertiesSet;
    if (!old.isNull()) ++c.propertiesRemoved;
  };
  // Created and deleted entities were counted whole above.
  for (const auto& [node, key] : nodeProperties_) {
    if (createdNodes_.count(node) > 0 || deletedNodes_.count(node) > 0) continue;
    compare(then.nodeProperty(node, key), now.nodeProperty(node, key));
  }
  for (const auto& [rel, key] : relationshipProperties_) {
    if (createdRelationships_.count(rel) > 0 || deletedRelationships_.count(rel) > 0) continue;
    compare(then.relationshipProperty(relationship(rel), key),
            now.relationshipProperty(relationship(rel), key));
  }

  const query::graph::StoredFacts thenFacts(before);
  const query::graph::StoredFacts nowFacts(after);
  for (const std::string& iri : labels_) {
    const bool was = thenFacts.labelInUse(iri);
    const bool is = nowFacts.labelInUse(iri);
    if (is && !was) ++c.labelsAdded;
    if (was && !is) ++c.labelsRemoved;
  }
  return c;
}

}  // namespace cairn::cypher
