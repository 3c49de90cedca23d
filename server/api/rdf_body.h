#pragma once
// Reading an RDF request body (Graph Store Protocol writes): the Content-Type picks the parser
// (N-Triples, N-Quads, Turtle, TriG), and the statements become ground quads for the update
// executor. A syntax error is a 400 `syntax_error` with line and column; another media type 415.

#include <optional>
#include <string>
#include <vector>

#include "query/algebra/update.h"
#include "server/http/http_exchange.h"

namespace cairn::server::api {

// Parses `request`'s body. Triples of the body's default graph go to `graph` (nullopt: the
// default graph); statements a quad format puts in a named graph keep it. Relative IRIs resolve
// against `baseIri`. Throws http::HttpError.
std::vector<query::Quad> readRdfBody(const http::Request& request,
                                     const std::optional<std::string>& graph,
                                     const std::string& baseIri);

}  // namespace cairn::server::api
