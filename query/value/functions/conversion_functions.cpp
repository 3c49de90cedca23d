// toString, toInteger, toFloat, toBoolean (and their *OrNull forms): null gives null, a string
// that does not parse gives null, a value of a type the function cannot convert is a TypeError
// (InvalidArgumentValue), as TypeConversion1-4 of the TCK expect.

#include <charconv>
#include <cmath>

#include "query/value/functions/conversion.h"
#include "query/value/functions/function_registry.h"
#include "query/value/temporal/temporal_text.h"
#include "query/value/value_errors.h"
#include "query/value/value_text.h"

namespace cairn::query::value {

namespace {

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const auto x = static_cast<unsigned char>(a[i]);
    const auto y = static_cast<unsigned char>(b[i]);
    if (std::tolower(x) != std::tolower(y)) return false;
  }
  return true;
}

// An integer from a double, or NumberOutOfRange when it has none (NaN, beyond int64).
int64_t truncateToInteger(double d, std::string_view function) {
  constexpr double kTwoTo63 = 9223372036854775808.0;
  if (std::isnan(d) || d >= kTwoTo63 || d < -kTwoTo63) {
    throwArgumentError("NumberOutOfRange",
                       std::string(function) + "(): " + javaDoubleText(d) + " is not an integer");
  }
  return static_cast<int64_t>(d);
}

Value toBoolean(const Value& v, bool orNull) {
  switch (v.kind()) {
    case ValueKind::kNull:
    case ValueKind::kBoolean:
      return v;
    case ValueKind::kString:
      if (equalsIgnoreCase(v.asString(), "true")) return Value::boolean(true);
      if (equalsIgnoreCase(v.asString(), "false")) return Value::boolean(false);
      return Value();
    case ValueKind::kInteger:
      return Value::boolean(v.asInteger() != 0);
    default:
      if (orNull) return Value();
      throwInvalidArgumentValue("toBoolean", v);
  }
}

Value toInteger(const Value& v, bool orNull) {
  switch (v.kind()) {
    case ValueKind::kNull:
    case ValueKind::kInteger:
      return v;
    case ValueKind::kFloat:
      if (orNull && (std::isnan(v.asFloat()) || std::isinf(v.asFloat()))) return Value();
      return Value::integer(truncateToInteger(v.asFloat(), "toInteger"));
    case ValueKind::kBoolean:
      return Value::integer(v.asBoolean() ? 1 : 0);
    case ValueKind::kString: {
      if (const auto i = parseIntegerText(v.asString())) return Value::integer(*i);
      const auto d = parseFloatText(v.asString());
      if (!d || std::isnan(*d) || std::isinf(*d)) return Value();
      if (orNull && std::fabs(*d) >= 9223372036854775808.0) return Value();
      return Value::integer(truncateToInteger(*d, "toInteger"));
    }
    default:
      if (orNull) return Value();
      throwInvalidArgumentValue("toInteger", v);
  }
}

Value toFloat(const Value& v, bool orNull) {
  switch (v.kind()) {
    case ValueKind::kNull:
    case ValueKind::kFloat:
      return v;
    case ValueKind::kInteger:
      return Value::floating(static_cast<double>(v.asInteger()));
    case ValueKind::kString: {
      const auto d = parseFloatText(v.asString());
      return d ? Value::floating(*d) : Value();
    }
    default:
      if (orNull) return Value();
      throwInvalidArgumentValue("toFloat", v);
  }
}

Value toStringValue(const Value& v, bool orNull) {
  if (v.isNull()) return v;
  switch (v.kind()) {
    case ValueKind::kList:
    case ValueKind::kMap:
    case ValueKind::kNode:
    case ValueKind::kRelationship:
    case ValueKind::kPath:
      if (orNull) return Value();
      throwInvalidArgumentValue("toString", v);
    default:
      return Value::string(textOf(v));
  }
}

// A whole string of decimal digits with an optional sign; no spaces.
std::optional<int64_t> parseDecimalInteger(std::string_view s) {
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  int64_t out = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  if (ec != std::errc() || ptr != s.data() + s.size() || s.empty()) return std::nullopt;
  return out;
}

}  // namespace

std::string javaDoubleText(double d) {
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
  if (d == 0) return std::signbit(d) ? "-0.0" : "0.0";
  const auto [negative, digits, exponent] = shortestFloatDigits(d);
  std::string out = negative ? "-" : "";
  if (exponent >= -3 && exponent < 7) {
    if (exponent < 0) {
      return out + "0." + std::string(static_cast<size_t>(-exponent - 1), '0') + digits;
    }
    const auto point = static_cast<size_t>(exponent) + 1;
    if (point >= digits.size())
      return out + digits + std::string(point - digits.size(), '0') + ".0";
    return out + digits.substr(0, point) + "." + digits.substr(point);
  }
  out += digits.substr(0, 1) + "." + (digits.size() > 1 ? digits.substr(1) : "0");
  return out + "E" + std::to_string(exponent);
}

std::string textOf(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kString:
      return v.asString();
    case ValueKind::kInteger:
      return std::to_string(v.asInteger());
    case ValueKind::kFloat:
      return javaDoubleText(v.asFloat());
    case ValueKind::kBoolean:
      return v.asBoolean() ? "true" : "false";
    default:
      if (v.isTemporal()) return temporalText(v);
      throwInvalidArgumentValue("toString", v);
  }
}

std::optional<int64_t> parseIntegerText(std::string_view s) { return parseDecimalInteger(s); }

std::optional<double> parseFloatText(std::string_view s) {
  if (s.empty()) return std::nullopt;
  std::string_view body = s;
  if (body.front() == '+') body.remove_prefix(1);
  // from_chars takes "inf" and "nan", which Cypher does not read as numbers.
  for (char c : body) {
    const bool allowed =
        (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '-' || c == '+';
    if (!allowed) return std::nullopt;
  }
  double out = 0;
  const auto [ptr, ec] = std::from_chars(body.data(), body.data() + body.size(), out);
  if (ec != std::errc() || ptr != body.data() + body.size()) return std::nullopt;
  return out;
}

void registerConversionFunctions(FunctionRegistry& registry) {
  registry.add("toboolean", 1, 1,
               [](std::span<const Value> a, EvalContext&) { return toBoolean(a[0], false); });
  registry.add("tobooleanornull", 1, 1,
               [](std::span<const Value> a, EvalContext&) { return toBoolean(a[0], true); });
  registry.add("tointeger", 1, 1,
               [](std::span<const Value> a, EvalContext&) { return toInteger(a[0], false); });
  registry.add("tointegerornull", 1, 1,
               [](std::span<const Value> a, EvalContext&) { return toInteger(a[0], true); });
  registry.add("tofloat", 1, 1,
               [](std::span<const Value> a, EvalContext&) { return toFloat(a[0], false); });
  registry.add("tofloatornull", 1, 1,
               [](std::span<const Value> a, EvalContext&) { return toFloat(a[0], true); });
  registry.add("tostring", 1, 1,
               [](std::span<const Value> a, EvalContext&) { return toStringValue(a[0], false); });
  registry.add("tostringornull", 1, 1,
               [](std::span<const Value> a, EvalContext&) { return toStringValue(a[0], true); });
}

}  // namespace cairn::query::value
