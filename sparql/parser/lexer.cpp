#include "sparql/parser/lexer.h"

#include <algorithm>
#include <cctype>

#include "core/error.h"
#include "core/rdf/rdf_chars.h"
#include "core/utf8.h"

namespace cairn::sparql {

namespace rdf = core::rdf;

bool Token::isWord(std::string_view keyword) const {
  if (kind != TokenKind::kWord || text.size() != keyword.size()) return false;
  for (size_t i = 0; i < text.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(text[i])) !=
        std::toupper(static_cast<unsigned char>(keyword[i]))) {
      return false;
    }
  }
  return true;
}

namespace {

[[noreturn]] void fail(std::string message, uint32_t line, uint32_t column) {
  throw core::Error(core::ErrorCode::kSyntaxError, std::move(message), line, column);
}

bool isPnCharsBase(uint32_t cp) {
  if (cp < 0x80) return std::isalpha(static_cast<int>(cp)) != 0;
  return rdf::isPnCharsBaseNonAscii(cp);
}
bool isPnCharsU(uint32_t cp) { return cp == '_' || isPnCharsBase(cp); }
bool isPnChars(uint32_t cp) {
  return isPnCharsU(cp) || cp == '-' || (cp >= '0' && cp <= '9') || cp == 0xB7 ||
         (cp >= 0x300 && cp <= 0x36F) || (cp >= 0x203F && cp <= 0x2040);
}
bool isVarChar(uint32_t cp) {
  return isPnCharsU(cp) || (cp >= '0' && cp <= '9') || cp == 0xB7 || (cp >= 0x300 && cp <= 0x36F) ||
         (cp >= 0x203F && cp <= 0x2040);
}
bool isDigit(char c) { return c >= '0' && c <= '9'; }

constexpr std::string_view kLocalEscapes = "_~.-!$&'()*+,;=/?#@%";

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  TokenList run() {
    TokenList list;
    list.tokens.reserve(text_.size() / 6 + 4);  // about one token per 6 bytes in typical queries
    unescaped_ = &list.unescaped;
    while (true) {
      skipSpaceAndComments();
      Token token;
      token.line = line_;
      token.column = column();
      if (pos_ >= text_.size()) {
        list.tokens.push_back(token);
        return list;
      }
      lexOne(token);
      list.tokens.push_back(token);
    }
  }

 private:
  uint32_t column() const { return static_cast<uint32_t>(pos_ - lineStart_ + 1); }
  char peek(size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }
  [[noreturn]] void failHere(std::string message) const {
    fail(std::move(message), line_, column());
  }

  // The code point at `at` (0 at the end); `length` gets its byte length.
  uint32_t codePointAt(size_t at, int& length) const {
    if (at >= text_.size()) {
      length = 0;
      return 0;
    }
    uint32_t cp = 0;
    length = core::decodeUtf8(text_.data() + at, text_.data() + text_.size(), cp);
    if (length == 0) fail("invalid UTF-8 in query", line_, column());
    return cp;
  }

  void newline() {
    ++line_;
    lineStart_ = pos_;
  }

