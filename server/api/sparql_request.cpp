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

// The protocol's names for a query (§2.1) and for an update (§2.2).
struct Names {
  std::string_view text, defaultGraph, namedGraph, mediaType, what;
};
constexpr Names kQueryNames{"query", "default-graph-uri", "named-graph-uri",
                            "application/sparql-query", "query"};
constexpr Names kUpdateNames{"update", "using-graph-uri", "using-named-graph-uri",
                             "application/sparql-update", "update"};

void takeParameters(const http::Parameters& from, const Names& names, SparqlRequest& into,
                    std::vector<std::string>& texts) {
  for (const auto& [name, value] : from) {
    if (name == names.text) {
      texts.push_back(value);
    } else if (name == names.defaultGraph) {
      into.defaultGraphs.push_back(value);
    } else if (name == names.namedGraph) {
      into.namedGraphs.push_back(value);
    } else {
      into.parameters.emplace_back(name, value);
    }
  }
}

// A POST body: form-encoded parameters or the text itself.
void readPostBody(const http::Request& request, const http::RequestTarget& target,
                  const Names& names, SparqlRequest& out, std::vector<std::string>& texts) {
  const std::string* contentType = request.header("content-type");
  const std::string expected =
      std::string(names.mediaType) + " or application/x-www-form-urlencoded";
  if (contentType == nullptr) {
    throw HttpError(415, "unsupported_media_type",
                    "a POSTed " + std::string(names.what) + " needs Content-Type " + expected);
  }
  const auto type = http::parseMediaType(*contentType);
  if (!type) {
    throw HttpError(415, "unsupported_media_type", "malformed Content-Type '" + *contentType + "'");
  }
  const std::string essence = type->essence();
  if (essence == "application/x-www-form-urlencoded") {
    requireUtf8Charset(*type);
    takeParameters(parseForm(request.body), names, out, texts);
    // Cairn's own parameters may also come in the URL; the text there too is ambiguous.
    takeParameters(target.query, names, out, texts);
  } else if (essence == names.mediaType) {
    requireUtf8Charset(*type);
    takeParameters(target.query, names, out, texts);
    if (!texts.empty()) {
      throw HttpError(400, "ambiguous_" + std::string(names.what),
                      "the " + std::string(names.what) + " is the request body; a " +
                          std::string(names.text) + "= parameter is not allowed too");
    }
    texts.push_back(request.body);
  } else {
    throw HttpError(
        415, "unsupported_media_type",
        "a POSTed " + std::string(names.what) + " must be " + expected + ", not " + essence);
  }
}

void takeText(std::vector<std::string>& texts, const Names& names, SparqlRequest& out) {
  const std::string what(names.what);
  if (texts.empty()) {
    throw HttpError(
        400, "missing_" + what,
        "the request has no " + what + " (" + std::string(names.text) + "= parameter or body)");
  }
  if (texts.size() > 1) {
    throw HttpError(400,
                    what == "query" ? std::string("multiple_queries") : "multiple_" + what + "s",
                    "the request has more than one " + what);
  }
  out.query = std::move(texts.front());
  if (!core::isValidUtf8(out.query)) {
    throw HttpError(400, "invalid_encoding", "the " + what + " is not valid UTF-8");
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
    takeParameters(target.query, kQueryNames, out, queries);
  } else if (request.method == "POST") {
    readPostBody(request, target, kQueryNames, out, queries);
  } else {
    throw HttpError(405, "method_not_allowed",
                    "the SPARQL query endpoint takes GET and POST, not " + request.method);
  }
  takeText(queries, kQueryNames, out);
  return out;
}

SparqlRequest readSparqlUpdateRequest(const http::Request& request,
                                      const http::RequestTarget& target) {
  if (request.method != "POST") {
    throw HttpError(405, "method_not_allowed",
                    "the SPARQL update endpoint takes POST, not " + request.method)
        .withHeader("Allow", "POST");
  }
  SparqlRequest out;
  std::vector<std::string> updates;
  readPostBody(request, target, kUpdateNames, out, updates);
  takeText(updates, kUpdateNames, out);
  return out;
}

}  // namespace cairn::server::api
