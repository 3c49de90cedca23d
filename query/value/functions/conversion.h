#pragma once
// The value conversions behind toString(), toInteger(), toFloat() and toBoolean(), for the
// other families and for string concatenation (query/value/value_arithmetic.h) to share.

#include <optional>
#include <string>
#include <string_view>

#include "query/value/value.h"

namespace cairn::query::value {

// toString(v) of a non-null string, number, boolean or temporal value: numbers as Java writes
// them (2.3, 1.0E9, 1.0E-4), temporal values as ISO 8601 text. Throws kTypeError
// "InvalidArgumentValue" for lists, maps, nodes, relationships and paths.
std::string textOf(const Value& v);

// Java's Double.toString with the shortest round-trip digits: positional for magnitudes in
// [1e-3, 1e7), otherwise d.dddE±n; NaN, Infinity, -Infinity.
std::string javaDoubleText(double d);

// A string as Cypher reads a number: an integer literal ("42", "-7"), or a float ("2.9",
// "1e3", ".5") for parseNumber; nullopt when it is neither.
std::optional<int64_t> parseIntegerText(std::string_view s);
std::optional<double> parseFloatText(std::string_view s);

}  // namespace cairn::query::value
