// The adapter between query::Value and the pure temporal library (temporal.h): operators,
// properties and the temporal functions of the FunctionRegistry.

#include "query/value/temporal/temporal_values.h"

#include <chrono>
#include <string_view>

#include "query/value/functions/function_registry.h"
#include "query/value/functions/function_support.h"
#include "query/value/temporal/temporal.h"
#include "query/value/value.h"
#include "query/value/value_errors.h"
#include "query/value/value_program.h"

namespace cairn::query::value {

namespace {

std::optional<Temporal> temporalOf(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kDate:
      return Temporal{v.asDate()};
    case ValueKind::kLocalTime:
      return Temporal{v.asLocalTime()};
    case ValueKind::kTime:
      return Temporal{v.asTime()};
    case ValueKind::kLocalDateTime:
      return Temporal{v.asLocalDateTime()};
    case ValueKind::kDateTime:
      return Temporal{v.asDateTime()};
    case ValueKind::kDuration:
      return Temporal{v.asDuration()};
    default:
      return std::nullopt;
  }
}

Value valueOf(const Temporal& t) {
  switch (temporalType(t)) {
    case TemporalType::kDate:
      return Value::date(std::get<Date>(t));
    case TemporalType::kLocalTime:
      return Value::localTime(std::get<LocalTime>(t));
    case TemporalType::kTime:
      return Value::time(std::get<Time>(t));
    case TemporalType::kLocalDateTime:
      return Value::localDateTime(std::get<LocalDateTime>(t));
    case TemporalType::kDateTime:
      return Value::dateTime(std::get<DateTime>(t));
    case TemporalType::kDuration:
      return Value::duration(std::get<Duration>(t));
  }
  return Value();
}

// A Cypher map as the library's components; null entries count as absent.
Components componentsOf(const Value& map, std::string_view fn) {
  Components out;
  for (const auto& [key, v] : map.asMap()) {
    switch (v.kind()) {
      case ValueKind::kNull:
        break;
      case ValueKind::kInteger:
        out.push_back({key, v.asInteger()});
        break;
      case ValueKind::kFloat:
        out.push_back({key, v.asFloat()});
        break;
      case ValueKind::kString:
        out.push_back({key, v.asString()});
        break;
      default: {
        auto t = temporalOf(v);
        if (!t) throwInvalidArgumentValue(fn, v);
        out.push_back({key, *t});
      }
    }
  }
  return out;
}

int64_t nowEpochNanos() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

int64_t statementEpochNanos(const EvalContext& ctx) {
  return ctx.clockNanos ? *ctx.clockNanos : nowEpochNanos();
}

void registerInstantType(FunctionRegistry& registry, TemporalType type) {
  const std::string name(temporalTypeName(type));
  registry.add(name, 0, 1, [type, name](std::span<const Value> args, EvalContext& ctx) -> Value {
    if (args.empty()) return valueOf(currentTemporal(type, statementEpochNanos(ctx)));
    const Value& arg = args[0];
    if (arg.isNull()) return Value();
    if (arg.kind() == ValueKind::kString) return valueOf(parseTemporal(type, arg.asString()));
    if (arg.kind() == ValueKind::kMap) {
      return valueOf(constructTemporal(type, componentsOf(arg, name)));
    }
    if (auto t = temporalOf(arg)) return valueOf(convertTemporal(type, *t));
    throwInvalidArgumentValue(name, arg);
  });
  // The clock variants: a statement runs as one transaction, so .transaction and .statement
  // read the statement's clock; .realtime reads the system clock when called.
  for (const char* clock : {".transaction", ".statement", ".realtime"}) {
    const std::string fn = name + clock;
    const bool realtime = std::string_view(clock) == ".realtime";
    registry.add(fn, 0, 1,
                 [type, fn, realtime](std::span<const Value> args, EvalContext& ctx) -> Value {
                   const int64_t now = realtime ? nowEpochNanos() : statementEpochNanos(ctx);
                   if (args.empty()) return valueOf(currentTemporal(type, now));
                   if (args[0].isNull()) return Value();
                   const std::string& zone = functions::stringArg(args, 0, fn);
                   return valueOf(currentTemporal(type, now, zone));
                 });
  }
  const std::string truncate = name + ".truncate";
  registry.add(truncate, 2, 3,
               [type, truncate](std::span<const Value> args, EvalContext&) -> Value {
                 if (args[0].isNull() || args[1].isNull()) return Value();
                 const std::string& unit = functions::stringArg(args, 0, truncate);
                 auto t = temporalOf(args[1]);
                 if (!t) throwInvalidArgumentValue(truncate, args[1]);
                 Components overrides;
                 if (args.size() == 3 && !args[2].isNull()) {
                   if (args[2].kind() != ValueKind::kMap)
                     throwInvalidArgumentValue(truncate, args[2]);
                   overrides = componentsOf(args[2], truncate);
                 }
                 return valueOf(truncateTemporal(type, unit, *t, overrides));
               });
}

void registerBetween(FunctionRegistry& registry, const std::string& fn, BetweenUnit unit) {
  registry.add(fn, 2, 2, [fn, unit](std::span<const Value> args, EvalContext&) -> Value {
    if (functions::anyNull(args)) return Value();
    auto from = temporalOf(args[0]);
    auto to = temporalOf(args[1]);
    if (!from || std::holds_alternative<Duration>(*from)) throwInvalidArgumentValue(fn, args[0]);
    if (!to || std::holds_alternative<Duration>(*to)) throwInvalidArgumentValue(fn, args[1]);
    return Value::duration(durationBetween(*from, *to, unit));
  });
}

}  // namespace

