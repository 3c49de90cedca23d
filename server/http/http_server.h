#pragma once
// HttpServer: HTTP/1.1 over Boost.Beast. A few network threads accept connections, read
// requests (with header, body and idle timeouts and a per-request body limit) and write
// responses; they never run a query. Each complete request goes to the handler as an Exchange,
// which the handler answers from any thread (the query pool). Keep-alive, pipelined requests
// (answered in order), `Expect: 100-continue`, HTTP/1.0 clients, and clients that disconnect
// while their request runs (its cancel flag is set) are handled here.
//
// Thread-safety: start() and stop() from one controlling thread; the handler is called on
// network threads and must not block.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "server/http/http_exchange.h"

namespace cairn::server::http {

struct HttpServerOptions {
  std::string address = "127.0.0.1";
  uint16_t port = 7878;  // 0: any free port (see HttpServer::port())
  unsigned ioThreads = 1;
  std::chrono::milliseconds headerTimeout{10'000};
  std::chrono::milliseconds bodyTimeout{60'000};
  std::chrono::milliseconds idleTimeout{300'000};
  std::chrono::milliseconds writeTimeout{60'000};  // one write making no progress
  uint32_t maxHeaderBytes = 16 * 1024;
  // The largest body accepted for a request, from its method and target; larger ones are
  // answered 413 without reading the body. Default: 16 MiB for everything.
  std::function<uint64_t(std::string_view method, std::string_view target)> bodyLimit;
  // Told about every response the connection layer makes itself (malformed request 400,
  // slow client 408, body too large 413, header too large 431), for logs and metrics.
  std::function<void(unsigned status, std::string_view code, std::string_view remote)>
      onProtocolError;
};

// Destroy the server only after every Exchange it handed out is gone (join the pool that
// answers them first): an exchange holds its connection, which belongs to the server.
class HttpServer {
 public:
  using Handler = std::function<void(std::shared_ptr<Exchange>)>;

  HttpServer(HttpServerOptions options, Handler handler);
  ~HttpServer();  // stop(0) if still running
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds, listens and starts the network threads. Throws core::Error(kInvalidArgument) for a
  // bad address and core::Error(kUnsupported) when the port cannot be bound (with the reason).
  void start();
  // The bound port (useful after asking for port 0).
  uint16_t port() const;
  size_t openConnections() const;

  // Stops accepting, closes idle connections, lets requests in flight finish for up to
  // `grace`, then cancels the rest (their cancel flags), waits briefly for their answers, and
  // stops the network threads. Idempotent.
  void stop(std::chrono::milliseconds grace);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cairn::server::http
