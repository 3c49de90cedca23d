#pragma once
// Reading a SPARQL 1.1 Protocol query request (§2.1): GET with `query=`, POST with an
// application/x-www-form-urlencoded body, or POST with an application/sparql-query body, plus
// `default-graph-uri` / `named-graph-uri` and Cairn's own parameters (timeout, explain,
// analyze, format). Everything the protocol calls a client error is an HttpError with its
// status: 400 (missing or repeated query, non-UTF-8 text), 405 (other methods), 415 (other
// media types or charsets).

#include <optional>
#include <string>
#include <vector>

#include "server/http/http_exchange.h"
#include "server/http/url_codec.h"

namespace cairn::server::api {

struct SparqlRequest {
  std::string query;
  std::vector<std::string> defaultGraphs;  // default-graph-uri, in order
  std::vector<std::string> namedGraphs;    // named-graph-uri, in order
  // Every other parameter, from the query string and the form body.
  http::Parameters parameters;

  bool protocolDataset() const { return !defaultGraphs.empty() || !namedGraphs.empty(); }
  const std::string* parameter(std::string_view name) const;
  // A boolean parameter: absent, "", "false", "0" are false; "true", "1", "on", "yes" true;
  // anything else is a 400.
  bool flag(std::string_view name) const;
};

// `target` is the request's parsed target. Throws http::HttpError.
SparqlRequest readSparqlQueryRequest(const http::Request& request,
                                     const http::RequestTarget& target);
// An update request (§2.2): POST only, with an application/sparql-update body or a form with
// `update=`; `using-graph-uri` / `using-named-graph-uri` land in defaultGraphs / namedGraphs.
// The update text is in `query`.
SparqlRequest readSparqlUpdateRequest(const http::Request& request,
                                      const http::RequestTarget& target);

}  // namespace cairn::server::api
