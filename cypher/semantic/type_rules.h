#pragma once
// The static typing rules of operators and functions: the kinds of argument each accepts and
// the type of its result. An argument whose static type excludes every accepted kind is the
// TCK's InvalidArgumentType at compile time (`NOT 1`, `1 IN true`, `labels(p)` of a path,
// `x.k` of an integer); anything the rules do not know is accepted and typed "any".

#include <span>
#include <string_view>

#include "cypher/ast/expression.h"
#include "cypher/semantic/static_type.h"

namespace cairn::cypher::semantic {

// Throws InvalidArgumentType unless `type` may be one of `accepted` (or null); `what` names the
// operand in the message ("the operand of NOT").
void requireArgument(const StaticType& type, uint32_t accepted, std::string_view what,
                     ast::SourcePosition position);

// The type of an operator expression (`expression.kind` is an operator) given its operands'
// types, after checking them.
StaticType operatorType(const ast::Expression& expression, std::span<const StaticType> operands);

// The type of a call of the non-aggregating function `lowerName` (lower-cased), after checking
// its arguments' kinds. Does not check that the function exists.
StaticType functionType(std::string_view lowerName, const ast::Expression& call,
                        std::span<const StaticType> arguments);

}  // namespace cairn::cypher::semantic
