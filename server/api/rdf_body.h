#pragma once
// Reading an RDF request body (Graph Store Protocol writes): the Content-Type picks the parser
// (N-Triples, N-Quads, Turtle, TriG), and the statements become ground quads for the update
// executor. A multipart/form-data body (GSP §5.5) carries one RDF document per part, each read
// by its own Content-Type (or, without one or with application/octet-stream, by its filename's
// extension); all parts go into one
// update, so they are applied together or not at all.
//
// Errors: a syntax error is a 400 `syntax_error` with line and column (in a multipart body, of
// the part, and the message names the part: "part 2 (firstName.ttl): ..."); a media type that
// is not an RDF syntax 415; a multipart body that does not follow RFC 2046 / RFC 7578 (no or a
// malformed boundary, no closing delimiter, no parts) 400 `invalid_multipart`.

#include <optional>
#include <string>
#include <vector>

#include "query/algebra/update.h"
#include "server/http/http_exchange.h"

namespace cairn::server::api {

// Parses `request`'s body. Triples of each document's default graph go to `graph` (nullopt: the
// default graph); statements a quad format puts in a named graph keep it. Relative IRIs resolve
// against `baseIri`. Blank node labels are scoped per document: the same label in two parts of a
// multipart body names two nodes. Throws http::HttpError.
std::vector<query::Quad> readRdfBody(const http::Request& request,
                                     const std::optional<std::string>& graph,
                                     const std::string& baseIri);

}  // namespace cairn::server::api
