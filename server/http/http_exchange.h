#pragma once
// One HTTP request in flight and the way its answer goes back. The connection code
// (http_session) reads a request into a Request and hands an Exchange to the API layer, which
// answers it exactly once: respond() with a whole response, or stream() for a body written
// while it is produced (query results), from any thread.
//
// Kept free of Boost headers so the API layer compiles quickly and can be tested without
// sockets.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sparql/results/byte_output.h"

namespace cairn::server::http {

using HeaderList = std::vector<std::pair<std::string, std::string>>;

struct Request {
  uint64_t id = 0;     // unique per server run; echoed as X-Request-Id and in the access log
  std::string method;  // "GET", "POST", ... as sent
  std::string target;  // the raw request target
  HeaderList headers;  // names lower-cased, in the order received
  std::string body;
  std::string remoteAddress;
  bool remoteIsLoopback = false;
  std::chrono::steady_clock::time_point received;

  // The first header named `name` (lower-case), or null.
  const std::string* header(std::string_view name) const;
};

struct Response {
  unsigned status = 200;
  std::string contentType;
  HeaderList headers;  // besides Content-Type, Content-Length, Connection, X-Request-Id
  std::string body;
};

// A streamed response body. Bytes are buffered; the response head goes out with the first
// buffer that fills up. If the producer finishes before that, finish() sends everything as one
// response with a Content-Length, so small answers (and failures early in a query) look like
// any other response. Not thread-safe: one producer thread writes.
class ResponseStream : public sparql::results::ByteOutput {
 public:
  // Throws core::Error(kCancelled) once the client has gone away.
  void write(std::string_view bytes) override = 0;
  // Sends the rest and ends the response.
  virtual void finish() = 0;
  // The producer failed. Before anything was sent, the failure becomes the response (its
  // status and JSON body); afterwards the connection is closed mid-body, which is the only
  // way HTTP/1.1 lets a client tell a broken chunked body from a complete one.
  virtual void fail(unsigned status, std::string contentType, std::string body) = 0;
  // True once bytes have left for the client (the status can no longer change).
  virtual bool started() const = 0;
};

class Exchange {
 public:
  virtual ~Exchange() = default;
  virtual const Request& request() const = 0;
  // Take the body (a large upload) without copying it.
  virtual std::string takeBody() = 0;

  // Exactly one of respond() or stream() per exchange; callable from any thread.
  virtual void respond(Response response) = 0;
  virtual std::unique_ptr<ResponseStream> stream(unsigned status, std::string contentType,
                                                 HeaderList headers = {}) = 0;

  // Set when the client disconnects or the server gives up waiting for this request during
  // shutdown; queries poll it.
  virtual std::shared_ptr<const std::atomic<bool>> cancelled() const = 0;

  // Called once when the response has been written (or the connection lost): status, body
  // bytes sent. For access logs and metrics; set before responding.
  using CompletionHandler = std::function<void(unsigned status, uint64_t bytes)>;
  virtual void onComplete(CompletionHandler handler) = 0;
};

}  // namespace cairn::server::http
