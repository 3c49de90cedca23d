#include "cypher/write/create_writer.h"

#include <algorithm>
#include <optional>
#include <set>
#include <unordered_map>
#include <utility>

#include "core/error.h"
#include "core/vocab.h"
#include "cypher/translate/expression_translator.h"
#include "cypher/write/property_facts.h"
#include "query/graph/property_graph_vocabulary.h"
#include "query/graph/value_terms.h"
#include "query/value/graph_access.h"
#include "query/value/value_errors.h"

namespace cairn::cypher {

using query::value::Value;
using query::value::ValueKind;
using query::value::ValueProgram;

namespace create_writer {

[[noreturn]] void compileError(std::string_view detail, std::string message,
                               ast::SourcePosition at) {
  throw core::Error(core::ErrorCode::kSyntaxError, std::string(detail), std::move(message), at.line,
                    at.column);
}

// The properties of one pattern element: either a map literal, one program per key (as
// written; of repeated keys the last wins), or one expression that must give a map ($props).
struct PropertySource {
  std::vector<std::pair<std::string, ValueProgram>> entries;
  std::optional<ValueProgram> whole;
};

struct NodeStep {
  std::string variable;  // empty: anonymous
  bool create = true;    // false: a node bound before (or earlier in the statement)
  std::vector<std::string> labels;
  PropertySource properties;
};

struct RelationshipStep {
  std::string variable;
  std::string type;
  bool outgoing = true;  // nodes[k] → nodes[k + 1]; else nodes[k + 1] → nodes[k]
  PropertySource properties;
};

struct PartPlan {
  std::string pathVariable;
  std::vector<NodeStep> nodes;
  std::vector<RelationshipStep> relationships;
};

}  // namespace create_writer

struct CreateWriter::Compiled {
  std::vector<create_writer::PartPlan> parts;
  bool merge = false;              // MERGE's create: a null property value is an error
  std::vector<std::string> slots;  // row slot i holds variable slots[i]
};

// The entities created so far, readable by later property expressions; other entities are read
// from `stored`.
struct CreateState::Pending final : query::value::GraphAccess {
  struct Entity {
    std::string label;               // the blank label its facts use
    std::vector<std::string> names;  // node: labels; relationship: {type}
    Value::Map properties;           // sorted by key
  };
  const query::value::GraphAccess* stored = nullptr;
  const query::graph::CypherNames* cypherNames = nullptr;
  std::unordered_map<core::NodeId, Entity> nodes;
  // Label names the statement has added: the TCK counts "+labels" once per name
  // (Create1 [4], [6]), not once per node.
  std::set<std::string> labelNames;
  std::unordered_map<uint64_t, Entity> relationships;

  const Entity* node(core::NodeId id) const {
    auto it = nodes.find(id);
    return it == nodes.end() ? nullptr : &it->second;
  }
  const Entity* relationship(const query::value::Relationship& r) const {
    auto it = relationships.find(r.id);
    return it == relationships.end() ? nullptr : &it->second;
  }
  static Value property(const Entity& e, std::string_view key) {
    for (const auto& [k, v] : e.properties) {
      if (k == key) return v;
    }
    return Value();
  }

