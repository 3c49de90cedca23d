#include "server/http/http_exchange.h"

namespace cairn::server::http {

const std::string* Request::header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (key == name) return &value;
  }
  return nullptr;
}

}  // namespace cairn::server::http
