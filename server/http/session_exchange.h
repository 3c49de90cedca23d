#pragma once
// The Exchange and ResponseStream of a Session (internal to server/http).

#include <memory>
#include <string>

#include "server/http/http_exchange.h"

namespace cairn::server::http {

class Session;

class SessionExchange final : public Exchange {
 public:
  SessionExchange(std::shared_ptr<Session> session, Request request);
  ~SessionExchange() override;  // answers 500 if nothing answered

  const Request& request() const override { return request_; }
  std::string takeBody() override { return std::move(request_.body); }
  void respond(Response response) override;
  std::unique_ptr<ResponseStream> stream(unsigned status, std::string contentType,
                                         HeaderList headers) override;
  std::shared_ptr<const std::atomic<bool>> cancelled() const override;
  void onComplete(CompletionHandler handler) override;

 private:
  std::shared_ptr<Session> session_;
  Request request_;
  std::atomic<bool> answered_{false};
};

}  // namespace cairn::server::http
