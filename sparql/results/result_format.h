#pragma once
// The answer formats Cairn writes, their media types and short names, and HTTP content
// negotiation among them. Solution formats (SELECT, ASK): SPARQL 1.1 Query Results JSON and
// XML, CSV, TSV, and a human-readable table. Graph formats (CONSTRUCT, DESCRIBE): Turtle,
// N-Triples, JSON-LD and RDF/XML. Only server/ turns a failed negotiation into an HTTP status
// (406).

#include <optional>
#include <string_view>

namespace cairn::sparql::results {

enum class ResultFormat { kJson, kXml, kCsv, kTsv, kNTriples, kTurtle, kTable, kJsonLd, kRdfXml };

// "application/sparql-results+json", "application/sparql-results+xml", "text/csv",
// "text/tab-separated-values", "application/n-triples", "text/turtle", "text/plain",
// "application/ld+json", "application/rdf+xml".
std::string_view mediaType(ResultFormat format);

// "json", "xml", "csv", "tsv", "nt", "ttl", "table", "jsonld", "rdfxml" (any case; "ntriples",
// "turtle", "json-ld" and "rdf" are aliases); nullopt otherwise. "xml" is always SPARQL XML
// results, never RDF/XML.
std::optional<ResultFormat> formatFromName(std::string_view name);
// The canonical short name accepted by formatFromName.
std::string_view formatName(ResultFormat format);

// True for the formats that serialize triples (CONSTRUCT / DESCRIBE): N-Triples, Turtle,
// JSON-LD and RDF/XML. The solution formats also accept a graph (as subject/predicate/object
// rows); the graph formats reject solutions.
bool isGraphFormat(ResultFormat format);

// Picks the format for an HTTP Accept header (RFC 9110 §12.5.1): media ranges with q-values
// and wildcards ("text/*", "*/*"). Among acceptable formats the highest q wins; on a tie the
// one matched by the more specific range, then the server's preference (JSON, XML, CSV, TSV,
// table for solutions; Turtle, N-Triples, JSON-LD, RDF/XML for graphs). An empty or blank
// header accepts anything: JSON for solutions, Turtle for graphs. nullopt when nothing offered
// is acceptable.
// Besides the types above, some generic types are aliases that depend on the kind of answer:
//   "application/json"                solutions: SPARQL JSON    graphs: JSON-LD
//   "application/xml", "text/xml"     solutions: SPARQL XML     graphs: RDF/XML
//   "text/plain"                      solutions: the table      graphs: N-Triples (its pre-2014
//                                                                 media type)
//   "application/x-turtle"                                      graphs: Turtle
// A client asking for generic XML or JSON gets a document of that syntax either way, which is
// what such clients (scripts, older SPARQL libraries) parse; for graphs RDF/XML is the XML
// serialization they expect. These aliases count only when named exactly: wildcards
// ("*/*", "application/*") match each format's own type only, so they cannot bring back a
// format the client refused with q=0.
std::optional<ResultFormat> negotiate(std::string_view acceptHeader, bool graphResult);

}  // namespace cairn::sparql::results
