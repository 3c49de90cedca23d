// Cypher's "n is a node". The translator writes it as the marker pattern (?n rdf:type sys:Node)
// (cypher/translate), which nodes Cypher creates have; nodes of imported RDF do not. The planner
// never scans the marker: where another pattern binds n as subject, n is a node already; else a
// NodeScan reads every node (query/exec/node_scan.h).

#include "core/vocab.h"
#include "query/exec/node_scan.h"
#include "query/graph/property_graph_vocabulary.h"
#include "query/plan/planner.h"

namespace cairn::query::plan {

namespace {

// The variable `t` marks as a node, or null when `t` is no marker pattern.
const std::string* markedNode(const TriplePattern& t) {
  if (!t.subject.isVariable || t.predicate.isVariable || t.object.isVariable) return nullptr;
  if (t.predicate.term.kind != core::TermKind::kIri ||
      t.predicate.term.value != core::vocab::kRdfType ||
      t.object.term.kind != core::TermKind::kIri || t.object.term.value != graph::kNodeMarkerIri) {
    return nullptr;
  }
  return &t.subject.variable;
}

}  // namespace

std::vector<TriplePattern> Planner::withoutNodeMarkers(const std::vector<TriplePattern>& triples,
                                                       const std::set<std::string>& nodes) {
  std::vector<TriplePattern> kept;
  kept.reserve(triples.size());
  for (const TriplePattern& t : triples) {
    const std::string* node = markedNode(t);
    if (node == nullptr || nodes.count(*node) == 0) kept.push_back(t);
  }
  return kept;
}

OperatorPtr Planner::planNodeScans(const std::vector<TriplePattern>& triples, OperatorPtr outer,
                                   const std::set<std::string>& outerNodes,
                                   const GraphScope& scope) {
  std::set<std::string> marked, subjects = outerNodes;
  for (const TriplePattern& t : triples) {
    if (const std::string* node = markedNode(t)) {
      marked.insert(*node);
    } else if (t.subject.isVariable) {
      subjects.insert(t.subject.variable);
    }
  }
  if (marked.empty() && !outer) return nullptr;
  std::vector<TriplePattern> rest = withoutNodeMarkers(triples, marked);
  std::vector<std::string> scanned;
  for (const std::string& node : marked) {
    if (subjects.count(node) == 0) scanned.push_back(node);
  }
  if (scanned.empty()) return planBgp(rest, {}, std::move(outer), outerNodes, scope);

  // Nodes ≈ the graph's distinct subjects (objects that are never subjects are few, usually).
  const TriplePattern any{PatternTerm::var(" s"), PatternTerm::var(" p"), PatternTerm::var(" o")};
  const double facts = cardinality_.scanRows(any, scope);
  const double perSubject = std::max(1.0, cardinality_.fanout(any, {" s"}, scope));
  const double nodes = std::max(1.0, facts / perSubject);
  auto scan = [&](const std::string& node) {
    OperatorPtr op = make<NodeScan>(node);
    op->setEstimatedRows(nodes);
    return op;
  };
  OperatorPtr op = std::move(outer);
  std::set<std::string> certain = outerNodes;
  double rows = op ? estimateOf(*op) : 1;
  for (const std::string& node : scanned) {  // `MATCH (a), (b)`: a cross product
    rows *= nodes;
    op = op ? hashJoin(std::move(op), scan(node), rows) : scan(node);
    certain.insert(node);
  }
  if (rest.empty()) return op;
  return planBgp(rest, {}, std::move(op), certain, scope);
}

}  // namespace cairn::query::plan
