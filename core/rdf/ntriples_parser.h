#pragma once
// The importer's hot path: a strict RDF 1.1 N-Triples / N-Quads parser over in-memory chunks.
//
// Strictness follows the W3C grammars: absolute IRIs only; no raw space, <>"{}|^`\ or control
// characters in IRIs (nor as \u escapes); escapes \uXXXX and \UXXXXXXXX (an escaped UTF-16
// surrogate pair is combined, a lone surrogate is an error) plus ECHAR in literals; well-formed
// UTF-8; language tags [a-zA-Z]+ ('-' [a-zA-Z0-9]+)*; blank node labels per BLANK_NODE_LABEL
// (no ':' - the W3C tests reject it although the N-Triples grammar's PN_CHARS_U lists it - and
// no trailing '.'); literals only as objects, blank nodes not as predicates; an
// N-Quads graph label is an IRI or a blank node; each statement ends with '.', optionally
// followed by a comment. Whitespace is space and tab; blank lines and comment lines are skipped;
// a UTF-8 byte order mark at the start of line 1 is skipped.
// No whitespace is allowed inside a literal ("x"^^<dt>, "x"@en), as in serd.
//
// Lines: a chunk holds complete lines and starts at line `firstLine`. Lines are counted by LF;
// CRLF ends a line as LF does, and a lone CR ends a statement (the grammar's EOL) without
// starting a new line number. Error columns count bytes from 1 within the line.
//
// Output: terms are unescaped; views point into the chunk when nothing needed unescaping (no
// copy, no allocation) and otherwise into a scratch buffer owned by the parser. Blank node
// labels are passed through as written. Views are valid only during the sink call.
//
// Thread-compatible: use one parser per thread; chunks of one file may be parsed in parallel by
// several parsers (each chunk knows its first line number, see io::LineChunker).

#include <cstdint>
#include <string>
#include <string_view>

#include "core/rdf/rdf_format.h"
#include "core/rdf/statement.h"
#include "core/status.h"

namespace cairn::core::rdf {

class NTriplesParser {
 public:
  // `format` is kNTriples or kNQuads; `fileName` is used in error reports only.
  NTriplesParser(RdfFormat format, std::string fileName);

  // Parses the complete lines of `chunk` (which ends at a line boundary or at EOF). Each bad
  // statement is reported to sink.syntaxError; when the sink returns true the rest of that line
  // is skipped and parsing continues, otherwise parsing stops and the result is
  // InvalidArgument "file:line:column: message".
  Status parseChunk(std::string_view chunk, uint64_t firstLine, StatementSink& sink);

  // Totals over every chunk this parser has seen.
  uint64_t statementCount() const { return statements_; }
  uint64_t skippedCount() const { return skipped_; }

 private:
  // Where a parsed string lives: in the chunk (`direct`) or at `offset` in scratch_, which may
  // still grow while a statement is parsed, so views are built only once it is complete.
  struct Piece {
    const char* direct = nullptr;
    size_t offset = 0;
    size_t size = 0;
  };
  struct ParsedTerm {
    TermKind kind = TermKind::kIri;
    Piece value, datatype, language;
  };

  bool parseStatement();
  bool parseSubjectOrGraph(ParsedTerm& term, bool isSubject);
  bool parseIri(Piece& out);
  bool parseIriEscaped(const char* start, const char* p, Piece& out);
  bool parseBlankLabel(Piece& out);
  bool parseLiteral(ParsedTerm& term);
  bool parseLiteralEscaped(const char* start, const char* p, Piece& out);
  bool parseLanguageTag(Piece& out);
  bool decodeEscapedCodePoint(const char*& p, uint32_t& cp);
  bool atLineEnd() const { return p_ >= end_ || *p_ == '\n' || *p_ == '\r'; }
  void skipSpaces() {
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\t')) ++p_;
  }
  bool fail(const char* at, const char* message) {
    errorAt_ = at;
    error_ = message;
    return false;
  }
  std::string_view view(const Piece& piece) const {
    return piece.direct ? std::string_view(piece.direct, piece.size)
                        : std::string_view(scratch_.data() + piece.offset, piece.size);
  }
  TermView termView(const ParsedTerm& term) const {
    return {term.kind, view(term.value), view(term.datatype), view(term.language)};
  }

  const bool quads_;
  const std::string fileName_;
  std::string scratch_;
  uint64_t statements_ = 0;
  uint64_t skipped_ = 0;

  // Per-call cursor state.
  const char* p_ = nullptr;
  const char* end_ = nullptr;
  ParsedTerm subject_, predicate_, object_, graph_;
  bool hasGraph_ = false;
  const char* errorAt_ = nullptr;
  const char* error_ = nullptr;
};

}  // namespace cairn::core::rdf
