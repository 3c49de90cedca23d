#pragma once
// EffectLog: what the clauses of one updating statement touched — entities created and deleted,
// label IRIs added or removed somewhere, property keys set or removed — so that, once every
// clause has run, the statement's UpdateCounters come from comparing only those things between
// the state before the statement and the state after it (update_counters.h). Reading back only
// what was touched keeps a small update cheap on a large graph, and comparing states (not
// counting writes) gives the TCK's numbers when clauses overwrite each other's work.

#include <cstdint>
#include <set>
#include <string>
#include <tuple>

#include "core/object_type.h"
#include "cypher/write/update_counters.h"
#include "index/ledger/ledger.h"
#include "query/graph/deleted_entity_guard.h"
#include "query/value/value.h"

namespace cairn::cypher {

class EffectLog {
 public:
  void createdNode(core::NodeId node) { createdNodes_.insert(node); }
  void createdRelationship(const query::value::Relationship& rel) {
    createdRelationships_.insert(keyOf(rel));
  }
  void deletedNode(core::NodeId node) {
    deletedNodes_.insert(node);
    deleted_.nodes.insert(node);
  }
  void deletedRelationship(const query::value::Relationship& rel) {
    deletedRelationships_.insert(keyOf(rel));
    if (rel.id != 0) deleted_.relationships.insert(rel.id);
  }
  // A label (by its IRI) added to or removed from some node.
  void touchedLabel(std::string iri) { labels_.insert(std::move(iri)); }
  void touchedNodeProperty(core::NodeId node, const std::string& key) {
    nodeProperties_.emplace(node, key);
  }
  void touchedRelationshipProperty(const query::value::Relationship& rel, const std::string& key) {
    relationshipProperties_.emplace(keyOf(rel), key);
  }

  // The nodes and relationships (with an identity) the statement deleted so far.
  const query::graph::DeletedEntities& deleted() const { return deleted_; }

  // The counters, from the state before the statement and the state after its last clause.
  // Throws core::Error(kStorageError) when reading fails.
  UpdateCounters count(const index::Ledger& before, const index::Ledger& after) const;

 private:
  // A relationship: its identity, or for one without (an imported triple, id 0) its ends and
  // type.
  using RelationshipKey = std::tuple<uint64_t, core::NodeId, core::NodeId, core::NodeId>;
  static RelationshipKey keyOf(const query::value::Relationship& rel) {
    if (rel.id != 0) return {rel.id, 0, 0, 0};
    return {0, rel.start, rel.type, rel.end};
  }

  std::set<core::NodeId> createdNodes_, deletedNodes_;
  std::set<RelationshipKey> createdRelationships_, deletedRelationships_;
  std::set<std::string> labels_;
  std::set<std::pair<core::NodeId, std::string>> nodeProperties_;
  std::set<std::pair<RelationshipKey, std::string>> relationshipProperties_;
  query::graph::DeletedEntities deleted_;
};

}  // namespace cairn::cypher
