#include "sparql/results/term_text.h"

#include "core/term_escape.h"
#include "core/vocab.h"

namespace cairn::sparql::results {
namespace {

constexpr char kHex[] = "0123456789ABCDEF";

constexpr std::string_view kXsdInteger = "http://www.w3.org/2001/XMLSchema#integer";
constexpr std::string_view kXsdDecimal = "http://www.w3.org/2001/XMLSchema#decimal";
constexpr std::string_view kXsdDouble = "http://www.w3.org/2001/XMLSchema#double";
constexpr std::string_view kXsdBoolean = "http://www.w3.org/2001/XMLSchema#boolean";

bool isAsciiAlpha(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isNameChar(char c) { return isAsciiAlpha(c) || isDigit(c) || c == '_' || c == '-'; }

// PN_PREFIX restricted to ASCII: a letter, then letters, digits, '_', '-', '.', not ending in '.'.
bool isValidPrefix(std::string_view p) {
  if (p.empty()) return true;
  if (!isAsciiAlpha(p.front()) || p.back() == '.') return false;
  for (char c : p) {
    if (!isNameChar(c) && c != '.') return false;
  }
  return true;
}

// PN_LOCAL restricted to ASCII without escapes: starts with a letter, digit or '_', continues
// with those, '-' or '.', and does not end in '.'. Conservative: anything else stays an IRIREF.
bool isValidLocalName(std::string_view local) {
  if (local.empty()) return true;
  char first = local.front();
  if (!isAsciiAlpha(first) && !isDigit(first) && first != '_') return false;
  if (local.back() == '.') return false;
  for (char c : local) {
    if (!isNameChar(c) && c != '.') return false;
  }
  return true;
}

size_t skipSign(std::string_view s) { return !s.empty() && (s[0] == '+' || s[0] == '-') ? 1 : 0; }

size_t countDigits(std::string_view s, size_t from) {
  size_t i = from;
  while (i < s.size() && isDigit(s[i])) ++i;
  return i - from;
}

// INTEGER: [+-]?[0-9]+
bool isTurtleInteger(std::string_view s) {
  size_t i = skipSign(s);
  size_t n = countDigits(s, i);
  return n > 0 && i + n == s.size();
}

// DECIMAL: [+-]?[0-9]*\.[0-9]+
bool isTurtleDecimal(std::string_view s) {
  size_t i = skipSign(s);
  i += countDigits(s, i);
  if (i >= s.size() || s[i] != '.') return false;
  size_t n = countDigits(s, i + 1);
  return n > 0 && i + 1 + n == s.size();
}

// DOUBLE: [+-]?([0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)[eE][+-]?[0-9]+
bool isTurtleDouble(std::string_view s) {
  size_t i = skipSign(s);
  size_t intDigits = countDigits(s, i);
  i += intDigits;
  size_t fracDigits = 0;
  if (i < s.size() && s[i] == '.') {
    fracDigits = countDigits(s, i + 1);
    i += 1 + fracDigits;
  }
  if (intDigits == 0 && fracDigits == 0) return false;
  if (i >= s.size() || (s[i] != 'e' && s[i] != 'E')) return false;
  ++i;
  i += skipSign(s.substr(i));
  size_t expDigits = countDigits(s, i);
  return expDigits > 0 && i + expDigits == s.size();
}

void appendLiteral(std::string& out, const core::TermView& term, const PrefixMap* prefixes) {
  out += '"';
  core::appendEscapedString(out, term.value, core::StringEscaping::kAllControls);
  out += '"';
  if (!term.language.empty()) {
    out += '@';
    out += term.language;
  } else if (!term.datatype.empty() && term.datatype != core::vocab::kXsdString) {
    out += "^^";
    std::optional<std::string> compacted =
        prefixes ? prefixes->compact(term.datatype) : std::nullopt;
    if (compacted) {
      out += *compacted;
    } else {
      core::appendIriRef(out, term.datatype);
    }
  }
}

}  // namespace

PrefixMap::PrefixMap(const std::vector<std::pair<std::string, std::string>>& declarations) {
  for (const auto& [prefix, ns] : declarations) {
    if (!isValidPrefix(prefix)) continue;
    bool replaced = false;
    for (auto& existing : declarations_) {
      if (existing.first == prefix) {
        existing.second = ns;
        replaced = true;
      }
    }
    if (!replaced) declarations_.emplace_back(prefix, ns);
  }
}

std::optional<std::string> PrefixMap::compact(std::string_view iri) const {
  const std::pair<std::string, std::string>* best = nullptr;
  for (const auto& declaration : declarations_) {
    const std::string& ns = declaration.second;
    if (ns.empty() || !iri.starts_with(ns)) continue;
    if (!isValidLocalName(iri.substr(ns.size()))) continue;
    if (!best || ns.size() > best->second.size()) best = &declaration;
  }
  if (!best) return std::nullopt;
  std::string out = best->first;
  out += ':';
  out += iri.substr(best->second.size());
  return out;
}

std::optional<std::string_view> numericShortForm(const core::TermView& term) {
  if (term.kind != core::TermKind::kLiteral || !term.language.empty()) return std::nullopt;
  if (term.datatype == kXsdInteger && isTurtleInteger(term.value)) return term.value;
  if (term.datatype == kXsdDecimal && isTurtleDecimal(term.value)) return term.value;
  if (term.datatype == kXsdDouble && isTurtleDouble(term.value)) return term.value;
  return std::nullopt;
}

void appendBlankNode(std::string& out, std::string_view label) {
  out += "_:";
  if (label.empty()) {
    out += "x";
    return;
  }
  for (size_t i = 0; i < label.size(); ++i) {
    auto c = static_cast<unsigned char>(label[i]);
    bool ok = c >= 0x80 || isNameChar(static_cast<char>(c)) ||
              (c == '.' && i > 0 && i + 1 < label.size());
    if (i == 0 && c == '-') ok = false;
    if (ok) {
      out += static_cast<char>(c);
    } else {
      out += 'x';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
}

void appendTurtleTerm(std::string& out, const core::TermView& term, const PrefixMap* prefixes) {
  switch (term.kind) {
    case core::TermKind::kIri: {
      std::optional<std::string> compacted =
          prefixes ? prefixes->compact(term.value) : std::nullopt;
      if (compacted) {
        out += *compacted;
      } else {
        core::appendIriRef(out, term.value);
      }
      return;
    }
    case core::TermKind::kBlank:
      appendBlankNode(out, term.value);
      return;
    case core::TermKind::kLiteral:
      if (std::optional<std::string_view> number = numericShortForm(term)) {
        out += *number;
        return;
      }
      if (term.language.empty() && term.datatype == kXsdBoolean &&
          (term.value == "true" || term.value == "false")) {
        out += term.value;
        return;
      }
      appendLiteral(out, term, prefixes);
      return;
  }
}

void appendNTriplesTerm(std::string& out, const core::TermView& term) {
  switch (term.kind) {
    case core::TermKind::kIri:
      core::appendIriRef(out, term.value);
      return;
    case core::TermKind::kBlank:
      appendBlankNode(out, term.value);
      return;
    case core::TermKind::kLiteral:
      appendLiteral(out, term, nullptr);
      return;
  }
}

}  // namespace cairn::sparql::results
