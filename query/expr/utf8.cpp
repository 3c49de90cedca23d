#include "query/expr/utf8.h"

#include <locale.h>
#include <wctype.h>

#include "core/utf8.h"

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
    uint32_t cp;
    const int length = core::decodeUtf8(s.data() + pos, s.data() + s.size(), cp);
    if (length == 0) {
      cp = static_cast<unsigned char>(s[pos]);
      ++pos;
    } else {
      pos += length;
    }
    core::appendUtf8(out, map(cp));
  }
  return out;
}

}  // namespace

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
