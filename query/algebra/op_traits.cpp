#include "query/algebra/op_traits.h"

namespace cairn::query {

bool isComparisonOperator(Op op) {
  switch (op) {
    case Op::kEqual:
    case Op::kNotEqual:
    case Op::kLess:
    case Op::kGreater:
    case Op::kLessEqual:
    case Op::kGreaterEqual:
      return true;
    default:
      return false;
  }
}

bool isArithmeticOperator(Op op) {
  switch (op) {
    case Op::kAdd:
    case Op::kSubtract:
    case Op::kMultiply:
    case Op::kDivide:
    case Op::kUnaryPlus:
    case Op::kUnaryMinus:
      return true;
    default:
      return false;
  }
}

bool isBinaryOperator(Op op) {
  if (op == Op::kUnaryPlus || op == Op::kUnaryMinus) return false;
  return op == Op::kOr || op == Op::kAnd || isComparisonOperator(op) || isArithmeticOperator(op);
}

Arity opArity(Op op) {
  if (isBinaryOperator(op)) return {2, 2};
  switch (op) {
    case Op::kSameTerm:
    case Op::kStrDt:
    case Op::kStrLang:
    case Op::kStrStarts:
    case Op::kStrEnds:
    case Op::kContains:
    case Op::kStrBefore:
    case Op::kStrAfter:
    case Op::kLangMatches:
      return {2, 2};
    case Op::kIf:
      return {3, 3};
    case Op::kIn:
    case Op::kNotIn:
      return {1, Arity::kUnbounded};
    case Op::kCoalesce:
    case Op::kConcat:
    case Op::kFunction:
      return {0, Arity::kUnbounded};
    case Op::kBnode:
      return {0, 1};
    case Op::kSubstr:
    case Op::kRegex:
      return {2, 3};
    case Op::kReplace:
      return {3, 4};
    case Op::kUuid:
    case Op::kStrUuid:
    case Op::kRand:
    case Op::kNow:
      return {0, 0};
    default:
      return {1, 1};
  }
}

}  // namespace cairn::query
