#include "tests/support/test_server.h"

#include <stdlib.h>

#include <fstream>
#include <stdexcept>
#include <thread>

namespace cairn::testing {
namespace {

std::filesystem::path makeDirectory() {
  std::string pattern = (std::filesystem::temp_directory_path() / "cairn-e2e-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  return pattern;
}

}  // namespace

TestServer::TestServer(std::vector<TestLedgerFile> ledgers,
                       const std::function<void(server::ServerConfig&)>& configure)
    : directory_(makeDirectory()) {
  server::ServerConfig config;
  config.listenAddress = "127.0.0.1";
  config.port = 0;
  config.dataDirectory = (directory_ / "data").string();
  // Two, not the core count: the same on every machine, and still enough to run queries while
  // another is stuck in a test.
  config.queryThreads = 2;
  config.shutdownGrace = std::chrono::milliseconds(500);
  config.cacheBytes = uint64_t{64} << 20;
  for (const TestLedgerFile& ledger : ledgers) {
    const std::filesystem::path file = directory_ / ledger.fileName;
    std::ofstream out(file, std::ios::binary);
    out << ledger.content;
    out.close();
    if (!out) throw std::runtime_error("cannot write " + file.string());
    config.initialLedgers.emplace_back(ledger.name, file.string());
  }
  if (configure) configure(config);
  server::validate(config);
  server_ = std::make_unique<server::CairnServer>(std::move(config), /*accessLog=*/false);
  try {
    server_->start();
  } catch (...) {
    server_.reset();
    std::error_code ignored;
    std::filesystem::remove_all(directory_, ignored);
    throw;
  }
  port_ = server_->port();
}

void TestServer::restart() {
  server::ServerConfig config = server_->config();
  server_.reset();  // stops, flushes and closes the store before it is opened again
  server_ = std::make_unique<server::CairnServer>(std::move(config), /*accessLog=*/false);
  server_->start();
  port_ = server_->port();
}

TestServer::~TestServer() {
  server_.reset();  // stops first: the store lives in the directory
  std::error_code ignored;
  std::filesystem::remove_all(directory_, ignored);
}

std::optional<double> metricSample(std::string_view exposition, std::string_view series) {
  size_t start = 0;
  while (start < exposition.size()) {
    size_t end = exposition.find('\n', start);
    if (end == std::string_view::npos) end = exposition.size();
    const std::string_view line = exposition.substr(start, end - start);
    start = end + 1;
    if (line.size() > series.size() && line.starts_with(series) && line[series.size()] == ' ') {
      return std::stod(std::string(line.substr(series.size() + 1)));
    }
  }
  return std::nullopt;
}

bool eventually(const std::function<bool()>& condition, std::chrono::milliseconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  for (;;) {
    if (condition()) return true;
    if (std::chrono::steady_clock::now() >= deadline) return condition();
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

}  // namespace cairn::testing
