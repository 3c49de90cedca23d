#pragma once
// HTTP clients for end-to-end tests of the server over loopback.
//
// HttpClient is the "real client": libcurl (an HTTP implementation nobody here wrote), one easy
// handle per client, so successive requests reuse one keep-alive connection as a browser or
// SPARQL library would. It never throws for HTTP failures: a response carries the status (0 when
// no response arrived, with curl's error in `transportError`).
//
// RawConnection is a plain TCP socket for what a well-behaved client never sends: half a header,
// a malformed request line, HTTP/1.0, pipelined requests, a hang-up mid-query. Its response
// reader is deliberately strict (status line, headers, then a Content-Length, chunked or
// until-close body) and has a deadline on every read, so a server that misbehaves fails a test
// instead of hanging it.
//
// Thread-safety: one thread per HttpClient / RawConnection; distinct objects are independent.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cairn::testing {

using HttpHeaders = std::vector<std::pair<std::string, std::string>>;

struct HttpResponse {
  long status = 0;             // 0: no response (see transportError)
  std::string transportError;  // curl's message when the request failed below HTTP
  HttpHeaders headers;         // names lower-cased, in order, of the final response only
  std::string body;            // decoded from chunked framing when it was chunked

  // The first header called `name` (lower-case), or nullptr.
  const std::string* header(std::string_view name) const;
};

// "a=b&c=d" with every byte but RFC 3986 unreserved characters percent-escaped (as a form body
// or a query string).
std::string formEncode(const HttpHeaders& parameters);

class HttpClient {
 public:
  // Talks to http://127.0.0.1:port. `timeout` bounds every request.
  explicit HttpClient(uint16_t port,
                      std::chrono::milliseconds timeout = std::chrono::milliseconds(30'000));
  ~HttpClient();
  HttpClient(const HttpClient&) = delete;
  HttpClient& operator=(const HttpClient&) = delete;

  // `target` is the path and query ("/ledgers/x/sparql?query=..."). curl sends "Accept: */*"
  // unless `headers` names Accept; a header with an empty value removes curl's own.
  HttpResponse get(const std::string& target, const HttpHeaders& headers = {});
  HttpResponse post(const std::string& target, const std::string& body,
                    const std::string& contentType, const HttpHeaders& headers = {});
  // Any method; `body` nullopt sends none.
  HttpResponse send(const std::string& method, const std::string& target,
                    const std::optional<std::string>& body, const HttpHeaders& headers = {});

  // Connections this client has opened so far (1 while keep-alive holds).
  uint64_t connectionsOpened() const { return connectionsOpened_; }

 private:
  void* curl_;  // CURL*, kept out of this header so only http_client.cpp needs curl.h
  std::string base_;
  std::chrono::milliseconds timeout_;
  uint64_t connectionsOpened_ = 0;
};

// A response read off a RawConnection.
struct RawResponse {
  std::string version;  // "HTTP/1.1"
  int status = 0;
  HttpHeaders headers;  // names lower-cased
  std::string body;     // de-chunked
  bool chunked = false;
  bool untilClose = false;  // neither Content-Length nor chunked: the body ended at close

  const std::string* header(std::string_view name) const;
};

class RawConnection {
 public:
  // Connects to 127.0.0.1:port; throws std::runtime_error when it cannot.
  explicit RawConnection(uint16_t port);
  ~RawConnection();
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;

  // Writes every byte; throws std::runtime_error on failure.
  void send(std::string_view bytes);
  // Reads the next response; nullopt if the connection closed (or `timeout` passed) before a
  // complete one arrived. Bytes after it stay buffered for the next call (pipelining).
  std::optional<RawResponse> readResponse(
      std::chrono::milliseconds timeout = std::chrono::milliseconds(10'000));
  // True when the server closes the connection within `timeout` (bytes still arriving are
  // kept for readResponse).
  bool waitForClose(std::chrono::milliseconds timeout);
  // Closes the socket now (a client hanging up).
  void close();

 private:
  // Appends what arrives before `deadline`; false at end of stream or deadline.
  bool fill(std::chrono::steady_clock::time_point deadline);

  int fd_ = -1;
  std::string buffer_;
  bool eof_ = false;
};

}  // namespace cairn::testing
