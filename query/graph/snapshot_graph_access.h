#pragma once
// SnapshotGraphAccess: value::GraphAccess over one ledger snapshot at one t, reading the facts
// of query/graph/property_graph_vocabulary.h — what Cypher's labels(n), n.key, properties(r) and
// type(r) see while a query runs.
//
//   labels       the IRI objects of (n, rdf:type, ?) in the default graph but the node marker,
//                as names (CypherNames::nameOf), sorted by name
//   properties   the literal objects of (n, key, ?) in the default graph: one fact with i = 0 is
//                the value; facts with i = 1..n a list in i order; the EmptyList literal the
//                empty list; several facts with i = 0 (imported multi-valued RDF) a list in index
//                order. Facts with IRI or blank objects are relationships, not properties.
//   vocabulary   allLabels / allRelationshipTypes / allPropertyKeys: the distinct objects of
//                rdf:type, the predicates with node objects, those with literal objects (in
//                either graph), by seeks from one distinct key to the next
//   relationship the same, of the identity node r.id in the graph sys:edges; an identity of 0
//                (an imported triple) has no properties; the type is the name of r.type.
//
// Names map to IRIs and back by the ledger's CypherNames at asOf (cypher_names.h); a name with
// a ':' is also tried as a whole IRI, so every name labels() or nodeProperties() shows reads
// back.
//
// Caches only what a snapshot never changes (the ids of IRIs it has, the names of ids) for the
// object's life, which is one query's. A property read for nodes in ascending id order (a label
// scan's) continues a walk of the predicate (property_walk.h) instead of a point scan each. Not
// thread-safe (GraphAccess's contract: one evaluating thread). Storage failures throw
// core::Error(kStorageError).

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "index/ledger/ledger.h"
#include "query/graph/cypher_names.h"
#include "query/graph/property_walk.h"
#include "query/graph/stored_facts.h"
#include "query/value/graph_access.h"

namespace cairn::query::graph {

class SnapshotGraphAccess final : public value::GraphAccess {
 public:
  // `ledger` must outlive this object; facts are read as of commit `asOf`.
  SnapshotGraphAccess(const index::Ledger& ledger, uint64_t asOf);
  ~SnapshotGraphAccess() override;

  std::vector<std::string> labels(core::NodeId node) const override;
  std::vector<std::string> allLabels() const override;
  std::vector<std::string> allRelationshipTypes() const override;
  std::vector<std::string> allPropertyKeys() const override;
  bool hasLabel(core::NodeId node, std::string_view label) const override;
  value::Value nodeProperty(core::NodeId node, std::string_view key) const override;
  value::Value nodeProperties(core::NodeId node) const override;

  std::string relationshipType(const value::Relationship& rel) const override;
  // The ledger's names at asOf, read on first use.
  const CypherNames& names() const override;
  value::Value relationshipProperty(const value::Relationship& rel,
                                    std::string_view key) const override;
  value::Value relationshipProperties(const value::Relationship& rel) const override;

 private:
  using Fact = SubjectFact;

  // The reader of SPOT in `graph` (nullptr when the snapshot has no such graph), made once.
  const index::SnapshotReader* spot(core::NodeId graph) const;
  // Point reads of `perm` in `graph` remembering their last leaflet (index/tree/key_probe.h),
  // made once; null when the snapshot has no such graph. Label checks read POST (rdf:type, L,
  // s) and property reads PSOT (p, s): a label's or a property's rows are a few contiguous
  // leaflets, so nodes asked in id order (an expansion's sorted ends) mostly search the leaflet
  // of the last read instead of descending the tree each time.
  index::SnapshotKeyProbe* probe(core::NodeId graph, index::Permutation perm) const;
  // The graph relationship properties live in; nullopt when the ledger has none.
  std::optional<core::NodeId> edgesGraph() const;
  // The id of an IRI (cached when found); nullopt when the snapshot does not have it.
  std::optional<core::NodeId> iriId(std::string_view iri) const;
  // The predicates a property key or label name may be (see the header comment).
  std::vector<core::NodeId> nameIds(std::string_view name) const;
  // nameIds(key), kept per key: a property is read once per row.
  const std::vector<core::NodeId>& keyIds(std::string_view key) const;
  // The walk of predicate p in `graph` (property_walk.h), made on first use; null without PSOT.
  PropertyWalk* walkOf(core::NodeId graph, core::NodeId p) const;
  // The predicates of `graph` with node objects (relationships) into `types` and with literal
  // objects (properties) into `keys`, as names; rdf:type is neither. By seeking from one
  // predicate to the next in PSOT and counting POST's node-typed prefixes (directories).
  void predicateNames(core::NodeId graph, std::vector<std::string>* types,
                      std::vector<std::string>* keys) const;
  // The name of an IRI node id.
  const std::string& nameOf(core::NodeId id) const;

  // The facts with subject `s` (and predicate `p` unless 0) in `graph` whose objects are
  // literals, in index order.
  std::vector<Fact> literalFacts(core::NodeId graph, core::NodeId s, core::NodeId p) const;
  // One property from its facts (all of one predicate): see the header comment.
  value::Value propertyValue(std::vector<Fact> facts) const;
  value::Value property(core::NodeId graph, core::NodeId s, std::string_view key) const;
  value::Value properties(core::NodeId graph, core::NodeId s) const;

  const index::Ledger& ledger_;
  uint64_t asOf_;
  mutable std::shared_ptr<const CypherNames> names_;
  mutable std::unordered_map<core::NodeId, std::optional<index::SnapshotReader>> readers_;
  struct Probed {
    index::SnapshotReader reader;
    index::SnapshotKeyProbe probe;
    Probed(index::SnapshotReader r, uint64_t asOf) : reader(std::move(r)), probe(reader, asOf) {}
  };
  mutable std::map<std::pair<core::NodeId, index::Permutation>, std::unique_ptr<Probed>> probes_;
  mutable std::vector<index::IndexRow> probed_;
  mutable std::unordered_map<std::string, core::NodeId> iriIds_;
  mutable std::unordered_map<core::NodeId, std::string> nodeNames_;
  mutable std::optional<std::optional<core::NodeId>> edgesGraph_;
  mutable std::optional<std::optional<core::NodeId>> rdfType_;
  mutable std::optional<std::optional<core::NodeId>> nodeMarker_;
  mutable std::map<std::string, std::vector<core::NodeId>, std::less<>> keyIds_;
  mutable std::map<std::pair<core::NodeId, core::NodeId>, std::unique_ptr<PropertyWalk>> walks_;
  mutable std::vector<PropertyFact> walked_;
};

}  // namespace cairn::query::graph
