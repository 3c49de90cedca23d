#include "cypher/write/graph_edits.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "core/error.h"
#include "core/vocab.h"
#include "cypher/write/property_facts.h"
#include "query/graph/property_graph_vocabulary.h"

namespace cairn::cypher {

using query::graph::nodeObject;
using query::value::Relationship;
using query::value::Value;
using query::value::ValueKind;

namespace {

index::TxTerm existingNode(core::NodeId id) { return index::TxTerm::existing(nodeObject(id)); }

// The IRIs a Cypher name may be stored under (query/graph/snapshot_graph_access.h): the
// ledger's for it, and a name with ':' as a whole IRI (imported RDF).
std::vector<std::string> storedIris(const query::graph::CypherNames& names,
                                    const std::string& name) {
  std::vector<std::string> iris{names.iriOf(name)};
  if (name.find(':') != std::string::npos && iris.front() != name) iris.push_back(name);
  return iris;
}

// Deletes the literal facts of property `key` of `subject` in `graph` (kNoNode: default).
void deleteProperty(const query::graph::StoredFacts& facts, const query::graph::CypherNames& names,
                    core::NodeId graph, core::NodeId subject, const std::string& key,
                    index::TxChanges& out) {
  for (const std::string& iri : storedIris(names, key)) {
    const auto predicate = facts.iri(iri);
    if (!predicate) continue;
    for (const auto& f : facts.ofSubject(graph, subject, *predicate)) {
      if (!core::isLiteral(f.object.type)) continue;  // a relationship of the same name
      index::TxQuad q{existingNode(subject), existingNode(*predicate),
                      index::TxTerm::existing(f.object)};
      if (graph != core::kNoNode) q.g = existingNode(graph);
      q.position = f.i;
      out.deletes.push_back(std::move(q));
    }
  }
}

}  // namespace

void GraphEdits::setNodeProperty(core::NodeId node, const std::string& key, Value v) {
  nodes_[node].properties.insert_or_assign(key, std::move(v));
}

void GraphEdits::setRelationshipProperty(const Relationship& rel, const std::string& key, Value v) {
  if (rel.id == 0) {
    throw core::Error(core::ErrorCode::kUnsupported,
                      "a relationship imported as a plain triple has no identity to hold "
                      "properties");
  }
  auto [it, fresh] = relationships_.try_emplace(rel.id);
  if (fresh) it->second.rel = rel;
  it->second.edit.properties.insert_or_assign(key, std::move(v));
}

void GraphEdits::addLabel(core::NodeId node, const std::string& label) {
  Edit& edit = nodes_[node];
  edit.removed.erase(label);
  edit.added.insert(label);
}

void GraphEdits::removeLabel(core::NodeId node, const std::string& label) {
  Edit& edit = nodes_[node];
  edit.added.erase(label);
  edit.removed.insert(label);
}

const GraphEdits::Edit* GraphEdits::nodeEdit(core::NodeId node) const {
  auto it = nodes_.find(node);
  return it == nodes_.end() ? nullptr : &it->second;
}

const GraphEdits::Edit* GraphEdits::relationshipEdit(const Relationship& rel) const {
  auto it = relationships_.find(rel.id);
  return rel.id == 0 || it == relationships_.end() ? nullptr : &it->second.edit;
}

std::vector<std::string> GraphEdits::labels(core::NodeId node) const {
  std::vector<std::string> labels = stored_.labels(node);
  const Edit* edit = nodeEdit(node);
  if (edit == nullptr) return labels;
  std::erase_if(labels, [&](const std::string& l) { return edit->removed.count(l) > 0; });
  for (const std::string& l : edit->added) {
    if (std::find(labels.begin(), labels.end(), l) == labels.end()) labels.push_back(l);
  }
  std::sort(labels.begin(), labels.end());
  return labels;
}

bool GraphEdits::hasLabel(core::NodeId node, std::string_view label) const {
  if (const Edit* edit = nodeEdit(node)) {
    if (edit->added.count(label) > 0) return true;
    if (edit->removed.count(label) > 0) return false;
  }
  return stored_.hasLabel(node, label);
}

Value GraphEdits::nodeProperty(core::NodeId node, std::string_view key) const {
  if (const Edit* edit = nodeEdit(node)) {
    if (auto it = edit->properties.find(key); it != edit->properties.end()) return it->second;
  }
  return stored_.nodeProperty(node, key);
}

Value GraphEdits::relationshipProperty(const Relationship& rel, std::string_view key) const {
  if (const Edit* edit = relationshipEdit(rel)) {
    if (auto it = edit->properties.find(key); it != edit->properties.end()) return it->second;
  }
  return stored_.relationshipProperty(rel, key);
}

Value GraphEdits::withEdits(Value stored, const Edit* edit) {
  if (edit == nullptr || edit->properties.empty()) return stored;
  std::map<std::string, Value, std::less<>> merged;
  if (stored.kind() == ValueKind::kMap) {
    for (const auto& [k, v] : stored.asMap()) merged.emplace(k, v);
  }
  for (const auto& [k, v] : edit->properties) {
    if (v.isNull()) {
      merged.erase(k);
    } else {
      merged.insert_or_assign(k, v);
    }
  }
  return Value::map(Value::Map(merged.begin(), merged.end()));
}

Value GraphEdits::nodeProperties(core::NodeId node) const {
  return withEdits(stored_.nodeProperties(node), nodeEdit(node));
}

Value GraphEdits::relationshipProperties(const Relationship& rel) const {
  return withEdits(stored_.relationshipProperties(rel), relationshipEdit(rel));
}

void GraphEdits::appendChanges(const query::graph::StoredFacts& facts, index::TxChanges& out,
                               EffectLog& log) const {
  const auto rdfType = facts.iri(core::vocab::kRdfType);
  const query::graph::CypherNames& cypherNames = names();
  for (const auto& [node, edit] : nodes_) {
    for (const auto& [key, v] : edit.properties) {
      deleteProperty(facts, cypherNames, core::kNoNode, node, key, out);
      if (!v.isNull()) {
        appendPropertyFacts(existingNode(node), std::nullopt, key, v, cypherNames, out.inserts);
      }
      log.touchedNodeProperty(node, key);
    }
    for (const std::string& label : edit.added) {
      out.inserts.push_back(
          index::TxQuad{existingNode(node),
                        index::TxTerm::of(core::Term::iri(std::string(core::vocab::kRdfType))),
                        index::TxTerm::of(core::Term::iri(cypherNames.iriOf(label)))});
      log.touchedLabel(cypherNames.iriOf(label));
    }
    for (const std::string& label : edit.removed) {
      for (const std::string& iri : storedIris(cypherNames, label)) {
        const auto id = facts.iri(iri);
        if (rdfType && id) {
          out.deletes.push_back(
              index::TxQuad{existingNode(node), existingNode(*rdfType), existingNode(*id)});
        }
        log.touchedLabel(iri);
      }
    }
  }
  if (relationships_.empty()) return;
  const auto edges = facts.edgesGraph();
  const index::TxTerm edgesTerm =
      index::TxTerm::of(core::Term::iri(std::string(query::graph::kEdgesGraphIri)));
  for (const auto& [id, entry] : relationships_) {
    for (const auto& [key, v] : entry.edit.properties) {
      if (edges) deleteProperty(facts, cypherNames, *edges, id, key, out);
      if (!v.isNull()) {
        appendPropertyFacts(existingNode(id), edgesTerm, key, v, cypherNames, out.inserts);
      }
      log.touchedRelationshipProperty(entry.rel, key);
    }
  }
}

}  // namespace cairn::cypher
