#pragma once
// Writes a string as an N-Triples quoted literal (the four characters the grammar requires
// escaped: quote, backslash, LF, CR), for the generators' buffered writers.

#include <string_view>

namespace cairn::bench::datagen {

// Writes "s" with escapes at `out`, which must have room for 2 + 2 * s.size() bytes; returns the
// position after the closing quote.
inline char* writeQuotedLiteral(char* out, std::string_view s) {
  *out++ = '"';
  for (char c : s) {
    switch (c) {
      case '"':
      case '\\':
        *out++ = '\\';
        *out++ = c;
        break;
      case '\n':
        *out++ = '\\';
        *out++ = 'n';
        break;
      case '\r':
        *out++ = '\\';
        *out++ = 'r';
        break;
      default:
        *out++ = c;
    }
  }
  *out++ = '"';
  return out;
}

}  // namespace cairn::bench::datagen
