#pragma once
// Turtle and TriG (and N-Triples / N-Quads when asked) through Debian's serd 0.30, strict mode.
//
// serd tokenizes and checks the grammar; Cairn does the rest itself:
// - IRIs: relative references (in IRIs, @base/BASE and @prefix/PREFIX) are resolved with
//   core/rdf/iri.h per RFC 3986 against `baseIri` and the document's base directives; absolute
//   IRIs pass through unchanged. serd_env is not used: serd 0.30's resolver keeps "g/../h" dot
//   segments and drops an empty query. Prefixed names are expanded from the document's prefix
//   directives; an undefined prefix is a syntax error. A relative IRI with no base is an error.
// - Escapes: serd unescapes strings and IRIs; an escaped UTF-16 surrogate pair is combined into
//   one character and a lone escaped surrogate is an error, as in NTriplesParser.
// - Blank nodes: a label written in the document comes out as written, except that a label
//   starting with '_' gets one more '_' in front; nodes serd creates for [] and collections come
//   out as "_g<generation>_<n>" (generation counts parser restarts after errors, usually 0). So
//   generated labels never collide with written ones, and equal written labels stay equal.
// - Graphs: TriG default-graph statements have no graph; a graph block in a Turtle document
//   (which serd would accept) is an error.
//
// Errors and recovery: every syntax error goes to sink.syntaxError with its line and byte
// column (of the byte serd stopped at, in the original input; an undefined prefix is reported
// at the prefixed name, other errors found after serd read a statement just past it). The
// statements of a top-level Turtle statement (or TriG graph block) reach the sink only once it
// parsed completely, so a bad statement contributes nothing; TriG blocks of more than 1024
// triples are delivered in parts.
// When the sink asks to continue, parsing restarts after the end of the bad statement (the next
// '.' followed by white space, or the '}' closing the TriG block it is in; see
// TurtleFeeder::skipToStatementEnd). N-Quads through serd cannot resume: serd 0.30 reads
// N-Quads only as a whole document, so the first error ends the parse; it also rejects a blank
// node graph label directly followed by '.' ("_:g."). NTriplesParser is the N-Triples / N-Quads
// path without either limitation.
//
// Speed: serd reads the input one byte at a time (page size 1) so positions are exact and
// recovery knows where serd stopped. That, the lexer and the conversion cost about half to two
// thirds of serd's bulk speed: 25-40 MB/s of Turtle per core (CPU time, 2-core machine under
// load) against 75-140 MB/s for serd alone reading 4 KiB pages.

#include <string>
#include <string_view>

#include "core/io/input_source.h"
#include "core/rdf/rdf_format.h"
#include "core/rdf/statement.h"
#include "core/status.h"

namespace cairn::core::rdf {

// Parses all of `input`. Returns ok when the end was reached (possibly after skipped errors),
// InvalidArgument "file:line:column: message" when the sink refused to continue after an error,
// or the input's own error (IoError, Corruption) when reading failed.
Status parseWithSerd(io::InputSource& input, RdfFormat format, std::string_view baseIri,
                     const std::string& fileName, StatementSink& sink);

}  // namespace cairn::core::rdf
