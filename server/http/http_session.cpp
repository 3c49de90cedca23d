#include "server/http/http_session.h"

#include <sys/socket.h>

#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http/read.hpp>
#include <limits>

#include "server/http/http_error.h"
#include "server/http/response_head.h"
#include "server/http/session_exchange.h"

namespace cairn::server::http {

namespace beast = boost::beast;
namespace bhttp = boost::beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

void StreamFlow::release(size_t bytes) {
  {
    std::lock_guard lock(mutex);
    queuedBytes -= std::min(bytes, queuedBytes);
  }
  room.notify_all();
}

void StreamFlow::fail() {
  {
    std::lock_guard lock(mutex);
    failed = true;
  }
  room.notify_all();
}

namespace {

bool isLoopback(const net::ip::address& address) {
  if (address.is_loopback()) return true;
  if (address.is_v6()) {
    const auto v6 = address.to_v6();
    if (v6.is_v4_mapped()) return net::ip::make_address_v4(net::ip::v4_mapped, v6).is_loopback();
  }
  return false;
}

std::string_view view(boost::beast::string_view s) { return {s.data(), s.size()}; }

std::string lowerCase(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace

Session::Session(tcp::socket socket, std::shared_ptr<ServerState> state)
    : stream_(std::move(socket)), state_(std::move(state)), readDeadline_(stream_.get_executor()) {
  beast::error_code ec;
  const auto endpoint = stream_.socket().remote_endpoint(ec);
  if (!ec) {
    remote_ = endpoint.address().to_string() + ":" + std::to_string(endpoint.port());
    remoteLoopback_ = isLoopback(endpoint.address());
  }
  stream_.socket().set_option(tcp::no_delay(true), ec);
  state_->openConnections.fetch_add(1);
}

Session::~Session() {
  if (flow_) flow_->fail();
  state_->openConnections.fetch_sub(1);
}

void Session::start() {
  net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->waitForRequest(); });
}

// Between requests a connection may sit idle for idleTimeout; once its first bytes arrive the
// whole head must come within headerTimeout (a slow-header client cannot hold a connection).
void Session::waitForRequest() {
  if (closed_) return;
  if (state_->draining.load()) return closeNow();
  if (buffer_.size() > 0) return readHead();
  stream_.expires_after(state_->options.idleTimeout);
  stream_.async_read_some(buffer_.prepare(4096),
                          [self = shared_from_this()](beast::error_code ec, size_t n) {
                            if (ec) return self->closeNow();
                            self->buffer_.commit(n);
                            self->readHead();
                          });
}

void Session::readHead() {
  parser_.emplace();
  parser_->header_limit(state_->options.maxHeaderBytes);
  // Set per request once the head is known. (Not boost::none: Boost 1.74 compares a content
  // length against an empty optional as "greater", i.e. over the limit.)
  parser_->body_limit(std::numeric_limits<uint64_t>::max());
  startReadDeadline(state_->options.headerTimeout);
  bhttp::async_read_header(
      stream_, buffer_, *parser_,
      [self = shared_from_this()](beast::error_code ec, size_t) { self->onHead(ec); });
}

// The stream's own timeout closes the socket when it fires, which would leave no way to answer
// 408; this deadline only cancels the read, and the read's handler answers.
void Session::startReadDeadline(std::chrono::milliseconds limit) {
  stream_.expires_never();
  readTimedOut_ = false;
  readDeadline_.expires_after(limit);
  readDeadline_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec) return;  // cancelled: the read finished first
    self->readTimedOut_ = true;
    beast::error_code ignored;
    self->stream_.socket().cancel(ignored);
  });
}