  std::vector<std::string> labels(core::NodeId n) const override {
    if (const Entity* e = node(n)) return e->names;
    return stored ? stored->labels(n) : std::vector<std::string>{};
  }
  bool hasLabel(core::NodeId n, std::string_view label) const override {
    if (const Entity* e = node(n)) {
      return std::find(e->names.begin(), e->names.end(), label) != e->names.end();
    }
    return stored && stored->hasLabel(n, label);
  }
  Value nodeProperty(core::NodeId n, std::string_view key) const override {
    if (const Entity* e = node(n)) return property(*e, key);
    return stored ? stored->nodeProperty(n, key) : Value();
  }
  Value nodeProperties(core::NodeId n) const override {
    if (const Entity* e = node(n)) return Value::map(e->properties);
    return stored ? stored->nodeProperties(n) : Value::map({});
  }
  std::string relationshipType(const query::value::Relationship& r) const override {
    if (const Entity* e = relationship(r)) return e->names.front();
    return stored ? stored->relationshipType(r) : std::string();
  }
  Value relationshipProperty(const query::value::Relationship& r,
                             std::string_view key) const override {
    if (const Entity* e = relationship(r)) return property(*e, key);
    return stored ? stored->relationshipProperty(r, key) : Value();
  }
  Value relationshipProperties(const query::value::Relationship& r) const override {
    if (const Entity* e = relationship(r)) return Value::map(e->properties);
    return stored ? stored->relationshipProperties(r) : Value::map({});
  }
};

CreateState::CreateState(const query::value::Parameters& parameters, uint64_t firstBlankOrdinal,
                         const query::value::GraphAccess* stored,
                         std::function<core::NodeId(std::string_view iri)> typeId,
                         const query::graph::CypherNames* names)
    : parameters_(parameters),
      nextOrdinal_(firstBlankOrdinal),
      typeId_(std::move(typeId)),
      pending_(std::make_unique<Pending>()) {
  pending_->stored = stored;
  pending_->cypherNames = names != nullptr    ? names
                          : stored != nullptr ? &stored->names()
                                              : &query::graph::CypherNames::defaults();
}

CreateState::~CreateState() = default;

namespace create_writer {

// Checks the clause and compiles its property expressions (see CreateWriter's constructor).
class ClauseCompiler {
 public:
  ClauseCompiler(const std::vector<std::string>& scope, std::vector<std::string>& slots, bool merge)
      : slots_(slots), merge_(merge) {
    for (const std::string& v : scope) bind(v, Kind::kUnknown);
  }

  PartPlan part(const ast::PatternPart& part) {
    PartPlan plan;
    if (!part.pathVariable.empty()) {
      if (kinds_.count(part.pathVariable)) alreadyBound(part.pathVariable, part.position);
      plan.pathVariable = part.pathVariable;
    }
    if (part.function != ast::PathFunction::kNone) {
      throw core::Error(core::ErrorCode::kSyntaxError, "UnexpectedSyntax",
                        "CREATE cannot use shortestPath", part.position.line, part.position.column);
    }
    const bool alone = part.relationships.empty();
    plan.nodes.push_back(node(part.nodes.at(0), alone));
    for (size_t k = 0; k < part.relationships.size(); ++k) {
      // The relationship's checks first: a bad pattern is reported before its nodes' errors.
      checkRelationship(part.relationships[k]);
      RelationshipStep rel = relationship(part.relationships[k]);
      plan.nodes.push_back(node(part.nodes.at(k + 1), alone));
      plan.relationships.push_back(std::move(rel));
      if (!plan.relationships.back().variable.empty()) {
        bind(plan.relationships.back().variable, Kind::kRelationship);
      }
    }
    if (!plan.pathVariable.empty()) bind(plan.pathVariable, Kind::kPath);
    return plan;
  }

 private:
  enum class Kind { kUnknown, kNode, kRelationship, kPath };

  void bind(const std::string& variable, Kind kind) {
    if (kinds_.emplace(variable, kind).second) slots_.push_back(variable);
  }

  [[noreturn]] static void alreadyBound(const std::string& variable, ast::SourcePosition at) {
    compileError("VariableAlreadyBound", "variable `" + variable + "` is already bound", at);
  }

  NodeStep node(const ast::NodePattern& pattern, bool alone) {
    NodeStep step;
    step.variable = pattern.variable;
    if (!pattern.variable.empty()) {
      auto it = kinds_.find(pattern.variable);
      if (it != kinds_.end()) {
        if (alone || !pattern.labels.empty() || pattern.properties) {
          alreadyBound(pattern.variable, pattern.position);
        }
        if (it->second == Kind::kRelationship || it->second == Kind::kPath) {
          compileError("VariableTypeConflict", "variable `" + pattern.variable + "` is not a node",
                       pattern.position);
        }
        step.create = false;
        return step;
      }
    }
    step.labels = pattern.labels;
    if (pattern.properties) step.properties = properties(*pattern.properties);
    if (!step.variable.empty()) bind(step.variable, Kind::kNode);
    return step;
  }

