#pragma once
// Procedures for Cypher's CALL: a catalog by qualified name ("db.labels", "test.my.proc"), each
// with a signature (named, typed inputs and outputs) and an implementation that turns the
// argument values into result rows. The front end checks calls against the signatures (cypher/
// semantic); the translator turns a call into an UNWIND over the internal function
// kProcedureFunction, whose value is the call's rows as a list of maps from output names to
// values (query/value/functions: one empty map per call of a procedure without outputs), read
// through EvalContext::procedures.
//
// A catalog is filled before a statement runs and only read while it runs, so it may be shared
// between threads.

#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "query/value/value.h"

namespace cairn::query::value {

struct EvalContext;

// A declared input or output type, as Neo4j writes it: INTEGER?, FLOAT?, NUMBER?, STRING?,
// BOOLEAN?, LIST? OF ..., MAP?, NODE?, RELATIONSHIP?, PATH?, ANY? (the `?`: null allowed).
struct ProcedureField {
  std::string name;
  std::string type;
};

struct ProcedureSignature {
  std::string name;  // qualified, as callers write it
  std::vector<ProcedureField> inputs;
  std::vector<ProcedureField> outputs;
};

struct Procedure {
  // The result rows for `arguments` (one value per input, already checked against the input
  // types): each row one value per output, in the signature's order.
  using Implementation =
      std::function<std::vector<std::vector<Value>>(std::span<const Value>, EvalContext&)>;
  ProcedureSignature signature;
  Implementation call;
};

class ProcedureCatalog {
 public:
  // Replaces a procedure of the same name.
  void add(Procedure procedure);
  // Null when there is none; names compare exactly (Cypher's procedure names are
  // case-sensitive).
  const Procedure* find(std::string_view name) const;

 private:
  std::map<std::string, Procedure, std::less<>> procedures_;
};

// The procedures every statement may call, Neo4j's names for the graph's vocabulary (read
// through EvalContext::graph, GraphAccess::allLabels and the like):
//   db.labels() :: (label :: STRING?)
//   db.relationshipTypes() :: (relationshipType :: STRING?)
//   db.propertyKeys() :: (propertyKey :: STRING?)
const ProcedureCatalog& builtInProcedures();

// Whether a value may be passed where `type` is declared: null where the type allows it (every
// type written with `?`, and ANY), an integer where a FLOAT or NUMBER is expected.
bool acceptsValue(std::string_view type, const Value& value);

// The name of the function a CALL becomes: its first argument is the procedure's name, the rest
// the arguments. Like kPathFunction, a name no query can write.
inline constexpr std::string_view kProcedureFunction = " call";

}  // namespace cairn::query::value
