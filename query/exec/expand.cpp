#include "query/exec/expand.h"

#include <algorithm>

#include "core/error.h"
#include "query/exec/cypher_runtime.h"
#include "query/value/value.h"

namespace cairn::query {

std::string expandPatternText(const ExpandNode& node) {
  std::string pattern = "(" + node.from + ")";
  pattern += node.direction == ExpandDirection::kIncoming ? "<-[" : "-[";
  pattern += node.relationship;
  for (size_t i = 0; i < node.types.size(); ++i) {
    pattern += (i == 0 ? ":" : "|") + core::toNTriples(core::Term::iri(node.types[i]));
  }
  if (node.variableLength) {
    pattern += "*" + std::to_string(node.minHops) + "..";
    if (node.maxHops) pattern += std::to_string(*node.maxHops);
  }
  pattern += node.direction == ExpandDirection::kOutgoing ? "]->" : "]-";
  return pattern + "(" + node.to + ")";
}

Expand::Expand(ExecContext& ctx, OperatorPtr input, const ExpandNode& node)
    : Operator(ctx, node.variableLength ? "VarLengthExpand" : "Expand", {}),
      input_(std::move(input)),
      runtime_(ctx.requireCypher("Expand")),
      node_(node),
      relationships_(ctx, node.types) {
  std::vector<std::string> vars = input_->variables();
  fromColumn_ = input_->column(node.from);
  toInputColumn_ = input_->column(node.to);
  if (!node.relationship.empty()) boundRelationshipColumn_ = input_->column(node.relationship);
  if (!node.relationship.empty() && boundRelationshipColumn_ < 0) {
    relationshipColumn_ = static_cast<int>(vars.size());
    vars.push_back(node.relationship);
  }
  if (toInputColumn_ >= 0) {
    toColumn_ = toInputColumn_;
  } else {
    toColumn_ = static_cast<int>(vars.size());
    vars.push_back(node.to);
  }
  for (const auto& other : node.distinctFrom) {
    const int c = input_->column(other);
    if (c >= 0 && c != boundRelationshipColumn_) distinctColumns_.push_back(c);
  }
  setVariables(std::move(vars));
  rows_ = RowFanOut({relationshipColumn_, toInputColumn_ < 0 ? toColumn_ : -1});

  if (ctx.describesPlan()) {
    addDetail("pattern", expandPatternText(node));
    addDetail("access", node.direction == ExpandDirection::kOutgoing ? "SPOT seek per row"
                        : node.direction == ExpandDirection::kIncoming
                            ? "OPST seek per row"
                            : "SPOT + OPST seek per row");
    if (toInputColumn_ >= 0) addDetail("into", node.to);
    if (boundRelationshipColumn_ >= 0) addDetail("bound", node.relationship);
  }
}

void Expand::collectRowRelationships(const Batch& in, size_t row) {
  rowRelationships_.clear();
  for (int c : distinctColumns_) {
    appendRelationshipIdentities(runtime_, in.columns[c][row], rowRelationships_);
  }
}

bool Expand::clashes(uint64_t identity) const {
  return std::find(rowRelationships_.begin(), rowRelationships_.end(), identity) !=
         rowRelationships_.end();
}

ValueId Expand::relationshipValue(const Step& step) {
  return runtime_.toId(value::Value::relationship(
      value::Relationship{step.identity, step.start, step.object, step.type}));
}

void Expand::emit(const std::vector<Step>& path, ValueId end, const Batch& in, size_t row) {
  if (toInputColumn_ >= 0 && in.columns[toInputColumn_][row] != end) return;
  ValueId relationship;  // the relationship, or the list of them
  if (relationshipColumn_ >= 0) {
    if (node_.variableLength) {
      value::Value::List rels;
      rels.reserve(path.size());
      for (const Step& s : path) {
        rels.push_back(
            value::Value::relationship(value::Relationship{s.identity, s.start, s.object, s.type}));
      }
      relationship = runtime_.toId(value::Value::list(std::move(rels)));
    } else {
      relationship = relationshipValue(path.back());
    }
  }
  rows_.add(relationship, end);
}

void Expand::walk(ValueId node, uint32_t depth, std::vector<Step>& path, const Batch& in,
                  size_t row) {
  if (depth >= node_.minHops) emit(path, node, in, row);
  if (node_.maxHops && depth >= *node_.maxHops) return;
  std::vector<Step> steps;
  relationships_.read(node, node_.direction, steps);
  ctx_.checkLimits();
  for (const Step& step : steps) {
    bool used = false;
    for (const Step& s : path) used = used || s.identity == step.identity;
    if (used || clashes(step.identity)) continue;
    path.push_back(step);
    walk(step.end, depth + 1, path, in, row);
    path.pop_back();
  }
}

void Expand::expandRow(const Batch& in, size_t row) {
  const ValueId from = fromColumn_ >= 0 ? in.columns[fromColumn_][row] : ValueId::unbound();
  if (!core::isNode(from.type)) return;
  collectRowRelationships(in, row);
  if (boundRelationshipColumn_ >= 0) {
    followBound(in, row, from);
    return;
  }
  if (node_.variableLength) {
    std::vector<Step> path;
    walk(from, 0, path, in, row);
    return;
  }
  std::vector<Step> steps;
  std::optional<ValueId> target;
  if (toInputColumn_ >= 0) target = in.columns[toInputColumn_][row];
  relationships_.read(from, node_.direction, steps, target);
  std::vector<Step> one(1);
  for (const Step& step : steps) {
    if (clashes(step.identity)) continue;
    one[0] = step;
    emit(one, step.end, in, row);
  }
}

void Expand::followBound(const Batch& in, size_t row, ValueId from) {
  const ValueId bound = in.columns[boundRelationshipColumn_][row];
  if (bound.type != kLocalValueType) return;  // null
  const value::Value v = runtime_.toValue(bound);
  std::vector<value::Relationship> rels;
  if (node_.variableLength && v.kind() == value::ValueKind::kList) {
    for (const value::Value& e : v.asList()) {
      if (e.kind() != value::ValueKind::kRelationship) return;
      rels.push_back(e.asRelationship());
    }
  } else if (!node_.variableLength && v.kind() == value::ValueKind::kRelationship) {
    rels.push_back(v.asRelationship());
  } else {
    return;
  }
  if (rels.size() < node_.minHops || (node_.maxHops && rels.size() > *node_.maxHops)) return;
  ValueId at = from;
  for (size_t i = 0; i < rels.size(); ++i) {
    const value::Relationship& r = rels[i];
    if (!relationships_.acceptsType(r.type)) return;
    if (clashes(r.id)) return;
    for (size_t j = 0; j < i; ++j) {
      if (rels[j].id == r.id) return;  // a relationship at most once per path
    }
    const ValueId start = ValueId::node(r.start);
    const ValueId end = ValueId::node(r.end);
    if (node_.direction != ExpandDirection::kIncoming && start == at) {
      at = end;
    } else if (node_.direction != ExpandDirection::kOutgoing && end == at) {
      at = start;
    } else {
      return;
    }
  }
  emit({}, at, in, row);
}

void Expand::restart() {
  input_->rewind();
  rows_.restart();
}

bool Expand::produce(Batch& out) {
  return rows_.produce(*input_, ctx_.batchRows(), out,
                       [&](const Batch& in, size_t row) { expandRow(in, row); });
}

}  // namespace cairn::query
