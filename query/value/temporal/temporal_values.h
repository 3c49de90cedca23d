#pragma once
// Where the Cypher evaluator (query/value/value_program.h) meets the temporal types: arithmetic
// with temporal operands, the components a temporal value exposes as properties, and the temporal
// functions (date(), datetime.truncate(), duration.between(), ...). Implemented in
// query/value/temporal/ over the pure temporal library beside it.

#include <string_view>

#include "query/algebra/expr.h"

namespace cairn::query::value {

class Value;
class FunctionRegistry;

// `a op b` when a temporal rule applies (date + duration, duration + date, datetime - duration,
// duration ± duration, duration * number, number * duration, duration / number, ...): sets `out`
// and returns true; false when no temporal rule covers the operand kinds (the evaluator then
// raises its TypeError). Throws core::Error for overflow or invalid values.
bool temporalArithmetic(Op op, const Value& a, const Value& b, Value& out);

// `v.key` for a temporal value (year, month, day, hour, ..., timezone, offset, epochSeconds;
// years, months, days, seconds, ... for durations): sets `out` and returns true; false when the
// value has no such component.
bool temporalProperty(const Value& v, std::string_view key, Value& out);

// Adds date, localtime, time, localdatetime, datetime, duration and their namespaced functions
// (`date.truncate`, `datetime.fromepoch`, `duration.between`, `duration.inmonths`, ...,
// `date.statement`/`.transaction`/`.realtime`) to `registry`.
void registerTemporalFunctions(FunctionRegistry& registry);

}  // namespace cairn::query::value
