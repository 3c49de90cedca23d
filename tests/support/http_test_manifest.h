#pragma once
// The HTTP requests of the W3C protocol tests (mf:ProtocolTest, mf:GraphStoreProtocolTest), as
// their manifests state them in the HTTP-in-RDF vocabulary (ht:, http://www.w3.org/2011/http#):
// an ht:Connection's ordered ht:requests, each with its method, path, headers, a cnt:chars body
// and an ht:resp of expectations (mf:expectedStatus, mf:expectedFormat, mf:expectedBoolean,
// mf:expectedLocation, response headers and body). Also what the runners share to use them:
// encoding a body as its cnt:characterEncoding says, and matching hts: status codes.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.h"
#include "core/term.h"
#include "tests/support/graph_isomorphism.h"
#include "tests/support/strict_http.h"
#include "tests/support/w3c_manifest.h"

namespace cairn::testing {

namespace http_vocab {
inline constexpr std::string_view kHt = "http://www.w3.org/2011/http#";
inline constexpr std::string_view kHts = "http://www.w3.org/2011/http-statusCodes#";
inline constexpr std::string_view kCnt = "http://www.w3.org/2011/content#";
}  // namespace http_vocab

// A cnt:ContentAsText: text, and the encoding it is to be sent in.
struct HttpTestBody {
  std::string chars;
  std::string encoding = "UTF-8";
};

struct HttpTestResponse {
  std::vector<std::string> statuses;    // hts: IRIs; any one may match
  std::optional<std::string> format;    // "boolean", "tabular", "RDF"
  std::optional<bool> boolean;          // mf:expectedBoolean
  std::optional<std::string> location;  // mf:expectedLocation: a template variable ("$LOCATION$")
  HttpHeaderList headers;               // ht:headers of the response
  std::optional<HttpTestBody> body;     // ht:body of the response
};

struct HttpTestRequest {
  std::string method, absolutePath, httpVersion = "1.1";
  HttpHeaderList headers;
  std::optional<HttpTestBody> body;
  HttpTestResponse expect;
};

// The ht:requests of `connection` (an ht:Connection node), in order. Corruption when a request
// lacks its method, path or ht:resp, or a header or body is incomplete.
core::Result<std::vector<HttpTestRequest>> readHttpTestRequests(const TermGraph& graph,
                                                                const core::Term& connection);

// The bytes of `body`: UTF-8 as is; "UTF-16" big-endian after a byte order mark (RFC 2781
// §4.3), "UTF-16BE" and "UTF-16LE" without one. InvalidArgument for other encodings.
core::Result<std::string> encodeHttpTestBody(const HttpTestBody& body);

// Whether `status` is the hts: code `expected` names: a class (hts:StatusCode2xx) or a named
// code (hts:OK, hts:Created, hts:NotFound, ...). InvalidArgument for an IRI it does not know.
core::Result<bool> statusMatches(std::string_view expected, int status);

// Parses an answer's RDF body by its media type (essence, lower-case): Turtle (text/turtle,
// application/x-turtle), N-Triples (application/n-triples, text/plain) or RDF/XML
// (application/rdf+xml); relative IRIs resolve against `baseIri`. InvalidArgument for another
// type; the parser's error for a body that does not parse.
core::Result<std::vector<Quad>> parseRdfAnswer(std::string body, std::string_view essence,
                                               const std::string& baseIri);

// "OK or NoContent": the expected statuses by their local names, for failure messages.
std::string describeStatuses(const std::vector<std::string>& statuses);

}  // namespace cairn::testing
