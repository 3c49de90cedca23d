#include "query/expr/regex.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

namespace cairn::query::expr {

struct Regex::Code {
  pcre2_code* code = nullptr;
  uint32_t captureCount = 0;
  ~Code() { pcre2_code_free(code); }
};

namespace {

bool isXmlSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// XPath's x flag: whitespace is dropped from the pattern, except where escaped.
std::string removeWhitespace(std::string_view pattern) {
  std::string out;
  out.reserve(pattern.size());
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '\\' && i + 1 < pattern.size()) {
      out += pattern[i];
      out += pattern[++i];
    } else if (!isXmlSpace(pattern[i])) {
      out += pattern[i];
    }
  }
  return out;
}

// XPath's multi-character escapes PCRE2 lacks: \i (initial name character) and \c (name
// character), as classes or class members.
constexpr std::string_view kNameStart = "\\p{L}_:";
constexpr std::string_view kNameChar = "\\p{L}\\p{Nd}._:\\x{B7}\\-";

// Appends the translation of the escape at p[i] (p[i] == '\\'), advancing i past it. Inside a
// class the complemented escapes \I and \C cannot be expressed; they make the pattern invalid.
bool translateEscape(std::string_view p, size_t& i, bool inClass, std::string& out) {
  if (i + 1 >= p.size()) return false;
  const char e = p[i + 1];
  i += 2;
  switch (e) {
    case 'i':
    case 'c': {
      const std::string_view set = e == 'i' ? kNameStart : kNameChar;
      if (inClass) {
        out.append(set);
      } else {
        out += '[';
        out.append(set);
        out += ']';
      }
      return true;
    }
    case 'I':
    case 'C':
      if (inClass) return false;
      out += "[^";
      out.append(e == 'I' ? kNameStart : kNameChar);
      out += ']';
      return true;
    default:
      out += '\\';
      out += e;
      return true;
  }
}

// The class starting at p[i] == '[', up to its closing ']'. XPath's class subtraction
// [base-[excluded]] becomes (?:(?![excluded])[base]), which PCRE2 can run.
bool translateClass(std::string_view p, size_t& i, std::string& out) {
  ++i;
  std::string body;
  if (i < p.size() && p[i] == '^') {
    body += '^';
    ++i;
  }
  const size_t first = i;
  while (i < p.size()) {
    const char ch = p[i];
    if (ch == '\\') {
      if (!translateEscape(p, i, true, body)) return false;
    } else if (ch == '-' && i + 1 < p.size() && p[i + 1] == '[') {
      ++i;
      std::string excluded;
      if (!translateClass(p, i, excluded)) return false;
      if (i >= p.size() || p[i] != ']') return false;
      ++i;
      out.append("(?:(?!").append(excluded).append(")[").append(body).append("])");
      return true;
    } else if (ch == ']' && i > first) {
      ++i;
      out.append("[").append(body).append("]");
      return true;
    } else {
      body += ch;
      ++i;
    }
  }
  return false;
}

// An XPath regular expression in PCRE2 syntax; nullopt for constructs that cannot be mapped.
std::optional<std::string> translatePattern(std::string_view p) {
  std::string out;
  out.reserve(p.size());
  for (size_t i = 0; i < p.size();) {
    if (p[i] == '\\') {
      if (!translateEscape(p, i, false, out)) return std::nullopt;
    } else if (p[i] == '[') {
      if (!translateClass(p, i, out)) return std::nullopt;
    } else {
      out += p[i++];
    }
  }
  return out;
}

// XPath replacement syntax to PCRE2's (non-extended) substitution syntax. "$N" takes the longest
// run of digits that names an existing group, as fn:replace specifies.
std::optional<std::string> translateReplacement(std::string_view r, uint32_t captureCount) {
  std::string out;
  for (size_t i = 0; i < r.size(); ++i) {
    const char c = r[i];
    if (c == '\\') {
      if (i + 1 >= r.size() || (r[i + 1] != '\\' && r[i + 1] != '$')) return std::nullopt;
      out += r[i + 1] == '$' ? "$$" : "\\";
      ++i;
    } else if (c == '$') {
      if (i + 1 >= r.size() || r[i + 1] < '0' || r[i + 1] > '9') return std::nullopt;
      uint32_t group = static_cast<uint32_t>(r[++i] - '0');
      while (i + 1 < r.size() && r[i + 1] >= '0' && r[i + 1] <= '9' &&
             group * 10 + static_cast<uint32_t>(r[i + 1] - '0') <= captureCount) {
        group = group * 10 + static_cast<uint32_t>(r[++i] - '0');
      }
      // A group the pattern does not have is replaced by the empty string.
      if (group <= captureCount) out.append("${").append(std::to_string(group)).append("}");
    } else {
      out += c;
    }
  }
  return out;
}

