#include "server/api/sparql_request.h"

#include "core/error.h"
#include "core/utf8.h"
#include "server/http/http_error.h"
#include "server/http/media_type.h"

namespace cairn::server::api {
namespace {

using http::HttpError;

bool caseInsensitiveEquals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

// Text bodies must be UTF-8 (§2.1.3); a charset other than UTF-8 (or US-ASCII, a subset) is a
// media type this endpoint does not take.
void requireUtf8Charset(const http::MediaType& type) {
  for (const auto& [name, value] : type.parameters) {
    if (name == "charset" && !caseInsensitiveEquals(value, "utf-8") &&
        !caseInsensitiveEquals(value, "utf8") && !caseInsensitiveEquals(value, "us-ascii")) {
      throw HttpError(415, "unsupported_media_type",
                      "SPARQL text must be UTF-8, not charset=" + value);
    }
  }
}

http::Parameters parseForm(std::string_view text) {
  try {
    return http::parseFormUrlEncoded(text);
  } catch (const core::Error& e) {
    throw HttpError(400, "malformed_parameters", e.message());
  }
}

void takeParameters(const http::Parameters& from, SparqlRequest& into,
                    std::vector<std::string>& queries) {
  for (const auto& [name, value] : from) {
    if (name == "query") {
      queries.push_back(value);
    } else if (name == "default-graph-uri") {
      into.defaultGraphs.push_back(value);
    } else if (name == "named-graph-uri") {
      into.namedGraphs.push_back(value);
    } else {
      into.parameters.emplace_back(name, value);
    }
  }
}

}  // namespace

const std::string* SparqlRequest::parameter(std::string_view name) const {
  return http::findParameter(parameters, name);
}

bool SparqlRequest::flag(std::string_view name) const {
  const std::string* value = parameter(name);
  if (value == nullptr || value->empty() || *value == "false" || *value == "0") return false;
  if (*value == "true" || *value == "1" || *value == "on" || *value == "yes") return true;
  throw HttpError(
      400, "invalid_parameter",
      "parameter '" + std::string(name) + "' must be true or false, not '" + *value + "'");
}

SparqlRequest readSparqlQueryRequest(const http::Request& request,
                                     const http::RequestTarget& target) {
  SparqlRequest out;
  std::vector<std::string> queries;
  if (request.method == "GET" || request.method == "HEAD") {
    takeParameters(target.query, out, queries);
  } else if (request.method == "POST") {
    const std::string* contentType = request.header("content-type");
    if (contentType == nullptr) {
      throw HttpError(415, "unsupported_media_type",
                      "a POSTed query needs Content-Type application/sparql-query or "
                      "application/x-www-form-urlencoded");
    }
    const auto type = http::parseMediaType(*contentType);
    if (!type) {
      throw HttpError(415, "unsupported_media_type",
                      "malformed Content-Type '" + *contentType + "'");
    }
    const std::string essence = type->essence();
    if (essence == "application/x-www-form-urlencoded") {
      requireUtf8Charset(*type);
      takeParameters(parseForm(request.body), out, queries);
      // Cairn's own parameters may also come in the URL; a query there too is ambiguous.
      takeParameters(target.query, out, queries);
    } else if (essence == "application/sparql-query") {
      requireUtf8Charset(*type);
      takeParameters(target.query, out, queries);
      if (!queries.empty()) {
        throw HttpError(400, "ambiguous_query",
                        "the query is the request body; a query= parameter is not allowed too");
      }
      queries.push_back(request.body);
    } else {
      throw HttpError(415, "unsupported_media_type",
                      "a POSTed query must be application/sparql-query or "
                      "application/x-www-form-urlencoded, not " +
                          essence);
    }
  } else {
    throw HttpError(405, "method_not_allowed",
                    "the SPARQL query endpoint takes GET and POST, not " + request.method);
  }
  if (queries.empty()) {
    throw HttpError(400, "missing_query", "the request has no query (query= parameter or body)");
  }
  if (queries.size() > 1) {
    throw HttpError(400, "multiple_queries", "the request has more than one query");
  }
  out.query = std::move(queries.front());
  if (!core::isValidUtf8(out.query)) {
    throw HttpError(400, "invalid_encoding", "the query is not valid UTF-8");
  }
  return out;
}

}  // namespace cairn::server::api