  void skipSpaceAndComments() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '\n') {
        ++pos_;
        newline();
      } else if (c == ' ' || c == '\t' || c == '\r') {
        ++pos_;
      } else if (c == '#') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else {
        return;
      }
    }
  }

  void lexOne(Token& token) {
    const char c = peek();
    if (c == '<' && lexIri(token)) return;
    if (c == '?' || c == '$') {
      int len = 0;
      const uint32_t cp = codePointAt(pos_ + 1, len);
      if (len > 0 && isVarChar(cp)) {
        ++pos_;
        token.kind = TokenKind::kVariable;
        const size_t start = pos_;
        while (true) {
          const uint32_t next = codePointAt(pos_, len);
          if (len == 0 || !isVarChar(next)) break;
          pos_ += len;
        }
        token.text = text_.substr(start, pos_ - start);
        return;
      }
      if (c == '$') failHere("expected a variable name after '$'");
      return punct(token, 1);
    }
    if (c == '"' || c == '\'') return lexString(token);
    if (isDigit(c) || (c == '.' && isDigit(peek(1)))) return lexNumber(token);
    if ((c == '+' || c == '-') && (isDigit(peek(1)) || (peek(1) == '.' && isDigit(peek(2))))) {
      return lexNumber(token);
    }
    if (c == '@') return lexLangTag(token);
    if (c == '_' && peek(1) == ':') return lexBlankNode(token);
    if (c == ':') return lexPrefixedName(token, pos_);
    int len = 0;
    const uint32_t cp = codePointAt(pos_, len);
    if (isPnCharsBase(cp)) return lexWordOrName(token);
    static constexpr std::string_view kTwo[] = {"!=", "<=", ">=", "&&", "||", "^^"};
    for (std::string_view two : kTwo) {
      if (text_.substr(pos_, 2) == two) return punct(token, 2);
    }
    if (std::string_view("{}()[].,;*+-/?!^|=<>").find(c) != std::string_view::npos) {
      return punct(token, 1);
    }
    failHere("unexpected character '" + std::string(text_.substr(pos_, len > 0 ? len : 1)) + "'");
  }

  void punct(Token& token, size_t length) {
    token.kind = TokenKind::kPunct;
    token.text = text_.substr(pos_, length);
    pos_ += length;
  }

  // IRIREF; false (nothing consumed) when '<' does not start one, so it is the operator.
  bool lexIri(Token& token) {
    size_t at = pos_ + 1;
    while (at < text_.size()) {
      const auto c = static_cast<unsigned char>(text_[at]);
      if (c == '>') {
        token.kind = TokenKind::kIri;
        token.text = text_.substr(pos_ + 1, at - pos_ - 1);
        pos_ = at + 1;
        return true;
      }
      if (c <= 0x20 || c == '<' || c == '"' || c == '{' || c == '}' || c == '|' || c == '^' ||
          c == '`' || c == '\\') {
        return false;
      }
      ++at;
    }
    return false;
  }

  // A string's value is a view of the text unless it has an escape; then it is built in
  // `value`, which lives in the token list.
  void lexString(Token& token) {
    const char quote = peek();
    const bool isLong = peek(1) == quote && peek(2) == quote;
    pos_ += isLong ? 3 : 1;
    token.kind = TokenKind::kString;
    const size_t start = pos_;
    std::string* value = nullptr;
    while (true) {
      if (pos_ >= text_.size()) fail("unterminated string", token.line, token.column);
      const char c = text_[pos_];
      const size_t end = pos_;
      bool closed = false;
      if (isLong) {
        if (c == quote && peek(1) == quote && peek(2) == quote) {
          pos_ += 3;
          closed = true;
        }
      } else if (c == quote) {
        ++pos_;
        closed = true;
      } else if (c == '\n' || c == '\r') {
        failHere("line break in a short string (use \"\"\" or \\n)");
      }
      if (closed) {
        token.text = value != nullptr ? std::string_view(*value) : text_.substr(start, end - start);
        return;
      }
      if (c == '\\') {
        if (value == nullptr) value = &unescaped_->emplace_back(text_.substr(start, pos_ - start));
        const char e = peek(1);
        switch (e) {
          case 't':
            *value += '\t';
            break;
          case 'b':
            *value += '\b';
            break;
          case 'n':
            *value += '\n';
            break;
          case 'r':
            *value += '\r';
            break;
          case 'f':
            *value += '\f';
            break;
          case '"':
            *value += '"';
            break;
          case '\'':
            *value += '\'';
            break;
          case '\\':
            *value += '\\';
            break;
          default:
            failHere("invalid escape '\\" + std::string(1, e) + "' in string");
        }
        pos_ += 2;
        continue;
      }
      if (value != nullptr) *value += c;
      ++pos_;
      if (c == '\n') newline();
    }
  }

  void lexNumber(Token& token) {
    const size_t start = pos_;
    if (peek() == '+' || peek() == '-') ++pos_;
    while (isDigit(peek())) ++pos_;
    bool decimal = false;
    if (peek() == '.' && (isDigit(peek(1)) || isExponentAt(pos_ + 1))) {
      decimal = true;
      ++pos_;
      while (isDigit(peek())) ++pos_;
    }
    token.kind = decimal ? TokenKind::kDecimal : TokenKind::kInteger;
    if (isExponentAt(pos_)) {
      token.kind = TokenKind::kDouble;
      ++pos_;
      if (peek() == '+' || peek() == '-') ++pos_;
      while (isDigit(peek())) ++pos_;
    }
    token.text = text_.substr(start, pos_ - start);
  }

  bool isExponentAt(size_t at) const {
    if (at >= text_.size() || (text_[at] != 'e' && text_[at] != 'E')) return false;
    size_t next = at + 1;
    if (next < text_.size() && (text_[next] == '+' || text_[next] == '-')) ++next;
    return next < text_.size() && isDigit(text_[next]);
  }

  void lexLangTag(Token& token) {
    ++pos_;
    const size_t start = pos_;
    while (std::isalpha(static_cast<unsigned char>(peek()))) ++pos_;
    if (pos_ == start) failHere("expected a language tag after '@'");
    while (peek() == '-' && std::isalnum(static_cast<unsigned char>(peek(1)))) {
      ++pos_;
      while (std::isalnum(static_cast<unsigned char>(peek()))) ++pos_;
    }
    token.kind = TokenKind::kLangTag;
    token.text = text_.substr(start, pos_ - start);
  }

  // Scans (PN_CHARS | '.')* from `at`, not ending in '.'; returns the end.
  size_t scanNameTail(size_t at, bool allowColon) {
    size_t lastGood = at;
    int len = 0;
    while (true) {
      const uint32_t cp = codePointAt(at, len);
      if (len == 0) break;
      if (isPnChars(cp) || (allowColon && cp == ':')) {
        at += len;
        lastGood = at;
      } else if (cp == '.') {
        at += len;
      } else {
        break;
      }
    }
    return lastGood;
  }

  void lexBlankNode(Token& token) {
    pos_ += 2;
    int len = 0;
    const uint32_t cp = codePointAt(pos_, len);
    if (len == 0 || !(isPnCharsU(cp) || (cp >= '0' && cp <= '9'))) {
      failHere("expected a blank node label after '_:'");
    }
    const size_t end = scanNameTail(pos_ + len, false);
    token.kind = TokenKind::kBlankNode;
    token.text = text_.substr(pos_, end - pos_);
    pos_ = end;
  }

  void lexWordOrName(Token& token) {
    int len = 0;
    codePointAt(pos_, len);
    const size_t prefixEnd = scanNameTail(pos_ + len, false);
    if (prefixEnd < text_.size() && text_[prefixEnd] == ':') {
      return lexPrefixedName(token, prefixEnd);
    }
    size_t end = pos_;
    while (end < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[end])) || text_[end] == '_')) {
      ++end;
    }
    if (end == pos_) failHere("unexpected character");
    token.kind = TokenKind::kWord;
    token.text = text_.substr(pos_, end - pos_);
    pos_ = end;
  }

  // PNAME_NS or PNAME_LN; `colon` is the position of the ':' ending the prefix. The local part is
  // a view of the text unless it has a '\\' escape; then it is built in the token list.
  void lexPrefixedName(Token& token, size_t colon) {
    token.kind = TokenKind::kPrefixedName;
    token.prefix = text_.substr(pos_, colon - pos_);
    pos_ = colon + 1;
    // PN_LOCAL: the first character may also be a digit or ':'; later ones may be '.' unless last.
    const size_t start = pos_;
    std::string* local = nullptr;  // set at the first escape
    size_t lastGoodPos = pos_;
    size_t lastGoodSize = 0;
    bool first = true;
    auto append = [&](std::string_view part) {
      if (local != nullptr) local->append(part);
    };
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '%') {
        if (rdf::hexValue(peek(1)) < 0 || rdf::hexValue(peek(2)) < 0) {
          failHere("'%' in a prefixed name must start a %XX escape");
        }
        append(text_.substr(pos_, 3));
        pos_ += 3;
      } else if (c == '\\') {
        if (kLocalEscapes.find(peek(1)) == std::string_view::npos || peek(1) == '\0') {
          failHere("invalid escape in a prefixed name");
        }
        if (local == nullptr) local = &unescaped_->emplace_back(text_.substr(start, pos_ - start));
        *local += peek(1);
        pos_ += 2;
      } else if (c == '.' && !first) {
        append(text_.substr(pos_, 1));
        ++pos_;
        first = false;
        continue;
      } else {
        int len = 0;
        const uint32_t cp = codePointAt(pos_, len);
        const bool ok = isPnChars(cp) || cp == ':' || (first && cp >= '0' && cp <= '9');
        if (len == 0 || !ok) break;
        append(text_.substr(pos_, len));
        pos_ += len;
      }
      first = false;
      lastGoodPos = pos_;
      lastGoodSize = local != nullptr ? local->size() : pos_ - start;
    }
    pos_ = lastGoodPos;
    if (local != nullptr) {
      local->resize(lastGoodSize);
      token.text = *local;
    } else {
      token.text = text_.substr(start, lastGoodSize);
    }
  }

  std::string_view text_;
  std::deque<std::string>* unescaped_ = nullptr;  // the list being built's
  size_t pos_ = 0;
  size_t lineStart_ = 0;
  uint32_t line_ = 1;
};

}  // namespace