  void checkRelationship(const ast::RelationshipPattern& pattern) const {
    if (pattern.types.size() != 1) {
      compileError("NoSingleRelationshipType",
                   "a relationship must be created with exactly one type", pattern.position);
    }
    // MERGE matches either direction and creates an undirected pattern left to right.
    if (!merge_ && (pattern.direction == ast::RelationshipDirection::kEither ||
                    pattern.direction == ast::RelationshipDirection::kBoth)) {
      compileError("RequiresDirectedRelationship", "a created relationship must have a direction",
                   pattern.position);
    }
    if (pattern.length) {
      compileError("CreatingVarLength", "a variable-length relationship cannot be created",
                   pattern.position);
    }
  }

  RelationshipStep relationship(const ast::RelationshipPattern& pattern) {
    RelationshipStep step;
    if (!pattern.variable.empty() && kinds_.count(pattern.variable)) {
      alreadyBound(pattern.variable, pattern.position);
    }
    step.variable = pattern.variable;
    step.type = pattern.types.front();
    step.outgoing = pattern.direction != ast::RelationshipDirection::kIncoming;
    if (pattern.properties) step.properties = properties(*pattern.properties);
    return step;
  }

  PropertySource properties(const ast::Expression& e) {
    PropertySource source;
    if (e.kind == ast::ExprKind::kMap) {
      for (size_t k = 0; k < e.children.size() && k < e.names.size(); ++k) {
        source.entries.emplace_back(e.names[k], program(*e.children[k]));
      }
    } else {
      source.whole = program(e);
    }
    return source;
  }

  // The program of a property expression, which may read the variables bound so far. Slots are
  // only appended to as the clause binds variables, so the slots resolved now stay valid.
  ValueProgram program(const ast::Expression& e) {
    const query::Expr expr = translateExpression(e);
    for (const std::string& name : query::referencedVariables(expr)) {
      if (!kinds_.count(name)) {
        compileError("UndefinedVariable", "variable `" + name + "` not defined", e.position);
      }
    }
    const std::vector<std::string>& slots = slots_;
    return ValueProgram::compile(expr, [&slots](std::string_view name) {
      auto it = std::find(slots.begin(), slots.end(), name);
      return it == slots.end() ? -1 : static_cast<int>(it - slots.begin());
    });
  }

  std::vector<std::string>& slots_;
  const bool merge_;
  std::map<std::string, Kind, std::less<>> kinds_;
};

}  // namespace create_writer

CreateWriter::CreateWriter(const ast::CreateClause& clause, const std::vector<std::string>& scope)
    : compiled_(std::make_unique<Compiled>()) {
  create_writer::ClauseCompiler compiler(scope, compiled_->slots, /*merge=*/false);
  for (const ast::PatternPart& part : clause.pattern.parts) {
    compiled_->parts.push_back(compiler.part(part));
  }
  scopeAfter_ = compiled_->slots;
}

CreateWriter::CreateWriter(const ast::PatternPart& mergePattern,
                           const std::vector<std::string>& scope)
    : compiled_(std::make_unique<Compiled>()) {
  compiled_->merge = true;
  create_writer::ClauseCompiler compiler(scope, compiled_->slots, /*merge=*/true);
  compiled_->parts.push_back(compiler.part(mergePattern));
  scopeAfter_ = compiled_->slots;
}

CreateWriter::~CreateWriter() = default;
CreateWriter::CreateWriter(CreateWriter&&) noexcept = default;
CreateWriter& CreateWriter::operator=(CreateWriter&&) noexcept = default;

namespace create_writer {

index::TxTerm iriTerm(std::string iri) {
  return index::TxTerm::of(core::Term::iri(std::move(iri)));
}

// Runs one clause for one row (CreateWriter::write).
class RowWriter {
 public:
  RowWriter(const CreateWriter::Compiled& compiled, BoundVariables& row,
            CreateState::Pending& pending, const query::value::Parameters& parameters,
            const std::function<core::NodeId(std::string_view)>& typeId, CreateCounters& counters,
            uint64_t& nextOrdinal, index::TxChanges& out)
      : compiled_(compiled),
        row_(row),
        pending_(pending),
        typeId_(typeId),
        counters_(counters),
        nextOrdinal_(nextOrdinal),
        out_(out) {
    values_.resize(compiled.slots.size());
    for (size_t i = 0; i < compiled.slots.size(); ++i) {
      if (auto it = row.find(compiled.slots[i]); it != row.end()) values_[i] = it->second;
    }
    ctx_.parameters = &parameters;
    ctx_.graph = &pending;
  }

