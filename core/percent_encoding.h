#pragma once
// Percent-encoding (RFC 3986 §2.1): every byte but the unreserved characters A-Z a-z 0-9 - . _ ~
// as %XX with upper-case hex digits. SPARQL's ENCODE_FOR_URI and the IRIs Cairn mints from
// names (index/constraints) use it.

#include <string>
#include <string_view>

namespace cairn::core {

inline std::string percentEncode(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  for (const unsigned char c : text) {
    const bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                            (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' || c == '~';
    if (unreserved) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

}  // namespace cairn::core
