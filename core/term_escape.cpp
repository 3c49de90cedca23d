#include "core/term_escape.h"

namespace cairn::core {
namespace {

constexpr char kHex[] = "0123456789ABCDEF";

void appendHexEscape(std::string& out, unsigned char c) {
  out += "\\u00";
  out += kHex[c >> 4];
  out += kHex[c & 15];
}

}  // namespace

void appendEscapedString(std::string& out, std::string_view s, StringEscaping escaping) {
  const bool allControls = escaping == StringEscaping::kAllControls;
  for (char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        continue;
      case '\\':
        out += "\\\\";
        continue;
      case '\n':
        out += "\\n";
        continue;
      case '\r':
        out += "\\r";
        continue;
      default:
        break;
    }
    const auto byte = static_cast<unsigned char>(c);
    if (!allControls || (byte >= 0x20 && byte != 0x7F)) {
      out += c;
      continue;
    }
    switch (c) {
      case '\t':
        out += "\\t";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        appendHexEscape(out, byte);
    }
  }
}

void appendIriRef(std::string& out, std::string_view iri) {
  out += '<';
  for (unsigned char c : iri) {
    // Characters N-Triples forbids raw inside <...> are written as \u escapes.
    if (c <= 0x20 || c == '<' || c == '>' || c == '"' || c == '{' || c == '}' || c == '|' ||
        c == '^' || c == '`' || c == '\\') {
      appendHexEscape(out, c);
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '>';
}

}  // namespace cairn::core
