#include "query/value/value_arithmetic.h"

#include <cmath>
#include <limits>

#include "query/value/functions/conversion.h"
#include "query/value/temporal/temporal_values.h"
#include "query/value/value_errors.h"

namespace cairn::query::value {

namespace {

[[noreturn]] void overflow(Op op, int64_t a, int64_t b) {
  throwArithmeticError("IntegerOverflow", "integer overflow: " + std::to_string(a) + " " +
                                              std::string(opName(op)) + " " + std::to_string(b));
}

Value integerArithmetic(Op op, int64_t a, int64_t b) {
  int64_t r = 0;
  switch (op) {
    case Op::kAdd:
      if (__builtin_add_overflow(a, b, &r)) overflow(op, a, b);
      return Value::integer(r);
    case Op::kSubtract:
      if (__builtin_sub_overflow(a, b, &r)) overflow(op, a, b);
      return Value::integer(r);
    case Op::kMultiply:
      if (__builtin_mul_overflow(a, b, &r)) overflow(op, a, b);
      return Value::integer(r);
    case Op::kDivide:
    case Op::kModulo:
      if (b == 0) throwArithmeticError("DivisionByZero", "/ by zero");
      if (a == std::numeric_limits<int64_t>::min() && b == -1) {
        if (op == Op::kModulo) return Value::integer(0);
        overflow(op, a, b);
      }
      // C++ truncates towards zero and gives % the dividend's sign, as Java does.
      return Value::integer(op == Op::kDivide ? a / b : a % b);
    default:
      return Value::floating(std::pow(static_cast<double>(a), static_cast<double>(b)));
  }
}

Value floatArithmetic(Op op, double a, double b) {
  switch (op) {
    case Op::kAdd:
      return Value::floating(a + b);
    case Op::kSubtract:
      return Value::floating(a - b);
    case Op::kMultiply:
      return Value::floating(a * b);
    case Op::kDivide:
      return Value::floating(a / b);
    case Op::kModulo:
      return Value::floating(std::fmod(a, b));
    default:
      return Value::floating(std::pow(a, b));
  }
}

Value concatenateLists(const Value& a, const Value& b) {
  Value::List out;
  if (a.kind() == ValueKind::kList) {
    out = a.asList();
  } else {
    out.push_back(a);
  }
  if (b.kind() == ValueKind::kList) {
    out.insert(out.end(), b.asList().begin(), b.asList().end());
  } else {
    out.push_back(b);
  }
  return Value::list(std::move(out));
}

bool isStringOrNumber(const Value& v) { return v.kind() == ValueKind::kString || v.isNumber(); }

}  // namespace

Value arithmetic(Op op, const Value& a, const Value& b) {
  // List concatenation takes null as an element: [1] + null is [1, null].
  if (op == Op::kAdd && (a.kind() == ValueKind::kList || b.kind() == ValueKind::kList)) {
    return concatenateLists(a, b);
  }
  if (a.isNull() || b.isNull()) return Value();
  if (a.isNumber() && b.isNumber()) {
    if (op != Op::kPower && a.kind() == ValueKind::kInteger && b.kind() == ValueKind::kInteger) {
      return integerArithmetic(op, a.asInteger(), b.asInteger());
    }
    return floatArithmetic(op, a.asNumber(), b.asNumber());
  }
  if (op == Op::kAdd && isStringOrNumber(a) && isStringOrNumber(b)) {
    return Value::string(textOf(a) + textOf(b));
  }
  if (a.isTemporal() || b.isTemporal()) {
    Value out;
    if (temporalArithmetic(op, a, b, out)) return out;
  }
  const std::string what(opName(op));
  throwInvalidArgumentType("'" + what + "' with " + describeValue(a) + " and", b);
}

Value negate(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kNull:
      return v;
    case ValueKind::kInteger:
      if (v.asInteger() == std::numeric_limits<int64_t>::min()) {
        throwArithmeticError("IntegerOverflow",
                             "integer overflow: -(" + std::to_string(v.asInteger()) + ")");
      }
      return Value::integer(-v.asInteger());
    case ValueKind::kFloat:
      return Value::floating(-v.asFloat());
    case ValueKind::kDuration: {
      Value out;
      if (temporalArithmetic(Op::kMultiply, v, Value::integer(-1), out)) return out;
      break;
    }
    default:
      break;
  }
  throwInvalidArgumentType("unary '-'", v);
}

}  // namespace cairn::query::value
