// The `cairn` command: one binary, sub-commands for every job (import, stats, scan, query,
// update, index, gc, backup, restore, serve).
//
// This is the only file that includes CLI11 (it costs seconds of compile time per translation
// unit): every sub-command's flags, help texts, defaults and checks are registered here and fill
// the plain options structs of server/cli/commands.h, whose run functions do the work.

#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <string>

#include "core/error.h"
#include "core/io/allocator_tuning.h"
#include "server/cli/build_info.h"
#include "server/cli/commands.h"

namespace cairn::server {
namespace {

void addImportCommand(CLI::App& app) {
  auto args = std::make_shared<ImportArgs>();
  CLI::App* cmd = app.add_subcommand(
      "import", "Bulk-load N-Triples, N-Quads, Turtle or TriG files (.gz/.zst too) into a ledger");
  cmd->add_option("--data", args->data, "Data directory")->capture_default_str();
  cmd->add_option("--ledger", args->ledger, "Ledger to create")->required();
  cmd->add_option("--graph", args->graph, "Graph IRI for statements that name no graph");
  cmd->add_option("--format", args->format,
                  "Input format (ntriples, nquads, turtle, trig); default: by file extension");
  cmd->add_option("--memory", args->memory, "Memory budget; beyond it sorting spills to disk")
      ->capture_default_str();
  cmd->add_option("--threads", args->threads, "Worker threads (default: one per core)");
  cmd->add_option("--tmp-dir", args->scratch, "Where to spill (default: DATA/tmp)");
  cmd->add_flag("--skip-invalid", args->skipInvalid,
                "Skip statements with syntax errors and report them, instead of stopping");
  cmd->add_flag("--replace", args->replace, "Rebuild the ledger if it exists");
  cmd->add_flag("--declare-prefixes", args->declarePrefixes,
                "Declare the Turtle/TriG files' prefixes in the ledger, so Cypher names like "
                "foaf__Person read their IRIs");
  cmd->add_flag("--json", args->json, "Print the summary as JSON");
  cmd->add_option("files", args->files, "Input files")->required()->check(CLI::ExistingFile);
  cmd->callback([args] { runImport(*args); });
}

void addStatsCommand(CLI::App& app) {
  auto args = std::make_shared<StatsArgs>();
  CLI::App* cmd =
      app.add_subcommand("stats", "Print a ledger's counts and per-predicate statistics");
  cmd->add_option("--data", args->data, "Data directory")->capture_default_str();
  cmd->add_option("--ledger", args->ledger, "Ledger to describe")->required();
  cmd->add_option("--classes", args->classes, "Classes to list per rdf:type predicate")
      ->capture_default_str();
  cmd->add_flag("--json", args->json, "Print JSON");
  cmd->callback([args] { runStats(*args); });
}

void addScanCommand(CLI::App& app) {
  auto args = std::make_shared<ScanArgs>();
  CLI::App* cmd = app.add_subcommand(
      "scan",
      "Match one triple pattern, e.g. '?s <http://schema.org/name> ?o', and print N-Triples");
  cmd->add_option("--data", args->data, "Data directory")->capture_default_str();
  cmd->add_option("--ledger", args->ledger, "Ledger to read")->required();
  cmd->add_option("--graph", args->graph, "Graph IRI (default: the default graph)");
  cmd->add_option("--limit", args->limit, "Stop after this many triples (0: no limit)")
      ->capture_default_str();
  cmd->add_flag("--count", args->count, "Print only the number of matches (from directories)");
  cmd->add_option("pattern", args->pattern, "subject predicate object; ?name for a variable")
      ->required();
  cmd->callback([args] { runScan(*args); });
}

void addQueryCommand(CLI::App& app) {
  auto args = std::make_shared<QueryArgs>();
  CLI::App* cmd =
      app.add_subcommand("query", "Run a SPARQL query or a Cypher statement against a ledger");
  cmd->add_option("--data", args->data, "Data directory")->capture_default_str();
  cmd->add_option("--ledger", args->ledger, "Ledger to query")->required();
  cmd->add_option("--lang", args->lang,
                  "sparql or cypher (default: cypher for @FILE.cypher / .cyp, else sparql)")
      ->check(CLI::IsMember({"sparql", "cypher"}));
  cmd->add_option("--params", args->params,
                  "Cypher parameters as a JSON object, e.g. '{\"name\": \"Ann\"}'");
  cmd->add_option("--format", args->format,
                  "json|xml|csv|tsv|table; graphs: nt|ttl|jsonld|rdfxml; Cypher: table|json")
      ->capture_default_str();
  cmd->add_flag("--explain", args->explain, "Print the plan instead of running the query");
  cmd->add_flag("--analyze", args->analyze,
                "Run the query, then print the plan with actual rows, time and memory");
  cmd->add_option("--plan-format", args->planFormat, "Plan output: text or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  cmd->add_option("--timeout-ms", args->timeoutMs, "Cancel the query after this long (0: never)")
      ->capture_default_str();
  CLI::Option* t = cmd->add_option("--t", args->t, "Read the ledger as it was at commit t");
  CLI::Option* asOf =
      cmd->add_option("--as-of", args->asOf,
                      "Read the ledger as it was at an ISO-8601 time, e.g. 2026-12-01T12:00:00Z");
  t->excludes(asOf);
  cmd->add_option(
      "--disable", args->disabled,
      "Switch off a rewrite or fast path by name (repeatable; see docs/query-engine.md)");
  cmd->add_option("query", args->query, "The query text, or @FILE")->required();
  cmd->callback([args] { runQuery(*args); });
}

void addUpdateCommand(CLI::App& app) {
  auto args = std::make_shared<UpdateArgs>();
  CLI::App* cmd = app.add_subcommand(
      "update", "Run a SPARQL 1.1 Update against a ledger as one commit (LOAD reads local files)");
  cmd->add_option("--data", args->data, "Data directory")->capture_default_str();
  cmd->add_option("--ledger", args->ledger, "Ledger to change")->required();
  cmd->add_option("--format", args->format, "Output: text or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  cmd->add_option("--timeout-ms", args->timeoutMs, "Cancel the update after this long (0: never)")
      ->capture_default_str();
  cmd->add_option("update", args->update, "The update text, or @FILE")->required();
  cmd->callback([args] { runUpdate(*args); });
}

void addIndexCommand(CLI::App& app) {
  auto args = std::make_shared<IndexArgs>();
  CLI::App* cmd = app.add_subcommand(
      "index",
      "Write a ledger's commits since its index root into a new root: a delta segment, or folded "
      "into the trees (copy-on-write)");
  cmd->add_option("--data", args->data, "Data directory")->capture_default_str();
  cmd->add_option("--ledger", args->ledger, "Ledger to index")->required();
  cmd->add_option("--mode", args->mode,
                  "auto (fold once the delta layer passes 1/16 of the trees), fold, or delta")
      ->check(CLI::IsMember({"auto", "fold", "delta"}))
      ->capture_default_str();
  cmd->add_option("--format", args->format, "Output: text or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  cmd->callback([args] { runIndex(*args); });
}

void addGcCommand(CLI::App& app) {
  auto args = std::make_shared<GcArgs>();
  CLI::App* cmd = app.add_subcommand(
      "gc",
      "Remove blobs no ledger's current root and no commit reaches (the server must be stopped)");
  cmd->add_option("--data", args->data, "Data directory")->capture_default_str();
  cmd->add_option("--retain-roots", args->retainRoots,
                  "Also keep this many earlier index roots of each ledger")
      ->capture_default_str();
  cmd->add_flag("--dry-run", args->dryRun, "Count what would be removed; remove nothing");
  cmd->add_option("--format", args->format, "Output: text or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  cmd->callback([args] { runGc(*args); });
}

void addBackupCommands(CLI::App& app) {
  auto backup = std::make_shared<BackupArgs>();
  CLI::App* cmd = app.add_subcommand(
      "backup",
      "Copy a data directory consistently, also while a server runs on it, and verify it");
  cmd->add_option("--data", backup->data, "Data directory")->capture_default_str();
  cmd->add_option("--to", backup->to, "New directory for the backup")->required();
  cmd->add_option("--format", backup->format, "Output: text or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  cmd->callback([backup] { runBackup(*backup); });

  auto restore = std::make_shared<RestoreArgs>();
  cmd = app.add_subcommand("restore",
                           "Verify a backup and copy it into a data directory (server stopped)");
  cmd->add_option("--from", restore->from, "The backup's directory")->required();
  cmd->add_option("--data", restore->data, "Data directory to restore into")->capture_default_str();
  cmd->add_flag("--replace", restore->replace,
                "Replace a data directory that holds a store (kept aside as "
                "DATA.before-restore-<time>)");
  cmd->add_option("--format", restore->format, "Output: text or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  cmd->callback([restore] { runRestore(*restore); });
}

void addServeCommand(CLI::App& app) {
  auto args = std::make_shared<ServeArgs>();
  CLI::App* cmd = app.add_subcommand("serve", "Run the HTTP server (SPARQL 1.1 Protocol and more)");
  cmd->add_option("--config", args->configFile, "JSON config file (docs/server-config.md)");
  cmd->add_option("--listen", args->listen,
                  "Address to listen on, HOST:PORT (default 127.0.0.1:7878)");
  cmd->add_option("--data", args->data, "Data directory (default ./cairn-data)");
  cmd->add_option("--query-threads", args->queryThreads,
                  "Threads running queries (default: cores)");
  cmd->add_option("--load", args->initialLedgers,
                  "NAME=FILE: create ledger NAME from FILE on start unless it exists (repeatable)");
  cmd->add_option("--cors-origin", args->corsOrigins,
                  "Origin whose pages may call the API from a browser, or * for any (repeatable)");
  cmd->add_flag("--no-access-log", args->noAccessLog, "Do not write the access log");
  cmd->callback([args] { runServe(*args); });
}

}  // namespace
}  // namespace cairn::server

int main(int argc, char** argv) {
  cairn::core::tuneAllocatorForQueries();
  CLI::App app{"Cairn: a temporal graph database (SPARQL 1.1, openCypher)", "cairn"};
  app.set_version_flag("--version", "cairn " + std::string(cairn::server::buildVersion()) +
                                        " (commit " + std::string(cairn::server::buildCommit()) +
                                        ")");
  app.require_subcommand(1);
  cairn::server::addImportCommand(app);
  cairn::server::addStatsCommand(app);
  cairn::server::addScanCommand(app);
  cairn::server::addQueryCommand(app);
  cairn::server::addUpdateCommand(app);
  cairn::server::addIndexCommand(app);
  cairn::server::addGcCommand(app);
  cairn::server::addBackupCommands(app);
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
