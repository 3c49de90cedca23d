#include "server/api/cors.h"

#include <algorithm>
#include <utility>

namespace cairn::server::api {
namespace {

// Headers a cross-origin script may read besides the CORS-safelisted ones.
constexpr const char* kExposedHeaders = "Location, ETag, Retry-After, X-Request-Id, Allow";
constexpr const char* kAllowedMethods = "GET, HEAD, POST, PUT, DELETE";
constexpr const char* kAllowedHeaders = "Accept, Authorization, Content-Type, If-None-Match";

http::HeaderList corsHeaders(const std::string& allowOrigin) {
  http::HeaderList headers = {{"Access-Control-Allow-Origin", allowOrigin},
                              {"Access-Control-Expose-Headers", kExposedHeaders}};
  // An answer that names one origin differs by Origin: caches must keep them apart.
  if (allowOrigin != "*") headers.emplace_back("Vary", "Origin");
  return headers;
}

void append(http::HeaderList& headers, const http::HeaderList& more) {
  headers.insert(headers.end(), more.begin(), more.end());
}

// Forwards everything to the wrapped exchange, adding the CORS headers to its answer.
class CorsExchange final : public http::Exchange {
 public:
  CorsExchange(std::shared_ptr<http::Exchange> inner, http::HeaderList headers)
      : inner_(std::move(inner)), headers_(std::move(headers)) {}

  const http::Request& request() const override { return inner_->request(); }
  std::string takeBody() override { return inner_->takeBody(); }
  void respond(http::Response response) override {
    append(response.headers, headers_);
    inner_->respond(std::move(response));
  }
  std::unique_ptr<http::ResponseStream> stream(unsigned status, std::string contentType,
                                               http::HeaderList headers) override {
    append(headers, headers_);
    return inner_->stream(status, std::move(contentType), std::move(headers));
  }
  std::shared_ptr<const std::atomic<bool>> cancelled() const override {
    return inner_->cancelled();
  }
  void onComplete(CompletionHandler handler) override { inner_->onComplete(std::move(handler)); }

 private:
  std::shared_ptr<http::Exchange> inner_;
  http::HeaderList headers_;
};

}  // namespace

CorsPolicy::CorsPolicy(std::vector<std::string> origins) : origins_(std::move(origins)) {
  any_ = std::find(origins_.begin(), origins_.end(), "*") != origins_.end();
}

std::optional<std::string> CorsPolicy::allowedOrigin(const http::Request& request) const {
  if (!enabled()) return std::nullopt;
  const std::string* origin = request.header("origin");
  if (origin == nullptr) return std::nullopt;
  if (any_) return std::string("*");
  if (std::find(origins_.begin(), origins_.end(), *origin) != origins_.end()) return *origin;
  return std::nullopt;
}

bool CorsPolicy::isPreflight(const http::Request& request) {
  return request.method == "OPTIONS" && request.header("access-control-request-method") != nullptr;
}

http::Response CorsPolicy::preflightResponse() {
  http::HeaderList headers;
  headers.emplace_back("Access-Control-Allow-Methods", kAllowedMethods);
  // A fixed list: a browser refuses a request that needs a header not on it, which is the
  // answer we mean.
  headers.emplace_back("Access-Control-Allow-Headers", kAllowedHeaders);
  headers.emplace_back("Access-Control-Max-Age", "600");
  return http::Response{204, "", std::move(headers), ""};
}

std::shared_ptr<http::Exchange> CorsPolicy::withHeaders(std::shared_ptr<http::Exchange> exchange,
                                                        const std::string& allowOrigin) {
  return std::make_shared<CorsExchange>(std::move(exchange), corsHeaders(allowOrigin));
}

}  // namespace cairn::server::api
