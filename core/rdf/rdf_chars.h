#pragma once
// Character-level helpers shared by the RDF parsers: strict UTF-8 decoding and encoding, hex
// digits, and the PN_CHARS classes of the N-Triples/Turtle grammars (blank node labels, names).

#include <cstdint>
#include <string>

namespace cairn::core::rdf {

inline constexpr uint32_t kMaxCodePoint = 0x10FFFF;

inline bool isSurrogate(uint32_t cp) { return cp >= 0xD800 && cp <= 0xDFFF; }

// Decodes one UTF-8 sequence starting at `p` (a byte >= 0x80 or not). Returns its length and
// sets `cp`, or returns 0 for anything not well-formed UTF-8: bad lead or continuation byte,
// truncation at `end`, an overlong form, a surrogate, or a value above U+10FFFF.
inline int decodeUtf8(const char* p, const char* end, uint32_t& cp) {
  const auto b0 = static_cast<unsigned char>(p[0]);
  if (b0 < 0x80) {
    cp = b0;
    return 1;
  }
  int len;
  uint32_t min;
  if ((b0 & 0xE0) == 0xC0) {
    len = 2, cp = b0 & 0x1F, min = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    len = 3, cp = b0 & 0x0F, min = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    len = 4, cp = b0 & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if (end - p < len) return 0;
  for (int i = 1; i < len; ++i) {
    const auto b = static_cast<unsigned char>(p[i]);
    if ((b & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b & 0x3F);
  }
  if (cp < min || cp > kMaxCodePoint || isSurrogate(cp)) return 0;
  return len;
}

// Appends the UTF-8 encoding of a Unicode scalar value (not a surrogate, at most U+10FFFF).
inline void appendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

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
