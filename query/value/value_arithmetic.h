#pragma once
// Cypher's arithmetic operators over Values: + - * / % ^ and unary minus. Integers stay integers
// (overflow is kArithmeticError "IntegerOverflow", integer division truncates, integer / 0 and
// % 0 are kArithmeticError "DivisionByZero"); a float operand makes the result a float (IEEE:
// 1.0 / 0 is Infinity); ^ is always a float. + also concatenates strings (with a number on
// either side written as toString() writes it) and lists (a non-list operand is appended or
// prepended as an element). Temporal operands go to temporalArithmetic()
// (query/value/temporal/temporal_values.h). Null gives null; any other operand is a TypeError.
// Shared by the evaluator and the aggregates (sum, avg).

#include "query/algebra/expr.h"
#include "query/value/value.h"

namespace cairn::query::value {

// `op` is one of kAdd, kSubtract, kMultiply, kDivide, kModulo, kPower.
Value arithmetic(Op op, const Value& a, const Value& b);
Value negate(const Value& v);

}  // namespace cairn::query::value
