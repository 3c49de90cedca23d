#pragma once
// Failures of the Cypher routes in the shape of Neo4j's HTTP API: the status Cairn answers with
// and a body `{"results":[],"errors":[{"code":"Neo.ClientError.Statement.SyntaxError",
// "message":"... (line 1, column 8)"}]}`. docs/http-api.md has the table of codes.
//
// Client errors answer 400 (401 / 403 for tokens, 404 for an unknown ledger, 405, 415 for the
// request's own shape), a timeout, a full queue or the memory budget 503 as on the SPARQL routes,
// a damaged store or a bug 500. Never 200: a Cypher answer with errors is always a failure.

#include <string>

#include "core/error.h"
#include "server/http/http_error.h"

namespace cairn::server::api {

// The Neo4j status code of an engine error ("Neo.ClientError.Statement.TypeError", ...).
std::string neo4jCode(const core::Error& error);

// The HttpError a Cypher route answers for `error`: its code() is the Neo4j code, its message
// ends with the position when the error has one.
http::HttpError cypherHttpError(const core::Error& error);

// The Neo4j-shaped body of any failure on a Cypher route. An HttpError raised by the shared
// request handling (a Cairn snake_case code) gets the Neo4j code of its status.
std::string neo4jErrorBody(const http::HttpError& error);

}  // namespace cairn::server::api
