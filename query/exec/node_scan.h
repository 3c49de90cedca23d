#pragma once
// NodeScan: every node of the default graph, as Cypher's unlabelled `MATCH (n)` sees the store
// (docs/cypher.md "Property graph on the store"): each IRI or blank node that is the subject of
// a fact, or the object of a fact whose predicate is not rdf:type — a class named only as a
// label is not a node. Nodes Cypher creates are subjects (their marker fact); nodes of imported
// RDF need no marker. Each node once, in id order (IRIs, then blank nodes).
//
// Per node type, one merge of three run streams (run_stream.h) that decode key columns only:
// SPOT's subjects, OPST's object keys of that type, and POST's (rdf:type, that type) object
// keys. An object is a node when OPST holds more rows for it than its rdf:type facts.
// Holds no rows between batches (streams only), so it charges no memory.

#include <cstdint>
#include <memory>
#include <string>

#include "query/exec/operator.h"

namespace cairn::query {

class RunStream;

class NodeScan final : public Operator {
 public:
  NodeScan(ExecContext& ctx, std::string variable);
  ~NodeScan() override;

 protected:
  bool produce(Batch& out) override;
  bool canRestart() const override { return true; }
  void restart() override;

 private:
  // Opens the streams of node type kNodeTypes[typeIndex_]; false when there is none left.
  bool openType();
  // The next node of the open type, or nullopt when the type is spent.
  std::optional<uint64_t> nextNode();

  core::NodeId graph_ = core::kNoNode;   // the default graph (kNoNode is its id)
  std::optional<core::NodeId> rdfType_;  // nullopt: the store has no rdf:type
  size_t typeIndex_ = 0;                 // into the node types, IRI then blank
  std::unique_ptr<RunStream> subjects_, objects_, typeObjects_;
};

}  // namespace cairn::query
