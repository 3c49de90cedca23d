#pragma once
// The escapes terms need inside the quotes and angle brackets of N-Triples, Turtle and JSON: one
// copy for core::toNTriples and for every SPARQL result writer.

#include <cstdint>
#include <string>
#include <string_view>

namespace cairn::core {

// The escapes of a double-quoted string, the same in N-Triples, Turtle and JSON.
enum class StringEscaping : uint8_t {
  // '"', '\', LF and CR only: all N-Triples requires (toNTriples).
  kMinimal,
  // Also TAB, BS and FF as \t \b \f and the other C0 controls and DEL as \u00XX, so the text
  // holds no raw control character: what JSON requires and TSV cells need.
  kAllControls,
};

// Appends the body of a quoted string (no quotes) with `escaping`'s escapes.
void appendEscapedString(std::string& out, std::string_view s, StringEscaping escaping);
// Appends "<iri>" with the characters N-Triples forbids inside IRIREF written as \u00XX.
void appendIriRef(std::string& out, std::string_view iri);

}  // namespace cairn::core