bool Session::readFailed(beast::error_code ec, const char* part) {
  readDeadline_.cancel();
  if (!ec) return false;
  if (readTimedOut_ || ec == beast::error::timeout) {
    protocolError(408, "request_timeout",
                  std::string("the request ") + part + " did not arrive in time");
  } else if (ec == bhttp::error::header_limit) {
    protocolError(431, "header_too_large", "the request head is larger than the server accepts");
  } else if (ec == bhttp::error::body_limit) {
    protocolError(413, "body_too_large", "the request body is larger than this route accepts");
  } else if (ec == bhttp::error::end_of_stream || ec == net::error::eof ||
             ec == net::error::connection_reset || ec == net::error::operation_aborted) {
    closeNow();  // the client left (or shutdown closed the socket)
  } else {
    protocolError(400, "malformed_request", "malformed HTTP request: " + ec.message());
  }
  return true;
}

void Session::onHead(beast::error_code ec) {
  if (readFailed(ec, "head")) return;

  const auto& head = parser_->get();
  if (head.version() != 11 && head.version() != 10) {
    return protocolError(505, "http_version", "only HTTP/1.0 and HTTP/1.1 are supported");
  }
  const uint64_t limit =
      state_->options.bodyLimit
          ? state_->options.bodyLimit(view(head.method_string()), view(head.target()))
          : uint64_t{16} << 20;
  const auto length = parser_->content_length();
  if (length && *length > limit) {
    return protocolError(413, "body_too_large",
                         "the request body (" + std::to_string(*length) +
                             " bytes) is larger than the " + std::to_string(limit) +
                             " bytes this route accepts");
  }
  parser_->body_limit(limit);

  const auto expect = head.find(bhttp::field::expect);
  if (expect != head.end() && beast::iequals(expect->value(), "100-continue") &&
      !parser_->is_done()) {
    // The client waits for this before sending the body (curl does for bodies over 1 KiB).
    static const std::string kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
    stream_.expires_after(state_->options.writeTimeout);
    net::async_write(stream_, net::buffer(kContinue),
                     [self = shared_from_this()](beast::error_code ec2, size_t) {
                       if (ec2) return self->closeNow();
                       self->readBody();
                     });
    return;
  }
  readBody();
}

void Session::readBody() {
  startReadDeadline(state_->options.bodyTimeout);
  bhttp::async_read(
      stream_, buffer_, *parser_,
      [self = shared_from_this()](beast::error_code ec, size_t) { self->onBody(ec); });
}

void Session::onBody(beast::error_code ec) {
  if (readFailed(ec, "body")) return;
  dispatch();
}

void Session::dispatch() {
  stream_.expires_never();
  auto message = parser_->release();
  parser_.reset();

  Request request;
  request.id = state_->nextRequestId.fetch_add(1);
  request.method = std::string(view(message.method_string()));
  request.target = std::string(view(message.target()));
  request.headers.reserve(8);
  for (const auto& field : message) {
    request.headers.emplace_back(lowerCase(view(field.name_string())),
                                 std::string(view(field.value())));
  }
  request.body = std::move(message.body());
  request.remoteAddress = remote_;
  request.remoteIsLoopback = remoteLoopback_;
  request.received = std::chrono::steady_clock::now();

  http10_ = message.version() == 10;
  headRequest_ = message.method() == bhttp::verb::head;
  keepAlive_ = message.keep_alive() && !state_->draining.load();
  requestId_ = request.id;
  received_ = request.received;
  inFlight_ = true;
  ending_ = false;
  closeAfter_ = false;
  responseStatus_ = 0;
  responseBodyBytes_ = 0;
  cancelled_ = std::make_shared<std::atomic<bool>>(false);
  flow_ = std::make_shared<StreamFlow>();
  {
    std::lock_guard lock(completionMutex_);
    completion_ = nullptr;
  }
  watchForDisconnect();

  auto exchange = std::make_shared<SessionExchange>(shared_from_this(), std::move(request));
  try {
    state_->handler(exchange);
  } catch (const std::exception& e) {
    // A handler must answer; if it threw instead, the exchange answers 500 when dropped.
    (void)e;
  }
}

