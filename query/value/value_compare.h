#pragma once
// The four ways openCypher compares values (docs/cypher.md "Values"), each kept in one place:
//
// - equals(): `=` and `<>`, three-valued. Null on either side gives null; lists compare element
//   by element and maps key set first, then values, where a false pair decides false and
//   otherwise a null pair gives null; 1 = 1.0 is true (exactly: 2^53 + 1 <> 2^53 as a float);
//   NaN equals nothing; values of different types are unequal.
// - equivalent() / hashEquivalent(): DISTINCT, grouping keys, the keys of collect(DISTINCT):
//   equality where null ≡ null and NaN ≡ NaN. Zoned times and date-times are equivalent only
//   with the same offset and zone name, so DISTINCT keeps values that print differently.
// - compare(): `<`, `<=`, `>`, `>=`. Defined within numbers (NaN unordered: every comparison is
//   false), strings (code point order), booleans, lists (lexicographic; a null element pair that
//   decides gives null) and each temporal type but durations (time and datetime by instant);
//   null otherwise.
// - orderCompare(): the total order of ORDER BY, min() and max(): map < node < relationship <
//   list < path < datetime < localdatetime < date < time < localtime < duration < string <
//   boolean < number (NaN last) < null; within a type by value.
//
// All are pure and thread-safe. Nodes and relationships compare by identity.

#include <compare>
#include <cstddef>
#include <optional>

#include "query/value/value.h"

namespace cairn::query::value {

// `a = b`; nullopt means null.
std::optional<bool> equals(const Value& a, const Value& b);

bool equivalent(const Value& a, const Value& b);
// Equal for equivalent values.
size_t hashEquivalent(const Value& v);

struct EquivalentHash {
  size_t operator()(const Value& v) const { return hashEquivalent(v); }
};
struct EquivalentEqual {
  bool operator()(const Value& a, const Value& b) const { return equivalent(a, b); }
};

// The order of `a` and `b` for `<` and friends: nullopt when null or incomparable;
// partial_ordering::unordered for NaN (so `<`, `<=`, ... are all false).
std::optional<std::partial_ordering> compare(const Value& a, const Value& b);

// ORDER BY: <0, 0 or >0. Values that are equivalent() compare 0.
int orderCompare(const Value& a, const Value& b);

}  // namespace cairn::query::value
