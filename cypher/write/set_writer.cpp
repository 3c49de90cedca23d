#include "cypher/write/set_writer.h"

#include <optional>
#include <utility>

#include "core/error.h"
#include "cypher/write/property_facts.h"
#include "query/value/value_errors.h"

namespace cairn::cypher {

using query::value::Value;
using query::value::ValueKind;
using query::value::ValueProgram;

enum class SetAction { kProperty, kReplace, kMerge, kAddLabels, kRemoveProperty, kRemoveLabels };

struct SetWriter::Item {
  SetAction action = SetAction::kProperty;
  std::optional<ValueProgram> entity;  // the node or relationship written
  std::string key;                     // kProperty, kRemoveProperty
  std::optional<ValueProgram> value;   // kProperty, kReplace, kMerge
  std::vector<std::string> labels;     // kAddLabels, kRemoveLabels
};

namespace {

[[noreturn]] void notAnEntity(const Value& v) {
  throw core::Error(core::ErrorCode::kTypeError, "InvalidArgumentType",
                    "expected a node or a relationship, got " + query::value::describeValue(v));
}

// The entity a property expression `e.k` writes to.
const ast::Expression& subjectOf(const ast::Expression& property) {
  if (property.kind != ast::ExprKind::kProperty || property.children.empty()) {
    throw core::Error(core::ErrorCode::kSyntaxError, "InvalidSetTarget",
                      "expected a property such as n.name", property.position.line,
                      property.position.column);
  }
  return *property.children[0];
}

void setProperty(GraphEdits& edits, const Value& entity, const std::string& key, Value v) {
  if (!v.isNull()) checkPropertyValue(key, v);
  if (entity.kind() == ValueKind::kNode) {
    edits.setNodeProperty(entity.asNode(), key, std::move(v));
  } else if (entity.kind() == ValueKind::kRelationship) {
    edits.setRelationshipProperty(entity.asRelationship(), key, std::move(v));
  } else {
    notAnEntity(entity);
  }
}

Value propertiesOf(const GraphEdits& edits, const Value& entity) {
  return entity.kind() == ValueKind::kNode ? edits.nodeProperties(entity.asNode())
                                           : edits.relationshipProperties(entity.asRelationship());
}

// The map operand of `e = map` / `e += map`: a map, or the properties of an entity.
Value::Map mapOperand(const GraphEdits& edits, const Value& v) {
  switch (v.kind()) {
    case ValueKind::kMap:
      return v.asMap();
    case ValueKind::kNode:
    case ValueKind::kRelationship: {
      Value properties = propertiesOf(edits, v);
      return properties.kind() == ValueKind::kMap ? properties.asMap() : Value::Map{};
    }
    default:
      if (v.isNull()) return {};
      throw core::Error(core::ErrorCode::kTypeError, "InvalidArgumentType",
                        "expected a map, got " + query::value::describeValue(v));
  }
}

}  // namespace

SetWriter::SetWriter(const std::vector<ast::SetItem>& items, const std::vector<std::string>& scope)
    : programs_(scope) {
  for (const ast::SetItem& item : items) {
    Item out;
    switch (item.kind) {
      case ast::SetItemKind::kProperty:
        out.action = SetAction::kProperty;
        out.entity = programs_.compile(subjectOf(*item.target));
        out.key = item.target->name;
        out.value = programs_.compile(*item.value);
        break;
      case ast::SetItemKind::kReplaceProperties:
      case ast::SetItemKind::kMergeProperties:
        out.action = item.kind == ast::SetItemKind::kReplaceProperties ? SetAction::kReplace
                                                                       : SetAction::kMerge;
        out.entity = programs_.compile(*item.target);
        out.value = programs_.compile(*item.value);
        break;
      case ast::SetItemKind::kLabels:
        out.action = SetAction::kAddLabels;
        out.entity = programs_.variable(item.variable);
        out.labels = item.labels;
        break;
    }
    items_.push_back(std::move(out));
  }
}

SetWriter::SetWriter(const std::vector<ast::RemoveItem>& items,
                     const std::vector<std::string>& scope)
    : programs_(scope) {
  for (const ast::RemoveItem& item : items) {
    Item out;
    if (item.kind == ast::RemoveItemKind::kProperty) {
      out.action = SetAction::kRemoveProperty;
      out.entity = programs_.compile(subjectOf(*item.target));
      out.key = item.target->name;
    } else {
      out.action = SetAction::kRemoveLabels;
      out.entity = programs_.variable(item.variable);
      out.labels = item.labels;
    }
    items_.push_back(std::move(out));
  }
}

SetWriter::~SetWriter() = default;
SetWriter::SetWriter(SetWriter&&) noexcept = default;
SetWriter& SetWriter::operator=(SetWriter&&) noexcept = default;

void SetWriter::apply(const BoundVariables& row, GraphEdits& edits,
                      query::value::EvalContext& ctx) const {
  const std::vector<Value> values = programs_.values(row);
  const query::value::SpanRow view(values);
  for (const Item& item : items_) {
    const Value entity = item.entity->evaluate(view, ctx);
    if (entity.isNull()) continue;
    switch (item.action) {
      case SetAction::kProperty:
        setProperty(edits, entity, item.key, item.value->evaluate(view, ctx));
        break;
      case SetAction::kRemoveProperty:
        setProperty(edits, entity, item.key, Value());
        break;
      case SetAction::kReplace:
      case SetAction::kMerge: {
        if (entity.kind() != ValueKind::kNode && entity.kind() != ValueKind::kRelationship) {
          notAnEntity(entity);
        }
        const Value::Map map = mapOperand(edits, item.value->evaluate(view, ctx));
        if (item.action == SetAction::kReplace) {
          const Value current = propertiesOf(edits, entity);
          if (current.kind() == ValueKind::kMap) {
            for (const auto& [key, v] : current.asMap()) setProperty(edits, entity, key, Value());
          }
        }
        for (const auto& [key, v] : map) setProperty(edits, entity, key, v);
        break;
      }
      case SetAction::kAddLabels:
      case SetAction::kRemoveLabels:
        if (entity.kind() != ValueKind::kNode) notAnEntity(entity);
        for (const std::string& label : item.labels) {
          if (item.action == SetAction::kAddLabels) {
            edits.addLabel(entity.asNode(), label);
          } else {
            edits.removeLabel(entity.asNode(), label);
          }
        }
        break;
    }
  }
}

}  // namespace cairn::cypher
