#pragma once
// Arithmetic on SPARQL numbers with XPath's type promotion (integer → decimal → float → double):
// the operators + - * / and unary minus, the functions ABS, ROUND, CEIL, FLOOR, and numeric
// comparison. Exact types stay exact: integer ÷ integer is a decimal, division of an exact zero
// is an error, while float and double follow IEEE 754 (±INF, NaN). An exact result beyond 38
// significant digits is an error (nullopt), the implementation limit of query/expr/values.h.

#include <compare>
#include <optional>

#include "query/expr/values.h"

namespace cairn::query::expr {

enum class ArithmeticOp : uint8_t { kAdd, kSubtract, kMultiply, kDivide };

// Digits kept after the point by exact division when the quotient does not terminate (XPath
// requires at least 18).
inline constexpr int kDivisionScale = 24;

std::optional<Numeric> arithmetic(ArithmeticOp op, const Numeric& a, const Numeric& b);
Numeric negate(const Numeric& a);
Numeric absolute(const Numeric& a);
// XPath fn:round (half toward +INF), fn:ceiling, fn:floor; the type is kept.
Numeric roundHalfUp(const Numeric& a);
Numeric ceiling(const Numeric& a);
Numeric floorOf(const Numeric& a);

// Value order with promotion; unordered when a NaN is involved.
std::partial_ordering compareNumeric(const Numeric& a, const Numeric& b);

}  // namespace cairn::query::expr
