// Functions on numerics (§17.4.4); the operators + - * / and unary +/- are numeric.h, applied
// by expression_program.cpp without building intermediate terms.

#include <random>

#include "query/expr/builtins.h"
#include "query/expr/numeric.h"
#include "query/expr/values.h"

namespace cairn::query::expr {

std::optional<core::Term> callNumericFunction(Op op, Args args, FunctionContext& context) {
  if (op == Op::kRand) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    return makeDouble(unit(context.random()));
  }
  const auto n = numericOf(*args[0]);
  if (!n) return std::nullopt;
  switch (op) {
    case Op::kAbs:
      return makeNumeric(absolute(*n));
    case Op::kRound:
      return makeNumeric(roundHalfUp(*n));
    case Op::kCeil:
      return makeNumeric(ceiling(*n));
    case Op::kFloor:
      return makeNumeric(floorOf(*n));
    default:
      return std::nullopt;
  }
}

}  // namespace cairn::query::expr
