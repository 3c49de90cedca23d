// The `cairn` command: one binary, sub-commands for every job (import, stats, scan, query,
// serve; update arrives with the write path).

#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>

#include "core/error.h"
#include "server/cli/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"Cairn: a temporal graph database (SPARQL 1.1, openCypher)", "cairn"};
  app.require_subcommand(1);
  cairn::server::addImportCommand(app);
  cairn::server::addStatsCommand(app);
  cairn::server::addScanCommand(app);
  cairn::server::addQueryCommand(app);
  cairn::server::addServeCommand(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const cairn::core::Error& e) {
    // Import errors already read "file:line:column: message"; others get the position here.
    const std::string position = ":" + std::to_string(e.line()) + ":" + std::to_string(e.column());
    if (e.line() > 0 && e.message().find(position) == std::string::npos) {
      std::fprintf(stderr, "error: line %llu, column %llu: %s\n",
                   static_cast<unsigned long long>(e.line()),
                   static_cast<unsigned long long>(e.column()), e.message().c_str());
    } else {
      std::fprintf(stderr, "error: %s\n", e.message().c_str());
    }
    return e.code() == cairn::core::ErrorCode::kSyntaxError ? 3 : 1;
  }
  return 0;
}
