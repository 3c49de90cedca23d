#include "cypher/parser/lexer.h"

#include "core/error.h"
#include "core/utf8.h"

namespace cairn::cypher {
namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isHexDigit(char c) { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool isAsciiLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Unicode whitespace the openCypher grammar allows between tokens.
bool isUnicodeSpace(uint32_t cp) {
  return cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 ||
         cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000 || cp == 0xFEFF;
}

// Unicode punctuation and symbols (dashes, quotes, arrows, math operators, full-width forms):
// never part of a name, and a common paste accident (`42 — 41`), so they get their own error.
bool isUnicodePunctuation(uint32_t cp) {
  return (cp >= 0x80 && cp <= 0xBF) || cp == 0xD7 || cp == 0xF7 || (cp >= 0x2000 && cp <= 0x2BFF) ||
         (cp >= 0x3000 && cp <= 0x303F) || (cp >= 0xFE10 && cp <= 0xFE6F) ||
         (cp >= 0xFF00 && cp <= 0xFF20) || (cp >= 0xFF3B && cp <= 0xFF40) ||
         (cp >= 0xFF5B && cp <= 0xFF65);
}

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  std::vector<Token> run() {
    std::vector<Token> tokens;
    while (true) {
      bool skipped = skipSpaceAndComments();
      Token token;
      token.line = line_;
      token.column = column_;
      token.offset = pos_;
      token.adjacent = !skipped && !tokens.empty();
      if (pos_ >= text_.size()) {
        token.kind = TokenKind::kEnd;
        token.endOffset = pos_;
        tokens.push_back(std::move(token));
        return tokens;
      }
      lexToken(token);
      token.endOffset = pos_;
      tokens.push_back(std::move(token));
    }
  }

 private:
  char peek(size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }

  // Moves over n bytes, keeping line and column (columns count code points; "\r\n" and "\n"
  // end a line).
  void advance(size_t n = 1) {
    for (size_t i = 0; i < n && pos_ < text_.size(); ++i) {
      char c = text_[pos_++];
      if (c == '\n') {
        ++line_;
        column_ = 1;
      } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80 && c != '\r') {
        ++column_;
      }
    }
  }

  // The code point at pos_ and its length in bytes (a malformed sequence reads as one byte).
  std::pair<uint32_t, size_t> codePoint() const {
    auto byte = [&](size_t i) { return static_cast<unsigned char>(peek(i)); };
    unsigned char b0 = byte(0);
    if (b0 < 0x80) return {b0, 1};
    size_t length = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC0 ? 2 : 1;
    if (length == 1) return {b0, 1};
    uint32_t cp = b0 & (0x3F >> (length - 1));
    for (size_t i = 1; i < length; ++i) {
      if ((byte(i) & 0xC0) != 0x80) return {b0, 1};
      cp = (cp << 6) | (byte(i) & 0x3F);
    }
    return {cp, length};
  }

  [[noreturn]] void fail(std::string detail, std::string message, uint64_t line,
                         uint64_t column) const {
    throw core::Error(core::ErrorCode::kSyntaxError, std::move(detail), std::move(message), line,
                      column);
  }