std::string replaceCodepointEscapes(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  uint32_t line = 1;
  size_t lineStart = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      lineStart = i + 1;
    }
    if (c != '\\' || i + 1 >= text.size() || (text[i + 1] != 'u' && text[i + 1] != 'U')) {
      out += c;
      // An escaped backslash stays as is and does not start a codepoint escape.
      if (c == '\\' && i + 1 < text.size() && text[i + 1] == '\\') out += text[++i];
      continue;
    }
    const size_t digits = text[i + 1] == 'u' ? 4 : 8;
    const auto column = static_cast<uint32_t>(i - lineStart + 1);
    // Without its hex digits "\u" is no escape (e.g. in a comment); the tokenizer judges it.
    bool complete = i + 2 + digits <= text.size();
    uint32_t cp = 0;
    for (size_t k = 0; complete && k < digits; ++k) {
      const int v = rdf::hexValue(text[i + 2 + k]);
      complete = v >= 0;
      cp = cp * 16 + static_cast<uint32_t>(v);
    }
    if (!complete) {
      out += c;
      continue;
    }
    if (cp > core::kMaxCodePoint || core::isSurrogate(cp)) {
      fail("\\u escape is not a Unicode scalar value", line, column);
    }
    core::appendUtf8(out, cp);
    i += 1 + digits;
  }
  return out;
}

