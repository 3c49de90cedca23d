#pragma once
// UTF-8 at the code point level, the one copy every module uses: the RDF and SPARQL parsers
// decode strictly and reject what is not well-formed; the result readers encode the code points
// of \u escapes and character references; the string functions count and slice in code points
// (XPath's STRLEN("食べ物") is 3, not 9 bytes).

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace cairn::core {

inline constexpr uint32_t kMaxCodePoint = 0x10FFFF;

inline bool isSurrogate(uint32_t cp) { return cp >= 0xD800 && cp <= 0xDFFF; }

// The byte length a sequence that starts with `lead` claims: 1 for ASCII and for a byte that
// cannot start a sequence (a continuation byte or 0xF8-0xFF), else 2, 3 or 4.
inline size_t utf8SequenceLength(unsigned char lead) {
  if (lead < 0x80) return 1;
  if ((lead & 0xE0) == 0xC0) return 2;
  if ((lead & 0xF0) == 0xE0) return 3;
  if ((lead & 0xF8) == 0xF0) return 4;
  return 1;
}

// Decodes one UTF-8 sequence starting at `p` (a byte >= 0x80 or not). Returns its length and
// sets `cp`, or returns 0 for anything not well-formed UTF-8: bad lead or continuation byte,
// truncation at `end`, an overlong form, a surrogate, or a value above U+10FFFF.
inline int decodeUtf8(const char* p, const char* end, uint32_t& cp) {
  const auto b0 = static_cast<unsigned char>(p[0]);
  if (b0 < 0x80) {
    cp = b0;
    return 1;
  }
  const int len = static_cast<int>(utf8SequenceLength(b0));
  if (len == 1 || end - p < len) return 0;
  // The payload bits of the lead byte: 5, 4 or 3 of them for a 2-, 3- or 4-byte sequence.
  cp = b0 & (0x7F >> len);
  for (int i = 1; i < len; ++i) {
    const auto b = static_cast<unsigned char>(p[i]);
    if ((b & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b & 0x3F);
  }
  static constexpr uint32_t kMinForLength[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kMinForLength[len] || cp > kMaxCodePoint || isSurrogate(cp)) return 0;
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

// True when `s` is well-formed UTF-8 throughout (decodeUtf8's rules).
inline bool isValidUtf8(std::string_view s) {
  const char* p = s.data();
  const char* end = p + s.size();
  while (p < end) {
    if (static_cast<unsigned char>(*p) < 0x80) {
      ++p;
      continue;
    }
    uint32_t cp;
    const int len = decodeUtf8(p, end, cp);
    if (len == 0) return false;
    p += len;
  }
  return true;
}

// The number of code points in `s`, counting every byte that is not a continuation byte; for
// well-formed UTF-8 that is exact.
inline size_t utf8CodePointCount(std::string_view s) {
  size_t n = 0;
  for (unsigned char c : s) {
    if ((c & 0xC0) != 0x80) ++n;
  }
  return n;
}

}  // namespace cairn::core
