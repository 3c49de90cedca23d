// The numeric functions: abs, ceil, floor, round, sign, sqrt, exp, log, log10, e, pi, rand and
// the trigonometric ones. Null gives null; a value that is not a number is a TypeError
// (InvalidArgumentValue). abs and sign keep integers integers; the others return floats, as
// Neo4j does.

#include <cmath>
#include <limits>
#include <numbers>

#include "query/value/functions/function_registry.h"
#include "query/value/functions/function_support.h"
#include "query/value/value_program.h"

namespace cairn::query::value {

namespace {

using functions::numberArg;

using UnaryMath = double (*)(double);

// Registers `name` as a one-argument float function.
void addUnary(FunctionRegistry& registry, std::string_view name, UnaryMath f) {
  const std::string fn(name);
  registry.add(name, 1, 1, [f, fn](std::span<const Value> a, EvalContext&) {
    if (a[0].isNull()) return Value();
    return Value::floating(f(numberArg(a, 0, fn)));
  });
}

Value abs(const Value& v) {
  if (v.isNull()) return v;
  if (v.kind() == ValueKind::kInteger) {
    if (v.asInteger() == std::numeric_limits<int64_t>::min()) {
      throwArithmeticError("IntegerOverflow", "abs(" + std::to_string(v.asInteger()) + ")");
    }
    return Value::integer(v.asInteger() < 0 ? -v.asInteger() : v.asInteger());
  }
  if (v.kind() == ValueKind::kFloat) return Value::floating(std::fabs(v.asFloat()));
  throwInvalidArgumentValue("abs", v);
}

Value sign(const Value& v) {
  if (v.isNull()) return v;
  if (v.kind() == ValueKind::kInteger) {
    return Value::integer(v.asInteger() > 0 ? 1 : (v.asInteger() < 0 ? -1 : 0));
  }
  if (v.kind() == ValueKind::kFloat) {
    const double d = v.asFloat();
    return Value::integer(d > 0 ? 1 : (d < 0 ? -1 : 0));
  }
  throwInvalidArgumentValue("sign", v);
}

// Java's Math.round: half up (towards positive infinity), so round(-2.5) = -2.0.
double roundHalfUp(double d) {
  if (std::isnan(d) || std::isinf(d)) return d;
  return std::floor(d + 0.5);
}

Value round(std::span<const Value> a) {
  if (functions::anyNull(a)) return Value();
  const double d = numberArg(a, 0, "round");
  if (a.size() == 1) return Value::floating(roundHalfUp(d));
  const int64_t precision = functions::integerArg(a, 1, "round");
  if (precision < 0 || precision > 300) {
    throwArgumentError("NumberOutOfRange", "round(): precision " + std::to_string(precision));
  }
  const double scale = std::pow(10.0, static_cast<double>(precision));
  const double scaled = d * scale;
  if (std::isinf(scaled)) return Value::floating(d);
  return Value::floating(roundHalfUp(scaled) / scale);
}

double cot(double d) { return 1.0 / std::tan(d); }
double degrees(double d) { return d * 180.0 / std::numbers::pi; }
double radians(double d) { return d * std::numbers::pi / 180.0; }
double haversin(double d) { return (1.0 - std::cos(d)) / 2.0; }

}  // namespace

void registerMathFunctions(FunctionRegistry& registry) {
  registry.add("abs", 1, 1, [](std::span<const Value> a, EvalContext&) { return abs(a[0]); });
  registry.add("sign", 1, 1, [](std::span<const Value> a, EvalContext&) { return sign(a[0]); });
  registry.add("round", 1, 2, [](std::span<const Value> a, EvalContext&) { return round(a); });
  addUnary(registry, "ceil", [](double d) { return std::ceil(d); });
  addUnary(registry, "floor", [](double d) { return std::floor(d); });
  addUnary(registry, "sqrt", [](double d) { return std::sqrt(d); });
  addUnary(registry, "exp", [](double d) { return std::exp(d); });
  addUnary(registry, "log", [](double d) { return std::log(d); });
  addUnary(registry, "log10", [](double d) { return std::log10(d); });
  addUnary(registry, "sin", [](double d) { return std::sin(d); });
  addUnary(registry, "cos", [](double d) { return std::cos(d); });
  addUnary(registry, "tan", [](double d) { return std::tan(d); });
  addUnary(registry, "asin", [](double d) { return std::asin(d); });
  addUnary(registry, "acos", [](double d) { return std::acos(d); });
  addUnary(registry, "atan", [](double d) { return std::atan(d); });
  addUnary(registry, "cot", cot);
  addUnary(registry, "degrees", degrees);
  addUnary(registry, "radians", radians);
  addUnary(registry, "haversin", haversin);
  registry.add("atan2", 2, 2, [](std::span<const Value> a, EvalContext&) {
    if (functions::anyNull(a)) return Value();
    return Value::floating(std::atan2(numberArg(a, 0, "atan2"), numberArg(a, 1, "atan2")));
  });
  registry.add("e", 0, 0, [](std::span<const Value>, EvalContext&) {
    return Value::floating(std::numbers::e);
  });
  registry.add("pi", 0, 0, [](std::span<const Value>, EvalContext&) {
    return Value::floating(std::numbers::pi);
  });
  registry.add("rand", 0, 0, [](std::span<const Value>, EvalContext& ctx) {
    return Value::floating(std::uniform_real_distribution<double>(0.0, 1.0)(ctx.random()));
  });
}

}  // namespace cairn::query::value
