// The functions over nodes, relationships and paths: id, labels, type, keys, properties,
// startNode, endNode, nodes, relationships, length, exists() on a property, and the path of a
// named pattern part (kPathFunction). Labels, types
// and properties are read through the context's GraphAccess. Null gives null; a value of
// another kind is a TypeError (InvalidArgumentValue), as Graph3/Graph4 of the TCK expect.

#include "core/error.h"
#include "query/value/functions/function_registry.h"
#include "query/value/functions/function_support.h"
#include "query/value/value_program.h"

namespace cairn::query::value {

namespace {

const GraphAccess& graphOf(const EvalContext& ctx) {
  if (ctx.graph == nullptr) {
    throw core::Error(core::ErrorCode::kUnsupported,
                      "reading nodes and relationships needs the engine (no GraphAccess)");
  }
  return *ctx.graph;
}

Value keys(const Value& v, const EvalContext& ctx) {
  Value properties;
  switch (v.kind()) {
    case ValueKind::kNull:
      return v;
    case ValueKind::kMap:
      properties = v;
      break;
    case ValueKind::kNode:
      properties = graphOf(ctx).nodeProperties(v.asNode());
      break;
    case ValueKind::kRelationship:
      properties = graphOf(ctx).relationshipProperties(v.asRelationship());
      break;
    default:
      throwInvalidArgumentValue("keys", v);
  }
  Value::List out;
  for (const auto& [key, value] : properties.asMap()) out.push_back(Value::string(key));
  return Value::list(std::move(out));
}

Value properties(const Value& v, const EvalContext& ctx) {
  switch (v.kind()) {
    case ValueKind::kNull:
    case ValueKind::kMap:
      return v;
    case ValueKind::kNode:
      return graphOf(ctx).nodeProperties(v.asNode());
    case ValueKind::kRelationship:
      return graphOf(ctx).relationshipProperties(v.asRelationship());
    default:
      throwInvalidArgumentValue("properties", v);
  }
}

Value id(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kNull:
      return v;
    case ValueKind::kNode:
      // The 64 bits of the node id (blank nodes, bit 63 set, come out negative): unique and
      // stable for the node's life, which is all id() promises.
      return Value::integer(static_cast<int64_t>(v.asNode()));
    case ValueKind::kRelationship:
      return Value::integer(static_cast<int64_t>(v.asRelationship().id));
    default:
      throwInvalidArgumentValue("id", v);
  }
}

const Relationship* relationshipOrNull(const Value& v, std::string_view fn) {
  if (v.isNull()) return nullptr;
  if (v.kind() != ValueKind::kRelationship) throwInvalidArgumentValue(fn, v);
  return &v.asRelationship();
}

const Path* pathOrNull(const Value& v, std::string_view fn) {
  if (v.isNull()) return nullptr;
  if (v.kind() != ValueKind::kPath) throwInvalidArgumentValue(fn, v);
  return &v.asPath();
}

// The path of a named pattern part (kPathFunction): nodes alternate with what joins them — a
// relationship, or the list of a variable-length relationship's relationships, whose inner
// nodes are the relationships' other ends. Null when a part is null (OPTIONAL MATCH).
Value pathOf(std::span<const Value> a) {
  for (const Value& v : a) {
    if (v.isNull()) return Value();
  }
  if (a.empty() || a.size() % 2 == 0 || a[0].kind() != ValueKind::kNode) {
    throw core::Error(core::ErrorCode::kUnsupported, "a malformed path of a named pattern");
  }
  Path path;
  path.nodes.push_back(a[0].asNode());
  auto step = [&](const Value& r) {
    if (r.kind() != ValueKind::kRelationship) throwInvalidArgumentValue(kPathFunction, r);
    const Relationship& rel = r.asRelationship();
    const core::NodeId at = path.nodes.back();
    path.relationships.push_back(rel);
    path.nodes.push_back(rel.start == at ? rel.end : rel.start);
  };
  for (size_t i = 1; i + 1 < a.size(); i += 2) {
    if (a[i].kind() == ValueKind::kList) {
      for (const Value& r : a[i].asList()) step(r);
    } else {
      step(a[i]);
    }
    if (a[i + 1].kind() != ValueKind::kNode || a[i + 1].asNode() != path.nodes.back()) {
      throw core::Error(core::ErrorCode::kUnsupported,
                        "the relationships of a named pattern do not join its nodes");
    }
  }
  return Value::path(std::move(path));
}

}  // namespace

void registerGraphFunctions(FunctionRegistry& registry) {
  registry.add(kPathFunction, 1, FunctionRegistry::kVariadic,
               [](std::span<const Value> a, EvalContext&) { return pathOf(a); });
  registry.add("id", 1, 1, [](std::span<const Value> a, EvalContext&) { return id(a[0]); });
  registry.add("labels", 1, 1, [](std::span<const Value> a, EvalContext& ctx) {
    if (a[0].isNull()) return Value();
    if (a[0].kind() != ValueKind::kNode) throwInvalidArgumentValue("labels", a[0]);
    Value::List out;
    for (auto& label : graphOf(ctx).labels(a[0].asNode())) out.push_back(Value::string(label));
    return Value::list(std::move(out));
  });
  registry.add("type", 1, 1, [](std::span<const Value> a, EvalContext& ctx) {
    const Relationship* r = relationshipOrNull(a[0], "type");
    return r == nullptr ? Value() : Value::string(graphOf(ctx).relationshipType(*r));
  });
  registry.add("startnode", 1, 1, [](std::span<const Value> a, EvalContext&) {
    const Relationship* r = relationshipOrNull(a[0], "startNode");
    return r == nullptr ? Value() : Value::node(r->start);
  });
  registry.add("endnode", 1, 1, [](std::span<const Value> a, EvalContext&) {
    const Relationship* r = relationshipOrNull(a[0], "endNode");
    return r == nullptr ? Value() : Value::node(r->end);
  });
  registry.add("keys", 1, 1,
               [](std::span<const Value> a, EvalContext& ctx) { return keys(a[0], ctx); });
  registry.add("properties", 1, 1,
               [](std::span<const Value> a, EvalContext& ctx) { return properties(a[0], ctx); });
  registry.add("nodes", 1, 1, [](std::span<const Value> a, EvalContext&) {
    const Path* p = pathOrNull(a[0], "nodes");
    if (p == nullptr) return Value();
    Value::List out;
    for (const auto n : p->nodes) out.push_back(Value::node(n));
    return Value::list(std::move(out));
  });
  registry.add("relationships", 1, 1, [](std::span<const Value> a, EvalContext&) {
    const Path* p = pathOrNull(a[0], "relationships");
    if (p == nullptr) return Value();
    Value::List out;
    for (const auto& r : p->relationships) out.push_back(Value::relationship(r));
    return Value::list(std::move(out));
  });
  registry.add("length", 1, 1, [](std::span<const Value> a, EvalContext&) {
    const Path* p = pathOrNull(a[0], "length");
    return p == nullptr ? Value() : Value::integer(static_cast<int64_t>(p->relationships.size()));
  });
  // exists(n.prop): the translator passes the property access; absence is null.
  registry.add("exists", 1, 1, [](std::span<const Value> a, EvalContext&) {
    return Value::boolean(!a[0].isNull());
  });
}

}  // namespace cairn::query::value
