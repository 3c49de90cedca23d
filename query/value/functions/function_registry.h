#pragma once
// The Cypher functions by name: lower-cased qualified names ("tolower", "date.truncate"), each
// with its arity and implementation. ValueProgram::compile() resolves a call once; evaluation
// calls the implementation with the evaluated arguments. One family per file beside this one
// (string, list, math, conversion, graph; temporal in query/value/temporal/).
//
// An implementation receives its arguments evaluated (null included: most functions return null
// for a null argument, which each implementation decides) and throws core::Error for a value of
// the wrong type (kTypeError, "InvalidArgumentValue") or out of range (kArgumentError). A
// registry is filled once and then only read, so it may be shared between threads.

#include <cstddef>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>

#include "query/value/value.h"

namespace cairn::query::value {

struct EvalContext;

class FunctionRegistry {
 public:
  using Implementation = std::function<Value(std::span<const Value>, EvalContext&)>;
  static constexpr size_t kVariadic = static_cast<size_t>(-1);

  struct Function {
    std::string name;
    size_t minArgs = 0;
    size_t maxArgs = 0;
    Implementation impl;
  };

  FunctionRegistry() = default;

  // Every built-in function: the families here and the temporal ones.
  static const FunctionRegistry& standard();

  // `name` is lower-cased; a later registration of a name replaces the earlier one.
  void add(std::string_view name, size_t minArgs, size_t maxArgs, Implementation impl);

  // nullptr when unknown; `name` in any case.
  const Function* find(std::string_view name) const;
  // The function for a call with `argCount` arguments: kSyntaxError "UnknownFunction" or
  // "InvalidNumberOfArguments" otherwise.
  const Function& resolve(std::string_view name, size_t argCount) const;

 private:
  std::map<std::string, Function, std::less<>> functions_;
};

// The function building the path of a named pattern part (p = (a)-[r]->(b)) from its nodes
// and relationships, in order: [a, r, b, ...], a variable-length relationship as the list of
// its relationships. The translator calls it; the name (with a space) is none a query can write.
inline constexpr std::string_view kPathFunction = " path";

// The families (each in its own file).
void registerStringFunctions(FunctionRegistry& registry);
void registerListFunctions(FunctionRegistry& registry);
void registerMathFunctions(FunctionRegistry& registry);
void registerConversionFunctions(FunctionRegistry& registry);
void registerGraphFunctions(FunctionRegistry& registry);
// kProcedureFunction (query/value/procedures.h).
void registerProcedureFunction(FunctionRegistry& registry);

}  // namespace cairn::query::value
