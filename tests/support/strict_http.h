#pragma once
// A strict HTTP/1.1 client over one raw TCP connection, for the W3C protocol runners
// (tests/conformance/sparql_protocol_runner.cpp, graph_store_runner.cpp). It sends the request
// bytes it is given unchanged and reads each response strictly: the status line, CRLF-ended
// headers (a bare LF is a framing error), then a Content-Length, chunked or until-close body;
// Transfer-Encoding and Content-Length together are an error. Interim 1xx answers are skipped.
// It reconnects when the server has closed the connection. Every send and receive has a 30 s
// deadline, so a server that stops answering fails a test instead of hanging the suite.
//
// Thread-safety: one thread per connection; distinct connections are independent.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.h"

namespace cairn::testing {

using HttpHeaderList = std::vector<std::pair<std::string, std::string>>;

// ASCII lower case (header names, media type parameters, encodings).
std::string asciiLowercase(std::string_view s);

struct StrictHttpResponse {
  int status = 0;
  std::string statusLine;
  HttpHeaderList headers;  // names lower-cased, in order
  std::string body;        // de-chunked; empty after HEAD, 204 and 304
  bool chunked = false;
  bool keepAlive = true;

  // The first header called `name` (lower-case), or nullptr.
  const std::string* header(std::string_view name) const;
};

// The status line, the headers and the start of the body, for failure reports.
std::string describeResponse(const StrictHttpResponse& response);

// Where the server under test listens.
struct Endpoint {
  std::string host;  // an IPv4 address
  uint16_t port = 0;
  std::string authority() const { return host + ":" + std::to_string(port); }
};

// The bytes of one request: the request line, a Host header naming `endpoint`, `headers` as
// given (a Host or Content-Length among them is dropped), a computed Content-Length when there
// is a body or the method is neither GET nor HEAD, the blank line and `body`.
std::string requestBytes(std::string_view method, std::string_view target,
                         std::string_view httpVersion, const Endpoint& endpoint,
                         const HttpHeaderList& headers, const std::optional<std::string>& body);

class StrictHttpConnection {
 public:
  explicit StrictHttpConnection(Endpoint endpoint) : endpoint_(std::move(endpoint)) {}
  ~StrictHttpConnection() { close(); }
  StrictHttpConnection(const StrictHttpConnection&) = delete;
  StrictHttpConnection& operator=(const StrictHttpConnection&) = delete;

  // Sends one request's bytes (connecting first if needed) and reads its response; `head` says
  // the request was a HEAD, whose response has no body whatever its headers say. The connection
  // is closed after an error or a response that does not keep it alive.
  core::Result<StrictHttpResponse> roundTrip(const std::string& bytes, bool head);

 private:
  core::Status open();
  void close();
  core::Status failure(const std::string& what);
  core::Result<bool> fill();
  core::Result<std::string> line();
  core::Result<std::string> take(size_t n);
  core::Result<StrictHttpResponse> readResponse(bool head);

  Endpoint endpoint_;
  int fd_ = -1;
  std::string buffer_;  // bytes received and not yet consumed
};

}  // namespace cairn::testing
