#pragma once
// The compiled form of a Cypher expression (private to query/value/value_program*.cpp): the
// Expr tree with variables resolved to row or local slots, constants converted to Values,
// functions resolved and constant regular expressions compiled.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "query/algebra/expr.h"
#include "query/value/functions/function_registry.h"
#include "query/value/java_regex.h"
#include "query/value/value.h"
#include "query/value/value_program.h"

namespace cairn::query::value {

// Where a variable's value lives while the program runs: the row, or the evaluation's locals.
struct VariableRef {
  std::string name;
  int slot = -1;  // -1: never bound (null)
  bool local = false;
};

struct ValueProgram::Node {
  ExprKind kind = ExprKind::kNull;
  Op op = Op::kAnd;
  VariableRef variable;            // kVariable
  Value constant;                  // kConstant
  std::string name;                // kParameter: its name; kProperty: the key
  std::vector<std::string> names;  // kMap keys, kHasLabels labels
  std::vector<Node> args;
  int local = -1;                             // comprehensions, quantifiers, reduce: the variable
  int accumulator = -1;                       // reduce
  std::shared_ptr<const Algebra> pattern;     // kExists, kNotExists, kPatternComprehension
  std::vector<VariableRef> correlated;        // outer variables a pattern reads
  std::vector<std::string> patternVariables;  // kPatternComprehension: what a match binds
  std::vector<int> patternLocals;             // ... and where
  const FunctionRegistry::Function* function = nullptr;  // kFunction
  std::optional<JavaRegex> regex;                        // kRegexMatch with a constant pattern
};

// Evaluates `node`; `locals` holds the local variables' values (sized by compile()).
Value evaluateNode(const ValueProgram::Node& node, const ValueRowView& row, EvalContext& ctx,
                   std::vector<Value>& locals);

}  // namespace cairn::query::value