  // Returns whether anything was skipped.
  bool skipSpaceAndComments() {
    size_t start = pos_;
    while (pos_ < text_.size()) {
      char c = peek();
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
        advance();
      } else if (c == '/' && peek(1) == '/') {
        while (pos_ < text_.size() && peek() != '\n') advance();
      } else if (c == '/' && peek(1) == '*') {
        uint64_t line = line_, column = column_;
        advance(2);
        while (pos_ < text_.size() && !(peek() == '*' && peek(1) == '/')) advance();
        if (pos_ >= text_.size()) {
          fail("UnexpectedSyntax", "unterminated comment", line, column);
        }
        advance(2);
      } else if (static_cast<unsigned char>(c) >= 0x80 && isUnicodeSpace(codePoint().first)) {
        advance(codePoint().second);
      } else {
        break;
      }
    }
    return pos_ != start;
  }

  bool isIdentifierPart() const {
    char c = peek();
    if (isAsciiLetter(c) || isDigit(c) || c == '_') return true;
    if (static_cast<unsigned char>(c) < 0x80) return false;
    uint32_t cp = codePoint().first;
    return !isUnicodeSpace(cp) && !isUnicodePunctuation(cp);
  }

  void lexToken(Token& token) {
    char c = peek();
    if (isDigit(c) || (c == '.' && isDigit(peek(1)))) return lexNumber(token);
    if (c == '\'' || c == '"') return lexString(token);
    if (c == '`') return lexQuotedIdentifier(token);
    if (isIdentifierPart()) {
      size_t start = pos_;
      while (pos_ < text_.size() && isIdentifierPart()) advance(codePoint().second);
      token.kind = TokenKind::kIdentifier;
      token.text = std::string(text_.substr(start, pos_ - start));
      return;
    }
    auto single = [&](TokenKind kind, size_t length = 1) {
      token.kind = kind;
      token.text = std::string(text_.substr(pos_, length));
      advance(length);
    };
    switch (c) {
      case '(':
        return single(TokenKind::kLeftParen);
      case ')':
        return single(TokenKind::kRightParen);
      case '[':
        return single(TokenKind::kLeftBracket);
      case ']':
        return single(TokenKind::kRightBracket);
      case '{':
        return single(TokenKind::kLeftBrace);
      case '}':
        return single(TokenKind::kRightBrace);
      case ',':
        return single(TokenKind::kComma);
      case '.':
        return peek(1) == '.' ? single(TokenKind::kDotDot, 2) : single(TokenKind::kDot);
      case ':':
        return single(TokenKind::kColon);
      case ';':
        return single(TokenKind::kSemicolon);
      case '|':
        return single(TokenKind::kPipe);
      case '$':
        return single(TokenKind::kDollar);
      case '+':
        return peek(1) == '=' ? single(TokenKind::kPlusEqual, 2) : single(TokenKind::kPlus);
      case '-':
        return single(TokenKind::kMinus);
      case '*':
        return single(TokenKind::kStar);
      case '/':
        return single(TokenKind::kSlash);
      case '%':
        return single(TokenKind::kPercent);
      case '^':
        return single(TokenKind::kCaret);
      case '=':
        return peek(1) == '~' ? single(TokenKind::kRegexMatch, 2) : single(TokenKind::kEqual);
      case '!':
        if (peek(1) == '=') return single(TokenKind::kNotEqual, 2);
        break;
      // `<` and `>` stay single unless an operator follows: `<-` is an arrow in a pattern but
      // `a<-1` a comparison, so the parser pairs them.
      case '<':
        if (peek(1) == '=') return single(TokenKind::kLessEqual, 2);
        if (peek(1) == '>') return single(TokenKind::kNotEqual, 2);
        return single(TokenKind::kLess);
      case '>':
        if (peek(1) == '=') return single(TokenKind::kGreaterEqual, 2);
        return single(TokenKind::kGreater);
      default:
        break;
    }
    if (static_cast<unsigned char>(c) >= 0x80) {
      fail("InvalidUnicodeCharacter",
           "invalid character '" + std::string(text_.substr(pos_, codePoint().second)) + "'", line_,
           column_);
    }
    fail("UnexpectedSyntax", std::string("unexpected character '") + c + "'", line_, column_);
  }

  void lexNumber(Token& token) {
    size_t start = pos_;
    token.kind = TokenKind::kInteger;
    if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X')) {
      advance(2);
      size_t digits = pos_;
      while (isHexDigit(peek())) advance();
      if (pos_ == digits) token.kind = TokenKind::kInvalidNumber;
    } else if (peek() == '0' && (peek(1) == 'o' || peek(1) == 'O')) {
      advance(2);
      size_t digits = pos_;
      while (peek() >= '0' && peek() <= '7') advance();
      if (pos_ == digits) token.kind = TokenKind::kInvalidNumber;
    } else {
      while (isDigit(peek())) advance();
      if (peek() == '.' && isDigit(peek(1))) {
        token.kind = TokenKind::kFloat;
        advance();
        while (isDigit(peek())) advance();
      }
      if ((peek() == 'e' || peek() == 'E') &&
          (isDigit(peek(1)) || ((peek(1) == '-' || peek(1) == '+') && isDigit(peek(2))))) {
        token.kind = TokenKind::kFloat;
        advance(2);
        while (isDigit(peek())) advance();
      }
    }
    // Letters or digits run on (`12ab`, `0x1G`, `0o78`): one malformed number, not two tokens.
    if (pos_ < text_.size() && isIdentifierPart()) {
      token.kind = TokenKind::kInvalidNumber;
      while (pos_ < text_.size() && isIdentifierPart()) advance(codePoint().second);
    }
    token.text = std::string(text_.substr(start, pos_ - start));
  }

  uint32_t hexValue(size_t digits, uint64_t line, uint64_t column) {
    uint32_t value = 0;
    for (size_t i = 0; i < digits; ++i) {
      char c = peek();
      if (!isHexDigit(c)) {
        fail("InvalidUnicodeLiteral",
             "invalid unicode escape: expected " + std::to_string(digits) + " hexadecimal digits",
             line, column);
      }
      value = value * 16 + static_cast<uint32_t>(isDigit(c) ? c - '0' : (c | 0x20) - 'a' + 10);
      advance();
    }
    return value;
  }

  void lexString(Token& token) {
    char quote = peek();
    uint64_t line = line_, column = column_;
    advance();
    token.kind = TokenKind::kString;
    std::string& value = token.text;
    uint32_t highSurrogate = 0;
    while (true) {
      if (pos_ >= text_.size()) fail("UnexpectedSyntax", "unterminated string", line, column);
      char c = peek();
      if (highSurrogate != 0 && !(c == '\\' && (peek(1) == 'u' || peek(1) == 'U'))) {
        fail("InvalidUnicodeLiteral", "unpaired surrogate in unicode escape", line_, column_);
      }
      if (c == quote) {
        advance();
        break;
      }
      if (c != '\\') {
        value += c;
        advance();
        continue;
      }
      uint64_t escLine = line_, escColumn = column_;
      char e = peek(1);
      advance(2);
      switch (e) {
        case '\\':
          value += '\\';
          break;
        case '\'':
          value += '\'';
          break;
        case '"':
          value += '"';
          break;
        case 'b':
        case 'B':
          value += '\b';
          break;
        case 'f':
        case 'F':
          value += '\f';
          break;
        case 'n':
        case 'N':
          value += '\n';
          break;
        case 'r':
        case 'R':
          value += '\r';
          break;
        case 't':
        case 'T':
          value += '\t';
          break;
        case 'u':
        case 'U': {
          uint32_t cp = hexValue(e == 'u' ? 4 : 8, escLine, escColumn);
          if (highSurrogate == 0 && cp >= 0xD800 && cp <= 0xDBFF) {
            highSurrogate = cp;  // joined with the low half that should follow
            continue;
          }
          if (cp >= 0xDC00 && cp <= 0xDFFF && highSurrogate != 0) {
            cp = 0x10000 + ((highSurrogate - 0xD800) << 10) + (cp - 0xDC00);
            highSurrogate = 0;
          } else if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) {
            fail("InvalidUnicodeLiteral", "invalid unicode code point", escLine, escColumn);
          }
          if (highSurrogate != 0) {
            fail("InvalidUnicodeLiteral", "unpaired surrogate in unicode escape", escLine,
                 escColumn);
          }
          core::appendUtf8(value, cp);
          break;
        }
        default:
          fail("UnexpectedSyntax", std::string("invalid escape sequence '\\") + e + "'", escLine,
               escColumn);
      }
    }
  }

  void lexQuotedIdentifier(Token& token) {
    uint64_t line = line_, column = column_;
    advance();
    token.kind = TokenKind::kQuotedIdentifier;
    while (true) {
      if (pos_ >= text_.size()) {
        fail("UnexpectedSyntax", "unterminated quoted identifier", line, column);
      }
      if (peek() == '`') {
        if (peek(1) != '`') break;
        advance();  // `` is one backquote
      }
      token.text += peek();
      advance();
    }
    advance();
  }

  std::string_view text_;
  size_t pos_ = 0;
  uint64_t line_ = 1;
  uint64_t column_ = 1;
};

}  // namespace