bool mayHaveCodepointEscapes(std::string_view text) {
  for (size_t at = text.find('\\'); at != std::string_view::npos; at = text.find('\\', at + 1)) {
    if (at + 1 < text.size() && (text[at + 1] == 'u' || text[at + 1] == 'U')) return true;
  }
  return false;
}

TokenList tokenize(std::string_view text) { return Lexer(text).run(); }

std::string describeToken(const Token& token) {
  const std::string text(token.text);
  switch (token.kind) {
    case TokenKind::kEnd:
      return "end of query";
    case TokenKind::kIri:
      return "<" + text + ">";
    case TokenKind::kPrefixedName:
      return std::string(token.prefix) + ":" + text;
    case TokenKind::kBlankNode:
      return "_:" + text;
    case TokenKind::kVariable:
      return "?" + text;
    case TokenKind::kLangTag:
      return "@" + text;
    case TokenKind::kString: {
      // At most 20 bytes, cut at a character boundary so the message stays valid UTF-8.
      size_t end = std::min<size_t>(text.size(), 20);
      while (end > 0 && end < text.size() && (text[end] & 0xC0) == 0x80) --end;
      return "string \"" + text.substr(0, end) + "\"";
    }
    default:
      return "'" + text + "'";
  }
}

}  // namespace cairn::sparql
