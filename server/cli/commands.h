#pragma once
// The `cairn` sub-commands. Each add*Command registers its flags on the app; the callback runs
// the command and throws core::Error on failure (main prints it and picks the exit code).

namespace CLI {
class App;
}

namespace cairn::server {

void addImportCommand(CLI::App& app);
void addStatsCommand(CLI::App& app);
void addScanCommand(CLI::App& app);
void addQueryCommand(CLI::App& app);
void addServeCommand(CLI::App& app);

}  // namespace cairn::server
