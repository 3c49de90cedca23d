#include "core/term.h"

#include "core/vocab.h"

namespace cairn::core {
namespace {

void appendEscapedLiteral(std::string& out, std::string_view s) {
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      default: out += c;
    }
  }
}

void appendEscapedIri(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (unsigned char c : s) {
    // Characters N-Triples forbids raw inside <...> are written as \u escapes.
    if (c <= 0x20 || c == '<' || c == '>' || c == '"' || c == '{' || c == '}' || c == '|' ||
        c == '^' || c == '`' || c == '\\') {
      out += "\\u00";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
}

}  // namespace

std::string toNTriples(const TermView& term) {
  std::string out;
  switch (term.kind) {
    case TermKind::kIri:
      out += '<';
      appendEscapedIri(out, term.value);
      out += '>';
      break;
    case TermKind::kBlank:
      out += "_:";
      out += term.value;
      break;
    case TermKind::kLiteral:
      out += '"';
      appendEscapedLiteral(out, term.value);
      out += '"';
      if (!term.language.empty()) {
        out += '@';
        out += term.language;
      } else if (!term.datatype.empty() && term.datatype != vocab::kXsdString) {
        out += "^^<";
        appendEscapedIri(out, term.datatype);
        out += '>';
      }
      break;
  }
  return out;
}

}  // namespace cairn::core