bool temporalArithmetic(Op op, const Value& a, const Value& b, Value& out) {
  const auto x = temporalOf(a);
  const auto y = temporalOf(b);
  const bool xDur = x && std::holds_alternative<Duration>(*x);
  const bool yDur = y && std::holds_alternative<Duration>(*y);
  switch (op) {
    case Op::kAdd:
      if (xDur && yDur) {
        out = Value::duration(addDurations(std::get<Duration>(*x), std::get<Duration>(*y)));
      } else if (x && yDur) {
        out = valueOf(addDuration(*x, std::get<Duration>(*y)));
      } else if (xDur && y) {
        out = valueOf(addDuration(*y, std::get<Duration>(*x)));
      } else {
        return false;
      }
      return true;
    case Op::kSubtract:
      if (xDur && yDur) {
        out = Value::duration(subtractDurations(std::get<Duration>(*x), std::get<Duration>(*y)));
      } else if (x && !xDur && yDur) {
        out = valueOf(subtractDuration(*x, std::get<Duration>(*y)));
      } else {
        return false;
      }
      return true;
    case Op::kMultiply: {
      const Value* number = xDur && b.isNumber() ? &b : yDur && a.isNumber() ? &a : nullptr;
      if (number == nullptr) return false;
      const Duration& d = std::get<Duration>(xDur ? *x : *y);
      out = Value::duration(number->kind() == ValueKind::kInteger
                                ? multiplyDuration(d, number->asInteger())
                                : multiplyDuration(d, number->asFloat()));
      return true;
    }
    case Op::kDivide:
      if (!xDur || !b.isNumber()) return false;
      out = Value::duration(divideDuration(std::get<Duration>(*x), b.asNumber()));
      return true;
    default:
      return false;
  }
}

bool temporalProperty(const Value& v, std::string_view key, Value& out) {
  const auto t = temporalOf(v);
  if (!t) return false;
  const auto component = temporalComponent(*t, key);
  if (!component) return false;
  if (const auto* i = std::get_if<int64_t>(&*component)) {
    out = Value::integer(*i);
  } else {
    out = Value::string(std::get<std::string>(*component));
  }
  return true;
}

void registerTemporalFunctions(FunctionRegistry& registry) {
  for (TemporalType type : {TemporalType::kDate, TemporalType::kLocalTime, TemporalType::kTime,
                            TemporalType::kLocalDateTime, TemporalType::kDateTime}) {
    registerInstantType(registry, type);
  }
  registry.add("duration", 1, 1, [](std::span<const Value> args, EvalContext&) -> Value {
    const Value& arg = args[0];
    if (arg.isNull()) return Value();
    if (arg.kind() == ValueKind::kString) {
      return valueOf(parseTemporal(TemporalType::kDuration, arg.asString()));
    }
    if (arg.kind() == ValueKind::kMap) {
      return valueOf(constructTemporal(TemporalType::kDuration, componentsOf(arg, "duration")));
    }
    if (arg.kind() == ValueKind::kDuration) return arg;
    throwInvalidArgumentValue("duration", arg);
  });
  registry.add("datetime.fromepoch", 2, 2, [](std::span<const Value> args, EvalContext&) -> Value {
    if (functions::anyNull(args)) return Value();
    return Value::dateTime(dateTimeFromEpoch(functions::integerArg(args, 0, "datetime.fromepoch"),
                                             functions::integerArg(args, 1, "datetime.fromepoch")));
  });
  registry.add(
      "datetime.fromepochmillis", 1, 1, [](std::span<const Value> args, EvalContext&) -> Value {
        if (args[0].isNull()) return Value();
        return Value::dateTime(
            dateTimeFromEpochMillis(functions::integerArg(args, 0, "datetime.fromepochmillis")));
      });
  registerBetween(registry, "duration.between", BetweenUnit::kAll);
  registerBetween(registry, "duration.inmonths", BetweenUnit::kMonths);
  registerBetween(registry, "duration.indays", BetweenUnit::kDays);
  registerBetween(registry, "duration.inseconds", BetweenUnit::kSeconds);
}

}  // namespace cairn::query::value