std::string escapeLiteralReplacement(std::string_view r) {
  std::string out;
  for (char c : r) {
    if (c == '$') out += '$';
    out += c;
  }
  return out;
}

}  // namespace

std::optional<Regex> Regex::compile(std::string_view pattern, std::string_view flags) {
  uint32_t options = PCRE2_UTF | PCRE2_UCP | PCRE2_DOLLAR_ENDONLY;
  bool literal = false;
  bool stripWhitespace = false;
  for (char f : flags) {
    switch (f) {
      case 's':
        options |= PCRE2_DOTALL;
        break;
      case 'm':
        options |= PCRE2_MULTILINE;
        break;
      case 'i':
        options |= PCRE2_CASELESS;
        break;
      case 'x':
        stripWhitespace = true;
        break;
      case 'q':
        literal = true;
        break;
      default:
        return std::nullopt;
    }
  }
  std::string source(pattern);
  if (literal) {
    // PCRE2_LITERAL admits only a few other options; s, m and x mean nothing for a literal.
    options = PCRE2_LITERAL | PCRE2_UTF | (options & PCRE2_CASELESS);
  } else {
    auto translated = translatePattern(stripWhitespace ? removeWhitespace(pattern) : source);
    if (!translated) return std::nullopt;
    source = std::move(*translated);
  }
  int errorCode = 0;
  PCRE2_SIZE errorOffset = 0;
  pcre2_code* code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(source.data()), source.size(),
                                   options, &errorCode, &errorOffset, nullptr);
  if (code == nullptr) return std::nullopt;
  pcre2_jit_compile(code, PCRE2_JIT_COMPLETE);  // best effort: the interpreter works without it
  auto compiled = std::make_shared<Code>();
  compiled->code = code;
  pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &compiled->captureCount);
  return Regex(std::move(compiled), literal);
}

std::optional<bool> Regex::search(std::string_view text) const {
  pcre2_match_data* data = pcre2_match_data_create_from_pattern(code_->code, nullptr);
  const int rc = pcre2_match(code_->code, reinterpret_cast<PCRE2_SPTR>(text.data()), text.size(), 0,
                             0, data, nullptr);
  pcre2_match_data_free(data);
  if (rc >= 0) return true;
  if (rc == PCRE2_ERROR_NOMATCH) return false;
  return std::nullopt;
}

std::optional<std::string> Regex::replace(std::string_view text,
                                          std::string_view replacement) const {
  if (search("").value_or(true)) return std::nullopt;
  std::optional<std::string> translated =
      literal_ ? std::optional(escapeLiteralReplacement(replacement))
               : translateReplacement(replacement, code_->captureCount);
  if (!translated) return std::nullopt;
  std::string out(text.size() + translated->size() + 16, '\0');
  // A group that did not take part in the match is replaced by the empty string (fn:replace).
  const uint32_t options =
      PCRE2_SUBSTITUTE_GLOBAL | PCRE2_SUBSTITUTE_OVERFLOW_LENGTH | PCRE2_SUBSTITUTE_UNSET_EMPTY;
  for (int attempt = 0; attempt < 2; ++attempt) {
    PCRE2_SIZE length = out.size();
    const int rc = pcre2_substitute(
        code_->code, reinterpret_cast<PCRE2_SPTR>(text.data()), text.size(), 0, options, nullptr,
        nullptr, reinterpret_cast<PCRE2_SPTR>(translated->data()), translated->size(),
        reinterpret_cast<PCRE2_UCHAR*>(out.data()), &length);
    if (rc >= 0) {
      out.resize(length);
      return out;
    }
    if (rc != PCRE2_ERROR_NOMEMORY) return std::nullopt;
    out.resize(length);  // the length needed, reported thanks to OVERFLOW_LENGTH
  }
  return std::nullopt;
}

}  // namespace cairn::query::expr
