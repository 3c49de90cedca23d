#pragma once
// SPARQL's comparison operators (§17.3 operator mapping): '=' and '!=' with value equality for
// the types the operator table lists and RDFterm-equal otherwise, and '<' '>' '<=' '>=' for
// numbers, strings, booleans and dates/times. The public entry points valueEquals and
// compareForOrdering are declared in query/expr/expression_program.h.

#include <compare>
#include <optional>

#include "core/term.h"
#include "query/expr/values.h"

namespace cairn::query::expr {

enum class Ordering : uint8_t { kLess, kEqual, kGreater, kUnordered };

inline Ordering toOrdering(std::partial_ordering o) {
  if (o == std::partial_ordering::less) return Ordering::kLess;
  if (o == std::partial_ordering::greater) return Ordering::kGreater;
  if (o == std::partial_ordering::equivalent) return Ordering::kEqual;
  return Ordering::kUnordered;
}

// a '=' b for classified operands (avoids parsing a constant again per row).
std::optional<bool> valueEquals(const core::Term& a, const Classified& ca, const core::Term& b,
                                const Classified& cb);

// The order of a and b for '<' and friends, nullopt for a type error (operands of different
// kinds, language-tagged strings, IRIs, incomparable dates). kUnordered: NaN involved (every
// comparison is false).
std::optional<Ordering> compareValues(const Classified& ca, const core::Term& a,
                                      const Classified& cb, const core::Term& b);

}  // namespace cairn::query::expr
