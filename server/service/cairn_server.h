#pragma once
// CairnServer: the whole server assembled from its configuration — the embedded store and
// its ledgers, the query pool, metrics, the access log, the routes, and the HTTP listener —
// with an orderly start and stop. `cairn serve` runs one; the end-to-end tests run one
// in-process on a free port.
//
// Thread-safety: start() and stop() from one controlling thread.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "server/config/server_config.h"
#include "server/ledgers/ledger_registry.h"
#include "server/observability/metrics.h"

namespace cairn::server {

class CairnServer {
 public:
  // `log` receives progress lines (initial ledger loads); null: silent.
  explicit CairnServer(ServerConfig config, bool accessLog = true,
                       std::function<void(const std::string&)> log = nullptr);
  ~CairnServer();  // stop()

  // Opens the store, loads each initial ledger that does not exist yet, and starts listening.
  // Throws core::Error (kStorageError: store; kSyntaxError / kNotFound: an initial ledger's
  // file; kUnsupported: the port cannot be bound).
  void start();
  uint16_t port() const;
  // Stops accepting, lets requests finish for the configured grace period, cancels the rest,
  // and closes the store. Idempotent.
  void stop();

  const ServerConfig& config() const { return config_; }
  LedgerRegistry& ledgers();
  observability::MetricsRegistry& metrics() { return metrics_; }

 private:
  struct Running;
  ServerConfig config_;
  bool accessLogEnabled_;
  std::function<void(const std::string&)> log_;
  observability::MetricsRegistry metrics_;
  std::unique_ptr<Running> running_;
};

}  // namespace cairn::server
