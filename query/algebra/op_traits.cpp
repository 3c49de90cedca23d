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

bool isCypherOnlyOperator(Op op) {
  switch (op) {
    case Op::kXor:
    case Op::kModulo:
    case Op::kPower:
    case Op::kIsNull:
    case Op::kIsNotNull:
    case Op::kStartsWith:
    case Op::kEndsWith:
    case Op::kRegexMatch:
    case Op::kList:
    case Op::kMap:
    case Op::kProperty:
    case Op::kIndex:
    case Op::kSlice:
    case Op::kSliceFrom:
    case Op::kSliceTo:
    case Op::kHasLabels:
    case Op::kCase:
    case Op::kSimpleCase:
    case Op::kListComprehension:
    case Op::kAll:
    case Op::kAny:
    case Op::kNone:
    case Op::kSingle:
    case Op::kReduce:
    case Op::kPatternComprehension:
      return true;
    default:
      return false;
  }
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
    // openCypher
    case Op::kXor:
    case Op::kModulo:
    case Op::kPower:
    case Op::kStartsWith:
    case Op::kEndsWith:
    case Op::kRegexMatch:
    case Op::kIndex:
    case Op::kSliceFrom:
    case Op::kSliceTo:
    case Op::kAll:
    case Op::kAny:
    case Op::kNone:
    case Op::kSingle:
    case Op::kPatternComprehension:
      return {2, 2};
    case Op::kSlice:
    case Op::kListComprehension:
    case Op::kReduce:
      return {3, 3};
    case Op::kList:
    case Op::kMap:
      return {0, Arity::kUnbounded};
    case Op::kCase:
      return {1, Arity::kUnbounded};  // [c1, r1, ..., e]: odd, checked by the evaluator
    case Op::kSimpleCase:
      return {2, Arity::kUnbounded};  // [x, v1, r1, ..., e]: even
    case Op::kIsNull:
    case Op::kIsNotNull:
    case Op::kProperty:
    case Op::kHasLabels:
      return {1, 1};
    default:
      return {1, 1};
  }
}

}  // namespace cairn::query