// While a request runs nothing is read, so a client that hangs up would go unnoticed until
// its answer is written. Waiting for readability and peeking tells a close (0 bytes) from a
// pipelined next request (data, which stays in the socket for the next read).
void Session::watchForDisconnect() {
  watching_ = true;
  stream_.socket().async_wait(tcp::socket::wait_read, [self = shared_from_this(),
                                                       id = requestId_](beast::error_code ec) {
    if (!self->inFlight_ || self->requestId_ != id) {
      self->watching_ = false;
      return;
    }
    if (ec == net::error::operation_aborted) {
      self->watching_ = false;
      return;
    }
    char byte;
    const ssize_t n =
        ec ? -1 : ::recv(self->stream_.socket().native_handle(), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    if (n > 0) {  // a pipelined request: stop watching
      self->watching_ = false;
      return;
    }
    if (n < 0 && !ec && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      return self->watchForDisconnect();
    }
    self->watching_ = false;
    // The client hung up: cancel its query and close now, so the request is logged as 499
    // (client closed) and the cancelled query's late answer goes nowhere.
    self->keepAlive_ = false;
    self->closeNow();
  });
}

void Session::protocolError(unsigned status, std::string code, std::string message) {
  if (state_->options.onProtocolError) state_->options.onProtocolError(status, code, remote_);
  const HttpError error(status, std::move(code), std::move(message));
  const std::string body = error.body();
  std::string bytes;
  ResponseHead head;
  head.status = status;
  head.contentType = "application/json";
  head.contentLength = body.size();
  head.keepAlive = false;
  appendResponseHead(head, bytes);
  bytes += body;
  inFlight_ = true;
  keepAlive_ = false;
  lingerOnClose_ = true;
  parser_.reset();
  enqueue(std::move(bytes), body.size(), /*endsResponse=*/true);
}

void Session::postWhole(Response response) {
  net::post(stream_.get_executor(), [self = shared_from_this(), response = std::move(response)] {
    if (!self->inFlight_ || self->closed_) return;
    std::string bytes;
    ResponseHead head;
    head.status = response.status;
    head.contentType = response.contentType;
    head.headers = &response.headers;
    head.contentLength = response.body.size();
    head.keepAlive = self->keepAlive_ && !self->state_->draining.load();
    head.http10 = self->http10_;
    head.requestId = self->requestId_;
    self->keepAlive_ = head.keepAlive;
    bytes.reserve(256 + response.body.size());
    appendResponseHead(head, bytes);
    // HEAD: the same head as GET (Content-Length included), no body.
    const uint64_t bodyBytes = self->headRequest_ ? 0 : response.body.size();
    if (!self->headRequest_) bytes += response.body;
    self->responseStatus_ = response.status;
    self->enqueue(std::move(bytes), bodyBytes, /*endsResponse=*/true);
  });
}

void Session::postBytes(std::string bytes, uint64_t bodyBytes, bool endsResponse, unsigned status) {
  net::post(stream_.get_executor(), [self = shared_from_this(), bytes = std::move(bytes), bodyBytes,
                                     endsResponse, status]() mutable {
    if (status != 0) self->responseStatus_ = status;
    // HTTP/1.0 streams without framing: the body ends when the connection closes, which
    // responseDone does once the last bytes are written.
    if (status != 0 && self->http10_) self->keepAlive_ = false;
    if (self->closed_) return self->flow_->fail();
    self->enqueue(std::move(bytes), bodyBytes, endsResponse);
  });
}

void Session::postAbort() {
  net::post(stream_.get_executor(), [self = shared_from_this()] {
    self->keepAlive_ = false;
    self->closeNow();
  });
}

void Session::setCompletion(Exchange::CompletionHandler handler) {
  std::lock_guard lock(completionMutex_);
  completion_ = std::move(handler);
}

void Session::enqueue(std::string bytes, uint64_t bodyBytes, bool endsResponse) {
  if (closed_) return;
  outbox_.emplace_back(std::move(bytes), bodyBytes);
  if (endsResponse) ending_ = true;
  writeNext();
}

void Session::writeNext() {
  if (writing_ || outbox_.empty() || closed_) return;
  writing_ = true;
  stream_.expires_after(state_->options.writeTimeout);
  net::async_write(stream_, net::buffer(outbox_.front().first),
                   [self = shared_from_this()](beast::error_code ec, size_t) {
                     self->writing_ = false;
                     if (self->outbox_.empty()) return;  // closed meanwhile
                     const size_t written = self->outbox_.front().first.size();
                     self->responseBodyBytes_ += self->outbox_.front().second;
                     self->outbox_.pop_front();
                     if (self->flow_) self->flow_->release(written);
                     if (ec) {
                       self->keepAlive_ = false;
                       // Null on a connection that failed before its first request.
                       if (self->cancelled_) self->cancelled_->store(true);
                       return self->closeNow();
                     }
                     if (!self->outbox_.empty()) return self->writeNext();
                     if (self->ending_) self->responseDone();
                   });
}

void Session::responseDone() {
  stream_.expires_never();
  inFlight_ = false;
  ending_ = false;
  Exchange::CompletionHandler completion;
  {
    std::lock_guard lock(completionMutex_);
    completion = std::move(completion_);
    completion_ = nullptr;
  }
  if (completion) completion(responseStatus_, responseBodyBytes_);
  if (watching_) {
    beast::error_code ec;
    stream_.socket().cancel(ec);  // ends the disconnect watch
  }
  if (!keepAlive_ || state_->draining.load()) {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    if (lingerOnClose_ && !state_->draining.load()) return lingerThenClose();
    return closeNow();
  }
  waitForRequest();
}

void Session::lingerThenClose() {
  constexpr auto kLinger = std::chrono::seconds(2);
  inFlight_ = false;
  readDeadline_.expires_after(kLinger);
  readDeadline_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (!ec) self->closeNow();
  });
  lingerRead();
}

