#pragma once
// One client connection (internal to http_server.cpp and http_session.cpp). All of a session's
// socket work runs on its strand; the only calls from other threads are the ones an Exchange
// or ResponseStream makes, and they post to the strand.
//
// Life of a request: wait for bytes (idle timeout) → read the head (header timeout) → pick the
// body limit, answer `Expect: 100-continue` → read the body (body timeout) → hand the Exchange
// to the handler and watch the socket for a disconnect while the answer is produced → write
// the answer → next request, or close.

#include <array>
#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "server/http/http_exchange.h"
#include "server/http/http_server.h"

namespace cairn::server::http {

// What sessions share with their server.
struct ServerState {
  HttpServerOptions options;
  HttpServer::Handler handler;
  std::atomic<bool> draining{false};
  std::atomic<uint64_t> nextRequestId{1};
  std::atomic<size_t> openConnections{0};
};

// Flow control between a producer thread writing a streamed body and the strand writing it to
// the socket: the producer waits while too many bytes are queued, and learns when the
// connection is gone.
struct StreamFlow {
  std::mutex mutex;
  std::condition_variable room;
  size_t queuedBytes = 0;
  bool failed = false;

  void release(size_t bytes);
  void fail();
};

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(boost::asio::ip::tcp::socket socket, std::shared_ptr<ServerState> state);
  ~Session();

  void start();
  // Shutdown: close now if no request is in flight, else close after its answer.
  void drain();
  // Shutdown after the grace period: cancel the request in flight.
  void cancelInFlight();
  // The network threads have stopped: wake any producer waiting on this connection.
  void abandon();

  // Called by the exchange and its response stream, from any thread.
  void postWhole(Response response);
  // Head and/or chunks of a streamed body; `status` != 0 on the part carrying the head.
  void postBytes(std::string bytes, uint64_t bodyBytes, bool endsResponse, unsigned status);
  void postAbort();
  void setCompletion(Exchange::CompletionHandler handler);

  const std::shared_ptr<std::atomic<bool>>& cancelFlag() const { return cancelled_; }
  const std::shared_ptr<StreamFlow>& flow() const { return flow_; }
  bool http10() const { return http10_; }
  bool headRequest() const { return headRequest_; }
  bool keepAlive() const { return keepAlive_; }
  uint64_t requestId() const { return requestId_; }

 private:
  void waitForRequest();
  void readHead();
  // Answers (400, 408, 413, 431) or closes after a failed read; false when `ec` is no error.
  bool readFailed(boost::beast::error_code ec, const char* part);
  void startReadDeadline(std::chrono::milliseconds limit);
  void onHead(boost::beast::error_code ec);
  void readBody();
  void onBody(boost::beast::error_code ec);
  void dispatch();
  void watchForDisconnect();
  void protocolError(unsigned status, std::string code, std::string message);

  void enqueue(std::string bytes, uint64_t bodyBytes, bool endsResponse);
  void writeNext();
  void responseDone();
  void closeNow();
  // After answering a request it did not read whole (413, 431, a malformed request): stop
  // sending, then read and drop what the client still sends until it closes or kLinger passes.
  // Closing a socket with unread bytes makes the kernel send a reset, which can destroy the
  // answer in the client's receive buffer before the client reads it.
  void lingerThenClose();
  void lingerRead();

  boost::beast::tcp_stream stream_;
  std::shared_ptr<ServerState> state_;
  std::string remote_;
  bool remoteLoopback_ = false;
  boost::beast::flat_buffer buffer_;
  boost::asio::steady_timer readDeadline_;  // header / body reads (see startReadDeadline)
  bool readTimedOut_ = false;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;

  // Per request (strand only, but for the atomics).
  bool inFlight_ = false;
  std::atomic<bool> keepAlive_{true};
  bool http10_ = false;
  bool headRequest_ = false;
  bool watching_ = false;
  bool closed_ = false;
  uint64_t requestId_ = 0;
  std::chrono::steady_clock::time_point received_;
  std::shared_ptr<std::atomic<bool>> cancelled_;
  std::shared_ptr<StreamFlow> flow_;
  Exchange::CompletionHandler completion_;
  std::mutex completionMutex_;  // completion_ is set from the handler's thread
  unsigned responseStatus_ = 0;
  uint64_t responseBodyBytes_ = 0;

  std::deque<std::pair<std::string, uint64_t>> outbox_;  // (bytes, body bytes among them)
  bool writing_ = false;
  bool ending_ = false;         // the last bytes of the response are queued
  bool closeAfter_ = false;     // close once the outbox is written
  bool lingerOnClose_ = false;  // set by protocolError: see lingerThenClose()
  std::array<char, 4096> lingerBuffer_{};
};

}  // namespace cairn::server::http
