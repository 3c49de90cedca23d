#pragma once
// Reads a node's relationships from the index as the store keeps them (query/graph/
// property_graph_vocabulary.h: a relationship is the fact (a, T, b) with its identity in `i`):
// outgoing ones are one SPOT seek (node, T), incoming ones one OPST seek (node as object, T); an
// untyped read takes all of the node's facts and keeps those whose object is a node (rdf:type
// facts are labels, not relationships). Steps carry identities, not values, so reading interns
// nothing: Expand and ShortestPath turn only the relationships a row emits into values.

#include <optional>
#include <string>
#include <vector>

#include "index/tree/column_batch.h"
#include "index/tree/scan_range.h"
#include "query/algebra/algebra.h"
#include "query/exec/value_id.h"

namespace cairn::query {

class CypherRuntime;
class ExecContext;

// One relationship as read from the index, seen from the node it was read from.
struct RelationshipStep {
  uint64_t identity = 0;  // the fact's i, or a hash of (s, p, o) for a plain triple
  core::NodeId start = 0;
  core::NodeId type = 0;
  ValueId end;  // the node reached
  core::NodeId endNode = 0;
  core::NodeId object = 0;  // the fact's object (start and object: the stored direction)
};

class RelationshipReader {
 public:
  // Relationships of one of `types` (IRIs; empty: any type) in the query's default graph.
  RelationshipReader(ExecContext& ctx, const std::vector<std::string>& types);

  // The relationships of `node` in `direction` appended to `out` (kBoth: outgoing, then
  // incoming, a self-loop once); with `target`, only those that end at it (exact seeks when the
  // types are named).
  void read(ValueId node, ExpandDirection direction, std::vector<RelationshipStep>& out,
            std::optional<ValueId> target = std::nullopt);

  // read() for many nodes, ascending by (type, key), into out[i] for nodes[i] (appended, in
  // read()'s order). Where the nodes are dense in a type's range, one sequential read of that
  // type's PSOT (outgoing) or POST (incoming) range between the first and the last node
  // replaces a seek per node; sparse ones, and untyped reads, seek as read() does.
  void readMany(const std::vector<ValueId>& nodes, ExpandDirection direction,
                std::vector<std::vector<RelationshipStep>>& out);

  // Whether a relationship of type `type` qualifies.
  bool acceptsType(core::NodeId type) const;

 private:
  void scan(index::Permutation perm, const index::ScanRange& range, bool outgoing,
            bool skipSelfLoops, std::vector<RelationshipStep>& out);
  // One type's relationships of nodes[begin, end) (one object type, ascending) in one
  // direction, by a sequential read when dense; false when a seek per node is cheaper.
  bool readRange(const std::vector<ValueId>& nodes, size_t begin, size_t end, core::NodeId type,
                 bool forward, bool skipSelfLoops, std::vector<std::vector<RelationshipStep>>& out);

  ExecContext& ctx_;
  std::vector<core::NodeId> typeIds_;  // resolved types; empty with !anyType_: none stored
  bool anyType_ = false;
  bool impossible_ = false;   // only named types the store does not have
  core::NodeId rdfType_ = 0;  // rdf:type's id (0: not stored)
  core::NodeId defaultGraph_ = core::kNoNode;
  index::ColumnBatch batch_;
};

// A relationship's identity for Cypher: the stored `i` when the fact has one; a plain RDF triple
// (i = 0) is identified by its ids, kept out of the blank-node id space `i` values live in.
uint64_t relationshipIdentity(uint64_t i, core::NodeId s, core::NodeId p, core::NodeId o);

// Appends the identities of the relationships `value` holds (a relationship or a list of them;
// anything else holds none) to `out`: what a row's other pattern relationships exclude.
void appendRelationshipIdentities(CypherRuntime& runtime, ValueId value,
                                  std::vector<uint64_t>& out);

}  // namespace cairn::query
