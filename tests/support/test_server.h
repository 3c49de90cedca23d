#pragma once
// TestServer: a whole Cairn server (server::CairnServer) running in-process for end-to-end
// tests, on a free loopback port, over a fresh data directory that is removed afterwards. Its
// initial ledgers come from RDF text the test gives, written to files in that directory and
// loaded on start exactly as `initial-ledgers` in a config file would be. The access log is off.
//
// Also here: reading one sample out of the Prometheus text /metrics answers, and waiting for a
// condition with a bound (metrics are counted when a response has been written, which may be a
// moment after the client has read it).
//
// Thread-safety: construct, stop and destroy on one thread. stop() may be called from another
// thread while the test thread is blocked in a request, as long as only one thread stops.

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/config/server_config.h"
#include "server/service/cairn_server.h"

namespace cairn::testing {

struct TestLedgerFile {
  std::string name;      // the ledger
  std::string fileName;  // its extension gives the format: .ttl, .trig, .nt, .nq
  std::string content;
};

class TestServer {
 public:
  // `configure` adjusts the config (limits, tokens, ...) after the test defaults are set: port
  // 0, the data directory, the ledgers, 2 query threads, a 500 ms shutdown grace. Throws what
  // CairnServer::start throws.
  explicit TestServer(std::vector<TestLedgerFile> ledgers,
                      const std::function<void(server::ServerConfig&)>& configure = {});
  ~TestServer();
  TestServer(const TestServer&) = delete;
  TestServer& operator=(const TestServer&) = delete;

  uint16_t port() const { return port_; }
  // A scratch directory of the test's own (beside the data directory), for files to import.
  const std::filesystem::path& directory() const { return directory_; }
  server::CairnServer& server() { return *server_; }
  const server::ServerConfig& config() const { return server_->config(); }
  // Stops the server (idempotent); the destructor does it too.
  void stop() { server_->stop(); }
  // Stops the server and starts a new one with the same config over the same data directory,
  // as a process restart would: ledgers are reopened (initial ledgers that exist are not loaded
  // again) and their commits replayed. The new server listens on a new port. Throws what
  // CairnServer::start throws.
  void restart();

 private:
  std::filesystem::path directory_;
  std::unique_ptr<server::CairnServer> server_;
  uint16_t port_ = 0;
};

// The value of one sample in Prometheus exposition text: `series` is the metric name with its
// labels exactly as rendered ("cairn_http_requests_total{route=\"sparql\",status=\"200\"}").
// nullopt when there is no such line.
std::optional<double> metricSample(std::string_view exposition, std::string_view series);

// Calls `condition` until it is true or `limit` has passed; returns its last answer.
bool eventually(const std::function<bool()>& condition,
                std::chrono::milliseconds limit = std::chrono::milliseconds(10'000));

}  // namespace cairn::testing
