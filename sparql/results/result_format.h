#pragma once
// The answer formats Cairn writes, their media types and short names, and HTTP content
// negotiation among them. Solution formats (SELECT, ASK): SPARQL 1.1 Query Results JSON and
// XML, CSV, TSV, and a human-readable table. Graph formats (CONSTRUCT, DESCRIBE): N-Triples and
// Turtle. Only server/ turns a failed negotiation into an HTTP status (406).

#include <optional>
#include <string_view>

namespace cairn::sparql::results {

enum class ResultFormat { kJson, kXml, kCsv, kTsv, kNTriples, kTurtle, kTable };

// "application/sparql-results+json", "application/sparql-results+xml", "text/csv",
// "text/tab-separated-values", "application/n-triples", "text/turtle", "text/plain".
std::string_view mediaType(ResultFormat format);

// "json", "xml", "csv", "tsv", "nt", "ttl", "table" (any case; "ntriples" and "turtle" are
// aliases); nullopt otherwise.
std::optional<ResultFormat> formatFromName(std::string_view name);
// The canonical short name accepted by formatFromName.
std::string_view formatName(ResultFormat format);

// True for the formats that serialize triples (CONSTRUCT / DESCRIBE): N-Triples and Turtle.
// The solution formats also accept a graph (as subject/predicate/object rows); the graph
// formats reject solutions.
bool isGraphFormat(ResultFormat format);

// Picks the format for an HTTP Accept header (RFC 9110 §12.5.1): media ranges with q-values
// and wildcards ("text/*", "*/*"). Among acceptable formats the highest q wins; on a tie the
// one matched by the more specific range, then the server's preference (JSON, XML, CSV, TSV,
// table for solutions; Turtle, N-Triples for graphs). An empty or blank header accepts
// anything: JSON for solutions, Turtle for graphs. nullopt when nothing offered is acceptable.
// Besides the types above, "application/json" selects JSON, "application/xml" and "text/xml"
// XML, "application/x-turtle" Turtle, and "text/plain" N-Triples for graphs (its pre-2014
// media type; for solutions it is the table's own type). These aliases count only when named
// exactly: wildcards match each format's own type, so "*/*" cannot bring back a format the
// client refused with q=0.
std::optional<ResultFormat> negotiate(std::string_view acceptHeader, bool graphResult);

}  // namespace cairn::sparql::results
