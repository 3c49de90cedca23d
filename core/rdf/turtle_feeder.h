#pragma once
// The byte stream serd reads when parsing Turtle, TriG (and N-Triples/N-Quads through serd).
//
// It does three jobs a plain read callback cannot:
// 1. Blank node labels. serd names anonymous nodes ([] and collections) "b1", "b2", ... and,
//    to keep those apart, renames a document label "b<digit>..." to "B<digit>..." - which then
//    merges a document's _:B1 with its _:b1 (or fails with "found both `b' and `B' blank IDs").
//    The feeder runs a small Turtle lexer (IRIs, strings, long strings, comments, names) and
//    inserts kDocumentLabelMark right after every "_:" that starts a blank node label, so serd
//    sees "_:x<label>": document labels never start with "b<digit>", nothing is renamed, and a
//    label starting with the mark is a document label while one starting with 'b' is serd's.
// 2. Positions. serd reads with a page size of 1 (see serd_parser.cpp), so the last byte
//    handed out is the one serd is looking at; line() and column() give its position in the
//    original input (the inserted marks do not count; serd's own SerdError column counts them,
//    and is 1-based on line 1 but 0-based on later lines). For errors found outside serd after a
//    statement was read (an undefined prefix), findRecentName() recalls where a name started.
// 3. Recovery. skipToStatementEnd() drops input up to the end of the statement in which an
//    error occurred, so parsing can restart there (see its comment for the rules).
//
// Not thread-safe; one feeder per parse.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/io/input_source.h"
#include "core/status.h"

namespace cairn::core::rdf {

class TurtleFeeder {
 public:
  static constexpr char kDocumentLabelMark = 'x';

  explicit TurtleFeeder(io::InputSource& input);

  // Fills up to `capacity` bytes; 0 at the end of the input or after a read error.
  size_t read(char* buffer, size_t capacity);

  // The read error (I/O, damaged compressed data) that ended the stream early, if any.
  const Status& status() const { return status_; }
  // True once every input byte has been handed out or skipped.
  bool atEnd() const { return inputDone_ && inPos_ == inEnd_ && !markPending_; }
  // Whether a NUL byte was handed out (serd takes NUL for the end of the input), and where.
  bool sawNul() const { return nulLine_ > 0; }
  uint64_t nulLine() const { return nulLine_; }
  uint64_t nulColumn() const { return nulColumn_; }

  // Position of the last byte handed out: line from 1, byte column from 1 (0 before any).
  uint64_t line() const { return line_; }
  uint64_t column() const { return column_; }

  // Finds, among the last kRecentNames names read (prefixed names, keywords, blank node
  // labels), the newest one whose text begins `name` (as far as its first kNameChars bytes);
  // sets its start position.
  bool findRecentName(std::string_view name, uint64_t& line, uint64_t& column) const;

  // Drops input after an error so that reading can resume with the next statement:
  // - inside a TriG graph block ({...}), up to and including the '}' that closes the block;
  // - otherwise up to and including the next '.' followed by white space or the end of input,
  //   or the '}' closing a block that starts after the error point;
  // all counted outside IRIs, strings and comments. If the byte serd stopped at is already
  // such a '.', or the line end that cut a short string short, nothing is dropped. Best effort:
  // a statement whose error is an unbalanced bracket or quote may take later statements along.
  void skipToStatementEnd();

 private:
  enum class LexState : uint8_t {
    kNormal,
    kIri,
    kComment,
    kQuote1,  // one quote seen: short string or the start of a long one
    kQuote2,  // two quotes seen: empty string or the start of a long one
    kShortString,
    kLongString,
  };
  // What the current run of non-delimiter bytes is, in kNormal.
  enum class Word : uint8_t { kNone, kName, kNumber, kLangTag };

  static constexpr size_t kRecentNames = 32;
  static constexpr size_t kNameChars = 64;
  struct RecentName {
    uint64_t line = 0, column = 0;
    size_t length = 0;  // bytes of the name seen so far (text keeps the first kNameChars)
    char text[kNameChars];
  };

  bool fill();
  void startName();
  void extendName(unsigned char c);
  int peekInput();
  int takeInput();
  // Feeds one input byte to the lexer; returns true when a label mark must follow it.
  bool lex(unsigned char c);
  bool lexNormal(unsigned char c);
  void lexShortString(unsigned char c);
  void advancePosition(unsigned char c) {
    if (lastWasNewline_) {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    lastWasNewline_ = c == '\n';
  }

  io::InputSource& input_;
  Status status_;
  char buffer_[64 * 1024];
  size_t inPos_ = 0, inEnd_ = 0;
  bool inputDone_ = false;
  bool markPending_ = false;

  LexState state_ = LexState::kNormal;
  Word word_ = Word::kNone;
  unsigned char quote_ = 0;
  int quoteRun_ = 0;
  bool escape_ = false;                 // the previous byte was a '\' inside a string or a name
  bool stringBrokenByLineEnd_ = false;  // the last byte ended a short string at a line end
  bool underscorePending_ = false;      // a '_' that may start "_:" was just seen
  int braceDepth_ = 0;

  uint64_t line_ = 1, column_ = 0;
  bool lastWasNewline_ = false;
  unsigned char lastByte_ = 0;
  uint64_t delivered_ = 0;
  uint64_t bomBytes_ = 0;  // leading bytes that matched a UTF-8 byte order mark
  uint64_t nulLine_ = 0, nulColumn_ = 0;

  RecentName names_[kRecentNames];
  size_t namesWritten_ = 0;  // the newest is names_[(namesWritten_ - 1) % kRecentNames]
};

}  // namespace cairn::core::rdf