std::vector<Token> tokenize(std::string_view text) { return Lexer(text).run(); }

std::string_view tokenKindName(TokenKind kind) {
  switch (kind) {
    case TokenKind::kEnd:
      return "end of input";
    case TokenKind::kIdentifier:
      return "identifier";
    case TokenKind::kQuotedIdentifier:
      return "quoted identifier";
    case TokenKind::kInteger:
      return "integer";
    case TokenKind::kFloat:
      return "float";
    case TokenKind::kInvalidNumber:
      return "invalid number";
    case TokenKind::kString:
      return "string";
    case TokenKind::kLeftParen:
      return "'('";
    case TokenKind::kRightParen:
      return "')'";
    case TokenKind::kLeftBracket:
      return "'['";
    case TokenKind::kRightBracket:
      return "']'";
    case TokenKind::kLeftBrace:
      return "'{'";
    case TokenKind::kRightBrace:
      return "'}'";
    case TokenKind::kComma:
      return "','";
    case TokenKind::kDot:
      return "'.'";
    case TokenKind::kDotDot:
      return "'..'";
    case TokenKind::kColon:
      return "':'";
    case TokenKind::kSemicolon:
      return "';'";
    case TokenKind::kPipe:
      return "'|'";
    case TokenKind::kDollar:
      return "'$'";
    case TokenKind::kPlus:
      return "'+'";
    case TokenKind::kMinus:
      return "'-'";
    case TokenKind::kStar:
      return "'*'";
    case TokenKind::kSlash:
      return "'/'";
    case TokenKind::kPercent:
      return "'%'";
    case TokenKind::kCaret:
      return "'^'";
    case TokenKind::kEqual:
      return "'='";
    case TokenKind::kNotEqual:
      return "'<>'";
    case TokenKind::kLess:
      return "'<'";
    case TokenKind::kGreater:
      return "'>'";
    case TokenKind::kLessEqual:
      return "'<='";
    case TokenKind::kGreaterEqual:
      return "'>='";
    case TokenKind::kRegexMatch:
      return "'=~'";
    case TokenKind::kPlusEqual:
      return "'+='";
  }
  return "?";
}

}  // namespace cairn::cypher
