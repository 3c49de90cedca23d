// The `cairn` command: one binary, sub-commands for every job (import, stats, scan; serve, query
// and update arrive with their issues).

#include <CLI/CLI.hpp>
#include <cstdio>

#include "core/error.h"
#include "server/cli/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"Cairn: a temporal graph database (SPARQL 1.1, openCypher)", "cairn"};
  app.require_subcommand(1);
  cairn::server::addImportCommand(app);
  cairn::server::addStatsCommand(app);
  cairn::server::addScanCommand(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const cairn::core::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.message().c_str());
    return e.code() == cairn::core::ErrorCode::kSyntaxError ? 3 : 1;
  }
  return 0;
}
