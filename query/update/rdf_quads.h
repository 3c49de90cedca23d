#pragma once
// Reading an RDF document into the ground quads of an update (LOAD, Graph Store bodies): the
// N-Triples / N-Quads fast path or serd for Turtle / TriG, statements of the document's default
// graph put in `graph`, a blank node as a graph name refused.

#include <optional>
#include <string>
#include <vector>

#include "core/io/input_source.h"
#include "core/rdf/rdf_format.h"
#include "core/rdf/statement.h"
#include "core/status.h"
#include "query/algebra/update.h"

namespace cairn::query {

// Parses all of `input` (named `name` in messages; relative IRIs against `baseIri`). On a syntax
// error it fails with InvalidArgument and, when `issue` is given, fills it (line and column);
// other failures are the input's own.
core::Result<std::vector<Quad>> readRdfQuads(core::io::InputSource& input,
                                             core::rdf::RdfFormat format,
                                             const std::string& baseIri, const std::string& name,
                                             const std::optional<std::string>& graph,
                                             std::optional<core::rdf::SyntaxIssue>* issue = nullptr);

}  // namespace cairn::query
