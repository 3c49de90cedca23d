// `cairn serve`: run the HTTP server until SIGINT or SIGTERM, then shut down gracefully (stop
// accepting, let requests in flight finish for the grace period, cancel the rest, close the
// store).

#include <sys/resource.h>

#include <csignal>
#include <cstdio>

#include "core/error.h"
#include "core/io/allocator_tuning.h"
#include "index/ledger/ledger_name.h"
#include "server/cli/commands.h"
#include "server/service/cairn_server.h"

namespace cairn::server {
namespace {

// Each idle keep-alive connection holds a descriptor; the default soft limit (often 1024) would
// cap the server far below what it can hold.
void raiseDescriptorLimit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

ServerConfig configFrom(const ServeArgs& args) {
  ServerConfig config =
      args.configFile.empty() ? ServerConfig{} : loadServerConfig(args.configFile);
  if (!args.listen.empty()) parseListenAddress(args.listen, config);
  if (!args.data.empty()) config.dataDirectory = args.data;
  if (args.queryThreads > 0) config.queryThreads = args.queryThreads;
  for (const std::string& spec : args.initialLedgers) {
    const size_t eq = spec.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size()) {
      throw core::Error(core::ErrorCode::kInvalidArgument,
                        "--load takes NAME=FILE, not '" + spec + "'");
    }
    config.initialLedgers.emplace_back(spec.substr(0, eq), spec.substr(eq + 1));
  }
  config.corsOrigins.insert(config.corsOrigins.end(), args.corsOrigins.begin(),
                            args.corsOrigins.end());
  validate(config);
  return config;
}

std::string urlHost(const std::string& address) {
  if (address == "0.0.0.0" || address == "::") return "127.0.0.1";
  return address.find(':') != std::string::npos ? "[" + address + "]" : address;
}

}  // namespace

void runServe(const ServeArgs& args) {
  const ServerConfig config = configFrom(args);
  raiseDescriptorLimit();

  // Signals are taken by sigwait on this thread only: block them before any thread starts so
  // every thread inherits the mask.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  CairnServer server(config, !args.noAccessLog,
                     [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); });
  server.start();
  const std::string base =
      "http://" + urlHost(config.listenAddress) + ":" + std::to_string(server.port());
  std::fprintf(stderr, "cairn is listening on %s (data: %s; allocator: %s)\n", base.c_str(),
               config.dataDirectory.c_str(), core::allocatorInUse().c_str());
  const auto names = server.ledgers().names();
  const std::string example = names.empty() ? "LEDGER" : names.front();
  std::fprintf(stderr,
               "try:\n  curl %s/ledgers\n  curl %s/ledgers/%s/sparql --data-urlencode "
               "'query=SELECT * WHERE { ?s ?p ?o } LIMIT 5'\n",
               base.c_str(), base.c_str(), example.c_str());
  std::fflush(stderr);

  int received = 0;
  sigwait(&signals, &received);
  std::fprintf(stderr, "%s: shutting down (grace %lld ms)\n",
               received == SIGINT ? "SIGINT" : "SIGTERM",
               static_cast<long long>(config.shutdownGrace.count()));
  server.stop();
  std::fprintf(stderr, "stopped\n");
}

}  // namespace cairn::server
