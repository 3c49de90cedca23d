#pragma once
// 64-bit hashes of encoded ids for the distinct-count sketches. Ids are small dense integers, so
// they need a full-avalanche mix before HyperLogLog can read leading zeros from them. The mixer
// is the SplitMix64 finalizer: a bijection (distinct ids never collide) with no fixed point at 0.
// These values are persisted inside sketches: changing them invalidates stored statistics.

#include <cstdint>

#include "core/object_type.h"

namespace cairn::index {

inline constexpr uint64_t mixId(uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

inline constexpr uint64_t hashNode(uint64_t id) { return mixId(id); }

// (type, key) together: the same key under two types is two different objects. For one type the
// hash is still a bijection of the key.
inline constexpr uint64_t hashObject(core::ObjectType type, uint64_t key) {
  return mixId(key ^ mixId((0x0B1EC7ULL << 16) | type));
}

}  // namespace cairn::index
