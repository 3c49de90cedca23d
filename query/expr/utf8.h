#pragma once
// The little UTF-8 the string functions need: XPath counts and slices strings in code points, not
// bytes (STRLEN("食べ物") is 3), and UCASE/LCASE map code points. Input is assumed valid UTF-8
// (parsers validate it); a stray byte counts as one code point.

#include <cstdint>
#include <string>
#include <string_view>

namespace cairn::query::expr::utf8 {

// The byte length of the sequence that starts with `lead`.
inline size_t sequenceLength(unsigned char lead) {
  if (lead < 0x80) return 1;
  if ((lead >> 5) == 0x6) return 2;
  if ((lead >> 4) == 0xE) return 3;
  if ((lead >> 3) == 0x1E) return 4;
  return 1;
}

size_t codePointCount(std::string_view s);
// Decodes the code point at s[pos] and advances pos.
char32_t decode(std::string_view s, size_t& pos);
void append(std::string& out, char32_t cp);

// Unicode simple case mappings (one code point to one), via the C library's UTF-8 tables.
std::string toUpper(std::string_view s);
std::string toLower(std::string_view s);

}  // namespace cairn::query::expr::utf8
