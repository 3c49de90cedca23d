#include "sparql/results/turtle_term_reader.h"

#include <cctype>
#include <string>

#include "core/error.h"
#include "core/utf8.h"
#include "sparql/results/term_text.h"

namespace cairn::sparql::results {
namespace {

constexpr std::string_view kIntegerType = "http://www.w3.org/2001/XMLSchema#integer";
constexpr std::string_view kDecimalType = "http://www.w3.org/2001/XMLSchema#decimal";
constexpr std::string_view kDoubleType = "http://www.w3.org/2001/XMLSchema#double";
constexpr std::string_view kBooleanType = "http://www.w3.org/2001/XMLSchema#boolean";

class TurtleTermReader {
 public:
  TurtleTermReader(std::string_view text, uint64_t line) : text_(text), line_(line) {}

  core::Term read() {
    if (text_.empty()) fail("empty term");
    char c = text_[0];
    core::Term term;
    if (c == '<') {
      term = core::Term::iri(readIri());
    } else if (c == '_' && text_.substr(0, 2) == "_:") {
      pos_ = text_.size();
      term = core::Term::blank(std::string(text_.substr(2)));
      if (term.value.empty()) fail("empty blank node label");
    } else if (c == '"' || c == '\'') {
      term = readLiteral();
    } else if (text_ == "true" || text_ == "false") {
      pos_ = text_.size();
      term = core::Term::literal(std::string(text_), std::string(kBooleanType));
    } else {
      term = readNumber();
    }
    if (pos_ != text_.size()) fail("unexpected text after the term");
    return term;
  }

 private:
  [[noreturn]] void fail(const std::string& message) const {
    throw core::Error(core::ErrorCode::kSyntaxError,
                      "Turtle term: " + message + " in '" + std::string(text_) + "'", line_);
  }

  uint32_t readHex(size_t digits) {
    if (pos_ + digits > text_.size()) fail("truncated \\u escape");
    uint32_t cp = 0;
    for (size_t i = 0; i < digits; ++i) {
      char c = text_[pos_++];
      uint32_t d;
      if (c >= '0' && c <= '9') {
        d = c - '0';
      } else if (c >= 'a' && c <= 'f') {
        d = c - 'a' + 10;
      } else if (c >= 'A' && c <= 'F') {
        d = c - 'A' + 10;
      } else {
        fail("bad hex digit");
      }
      cp = cp * 16 + d;
    }
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) fail("escape names no character");
    return cp;
  }

  std::string readIri() {
    ++pos_;  // '<'
    std::string iri;
    while (true) {
      if (pos_ >= text_.size()) fail("unterminated IRI");
      char c = text_[pos_++];
      if (c == '>') return iri;
      if (c == '\\') {
        if (pos_ >= text_.size()) fail("truncated escape");
        char e = text_[pos_++];
        if (e == 'u') {
          core::appendUtf8(iri, readHex(4));
        } else if (e == 'U') {
          core::appendUtf8(iri, readHex(8));
        } else {
          fail("bad escape in IRI");
        }
      } else {
        iri += c;
      }
    }
  }

  core::Term readLiteral() {
    char quote = text_[pos_];
    bool isLong = text_.substr(pos_, 3) == std::string(3, quote);
    pos_ += isLong ? 3 : 1;
    std::string lexical;
    while (true) {
      if (pos_ >= text_.size()) fail("unterminated string");
      char c = text_[pos_];
      if (c == quote) {
        if (!isLong) {
          ++pos_;
          break;
        }
        if (text_.substr(pos_, 3) == std::string(3, quote)) {
          pos_ += 3;
          break;
        }
      }
      ++pos_;
      if (c != '\\') {
        lexical += c;
        continue;
      }
      if (pos_ >= text_.size()) fail("truncated escape");
      char e = text_[pos_++];
      switch (e) {
        case 't':
          lexical += '\t';
          break;
        case 'b':
          lexical += '\b';
          break;
        case 'n':
          lexical += '\n';
          break;
        case 'r':
          lexical += '\r';
          break;
        case 'f':
          lexical += '\f';
          break;
        case '"':
          lexical += '"';
          break;
        case '\'':
          lexical += '\'';
          break;
        case '\\':
          lexical += '\\';
          break;
        case 'u':
          core::appendUtf8(lexical, readHex(4));
          break;
        case 'U':
          core::appendUtf8(lexical, readHex(8));
          break;
        default:
          fail("bad string escape");
      }
    }
    if (pos_ < text_.size() && text_[pos_] == '@') {
      size_t start = ++pos_;
      while (pos_ < text_.size() &&
             (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '-'))
        ++pos_;
      if (pos_ == start) fail("empty language tag");
      return core::Term::literal(std::move(lexical), {},
                                 std::string(text_.substr(start, pos_ - start)));
    }
    if (text_.substr(pos_, 2) == "^^") {
      pos_ += 2;
      if (pos_ >= text_.size() || text_[pos_] != '<') fail("datatype must be an <IRI>");
      return core::Term::literal(std::move(lexical), readIri());
    }
    return core::Term::literal(std::move(lexical));
  }

  core::Term readNumber() {
    std::string_view s = text_;
    size_t i = (s[0] == '+' || s[0] == '-') ? 1 : 0;
    size_t intDigits = 0, fracDigits = 0;
    bool point = false, exponent = false;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++intDigits;
    if (i < s.size() && s[i] == '.') {
      point = true;
      ++i;
      while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++fracDigits;
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
      exponent = true;
      ++i;
      if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
      size_t expDigits = 0;
      while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++expDigits;
      if (expDigits == 0) fail("malformed number");
    }
    if (i != s.size() || intDigits + fracDigits == 0 || (point && !exponent && fracDigits == 0)) {
      fail("not a term");
    }
    pos_ = s.size();
    std::string_view datatype = exponent ? kDoubleType : point ? kDecimalType : kIntegerType;
    return core::Term::literal(std::string(s), std::string(datatype));
  }

  std::string_view text_;
  uint64_t line_;
  size_t pos_ = 0;
};

}  // namespace

core::Term parseTurtleTerm(std::string_view text, uint64_t line) {
  return TurtleTermReader(text, line).read();
}

}  // namespace cairn::sparql::results
