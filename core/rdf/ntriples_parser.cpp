#include "core/rdf/ntriples_parser.h"

#include <array>

#include "core/check.h"
#include "core/rdf/iri.h"
#include "core/rdf/rdf_chars.h"
#include "core/utf8.h"

namespace cairn::core::rdf {
namespace {

// Byte classes for the scanning loops (ASCII only; bytes >= 0x80 are decoded as UTF-8).
constexpr uint8_t kIriPlain = 1;      // may appear unescaped inside <...>
constexpr uint8_t kLiteralPlain = 2;  // may appear unescaped inside "..."
constexpr uint8_t kLabelStart = 4;    // PN_CHARS_U | [0-9]
constexpr uint8_t kLabelChar = 8;     // PN_CHARS | '.'
constexpr uint8_t kAlpha = 16;
constexpr uint8_t kAlnum = 32;

constexpr std::array<uint8_t, 256> makeByteClasses() {
  std::array<uint8_t, 256> t{};
  for (int c = 0; c < 0x80; ++c) {
    const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    const bool digit = c >= '0' && c <= '9';
    uint8_t k = 0;
    if (c > 0x20 && c != '<' && c != '>' && c != '"' && c != '{' && c != '}' && c != '|' &&
        c != '^' && c != '`' && c != '\\') {
      k |= kIriPlain;
    }
    if (c != '"' && c != '\\' && c != '\n' && c != '\r') k |= kLiteralPlain;
    if (alpha || digit || c == '_') k |= kLabelStart;
    if (alpha || digit || c == '_' || c == '-' || c == '.') k |= kLabelChar;
    if (alpha) k |= kAlpha;
    if (alpha || digit) k |= kAlnum;
    t[c] = k;
  }
  return t;
}

constexpr std::array<uint8_t, 256> kByteClass = makeByteClasses();

inline uint8_t byteClass(char c) { return kByteClass[static_cast<unsigned char>(c)]; }

// A code point that IRIREF forbids unescaped may not be smuggled in through \u either.
bool forbiddenInIri(uint32_t cp) { return cp < 0x80 && !(byteClass(char(cp)) & kIriPlain); }

}  // namespace

NTriplesParser::NTriplesParser(RdfFormat format, std::string fileName)
    : quads_(format == RdfFormat::kNQuads), fileName_(std::move(fileName)) {
  CAIRN_CHECK(isLineBased(format), "NTriplesParser reads only N-Triples and N-Quads");
  scratch_.reserve(4096);
}

Status NTriplesParser::parseChunk(std::string_view chunk, uint64_t firstLine, StatementSink& sink) {
  p_ = chunk.data();
  end_ = p_ + chunk.size();
  const char* lineStart = p_;
  uint64_t line = firstLine;
  // A UTF-8 byte order mark may open the file (columns still count its bytes).
  if (firstLine == 1 && chunk.starts_with("\xEF\xBB\xBF")) p_ += 3;
  while (p_ < end_) {
    const char c = *p_;
    if (c == '\n') {
      ++p_;
      ++line;
      lineStart = p_;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r') {
      ++p_;
      continue;
    }
    if (c == '#') {
      while (p_ < end_ && *p_ != '\n' && *p_ != '\r') ++p_;
      continue;
    }
    scratch_.clear();
    if (parseStatement()) {
      StatementView st{termView(subject_), termView(predicate_), termView(object_), std::nullopt};
      if (hasGraph_) st.graph = termView(graph_);
      sink.statement(st);
      ++statements_;
      continue;
    }
    SyntaxIssue issue{fileName_, line, static_cast<uint64_t>(errorAt_ - lineStart) + 1, error_};
    if (!sink.syntaxError(issue)) return Status::invalidArgument(formatSyntaxIssue(issue));
    ++skipped_;
    // No term spans a line break, so the error lies on this line: resume after it.
    p_ = errorAt_;
    while (p_ < end_ && *p_ != '\n' && *p_ != '\r') ++p_;
  }
  return Status::ok();
}

bool NTriplesParser::parseStatement() {
  if (!parseSubjectOrGraph(subject_, /*isSubject=*/true)) return false;
  skipSpaces();
  if (atLineEnd()) return fail(p_, "expected a predicate IRI before the end of the line");
  switch (*p_) {
    case '<':
      predicate_.kind = TermKind::kIri;
      if (!parseIri(predicate_.value)) return false;
      break;
    case '_':
      return fail(p_, "a blank node cannot be a predicate");
    case '"':
      return fail(p_, "a literal cannot be a predicate");
    default:
      return fail(p_, "expected a predicate IRI");
  }
  skipSpaces();
  if (atLineEnd()) return fail(p_, "expected an object before the end of the line");
  object_.datatype = object_.language = Piece{};
  switch (*p_) {
    case '<':
      object_.kind = TermKind::kIri;
      if (!parseIri(object_.value)) return false;
      break;
    case '_':
      object_.kind = TermKind::kBlank;
      if (!parseBlankLabel(object_.value)) return false;
      break;
    case '"':
      if (!parseLiteral(object_)) return false;
      break;
    default:
      return fail(p_, "expected an object: an IRI, a blank node or a literal");
  }
  skipSpaces();
  hasGraph_ = false;
  if (p_ < end_ && (*p_ == '<' || *p_ == '_' || *p_ == '"')) {
    if (!quads_) return fail(p_, "expected '.': N-Triples statements have three terms");
    if (*p_ == '"') return fail(p_, "a literal cannot be a graph label");
    if (!parseSubjectOrGraph(graph_, /*isSubject=*/false)) return false;
    hasGraph_ = true;
    skipSpaces();
  }
  if (p_ >= end_ || *p_ != '.') return fail(p_, "expected '.' at the end of the statement");
  ++p_;
  skipSpaces();
  if (p_ < end_ && *p_ == '#') {
    while (p_ < end_ && *p_ != '\n' && *p_ != '\r') ++p_;
  }
  if (p_ < end_ && *p_ != '\n' && *p_ != '\r') {
    return fail(p_, "unexpected text after the end of the statement");
  }
  return true;
}

bool NTriplesParser::parseSubjectOrGraph(ParsedTerm& term, bool isSubject) {
  term.datatype = term.language = Piece{};
  if (p_ < end_ && *p_ == '<') {
    term.kind = TermKind::kIri;
    return parseIri(term.value);
  }
  if (p_ < end_ && *p_ == '_') {
    term.kind = TermKind::kBlank;
    return parseBlankLabel(term.value);
  }
  if (p_ < end_ && *p_ == '"') {
    return fail(p_,
                isSubject ? "a literal cannot be a subject" : "a literal cannot be a graph label");
  }
  return fail(p_, isSubject ? "expected a subject: an IRI or a blank node"
                            : "expected a graph label: an IRI or a blank node");
}

bool NTriplesParser::parseIri(Piece& out) {
  const char* start = p_ + 1;
  const char* p = start;
  for (;;) {
    while (p < end_ && (byteClass(*p) & kIriPlain)) ++p;
    if (p >= end_) return fail(p, "unterminated IRI");
    const char c = *p;
    if (c == '>') break;
    if (static_cast<unsigned char>(c) >= 0x80) {
      uint32_t cp;
      const int n = decodeUtf8(p, end_, cp);
      if (n == 0) return fail(p, "invalid UTF-8 in IRI");
      p += n;
      continue;
    }
    if (c == '\\') return parseIriEscaped(start, p, out);
    if (c == '\n' || c == '\r') return fail(p, "unterminated IRI");
    return fail(p, c == ' ' ? "space not allowed in an IRI" : "character not allowed in an IRI");
  }
  out = Piece{start, 0, static_cast<size_t>(p - start)};
  p_ = p + 1;
  if (!hasIriScheme(view(out)))
    return fail(start, "relative IRI: N-Triples and N-Quads need absolute IRIs");
  return true;
}

// Slow path once a '\' shows up: copy what was scanned so far, then unescape into scratch_.
bool NTriplesParser::parseIriEscaped(const char* start, const char* p, Piece& out) {
  const size_t offset = scratch_.size();
  scratch_.append(start, p);
  for (;;) {
    if (p >= end_) return fail(p, "unterminated IRI");
    const char c = *p;
    if (c == '>') break;
    if (c == '\\') {
      const char* escape = p;
      uint32_t cp;
      if (!decodeEscapedCodePoint(p, cp)) return false;
      if (forbiddenInIri(cp)) return fail(escape, "escaped character not allowed in an IRI");
      appendUtf8(scratch_, cp);
      continue;
    }
    if (static_cast<unsigned char>(c) >= 0x80) {
      uint32_t cp;
      const int n = decodeUtf8(p, end_, cp);
      if (n == 0) return fail(p, "invalid UTF-8 in IRI");
      scratch_.append(p, n);
      p += n;
      continue;
    }
    if (!(byteClass(c) & kIriPlain)) {
      if (c == '\n' || c == '\r') return fail(p, "unterminated IRI");
      return fail(p, c == ' ' ? "space not allowed in an IRI" : "character not allowed in an IRI");
    }
    scratch_ += c;
    ++p;
  }
  out = Piece{nullptr, offset, scratch_.size() - offset};
  p_ = p + 1;
  if (!hasIriScheme(view(out)))
    return fail(start, "relative IRI: N-Triples and N-Quads need absolute IRIs");
  return true;
}

// `p` is at a '\' followed by 'u' or 'U'; on success `p` is past the escape (and past a low
// surrogate escape combined with a high one).
bool NTriplesParser::decodeEscapedCodePoint(const char*& p, uint32_t& cp) {
  auto readHex = [&](const char* at, int digits, uint32_t& value) {
    if (end_ - at < digits) return false;
    value = 0;
    for (int i = 0; i < digits; ++i) {
      const int h = hexValue(at[i]);
      if (h < 0) return false;
      value = (value << 4) | static_cast<uint32_t>(h);
    }
    return true;
  };
  const char* escape = p;
  if (p + 1 >= end_ || (p[1] != 'u' && p[1] != 'U')) return fail(p, "invalid escape sequence");
  const int digits = p[1] == 'u' ? 4 : 8;
  if (!readHex(p + 2, digits, cp)) return fail(p, "invalid hex digits in \\u or \\U escape");
  p += 2 + digits;
  if (cp > kMaxCodePoint) return fail(escape, "escape beyond U+10FFFF");
  if (cp >= 0xDC00 && cp <= 0xDFFF) return fail(escape, "unpaired surrogate in escape");
  if (cp >= 0xD800 && cp <= 0xDBFF) {
    uint32_t low;
    if (end_ - p >= 6 && p[0] == '\\' && p[1] == 'u' && readHex(p + 2, 4, low) && low >= 0xDC00 &&
        low <= 0xDFFF) {
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
      p += 6;
    } else {
      return fail(escape, "unpaired surrogate in escape");
    }
  }
  return true;
}

bool NTriplesParser::parseBlankLabel(Piece& out) {
  if (p_ + 1 >= end_ || p_[1] != ':')
    return fail(p_, "expected \"_:\" to start a blank node label");
  const char* start = p_ + 2;
  const char* p = start;
  uint32_t cp;
  if (p < end_ && (byteClass(*p) & kLabelStart)) {
    ++p;
  } else if (p < end_ && static_cast<unsigned char>(*p) >= 0x80) {
    const int n = decodeUtf8(p, end_, cp);
    if (n == 0 || !isPnCharsBaseNonAscii(cp))
      return fail(p, "invalid character in blank node label");
    p += n;
  } else {
    return fail(p, "empty or invalid blank node label");
  }
  for (;;) {
    while (p < end_ && (byteClass(*p) & kLabelChar)) ++p;
    if (p < end_ && static_cast<unsigned char>(*p) >= 0x80) {
      const int n = decodeUtf8(p, end_, cp);
      if (n == 0) return fail(p, "invalid UTF-8 in blank node label");
      if (!isPnCharsNonAscii(cp)) break;
      p += n;
      continue;
    }
    break;
  }
  // A label cannot end with '.': a trailing one is the statement's terminator.
  while (p[-1] == '.') --p;
  out = Piece{start, 0, static_cast<size_t>(p - start)};
  p_ = p;
  return true;
}

bool NTriplesParser::parseLiteral(ParsedTerm& term) {
  term.kind = TermKind::kLiteral;
  const char* start = p_ + 1;
  const char* p = start;
  for (;;) {
    while (p < end_ && (byteClass(*p) & kLiteralPlain)) ++p;
    if (p >= end_) return fail(p, "unterminated string literal");
    const char c = *p;
    if (c == '"') {
      term.value = Piece{start, 0, static_cast<size_t>(p - start)};
      p_ = p + 1;
      break;
    }
    if (c == '\\') {
      if (!parseLiteralEscaped(start, p, term.value)) return false;
      break;
    }
    if (c == '\n' || c == '\r') return fail(p, "line break in string literal");
    uint32_t cp;
    const int n = decodeUtf8(p, end_, cp);
    if (n == 0) return fail(p, "invalid UTF-8 in string literal");
    p += n;
  }
  if (p_ < end_ && *p_ == '@') return parseLanguageTag(term.language);
  if (p_ < end_ && *p_ == '^') {
    if (p_ + 1 >= end_ || p_[1] != '^') return fail(p_, "expected \"^^\" before a datatype IRI");
    p_ += 2;
    if (p_ >= end_ || *p_ != '<') return fail(p_, "expected a datatype IRI after \"^^\"");
    return parseIri(term.datatype);
  }
  return true;
}

bool NTriplesParser::parseLiteralEscaped(const char* start, const char* p, Piece& out) {
  const size_t offset = scratch_.size();
  scratch_.append(start, p);
  for (;;) {
    const char* run = p;
    while (p < end_ && (byteClass(*p) & kLiteralPlain)) ++p;
    scratch_.append(run, p);
    if (p >= end_) return fail(p, "unterminated string literal");
    const char c = *p;
    if (c == '"') break;
    if (c == '\n' || c == '\r') return fail(p, "line break in string literal");
    if (c == '\\') {
      if (p + 1 >= end_) return fail(p, "unterminated string literal");
      char unescaped = 0;
      switch (p[1]) {
        case 't':
          unescaped = '\t';
          break;
        case 'b':
          unescaped = '\b';
          break;
        case 'n':
          unescaped = '\n';
          break;
        case 'r':
          unescaped = '\r';
          break;
        case 'f':
          unescaped = '\f';
          break;
        case '"':
          unescaped = '"';
          break;
        case '\'':
          unescaped = '\'';
          break;
        case '\\':
          unescaped = '\\';
          break;
        case 'u':
        case 'U': {
          uint32_t cp;
          if (!decodeEscapedCodePoint(p, cp)) return false;
          appendUtf8(scratch_, cp);
          continue;
        }
        default:
          return fail(p, "invalid escape sequence in string literal");
      }
      scratch_ += unescaped;
      p += 2;
      continue;
    }
    uint32_t cp;
    const int n = decodeUtf8(p, end_, cp);
    if (n == 0) return fail(p, "invalid UTF-8 in string literal");
    scratch_.append(p, n);
    p += n;
  }
  out = Piece{nullptr, offset, scratch_.size() - offset};
  p_ = p + 1;
  return true;
}

// LANGTAG ::= '@' [a-zA-Z]+ ('-' [a-zA-Z0-9]+)*
bool NTriplesParser::parseLanguageTag(Piece& out) {
  const char* start = p_ + 1;
  const char* p = start;
  while (p < end_ && (byteClass(*p) & kAlpha)) ++p;
  if (p == start) return fail(p, "language tag must start with a letter");
  while (p < end_ && *p == '-') {
    const char* subtag = ++p;
    while (p < end_ && (byteClass(*p) & kAlnum)) ++p;
    if (p == subtag) return fail(p, "empty language subtag");
  }
  out = Piece{start, 0, static_cast<size_t>(p - start)};
  p_ = p;
  return true;
}

}  // namespace cairn::core::rdf
