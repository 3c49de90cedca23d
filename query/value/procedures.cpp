#include "query/value/procedures.h"

#include "core/error.h"
#include "query/graph/cypher_names.h"
#include "query/value/functions/function_registry.h"
#include "query/value/graph_access.h"
#include "query/value/value_program.h"

namespace cairn::query::value {

void ProcedureCatalog::add(Procedure procedure) {
  std::string name = procedure.signature.name;
  procedures_.insert_or_assign(std::move(name), std::move(procedure));
}

const Procedure* ProcedureCatalog::find(std::string_view name) const {
  const auto it = procedures_.find(name);
  return it == procedures_.end() ? nullptr : &it->second;
}

namespace {

// A procedure without inputs answering one STRING column from the graph's vocabulary.
Procedure vocabularyProcedure(std::string name, std::string output,
                              std::vector<std::string> (GraphAccess::*list)() const) {
  Procedure p;
  p.signature = {std::move(name), {}, {{std::move(output), "STRING?"}}};
  p.call = [list](std::span<const Value>, EvalContext& ctx) {
    std::vector<std::vector<Value>> rows;
    if (ctx.graph == nullptr) return rows;
    for (auto& n : (ctx.graph->*list)()) rows.push_back({Value::string(std::move(n))});
    return rows;
  };
  return p;
}

// cairn.prefixes() :: (prefix :: STRING?, namespace :: STRING?): how the ledger's names map
// (query/graph/cypher_names.h), the namespace of bare names first under the prefix "".
Procedure prefixesProcedure() {
  Procedure p;
  p.signature = {"cairn.prefixes", {}, {{"prefix", "STRING?"}, {"namespace", "STRING?"}}};
  p.call = [](std::span<const Value>, EvalContext& ctx) {
    std::vector<std::vector<Value>> rows;
    const graph::CypherNames& names =
        ctx.graph != nullptr ? ctx.graph->names() : graph::CypherNames::defaults();
    rows.push_back({Value::string(""), Value::string(names.vocabulary())});
    for (const auto& [prefix, ns] : names.prefixes()) {
      rows.push_back({Value::string(prefix), Value::string(ns)});
    }
    return rows;
  };
  return p;
}

ProcedureCatalog makeBuiltIns() {
  ProcedureCatalog catalog;
  catalog.add(vocabularyProcedure("db.labels", "label", &GraphAccess::allLabels));
  catalog.add(vocabularyProcedure("db.relationshipTypes", "relationshipType",
                                  &GraphAccess::allRelationshipTypes));
  catalog.add(vocabularyProcedure("db.propertyKeys", "propertyKey", &GraphAccess::allPropertyKeys));
  catalog.add(prefixesProcedure());
  return catalog;
}

}  // namespace

const ProcedureCatalog& builtInProcedures() {
  static const ProcedureCatalog catalog = makeBuiltIns();
  return catalog;
}

bool acceptsValue(std::string_view type, const Value& value) {
  const bool nullable = !type.empty() && type.back() == '?';
  std::string_view base = nullable ? type.substr(0, type.size() - 1) : type;
  if (base.substr(0, 4) == "LIST") base = "LIST";
  if (value.isNull()) return nullable || base == "ANY";
  switch (value.kind()) {
    case ValueKind::kInteger:
      return base == "INTEGER" || base == "FLOAT" || base == "NUMBER" || base == "ANY";
    case ValueKind::kFloat:
      return base == "FLOAT" || base == "NUMBER" || base == "ANY";
    case ValueKind::kString:
      return base == "STRING" || base == "ANY";
    case ValueKind::kBoolean:
      return base == "BOOLEAN" || base == "ANY";
    case ValueKind::kList:
      return base == "LIST" || base == "ANY";
    case ValueKind::kMap:
      return base == "MAP" || base == "ANY";
    case ValueKind::kNode:
      return base == "NODE" || base == "MAP" || base == "ANY";
    case ValueKind::kRelationship:
      return base == "RELATIONSHIP" || base == "MAP" || base == "ANY";
    case ValueKind::kPath:
      return base == "PATH" || base == "ANY";
    default:
      return base == "ANY";
  }
}

void registerProcedureFunction(FunctionRegistry& registry) {
  registry.add(kProcedureFunction, 1, FunctionRegistry::kVariadic,
               [](std::span<const Value> args, EvalContext& ctx) -> Value {
                 const std::string& name = args[0].asString();
                 const Procedure* procedure = ctx.procedures ? ctx.procedures->find(name) : nullptr;
                 if (procedure == nullptr) {
                   throw core::Error(core::ErrorCode::kProcedureError, "ProcedureNotFound",
                                     "there is no procedure named " + name);
                 }
                 const ProcedureSignature& signature = procedure->signature;
                 const std::span<const Value> in = args.subspan(1);
                 // The translator checked the count and the constant arguments; values read
                 // from rows are checked here.
                 for (size_t i = 0; i < in.size() && i < signature.inputs.size(); ++i) {
                   if (!acceptsValue(signature.inputs[i].type, in[i])) {
                     throw core::Error(core::ErrorCode::kTypeError, "InvalidArgumentType",
                                       "argument " + signature.inputs[i].name + " of " + name +
                                           " must be " + signature.inputs[i].type + ", not " +
                                           std::string(kindName(in[i].kind())));
                   }
                 }
                 Value::List rows;
                 if (signature.outputs.empty()) {
                   // A call of a procedure without outputs keeps its row once.
                   procedure->call(in, ctx);
                   rows.push_back(Value::map({}));
                   return Value::list(std::move(rows));
                 }
                 for (auto& row : procedure->call(in, ctx)) {
                   Value::Map entries;
                   for (size_t i = 0; i < signature.outputs.size() && i < row.size(); ++i) {
                     entries.emplace_back(signature.outputs[i].name, std::move(row[i]));
                   }
                   rows.push_back(Value::map(std::move(entries)));
                 }
                 return Value::list(std::move(rows));
               });
}

}  // namespace cairn::query::value
