#pragma once
// The `cairn` sub-commands. Each is a plain options struct, filled in by the command line
// (cairn_main.cpp, the only file that sees CLI11, which also holds every flag's name, help text
// and default), and a run function. A run function prints its result to stdout and throws
// core::Error on failure; main prints the error and picks the exit code.
//
// The member initializers are the defaults `cairn <cmd> --help` shows.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cairn::server {

inline constexpr const char* kDefaultDataDirectory = "./cairn-data";

// `cairn import`: bulk-load RDF files into a new ledger (or rebuild one with `replace`).
struct ImportArgs {
  std::string data = kDefaultDataDirectory;
  std::string ledger;
  std::string graph;   // for statements that name no graph; empty: the default graph
  std::string format;  // empty: by file extension
  std::string memory = "2GiB";
  std::string scratch;  // empty: DATA/tmp
  bool skipInvalid = false;
  bool declarePrefixes = false;
  bool replace = false;
  bool json = false;
  unsigned threads = 0;  // 0: one per core
  std::vector<std::string> files;
};
void runImport(const ImportArgs& args);

// `cairn stats`: a ledger's counts and per-predicate statistics.
struct StatsArgs {
  std::string data = kDefaultDataDirectory;
  std::string ledger;
  bool json = false;
  size_t classes = 5;  // classes listed per rdf:type predicate
};
void runStats(const StatsArgs& args);

// `cairn scan`: one triple pattern answered straight from the permutations.
struct ScanArgs {
  std::string data = kDefaultDataDirectory;
  std::string ledger;
  std::string graph;  // empty: the default graph
  std::string pattern;
  uint64_t limit = 100;  // 0: no limit
  bool count = false;
};
void runScan(const ScanArgs& args);

// `cairn query`: one SPARQL query or Cypher statement against a ledger, at its latest commit
// or, for time travel, at commit `t` or at the last commit made by the time `asOf` (at most one
// of the two). A Cypher statement that writes (CREATE) commits and reads no earlier state.
struct QueryArgs {
  std::string lang;    // sparql or cypher; empty: cypher for an @FILE ending .cypher or .cyp
  std::string params;  // Cypher parameters as a JSON object
  std::string data = kDefaultDataDirectory;
  std::string ledger;
  std::string format = "table";
  std::string planFormat = "text";  // text or json
  bool explain = false;
  bool analyze = false;
  uint64_t timeoutMs = 0;  // 0: never
  std::optional<uint64_t> t;
  std::string asOf;  // ISO-8601 (index::parseIsoTimeMillis); empty: not given
  std::vector<std::string> disabled;
  std::string query;  // text, or @FILE
};
void runQuery(const QueryArgs& args);

// `cairn index`: fold a ledger's commits since its index root into a new root now (what the
// server's background indexer does past its threshold) and print what it wrote.
struct IndexArgs {
  std::string data = kDefaultDataDirectory;
  std::string ledger;
  std::string format = "text";  // text or json
  std::string mode = "auto";    // auto, fold or delta (index::IndexBuildOptions::Mode)
};
void runIndex(const IndexArgs& args);

// `cairn gc`: garbage-collect the store's blobs offline (the server must not be running on the
// directory: RocksDB's lock refuses the open then), keeping each ledger's current root,
// `retainRoots` predecessors and every commit; print what it did.
struct GcArgs {
  std::string data = kDefaultDataDirectory;
  uint64_t retainRoots = 0;
  bool dryRun = false;
  std::string format = "text";  // text or json
};
void runGc(const GcArgs& args);

// `cairn backup`: a consistent copy of a data directory into a new directory, also while a
// server runs on it (storage::RocksDbStore::copyStore), then verified: every blob each ledger's
// heads reach is present and intact (a dry-run collection over the copy), and each ledger opens.
struct BackupArgs {
  std::string data = kDefaultDataDirectory;
  std::string to;               // a new directory (must not exist, or be empty)
  std::string format = "text";  // text or json
};
void runBackup(const BackupArgs& args);

// `cairn restore`: verifies a backup as `cairn backup` does, then copies it into the data
// directory. A data directory holding a store is only replaced with `replace`; the old one is
// then kept beside it as DATA.before-restore-<time>. Refused while a server uses the directory.
struct RestoreArgs {
  std::string from;
  std::string data = kDefaultDataDirectory;
  bool replace = false;
  std::string format = "text";
};
void runRestore(const RestoreArgs& args);

// `cairn update`: one SPARQL 1.1 Update request against a ledger, run as one commit. Relative
// IRIs resolve against the working directory's file: IRI; LOAD reads local files only.
struct UpdateArgs {
  std::string data = kDefaultDataDirectory;
  std::string ledger;
  std::string format = "text";  // text or json
  uint64_t timeoutMs = 0;       // 0: never
  std::string update;           // text, or @FILE
};
void runUpdate(const UpdateArgs& args);

// `cairn serve`: the HTTP server, until SIGINT or SIGTERM. Empty / zero members keep the config
// file's value (or the built-in default).
struct ServeArgs {
  std::string configFile;
  std::string listen;
  std::string data;
  unsigned queryThreads = 0;
  std::vector<std::string> initialLedgers;  // NAME=FILE
  std::vector<std::string> corsOrigins;     // added to the config's cors-origins
  bool noAccessLog = false;
};
void runServe(const ServeArgs& args);

}  // namespace cairn::server
