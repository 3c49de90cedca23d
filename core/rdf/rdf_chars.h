#pragma once
// Character-level helpers shared by the RDF parsers: hex digits and the PN_CHARS classes of the
// N-Triples/Turtle grammars (blank node labels, names). UTF-8 itself is core/utf8.h.

#include <cstdint>

#include "core/utf8.h"

namespace cairn::core::rdf {

// 0-15 for a hex digit, -1 otherwise.
inline int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// PN_CHARS_BASE without the ASCII letters (callers test those first).
inline bool isPnCharsBaseNonAscii(uint32_t cp) {
  return (cp >= 0x00C0 && cp <= 0x00D6) || (cp >= 0x00D8 && cp <= 0x00F6) ||
         (cp >= 0x00F8 && cp <= 0x02FF) || (cp >= 0x0370 && cp <= 0x037D) ||
         (cp >= 0x037F && cp <= 0x1FFF) || (cp >= 0x200C && cp <= 0x200D) ||
         (cp >= 0x2070 && cp <= 0x218F) || (cp >= 0x2C00 && cp <= 0x2FEF) ||
         (cp >= 0x3001 && cp <= 0xD7FF) || (cp >= 0xF900 && cp <= 0xFDCF) ||
         (cp >= 0xFDF0 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0xEFFFF);
}

// PN_CHARS without the ASCII part (letters, digits, '_', '-').
inline bool isPnCharsNonAscii(uint32_t cp) {
  return isPnCharsBaseNonAscii(cp) || cp == 0x00B7 || (cp >= 0x0300 && cp <= 0x036F) ||
         (cp >= 0x203F && cp <= 0x2040);
}

}  // namespace cairn::core::rdf
