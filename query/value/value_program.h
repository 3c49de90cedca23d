#pragma once
// Evaluating a Cypher expression (a query::Expr built by cypher/translate, docs/cypher.md "Cypher
// expressions in the algebra") over one row, with openCypher's semantics: three-valued logic
// with null, integer/float arithmetic where integer overflow and division by zero are errors,
// lists and maps as values, property access through GraphAccess, comprehensions, quantifiers,
// reduce and CASE. Unlike SPARQL's evaluator (query/expr), a type error is not an unbound value:
// evaluate() throws core::Error with openCypher's class and the TCK's detail name, and the
// statement fails.
//
// compile() resolves row variables to slots (slotOf), gives the local variables of
// comprehensions, quantifiers, reduce and pattern comprehensions slots of their own, converts
// constants to Values, resolves function names against a FunctionRegistry and compiles constant
// regular expressions once. It throws core::Error for an unknown function (kSyntaxError,
// "UnknownFunction"), a wrong number of arguments (kSyntaxError, "InvalidNumberOfArguments"),
// an invalid constant regex and trees that do not fit docs/cypher.md's table. A compiled program
// is immutable: several threads may evaluate it, each with its own EvalContext.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "query/algebra/expr.h"
#include "query/value/graph_access.h"
#include "query/value/value.h"

namespace cairn::query {
struct Algebra;
}

namespace cairn::query::value {

class FunctionRegistry;
class ProcedureCatalog;

// One row as a Cypher expression reads it. Implemented by the engine (decoding ValueIds) and by
// SpanRow below.
class ValueRowView {
 public:
  virtual ~ValueRowView() = default;
  // The value in `slot` (null when unbound).
  virtual Value value(int slot) const = 0;
};

// A row held as a span of values, slot i at index i.
class SpanRow final : public ValueRowView {
 public:
  explicit SpanRow(std::span<const Value> values) : values_(values) {}
  Value value(int slot) const override {
    return slot >= 0 && static_cast<size_t>(slot) < values_.size() ? values_[slot] : Value();
  }

 private:
  std::span<const Value> values_;
};

// Runs the graph patterns an expression contains: EXISTS patterns and pattern predicates
// (ExprKind::kExists / kNotExists) and pattern comprehensions. `outer` carries the values of
// the variables the pattern shares with the expression's scope (row variables and the local
// variables of enclosing comprehensions), by name; the pattern binds the others. Implemented by
// the engine.
class PatternRunner {
 public:
  using Bindings = std::vector<std::pair<std::string, Value>>;
  virtual ~PatternRunner() = default;
  // Whether `pattern` has a match.
  virtual bool exists(const Algebra& pattern, const Bindings& outer) = 0;
  // Every match of `pattern`, each as the values of `variables` in that order.
  virtual std::vector<std::vector<Value>> matches(const Algebra& pattern, const Bindings& outer,
                                                  const std::vector<std::string>& variables) = 0;
};

using Parameters = std::map<std::string, Value, std::less<>>;

// What one evaluation needs beyond the row. Not thread-safe: one per evaluating thread.
struct EvalContext {
  const Parameters* parameters = nullptr;        // $name; missing → kParameterMissing
  const GraphAccess* graph = nullptr;            // labels and properties of nodes and relationships
  PatternRunner* patterns = nullptr;             // EXISTS and pattern comprehensions
  const ProcedureCatalog* procedures = nullptr;  // CALL (kProcedureFunction); null: none
  // rand()'s generator, seeded on first use: a std::random_device per context costs more than
  // a whole point lookup.
  std::mt19937_64& random() {
    if (!random_) random_.emplace(std::random_device{}());
    return *random_;
  }
  // The statement's clock in epoch nanoseconds, fixed when it starts, so that date(),
  // datetime(), ... and their .statement and .transaction forms see one instant per statement;
  // unset, each call reads the system clock. The .realtime forms always read the system clock.
  std::optional<int64_t> clockNanos;

 private:
  std::optional<std::mt19937_64> random_;
};

class ValueProgram {
 public:
  // `slotOf` gives the row slot of a variable, or -1 when the row never binds it (it then
  // evaluates to null). Functions resolve against `functions`, by default
  // FunctionRegistry::standard().
  static ValueProgram compile(const Expr& expr, const std::function<int(std::string_view)>& slotOf);
  static ValueProgram compile(const Expr& expr, const std::function<int(std::string_view)>& slotOf,
                              const FunctionRegistry& functions);

  Value evaluate(const ValueRowView& row, EvalContext& ctx) const;
  // For WHERE: true keeps the row; false and null drop it. A value that is not a boolean is a
  // TypeError.
  bool evaluatePredicate(const ValueRowView& row, EvalContext& ctx) const;

  // Row slots the expression reads (so the engine decodes only those).
  const std::vector<int>& slotsRead() const { return slotsRead_; }
  const Expr& source() const { return *source_; }

  ValueProgram(ValueProgram&&) noexcept;
  ValueProgram& operator=(ValueProgram&&) noexcept;
  ~ValueProgram();

  struct Node;  // the compiled tree, defined in value_program.cpp

 private:
  ValueProgram();
  std::unique_ptr<Node> root_;
  std::shared_ptr<const Expr> source_;
  std::vector<int> slotsRead_;
  size_t localCount_ = 0;
};

}  // namespace cairn::query::value
