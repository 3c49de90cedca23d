#include "core/rdf/turtle_feeder.h"

#include <algorithm>
#include <array>

namespace cairn::core::rdf {
namespace {

bool isSpace(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Bytes that start or continue a name in every context: ASCII letters, ':', and UTF-8 bytes.
constexpr std::array<bool, 256> makeNameBytes() {
  std::array<bool, 256> t{};
  for (int c = 0; c < 256; ++c) {
    t[c] = c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == ':';
  }
  return t;
}
constexpr std::array<bool, 256> kNameByte = makeNameBytes();

constexpr unsigned char kUtf8Bom[3] = {0xEF, 0xBB, 0xBF};
bool isAsciiLetter(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool isDigit(unsigned char c) { return c >= '0' && c <= '9'; }

}  // namespace

TurtleFeeder::TurtleFeeder(io::InputSource& input) : input_(input) {}

bool TurtleFeeder::fill() {
  if (inputDone_) return false;
  Result<size_t> got = input_.read(buffer_, sizeof buffer_);
  if (!got) {
    status_ = got.status();
    inputDone_ = true;
    inPos_ = inEnd_ = 0;
    return false;
  }
  inPos_ = 0;
  inEnd_ = *got;
  if (inEnd_ == 0) inputDone_ = true;
  return inEnd_ > 0;
}

int TurtleFeeder::peekInput() {
  if (inPos_ == inEnd_ && !fill()) return -1;
  return static_cast<unsigned char>(buffer_[inPos_]);
}

int TurtleFeeder::takeInput() {
  const int c = peekInput();
  if (c >= 0) ++inPos_;
  return c;
}

size_t TurtleFeeder::read(char* buffer, size_t capacity) {
  size_t n = 0;
  while (n < capacity) {
    if (markPending_) [[unlikely]] {
      buffer[n++] = kDocumentLabelMark;
      markPending_ = false;
      continue;
    }
    if (inPos_ == inEnd_ && !fill()) break;
    const auto byte = static_cast<unsigned char>(buffer_[inPos_++]);
    advancePosition(byte);
    // serd skips a UTF-8 byte order mark at the start; the lexer must not take it for a name.
    if (delivered_ < 3 && delivered_ == bomBytes_ && byte == kUtf8Bom[delivered_]) [[unlikely]] {
      ++bomBytes_;
    } else {
      markPending_ = lex(byte);
    }
    lastByte_ = byte;
    ++delivered_;
    if (byte == 0 && nulLine_ == 0) [[unlikely]] {
      nulLine_ = line_;
      nulColumn_ = column_;
    }
    buffer[n++] = static_cast<char>(byte);
  }
  return n;
}

bool TurtleFeeder::lex(unsigned char c) {
  stringBrokenByLineEnd_ = false;
  switch (state_) {
    case LexState::kNormal:
      // Most bytes outside strings and IRIs continue a name: handle those here.
      if (kNameByte[c] && !escape_ && !underscorePending_) {
        if (word_ == Word::kNone) {
          word_ = Word::kName;
          startName();
        }
        if (word_ == Word::kName) extendName(c);  // not the 'e' of 1e5 nor a language tag
        return false;
      }
      return lexNormal(c);
    case LexState::kIri:
      // IRIs hold no raw '>' (only \u003E), and no line breaks in valid input.
      if (c == '>' || c == '\n' || c == '\r') state_ = LexState::kNormal;
      return false;
    case LexState::kShortString:
      lexShortString(c);
      return false;
    case LexState::kLongString:
      if (escape_) {
        escape_ = false;
        quoteRun_ = 0;
      } else if (c == '\\') {
        escape_ = true;
        quoteRun_ = 0;
      } else if (c == quote_) {
        if (++quoteRun_ == 3) state_ = LexState::kNormal;
      } else {
        quoteRun_ = 0;
      }
      return false;
    case LexState::kComment:
      if (c == '\n' || c == '\r') state_ = LexState::kNormal;
      return false;
    case LexState::kQuote1:
      if (c == quote_) {
        state_ = LexState::kQuote2;
      } else {
        state_ = LexState::kShortString;
        lexShortString(c);
      }
      return false;
    case LexState::kQuote2:
      if (c == quote_) {
        state_ = LexState::kLongString;
        quoteRun_ = 0;
        return false;
      }
      state_ = LexState::kNormal;  // it was an empty string
      return lexNormal(c);
  }
  return false;
}

void TurtleFeeder::lexShortString(unsigned char c) {
  if (escape_) {
    escape_ = false;
  } else if (c == '\\') {
    escape_ = true;
  } else if (c == quote_) {
    state_ = LexState::kNormal;
  } else if (c == '\n' || c == '\r') {
    state_ = LexState::kNormal;
    stringBrokenByLineEnd_ = true;
  }
}

// Tracks just enough of Turtle's token structure to know whether a '_' followed by ':' starts a
// blank node label or sits inside a prefixed name ("ex:a_:b", "a_:b", "ex:c._:d" are names).
bool TurtleFeeder::lexNormal(unsigned char c) {
  if (escape_) {  // the byte after '\' in a local name (PN_LOCAL_ESC)
    escape_ = false;
    extendName(c);
    return false;
  }
  if (underscorePending_) {
    underscorePending_ = false;
    if (c == ':') {  // "_:" starts a label: the mark follows the ':'
      extendName(c);
      return true;
    }
  }
  if (c >= 0x80 || isAsciiLetter(c) || c == ':') {
    if (word_ == Word::kNone) {
      word_ = Word::kName;
      startName();
    }
    if (word_ == Word::kName) extendName(c);
    return false;
  }
  if (isDigit(c)) {
    if (word_ == Word::kNone) word_ = Word::kNumber;
    if (word_ == Word::kName) extendName(c);
    return false;
  }
  switch (c) {
    case '_':
      if (word_ != Word::kName) {
        underscorePending_ = true;
        word_ = Word::kName;
        startName();
      }
      extendName(c);
      return false;
    case '-':
      if (word_ == Word::kNone) word_ = Word::kNumber;
      if (word_ == Word::kName) extendName(c);
      return false;
    case '+':
      if (word_ == Word::kNone) {
        word_ = Word::kNumber;
      } else if (word_ != Word::kNumber) {
        word_ = Word::kNone;
      }
      return false;
    case '.':
      // Inside a name a '.' may continue it ("ex:a.b"); after a number or anything else it ends
      // the token (a terminator, or a decimal point followed by digits that start a new run).
      if (word_ == Word::kName) {
        extendName(c);
      } else {
        word_ = Word::kNone;
      }
      return false;
    case '%':
    case '\\':
      if (word_ == Word::kName) {
        escape_ = c == '\\';
        if (c == '%') extendName(c);
      } else {
        word_ = Word::kNone;
      }
      return false;
    case '@':
      word_ = Word::kLangTag;
      return false;
    case '<':
      state_ = LexState::kIri;
      word_ = Word::kNone;
      return false;
    case '"':
    case '\'':
      state_ = LexState::kQuote1;
      quote_ = c;
      escape_ = false;
      word_ = Word::kNone;
      return false;
    case '#':
      state_ = LexState::kComment;
      word_ = Word::kNone;
      return false;
    case '{':
      ++braceDepth_;
      word_ = Word::kNone;
      return false;
    case '}':
      if (braceDepth_ > 0) --braceDepth_;
      word_ = Word::kNone;
      return false;
    default:
      word_ = Word::kNone;
      return false;
  }
}

void TurtleFeeder::startName() {
  RecentName& name = names_[namesWritten_++ % kRecentNames];
  name.line = line_;
  name.column = column_;
  name.length = 0;
}

void TurtleFeeder::extendName(unsigned char c) {
  if (namesWritten_ == 0) return;
  RecentName& name = names_[(namesWritten_ - 1) % kRecentNames];
  if (name.length < kNameChars) name.text[name.length] = static_cast<char>(c);
  ++name.length;
}

bool TurtleFeeder::findRecentName(std::string_view name, uint64_t& line, uint64_t& column) const {
  const size_t available = std::min(namesWritten_, kRecentNames);
  for (size_t i = 1; i <= available; ++i) {
    const RecentName& candidate = names_[(namesWritten_ - i) % kRecentNames];
    const std::string_view seen(candidate.text, std::min(candidate.length, kNameChars));
    if (candidate.length <= kNameChars) {
      // Recorded whole: the name, plus at most the statement's final '.' the lexer took along.
      if (!seen.starts_with(name) ||
          seen.find_first_not_of('.', name.size()) != std::string_view::npos) {
        continue;
      }
    } else if (name.size() < kNameChars || name.substr(0, kNameChars) != seen) {
      continue;
    }
    line = candidate.line;
    column = candidate.column;
    return true;
  }
  return false;
}

void TurtleFeeder::skipToStatementEnd() {
  markPending_ = false;
  underscorePending_ = false;
  const bool inBlock = braceDepth_ > 0;
  if (!inBlock && delivered_ > 0 && lastByte_ == '.' && state_ == LexState::kNormal) {
    const int next = peekInput();
    if (next < 0 || isSpace(next)) return;
  }
  // A short string cut by a line end (the usual unterminated literal) took the statement's '.'
  // with it: the statement ends with its line.
  if (!inBlock && stringBrokenByLineEnd_) return;
  for (;;) {
    const int c = takeInput();
    if (c < 0) return;
    const auto byte = static_cast<unsigned char>(c);
    const LexState before = state_;
    const int depthBefore = braceDepth_;
    advancePosition(byte);
    lex(byte);
    lastByte_ = byte;
    // Only bytes read as code count (an empty string "" hands back to code mid-byte).
    if (before != LexState::kNormal && before != LexState::kQuote2) continue;
    if (byte == '}' && depthBefore == 1 && braceDepth_ == 0) return;
    if (!inBlock && braceDepth_ == 0 && byte == '.') {
      const int next = peekInput();
      if (next < 0 || isSpace(next)) return;
    }
  }
}

}  // namespace cairn::core::rdf
