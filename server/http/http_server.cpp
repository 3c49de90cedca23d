#include "server/http/http_server.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

#include "core/error.h"
#include "server/http/http_session.h"

namespace cairn::server::http {

namespace net = boost::asio;
using tcp = net::ip::tcp;

struct HttpServer::Impl {
  std::shared_ptr<ServerState> state;
  net::io_context io;
  tcp::acceptor acceptor{io};
  std::vector<std::thread> threads;
  bool running = false;
  uint16_t port = 0;

  std::mutex sessionsMutex;
  std::unordered_map<Session*, std::weak_ptr<Session>> sessions;

  void accept() {
    acceptor.async_accept(net::make_strand(io),
                          [this](boost::system::error_code ec, tcp::socket socket) {
                            if (ec == net::error::operation_aborted || !acceptor.is_open()) return;
                            if (!ec) {
                              auto session = std::make_shared<Session>(std::move(socket), state);
                              {
                                std::lock_guard lock(sessionsMutex);
                                // Forget sessions that have ended; the map never holds more than
                                // the open ones plus those ended since the last accept.
                                for (auto it = sessions.begin(); it != sessions.end();) {
                                  it = it->second.expired() ? sessions.erase(it) : std::next(it);
                                }
                                sessions.emplace(session.get(), session);
                              }
                              session->start();
                            }
                            // EMFILE and the like: keep accepting; the next attempt may succeed
                            // once connections close.
                            accept();
                          });
  }

  std::vector<std::shared_ptr<Session>> liveSessions() {
    std::vector<std::shared_ptr<Session>> live;
    std::lock_guard lock(sessionsMutex);
    for (auto& [key, weak] : sessions) {
      if (auto s = weak.lock()) live.push_back(std::move(s));
    }
    return live;
  }
};

HttpServer::HttpServer(HttpServerOptions options, Handler handler) : impl_(new Impl) {
  impl_->state = std::make_shared<ServerState>();
  impl_->state->options = std::move(options);
  impl_->state->handler = std::move(handler);
}

HttpServer::~HttpServer() { stop(std::chrono::milliseconds(0)); }

void HttpServer::start() {
  const HttpServerOptions& options = impl_->state->options;
  boost::system::error_code ec;
  const auto address = net::ip::make_address(options.address, ec);
  if (ec) {
    throw core::Error(core::ErrorCode::kInvalidArgument,
                      "'" + options.address + "' is not an IP address to listen on");
  }
  const tcp::endpoint endpoint(address, options.port);
  auto fail = [&](const char* what) {
    throw core::Error(core::ErrorCode::kUnsupported,
                      std::string("cannot ") + what + " " + options.address + ":" +
                          std::to_string(options.port) + ": " + ec.message());
  };
  impl_->acceptor.open(endpoint.protocol(), ec);
  if (ec) fail("open a socket for");
  impl_->acceptor.set_option(net::socket_base::reuse_address(true), ec);
  impl_->acceptor.bind(endpoint, ec);
  if (ec) fail("listen on");
  impl_->acceptor.listen(net::socket_base::max_listen_connections, ec);
  if (ec) fail("listen on");
  impl_->port = impl_->acceptor.local_endpoint().port();
  impl_->accept();
  impl_->running = true;
  const unsigned threads = std::max(1u, options.ioThreads);
  for (unsigned i = 0; i < threads; ++i) impl_->threads.emplace_back([this] { impl_->io.run(); });
}

uint16_t HttpServer::port() const { return impl_->port; }

size_t HttpServer::openConnections() const { return impl_->state->openConnections.load(); }

void HttpServer::stop(std::chrono::milliseconds grace) {
  if (!impl_->running) return;
  impl_->running = false;
  impl_->state->draining.store(true);
  net::post(impl_->io, [this] {
    boost::system::error_code ec;
    impl_->acceptor.close(ec);
  });
  for (auto& session : impl_->liveSessions()) session->drain();

  auto waitForSessions = [this](std::chrono::milliseconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (impl_->state->openConnections.load() > 0 &&
           std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  };
  waitForSessions(grace);
  if (impl_->state->openConnections.load() > 0) {
    for (auto& session : impl_->liveSessions()) session->cancelInFlight();
    // Cancelled queries stop at their next check and answer 503; give them a moment.
    waitForSessions(std::chrono::milliseconds(2000));
  }
  impl_->io.stop();
  for (auto& thread : impl_->threads) thread.join();
  impl_->threads.clear();
  for (auto& session : impl_->liveSessions()) session->abandon();
}

}  // namespace cairn::server::http
