#pragma once
// Reading SPARQL query results back into a CollectedResult: SPARQL 1.1 Query Results JSON,
// SPARQL Query Results XML, TSV and CSV. Used by the test suites to load expected results,
// and usable for answers from remote endpoints (SERVICE).
//
// All readers throw core::Error(kSyntaxError) (with a line where the format has lines) on
// malformed input. Besides the spec forms they accept what the writers in this folder produce,
// including the single "true"/"false" line CSV and TSV writers use for ASK.

#include <string_view>

#include "sparql/results/collecting_sink.h"
#include "sparql/results/result_format.h"

namespace cairn::sparql::results {

// head.vars plus results.bindings, or "boolean". Binding types "uri", "bnode", "literal" (with
// "xml:lang" or "datatype") and the pre-2013 "typed-literal".
CollectedResult readJsonResults(std::string_view text);

// <sparql> with <head><variable name=…/></head> and <results> or <boolean>.
CollectedResult readXmlResults(std::string_view text);

// "?a\t?b" header, then one line per solution of Turtle-syntax terms (empty = unbound); short
// numbers become xsd:integer / xsd:decimal / xsd:double, true/false xsd:boolean. Line ends LF
// (a CR before it is ignored).
CollectedResult readTsvResults(std::string_view text);

// CSV is lossy: a non-empty field becomes a simple literal holding its text, except that a
// field starting with "_:" becomes a blank node; an empty field is unbound (an empty string
// literal reads back as unbound). Compare against a CSV projection of the other side
// (csvProjection). RFC 4180 quoting; lines may end in CRLF or LF. A document of the single
// line "true" or "false" reads as an ASK answer.
CollectedResult readCsvResults(std::string_view text);

// Dispatches on the format; graph formats (N-Triples, Turtle) and the table are rejected with
// core::Error(kUnsupported).
CollectedResult readResults(std::string_view text, ResultFormat format);

// What a CSV writer keeps of a solution sequence: IRIs and literals become simple literals of
// their text, blank nodes stay, empty-string literals become unbound. Booleans pass through.
CollectedResult csvProjection(const CollectedResult& result);

}  // namespace cairn::sparql::results
