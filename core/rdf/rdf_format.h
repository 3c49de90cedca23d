#pragma once
// The RDF serializations Cairn reads, and how a file name or a user-given name maps to one.
// Detection looks through a compression suffix (".gz", ".zst"), so "dump.nt.gz" is N-Triples.

#include <optional>
#include <string_view>

namespace cairn::core::rdf {

enum class RdfFormat { kNTriples, kNQuads, kTurtle, kTriG };

// ".nt", ".nq", ".ttl", ".trig" (any case), optionally followed by ".gz" or ".zst";
// nullopt for anything else (".n3" is not Turtle and is not accepted).
std::optional<RdfFormat> formatFromPath(std::string_view path);

// "ntriples", "nquads", "turtle", "trig" (any case; "nt", "nq", "ttl", "n-triples" and
// "n-quads" are accepted as aliases); nullopt otherwise.
std::optional<RdfFormat> formatFromName(std::string_view name);

// The canonical name accepted by formatFromName: "ntriples", "nquads", "turtle", "trig".
std::string_view formatName(RdfFormat format);

// N-Triples and N-Quads: one statement per line, parsed by NTriplesParser in parallel chunks.
inline bool isLineBased(RdfFormat format) {
  return format == RdfFormat::kNTriples || format == RdfFormat::kNQuads;
}

// N-Quads and TriG can name graphs; N-Triples and Turtle only fill the default graph.
inline bool hasNamedGraphs(RdfFormat format) {
  return format == RdfFormat::kNQuads || format == RdfFormat::kTriG;
}

}  // namespace cairn::core::rdf
