#pragma once
// The live server of the W3C protocol runners (tests/conformance/sparql_protocol_runner.cpp,
// graph_store_runner.cpp): a whole Cairn server started in-process on a free loopback port over
// a fresh data directory, which is removed when the RunnerServer goes. Each test then gets a
// ledger of its own through POST /ledgers, so tests cannot see each other's graphs.
//
// Thread-safety: construct, use and destroy on one thread.

#include <filesystem>
#include <memory>
#include <string>

#include "server/service/cairn_server.h"
#include "tests/support/strict_http.h"

namespace cairn::testing {

class RunnerServer {
 public:
  // Starts the server (one I/O thread, two query threads, a 64 MiB cache); `accessLog` writes
  // one line per request to stderr. Throws core::Error when the directory or server cannot be
  // made.
  explicit RunnerServer(bool accessLog);
  ~RunnerServer();
  RunnerServer(const RunnerServer&) = delete;
  RunnerServer& operator=(const RunnerServer&) = delete;

  const Endpoint& endpoint() const { return endpoint_; }
  void stop() { server_->stop(); }

 private:
  std::filesystem::path directory_;
  std::unique_ptr<server::CairnServer> server_;
  Endpoint endpoint_;
};

// Creates ledger `name` through POST /ledgers?name=, with `trig` (a TriG document, may be
// empty) as its data. "" on success (201), else what went wrong with the server's answer.
std::string createLedger(const Endpoint& endpoint, const std::string& name,
                         const std::string& trig);

}  // namespace cairn::testing
