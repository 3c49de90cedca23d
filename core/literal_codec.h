#pragma once
// Inline encodings of built-in datatype literals into order-preserving 64-bit keys, and the
// value semantics the engine needs to compare terms of different lexical forms.
//
// Contract: encodeInline(t, lex) returns a key only if decodeInline(t, key) == lex, byte for byte.
// Every other lexical form (non-canonical, ill-typed, out of inline range) returns nullopt and is
// stored as a dictionary string under lexicalTypeOf(t): round trips are exact by construction.
// For keys k1, k2 of one inline type: k1 < k2 (unsigned) implies value(k1) <= value(k2).

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/object_type.h"

namespace cairn::core {

std::optional<uint64_t> encodeInline(ObjectType inlineType, std::string_view lexical);
std::string decodeInline(ObjectType inlineType, uint64_t key);
void appendInline(std::string& out, ObjectType inlineType, uint64_t key);

}  // namespace cairn::core
