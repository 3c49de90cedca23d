#pragma once
// Reading a Cypher request (internal to server/api and the CLI): the statement and its
// parameters, from an application/json body `{"statement": "...", "parameters": {...}}` ("cypher"
// and "params" are accepted for the same, and so is Neo4j's `{"statements": [{...}]}` with one
// statement), or from an application/cypher body: the statement itself, or the same JSON object
// (fluree/benchmark-db sends its JSON as application/cypher; no Cypher statement starts with '{').
//
// JSON parameters become Cypher values: null, booleans, integers (a JSON number written without
// fraction or exponent, within 64 bits) and floats, strings, lists and maps. Pure functions.

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

#include "query/value/value_program.h"
#include "server/http/http_exchange.h"

namespace cairn::server::api {

enum class CypherBody { kJson, kCypher };

struct CypherRequest {
  std::string statement;
  query::value::Parameters parameters;
};

// The body's kind from the request's Content-Type. Throws http::HttpError 415 for any other (or
// none).
CypherBody cypherBodyKind(const http::Request& request);

// Throws http::HttpError 400 with a Neo4j code (Neo.ClientError.Request.InvalidFormat for a
// body that is not the JSON described above, Neo.ClientError.Request.Invalid for one without a
// statement) or core::Error(kInvalidArgument) for a parameter Cypher cannot hold.
CypherRequest readCypherRequest(CypherBody kind, std::string_view body);

// A JSON object of parameters as Cypher values (null: none). Throws core::Error(kInvalidArgument)
// for a non-object, an integer beyond 64 bits or nesting deeper than 64 levels.
query::value::Parameters parametersFromJson(const nlohmann::json& parameters);

}  // namespace cairn::server::api
