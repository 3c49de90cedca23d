#pragma once
// What the semantic pass knows of an expression's type before running it: a set of the value
// kinds it may have, and for lists the kinds their elements may have. Literals, graph entities
// bound by patterns and the results of a few functions are known; properties, parameters and
// most function results may be anything. A check fails a statement only when a type is known
// to exclude every acceptable kind, so an unknown type never raises an error.

#include <cstdint>
#include <string>

namespace cairn::cypher::semantic {

// One bit per kind of value. Temporal values and durations are one bit each: no check here
// tells their kinds apart.
enum TypeBit : uint32_t {
  kNullBit = 1u << 0,
  kBooleanBit = 1u << 1,
  kIntegerBit = 1u << 2,
  kFloatBit = 1u << 3,
  kStringBit = 1u << 4,
  kListBit = 1u << 5,
  kMapBit = 1u << 6,
  kNodeBit = 1u << 7,
  kRelationshipBit = 1u << 8,
  kPathBit = 1u << 9,
  kTemporalBit = 1u << 10,
  kDurationBit = 1u << 11,
  kAnyBits = (1u << 12) - 1,
  kNumberBits = kIntegerBit | kFloatBit,
};

struct StaticType {
  uint32_t bits = kAnyBits;
  uint32_t elementBits = kAnyBits;  // of a list's elements; meaningful when kListBit is set

  static StaticType any() { return {}; }
  static StaticType of(uint32_t bits) { return {bits, kAnyBits}; }
  static StaticType listOf(uint32_t elementBits) { return {kListBit, elementBits}; }

  // Whether a value of this type may be of one of `accepted` kinds (null always may be: null
  // is an acceptable argument wherever a check below applies).
  bool mayBe(uint32_t accepted) const { return (bits & (accepted | kNullBit)) != 0; }
  // The type of an element of this value when it is a list (anything when it may be other).
  StaticType element() const {
    return bits == kListBit ? StaticType::of(elementBits) : StaticType::any();
  }
  StaticType unite(const StaticType& other) const {
    return {bits | other.bits, elementBits | other.elementBits};
  }
};

// "Integer", "List", "Node | Relationship" ... for messages.
std::string describeType(const StaticType& type);

}  // namespace cairn::cypher::semantic
