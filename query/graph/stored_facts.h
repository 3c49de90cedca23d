#pragma once
// StoredFacts: the facts a Cypher update must find before it changes them, read from one ledger
// state (the latest t): what a node or relationship holds as a subject, which relationships end
// at a node, and whether any node still has a label. Property and label writes replace stored
// facts by deleting exactly these (a fact's key includes its i, query/graph/
// property_graph_vocabulary.h), and DELETE removes them all.
//
// Storage failures throw core::Error(kStorageError). Not thread-safe; one per transaction step.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/object_type.h"
#include "index/ledger/ledger.h"

namespace cairn::query::graph {

// A fact seen from its subject: (s, p, object) with discriminator i.
struct SubjectFact {
  core::NodeId p = core::kNoNode;
  core::EncodedObject object;
  uint64_t i = 0;
};

// A fact seen from its object: (s, p, o) with discriminator i.
struct ObjectFact {
  core::NodeId s = core::kNoNode;
  core::NodeId p = core::kNoNode;
  uint64_t i = 0;
};

// A node as an object (a subject's or predicate's id, typed IRI or blank by its bit).
core::EncodedObject nodeObject(core::NodeId node);

class StoredFacts {
 public:
  explicit StoredFacts(const index::Ledger& state) : state_(state) {}

  const index::Ledger& state() const { return state_; }

  // The id of an IRI; nullopt when the state does not have it (cached).
  std::optional<core::NodeId> iri(std::string_view iri) const;
  // The graph relationship properties live in; nullopt when the state has none.
  std::optional<core::NodeId> edgesGraph() const;

  // Facts with subject `s` in `graph` (and predicate `p` unless kNoNode), in index order.
  std::vector<SubjectFact> ofSubject(core::NodeId graph, core::NodeId s,
                                     core::NodeId p = core::kNoNode) const;
  // Facts in `graph` whose object is the node `o`.
  std::vector<ObjectFact> withObject(core::NodeId graph, core::NodeId o) const;
  // Whether some node has the label IRI `label` (a fact (?, rdf:type, label) in the default
  // graph).
  bool labelInUse(std::string_view labelIri) const;

 private:
  const index::SnapshotReader* reader(core::NodeId graph, index::Permutation perm) const;

  const index::Ledger& state_;
  mutable std::unordered_map<std::string, std::optional<core::NodeId>> iris_;
  mutable std::unordered_map<uint64_t, std::optional<index::SnapshotReader>> readers_;
};

}  // namespace cairn::query::graph