  void part(const PartPlan& plan) {
    query::value::Path path;
    path.nodes.push_back(node(plan.nodes[0]));
    for (size_t k = 0; k < plan.relationships.size(); ++k) {
      path.nodes.push_back(node(plan.nodes[k + 1]));
      const core::NodeId from = path.nodes[k], to = path.nodes[k + 1];
      const RelationshipStep& step = plan.relationships[k];
      path.relationships.push_back(step.outgoing ? relationship(step, from, to)
                                                 : relationship(step, to, from));
    }
    if (!plan.pathVariable.empty()) bind(plan.pathVariable, Value::path(std::move(path)));
  }

 private:
  void bind(const std::string& variable, Value v) {
    auto it = std::find(compiled_.slots.begin(), compiled_.slots.end(), variable);
    if (it != compiled_.slots.end()) values_[it - compiled_.slots.begin()] = v;
    row_.insert_or_assign(variable, std::move(v));
  }

  Value variable(const std::string& name) const {
    auto it = std::find(compiled_.slots.begin(), compiled_.slots.end(), name);
    return it == compiled_.slots.end() ? Value() : values_[it - compiled_.slots.begin()];
  }

  // A node bound before: a pending one by its label (its id is only predicted), a stored one
  // by id.
  index::TxTerm nodeTerm(core::NodeId id) const {
    if (const auto* e = pending_.node(id)) return index::TxTerm::of(core::Term::blank(e->label));
    return index::TxTerm::existing(
        core::EncodedObject{core::isBlankNode(id) ? core::otype::kBlank : core::otype::kIri, id});
  }

  // A fresh blank node: its label and the id the commit will give it.
  std::pair<std::string, core::NodeId> mint() {
    const uint64_t ordinal = nextOrdinal_++;
    return {"cypher-create-" + std::to_string(ordinal), core::blankNodeId(ordinal)};
  }

  core::NodeId node(const NodeStep& step) {
    if (!step.create) {
      const Value v = variable(step.variable);
      if (v.kind() != ValueKind::kNode) {
        throw core::Error(core::ErrorCode::kTypeError, "InvalidArgumentType",
                          "CREATE needs a node for `" + step.variable + "`, got " +
                              query::value::describeValue(v));
      }
      return v.asNode();
    }
    auto [label, id] = mint();
    const index::TxTerm subject = index::TxTerm::of(core::Term::blank(label));
    // The marker first: its subject is the first mention of the label, so the node gets `id`.
    out_.inserts.push_back(index::TxQuad{subject, iriTerm(std::string(core::vocab::kRdfType)),
                                         iriTerm(std::string(query::graph::kNodeMarkerIri))});
    CreateState::Pending::Entity entity;
    entity.label = label;
    for (const std::string& l : step.labels) {
      if (std::find(entity.names.begin(), entity.names.end(), l) != entity.names.end()) continue;
      entity.names.push_back(l);
      out_.inserts.push_back(index::TxQuad{subject, iriTerm(std::string(core::vocab::kRdfType)),
                                           iriTerm(pending_.cypherNames->iriOf(l))});
    }
    ++counters_.nodesCreated;
    for (const std::string& l : entity.names) {
      if (pending_.labelNames.insert(l).second) ++counters_.labelsAdded;
    }
    entity.properties = properties(step.properties, subject, std::nullopt);
    pending_.nodes.emplace(id, std::move(entity));
    if (!step.variable.empty()) bind(step.variable, Value::node(id));
    return id;
  }

