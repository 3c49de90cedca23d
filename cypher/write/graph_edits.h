#pragma once
// GraphEdits: the label and property changes one SET, REMOVE or MERGE clause makes, held over
// the stored graph until the clause ends. As a GraphAccess it shows the stored graph with the
// changes so far, so a later item or row of the clause reads what an earlier one wrote
// (`SET n.a = 1, n.b = n.a + 1`); appendChanges() then turns them into facts: each changed
// property's stored facts deleted and its new value inserted, label facts added or deleted.
//
// Keys and labels are Cypher names; facts use query/graph/property_graph_vocabulary.h. A
// relationship holds properties through its identity; one without (an imported triple) cannot
// (kUnsupported).

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "cypher/write/effect_log.h"
#include "index/write/transaction.h"
#include "query/graph/stored_facts.h"
#include "query/value/graph_access.h"

namespace cairn::cypher {

class GraphEdits final : public query::value::GraphAccess {
 public:
  // `stored` must outlive the edits.
  explicit GraphEdits(const query::value::GraphAccess& stored) : stored_(stored) {}

  // Sets property `key` to `v` (null: removes it). The caller has checked `v`
  // (checkPropertyValue).
  void setNodeProperty(core::NodeId node, const std::string& key, query::value::Value v);
  void setRelationshipProperty(const query::value::Relationship& rel, const std::string& key,
                               query::value::Value v);
  void addLabel(core::NodeId node, const std::string& label);
  void removeLabel(core::NodeId node, const std::string& label);
  bool empty() const { return nodes_.empty() && relationships_.empty(); }

  // Appends the facts that make the stored graph (read through `facts`) what these edits say
  // to `out`, and logs what they touch.
  void appendChanges(const query::graph::StoredFacts& facts, index::TxChanges& out,
                     EffectLog& log) const;

  std::vector<std::string> labels(core::NodeId node) const override;
  bool hasLabel(core::NodeId node, std::string_view label) const override;
  query::value::Value nodeProperty(core::NodeId node, std::string_view key) const override;
  query::value::Value nodeProperties(core::NodeId node) const override;
  std::string relationshipType(const query::value::Relationship& rel) const override {
    return stored_.relationshipType(rel);
  }
  const query::graph::CypherNames& names() const override { return stored_.names(); }
  query::value::Value relationshipProperty(const query::value::Relationship& rel,
                                           std::string_view key) const override;
  query::value::Value relationshipProperties(const query::value::Relationship& rel) const override;

 private:
  struct Edit {
    std::map<std::string, query::value::Value, std::less<>> properties;  // null: removed
    std::set<std::string, std::less<>> added, removed;                   // labels
  };
  struct RelationshipEdit {
    query::value::Relationship rel;
    Edit edit;
  };

  static query::value::Value withEdits(query::value::Value stored, const Edit* edit);
  const Edit* nodeEdit(core::NodeId node) const;
  const Edit* relationshipEdit(const query::value::Relationship& rel) const;

  const query::value::GraphAccess& stored_;
  std::map<core::NodeId, Edit> nodes_;
  std::map<uint64_t, RelationshipEdit> relationships_;  // by identity
};

}  // namespace cairn::cypher
