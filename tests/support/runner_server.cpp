#include "tests/support/runner_server.h"

#include <stdlib.h>

#include <cerrno>
#include <cstring>

#include "core/error.h"

namespace cairn::testing {

RunnerServer::RunnerServer(bool accessLog) {
  std::string pattern = (std::filesystem::temp_directory_path() / "cairn-protocol-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    throw core::Error(core::ErrorCode::kStorageError,
                      std::string("cannot create a temporary directory: ") + std::strerror(errno));
  }
  directory_ = pattern;
  server::ServerConfig config;
  config.listenAddress = "127.0.0.1";
  config.port = 0;
  config.dataDirectory = (directory_ / "data").string();
  config.ioThreads = 1;
  config.queryThreads = 2;
  config.cacheBytes = uint64_t{64} << 20;
  config.shutdownGrace = std::chrono::milliseconds(2000);
  try {
    server::validate(config);
    server_ = std::make_unique<server::CairnServer>(config, accessLog);
    server_->start();
  } catch (...) {
    server_.reset();
    std::error_code ignored;
    std::filesystem::remove_all(directory_, ignored);
    throw;
  }
  endpoint_ = Endpoint{config.listenAddress, server_->port()};
}

RunnerServer::~RunnerServer() {
  server_.reset();  // stops the server and closes the store before its files go
  std::error_code ignored;
  std::filesystem::remove_all(directory_, ignored);
}

std::string createLedger(const Endpoint& endpoint, const std::string& name,
                         const std::string& trig) {
  HttpHeaderList headers;
  if (!trig.empty()) headers.emplace_back("Content-Type", "application/trig");
  headers.emplace_back("Connection", "close");
  const std::string bytes = requestBytes("POST", "/ledgers?name=" + name, "1.1", endpoint, headers,
                                         trig.empty() ? std::nullopt : std::optional(trig));
  StrictHttpConnection connection(endpoint);
  auto response = connection.roundTrip(bytes, /*head=*/false);
  if (!response) return "cannot create ledger '" + name + "': " + response.status().message();
  if (response->status != 201) {
    return "cannot create ledger '" + name + "'\n" + describeResponse(*response);
  }
  return {};
}

}  // namespace cairn::testing
