#pragma once
// Facts about expression operators (query/algebra/expr.h) that more than one module checks: which
// are binary infix operators, and how many arguments each call takes. The SPARQL parser, the
// algebra printer and the evaluator's compile() all read them from here.

#include <cstddef>

#include "query/algebra/expr.h"

namespace cairn::query {

// = != < > <= >=
bool isComparisonOperator(Op op);
// + - * / and unary + -
bool isArithmeticOperator(Op op);
// Whether `op` is a binary infix operator (||, &&, the comparisons, + - * /): exactly two
// arguments, written on either side of it.
bool isBinaryOperator(Op op);

// Whether `op` belongs to openCypher only (XOR, %, ^, IS NULL, list and map constructs, CASE,
// comprehensions, ...): SPARQL's evaluator rejects these.
bool isCypherOnlyOperator(Op op);

// How many arguments a call of `op` takes (SPARQL's grammar fixes them; for the openCypher
// operators, docs/cypher.md's table). The parser rejects
// calls outside the range, and the evaluator's compile() checks trees built any other way.
struct Arity {
  static constexpr size_t kUnbounded = static_cast<size_t>(-1);  // an expression list
  size_t min = 0;
  size_t max = 0;
  bool accepts(size_t n) const { return n >= min && n <= max; }
};
Arity opArity(Op op);

}  // namespace cairn::query