void Session::lingerRead() {
  stream_.socket().async_read_some(net::buffer(lingerBuffer_),
                                   [self = shared_from_this()](beast::error_code ec, size_t) {
                                     if (ec || self->closed_)
                                       return self->closeNow();  // the client closed: done
                                     self->lingerRead();
                                   });
}

void Session::closeNow() {
  if (closed_) return;
  closed_ = true;
  if (flow_) flow_->fail();
  if (cancelled_ && inFlight_) cancelled_->store(true);
  if (inFlight_) {
    Exchange::CompletionHandler completion;
    {
      std::lock_guard lock(completionMutex_);
      completion = std::move(completion_);
      completion_ = nullptr;
    }
    // The answer did not (completely) reach the client: logged as such (status 499 is the
    // conventional "client closed request" code in access logs).
    if (completion) completion(responseStatus_ == 0 ? 499 : responseStatus_, responseBodyBytes_);
  }
  outbox_.clear();
  readDeadline_.cancel();  // else its handler keeps the session alive until it fires
  beast::error_code ec;
  stream_.socket().close(ec);
}

void Session::drain() {
  net::post(stream_.get_executor(), [self = shared_from_this()] {
    if (!self->inFlight_) return self->closeNow();
    self->keepAlive_ = false;
  });
}

void Session::cancelInFlight() {
  net::post(stream_.get_executor(), [self = shared_from_this()] {
    if (!self->inFlight_) return;
    if (self->cancelled_) self->cancelled_->store(true);
    // A producer waiting for a client that does not read would otherwise wait for the write
    // timeout; failing the flow wakes it with kCancelled.
    if (self->flow_) self->flow_->fail();
  });
}

void Session::abandon() {
  if (flow_) flow_->fail();
  if (cancelled_) cancelled_->store(true);
}

}  // namespace cairn::server::http
