#pragma once
// Inline encodings of built-in datatype literals into order-preserving 64-bit keys, and the
// value semantics the engine needs to compare terms of different lexical forms.
//
// Contract: encodeInline(t, lex) returns a key only if decodeInline(t, key) == lex, byte for byte.
// Every other lexical form (non-canonical, ill-typed, out of inline range) returns nullopt and is
// stored as a dictionary string under lexicalTypeOf(t): round trips are exact by construction.
// For keys k1, k2 of one inline type: k1 < k2 (unsigned) implies value(k1) <= value(k2); keys of
// equal value differ only for -0.0/0.0 and equal instants written in different timezones.
//
// Layouts and canonical forms per datatype: docs/formats/inline-literals.md. Comparing values
// across types or lexical forms: core/xsd_value.h. All functions are pure and thread-safe.

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/object_type.h"

namespace cairn::core {

// The key of `lexical` as a literal of `inlineType`, if it is that type's canonical form and in
// range; nullopt otherwise (also for types that are not inline built-ins). No allocation: this
// runs once per typed literal on the import path.
std::optional<uint64_t> encodeInline(ObjectType inlineType, std::string_view lexical);

// The canonical lexical form of a key encodeInline produced for `inlineType`. A key no encoder
// could have produced fails a CAIRN_CHECK.
std::string decodeInline(ObjectType inlineType, uint64_t key);
void appendInline(std::string& out, ObjectType inlineType, uint64_t key);

}  // namespace cairn::core