  query::value::Relationship relationship(const RelationshipStep& step, core::NodeId start,
                                          core::NodeId end) {
    auto [label, id] = mint();
    const index::TxTerm identity = index::TxTerm::of(core::Term::blank(label));
    const std::string typeIri = pending_.cypherNames->iriOf(step.type);
    index::TxQuad fact{nodeTerm(start), iriTerm(typeIri), nodeTerm(end)};
    fact.identity = identity;
    out_.inserts.push_back(std::move(fact));
    ++counters_.relationshipsCreated;
    CreateState::Pending::Entity entity;
    entity.label = label;
    entity.names = {step.type};
    entity.properties =
        properties(step.properties, identity, iriTerm(std::string(query::graph::kEdgesGraphIri)));
    pending_.relationships.emplace(id, std::move(entity));
    query::value::Relationship rel{id, start, end, typeId_ ? typeId_(typeIri) : core::kNoNode};
    if (!step.variable.empty()) bind(step.variable, Value::relationship(rel));
    return rel;
  }

  // Evaluates the properties, writes their facts about `subject` in `graph`, and returns them
  // as a sorted map (nulls left out).
  Value::Map properties(const PropertySource& source, const index::TxTerm& subject,
                        const std::optional<index::TxTerm>& graph) {
    std::map<std::string, Value, std::less<>> byKey;
    query::value::SpanRow row(values_);
    if (source.whole) {
      const Value map = source.whole->evaluate(row, ctx_);
      if (map.kind() != ValueKind::kMap) {
        if (map.isNull()) return {};
        throw core::Error(core::ErrorCode::kTypeError, "InvalidArgumentType",
                          "properties must be a map, got " + query::value::describeValue(map));
      }
      for (const auto& [k, v] : map.asMap()) byKey.insert_or_assign(k, v);
    }
    for (const auto& [k, program] : source.entries) {
      byKey.insert_or_assign(k, program.evaluate(row, ctx_));
    }
    Value::Map kept;
    for (const auto& [key, v] : byKey) {
      if (v.isNull()) {
        // MERGE would create an entity its own match can never find.
        if (compiled_.merge) {
          throw core::Error(core::ErrorCode::kSemanticError, "MergeReadOwnWrites",
                            "MERGE cannot use a null value for property `" + key + "`");
        }
        continue;
      }
      appendPropertyFacts(subject, graph, key, v, *pending_.cypherNames, out_.inserts);
      kept.emplace_back(key, v);
      ++counters_.propertiesSet;
    }
    return kept;
  }

  const CreateWriter::Compiled& compiled_;
  BoundVariables& row_;
  CreateState::Pending& pending_;
  const std::function<core::NodeId(std::string_view)>& typeId_;
  CreateCounters& counters_;
  uint64_t& nextOrdinal_;
  index::TxChanges& out_;
  std::vector<Value> values_;
  query::value::EvalContext ctx_;
};

}  // namespace create_writer

std::vector<core::NodeId> CreateState::createdNodes() const {
  std::vector<core::NodeId> out;
  out.reserve(pending_->nodes.size());
  for (const auto& [id, entity] : pending_->nodes) out.push_back(id);
  return out;
}

std::vector<uint64_t> CreateState::createdRelationships() const {
  std::vector<uint64_t> out;
  out.reserve(pending_->relationships.size());
  for (const auto& [id, entity] : pending_->relationships) out.push_back(id);
  return out;
}

const query::graph::CypherNames& CreateState::names() const { return *pending_->cypherNames; }

std::vector<std::string> CreateState::createdLabels() const {
  return {pending_->labelNames.begin(), pending_->labelNames.end()};
}

void logCreations(const CreateState& state, EffectLog& log) {
  for (core::NodeId node : state.createdNodes()) log.createdNode(node);
  for (uint64_t id : state.createdRelationships()) {
    log.createdRelationship(query::value::Relationship{id, 0, 0, 0});
  }
  for (const std::string& label : state.createdLabels()) {
    log.touchedLabel(state.names().iriOf(label));
  }
}

void CreateWriter::write(BoundVariables& row, CreateState& state, index::TxChanges& out) const {
  create_writer::RowWriter writer(*compiled_, row, *state.pending_, state.parameters_,
                                  state.typeId_, state.counters_, state.nextOrdinal_, out);
  for (const create_writer::PartPlan& part : compiled_->parts) writer.part(part);
}

}  // namespace cairn::cypher
