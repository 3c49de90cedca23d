#include "cypher/write/delete_writer.h"

#include <tuple>
#include <utility>

#include "core/error.h"
#include "core/vocab.h"
#include "query/graph/property_graph_vocabulary.h"
#include "query/value/value_errors.h"

namespace cairn::cypher {

using query::graph::nodeObject;
using query::value::Relationship;
using query::value::Value;
using query::value::ValueKind;

DeleteWriter::DeleteWriter(const ast::DeleteClause& clause, const std::vector<std::string>& scope)
    : detach_(clause.detach), programs_(scope) {
  for (const auto& target : clause.targets) targets_.push_back(programs_.compile(*target));
}

DeleteWriter::~DeleteWriter() = default;
DeleteWriter::DeleteWriter(DeleteWriter&&) noexcept = default;
DeleteWriter& DeleteWriter::operator=(DeleteWriter&&) noexcept = default;

void DeleteWriter::collect(const BoundVariables& row, query::value::EvalContext& ctx,
                           DeleteTargets& targets) const {
  const std::vector<Value> values = programs_.values(row);
  const query::value::SpanRow view(values);
  for (const auto& program : targets_) {
    const Value v = program.evaluate(view, ctx);
    switch (v.kind()) {
      case ValueKind::kNull:
        break;
      case ValueKind::kNode:
        targets.nodes.insert(v.asNode());
        break;
      case ValueKind::kRelationship:
        targets.relationships.push_back(v.asRelationship());
        break;
      case ValueKind::kPath:
        for (core::NodeId node : v.asPath().nodes) targets.nodes.insert(node);
        for (const Relationship& rel : v.asPath().relationships) {
          targets.relationships.push_back(rel);
        }
        break;
      default:
        throw core::Error(core::ErrorCode::kTypeError, "InvalidArgumentType",
                          "DELETE expects a node, a relationship or a path, got " +
                              query::value::describeValue(v));
    }
  }
}

namespace {

// Appends deletes, each fact once.
class FactDeleter {
 public:
  FactDeleter(const query::graph::StoredFacts& facts, index::TxChanges& out, EffectLog& log)
      : facts_(facts), out_(out), log_(log), edges_(facts.edgesGraph()) {}

  void fact(core::NodeId graph, core::NodeId s, core::NodeId p, core::EncodedObject o, uint64_t i) {
    if (!done_.emplace(graph, s, p, o.type, o.key, i).second) return;
    index::TxQuad q{index::TxTerm::existing(nodeObject(s)), index::TxTerm::existing(nodeObject(p)),
                    index::TxTerm::existing(o)};
    if (graph != core::kNoNode) q.g = index::TxTerm::existing(nodeObject(graph));
    if (core::isBlankNode(i)) {
      q.identity = index::TxTerm::existing(nodeObject(i));
    } else {
      q.position = i;
    }
    out_.deletes.push_back(std::move(q));
  }

  // The relationship fact (s, p, o, i) and its properties.
  void relationship(core::NodeId s, core::NodeId p, core::NodeId o, uint64_t i) {
    if (isDeleted(s, p, o, i)) return;
    fact(core::kNoNode, s, p, nodeObject(o), i);
    if (i != 0 && edges_) {
      for (const auto& f : facts_.ofSubject(*edges_, i)) fact(*edges_, i, f.p, f.object, f.i);
    }
    log_.deletedRelationship(Relationship{i, s, o, p});
  }

  bool isDeleted(core::NodeId s, core::NodeId p, core::NodeId o, uint64_t i) const {
    const core::EncodedObject object = nodeObject(o);
    return done_.count({core::kNoNode, s, p, object.type, object.key, i}) > 0;
  }

 private:
  const query::graph::StoredFacts& facts_;
  index::TxChanges& out_;
  EffectLog& log_;
  std::optional<core::NodeId> edges_;
  std::set<
      std::tuple<core::NodeId, core::NodeId, core::NodeId, core::ObjectType, uint64_t, uint64_t>>
      done_;
};

bool isNodeObject(const core::EncodedObject& o) {
  return o.type == core::otype::kIri || o.type == core::otype::kBlank;
}

[[noreturn]] void connectedNode(core::NodeId) {
  throw core::Error(core::ErrorCode::kConstraintViolation, "DeleteConnectedNode",
                    "cannot delete a node that still has relationships; DETACH DELETE deletes "
                    "them too");
}

}  // namespace

void DeleteWriter::appendDeletes(const DeleteTargets& targets,
                                 const query::graph::StoredFacts& facts, index::TxChanges& out,
                                 EffectLog& log) const {
  FactDeleter deleter(facts, out, log);
  // Relationships named by the clause first: a node whose only relationships are among them
  // may be deleted without DETACH.
  for (const Relationship& rel : targets.relationships) {
    for (const auto& f : facts.ofSubject(core::kNoNode, rel.start)) {
      if (f.object == nodeObject(rel.end) && f.i == rel.id &&
          (rel.type == core::kNoNode || f.p == rel.type)) {
        deleter.relationship(rel.start, f.p, rel.end, f.i);
        break;
      }
    }
  }
  const auto rdfType = facts.iri(core::vocab::kRdfType);
  const auto marker = facts.iri(query::graph::kNodeMarkerIri);
  for (core::NodeId node : targets.nodes) {
    auto relationship = [&](core::NodeId s, core::NodeId p, core::NodeId o, uint64_t i) {
      if (deleter.isDeleted(s, p, o, i)) return;
      if (!detach_) connectedNode(node);
      deleter.relationship(s, p, o, i);
    };
    // A node deleted before (by an earlier clause) has no facts left and is not counted again.
    bool found = false;
    for (const auto& f : facts.ofSubject(core::kNoNode, node)) {
      found = true;
      const bool typeFact = rdfType && f.p == *rdfType;
      if (isNodeObject(f.object) && !typeFact) {
        relationship(node, f.p, f.object.key, f.i);
        continue;
      }
      deleter.fact(core::kNoNode, node, f.p, f.object, f.i);
      if (typeFact && isNodeObject(f.object) && (!marker || f.object.key != *marker)) {
        const core::Term label = core::valueOrThrow(facts.state().decodeNode(f.object.key));
        if (label.kind == core::TermKind::kIri) log.touchedLabel(label.value);
      }
    }
    for (const auto& f : facts.withObject(core::kNoNode, node)) {
      if (rdfType && f.p == *rdfType) continue;
      found = true;
      relationship(f.s, f.p, node, f.i);
    }
    if (found) log.deletedNode(node);
  }
}

}  // namespace cairn::cypher
