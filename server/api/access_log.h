#pragma once
// The structured access log: one JSON object per line and request — request id, remote
// address, method, route, target, status, body bytes, milliseconds, and the token name when the
// request carried one. Written through spdlog (to a file, or stderr when no path is given).
//
// Thread-safety: record() may be called from any thread.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace spdlog {
class logger;
}

namespace cairn::server::api {

struct AccessRecord {
  uint64_t requestId = 0;
  std::string_view remote;
  std::string_view method;
  std::string_view route;   // the route's name ("sparql", "ledger", ...), "-" when none matched
  std::string_view target;  // the raw target, cut to 512 bytes
  unsigned status = 0;
  uint64_t bytes = 0;
  double milliseconds = 0;
  std::string_view token;  // the token's name, empty without one
};

class AccessLog {
 public:
  // Empty path: stderr. `enabled` false: record() does nothing (tests, benchmarks).
  explicit AccessLog(const std::string& path, bool enabled = true);
  ~AccessLog();
  void record(const AccessRecord& record);
  void flush();

 private:
  std::shared_ptr<spdlog::logger> logger_;
};

}  // namespace cairn::server::api
