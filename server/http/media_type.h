#pragma once
// Parsing of a Content-Type value (RFC 9110 §8.3.1): "type/subtype" followed by ';'-separated
// name=value parameters, values as tokens or quoted strings. The server uses it to tell a form
// body from a SPARQL query or update body and to read the charset. Strict about the grammar (no
// space around '=', no bare parameter name): a value that does not parse is reported, not
// guessed at. Pure functions: safe from any thread.

#include <optional>
#include <string>
#include <string_view>

#include "server/http/url_codec.h"

namespace cairn::server::http {

struct MediaType {
  std::string type, subtype;    // lower-cased
  Parameters parameters;        // names lower-cased, quoted-string values unquoted, order kept
  std::string essence() const;  // "type/subtype"
};

// A Content-Type value, with optional whitespace around it and around each ';'. Empty parameters
// (";;", a trailing ';') are allowed, as the RFC grammar does. Parameter values keep their case
// (charset names are case-insensitive, but that is for the reader to decide). nullopt when
// malformed.
std::optional<MediaType> parseMediaType(std::string_view value);

}  // namespace cairn::server::http
