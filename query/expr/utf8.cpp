#include "query/expr/utf8.h"

#include <locale.h>
#include <wctype.h>

namespace cairn::query::expr::utf8 {
namespace {

// A process-wide UTF-8 character-type locale, made once: towupper_l needs it, and the global
// locale of a server must not be changed for it. Null when the system has no C.UTF-8, in which
// case only ASCII letters are mapped.
locale_t utf8Locale() {
  static const locale_t locale = [] {
    locale_t l = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr));
    if (l == static_cast<locale_t>(nullptr)) {
      l = newlocale(LC_CTYPE_MASK, "en_US.UTF-8", static_cast<locale_t>(nullptr));
    }
    return l;
  }();
  return locale;
}

template <typename Map>
std::string mapCodePoints(std::string_view s, Map map) {
  std::string out;
  out.reserve(s.size());
  for (size_t pos = 0; pos < s.size();) {
    const unsigned char lead = static_cast<unsigned char>(s[pos]);
    if (lead < 0x80) {
      out += static_cast<char>(map(lead));
      ++pos;
      continue;
    }
    append(out, map(decode(s, pos)));
  }
  return out;
}

}  // namespace

size_t codePointCount(std::string_view s) {
  size_t n = 0;
  for (unsigned char c : s) {
    if ((c & 0xC0) != 0x80) ++n;
  }
  return n;
}

char32_t decode(std::string_view s, size_t& pos) {
  const auto lead = static_cast<unsigned char>(s[pos]);
  size_t length = sequenceLength(lead);
  if (pos + length > s.size()) length = 1;
  char32_t cp = length == 1 ? lead : lead & (0x7F >> length);
  for (size_t i = 1; i < length; ++i) {
    cp = (cp << 6) | (static_cast<unsigned char>(s[pos + i]) & 0x3F);
  }
  pos += length;
  return cp;
}

void append(std::string& out, char32_t cp) {
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

std::string toUpper(std::string_view s) {
  const locale_t locale = utf8Locale();
  return mapCodePoints(s, [locale](char32_t c) -> char32_t {
    if (c < 0x80) return c >= 'a' && c <= 'z' ? c - 32 : c;
    if (locale == static_cast<locale_t>(nullptr)) return c;
    return static_cast<char32_t>(towupper_l(static_cast<wint_t>(c), locale));
  });
}

std::string toLower(std::string_view s) {
  const locale_t locale = utf8Locale();
  return mapCodePoints(s, [locale](char32_t c) -> char32_t {
    if (c < 0x80) return c >= 'A' && c <= 'Z' ? c + 32 : c;
    if (locale == static_cast<locale_t>(nullptr)) return c;
    return static_cast<char32_t>(towlower_l(static_cast<wint_t>(c), locale));
  });
}

}  // namespace cairn::query::expr::utf8
