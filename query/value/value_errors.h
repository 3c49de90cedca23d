#pragma once
// The errors Cypher evaluation raises, with openCypher's classes and the TCK's detail names, in
// one place so that the evaluator, the functions and the aggregates word them alike.

#include <string>
#include <string_view>

#include "core/error.h"
#include "query/value/value.h"

namespace cairn::query::value {

// "Integer 3", "String 'a'", "Null": the type and text of a value for messages.
std::string describeValue(const Value& v);

// kTypeError "InvalidArgumentType": an operator applied to a value of a type it does not take
// (1 + true, NOT 'x', 5[0]). `what` names the operator.
[[noreturn]] void throwInvalidArgumentType(std::string_view what, const Value& v);
// kTypeError "InvalidArgumentValue": a function given a value of a type it does not take
// (toBoolean(1), labels(1)), as the TCK classifies those.
[[noreturn]] void throwInvalidArgumentValue(std::string_view function, const Value& v);
// kArgumentError with `detail` ("NumberOutOfRange", "NegativeIntegerArgument", ...).
[[noreturn]] void throwArgumentError(std::string_view detail, std::string message);
// kArithmeticError with `detail` ("IntegerOverflow", "DivisionByZero").
[[noreturn]] void throwArithmeticError(std::string_view detail, std::string message);

}  // namespace cairn::query::value
