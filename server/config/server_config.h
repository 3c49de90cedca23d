#pragma once
// The HTTP server's settings: defaults, the JSON config file (docs/server-config.md), the listen
// address syntax and the rules that tie fields together.
//
// Reading a file and validating are separate steps because command-line flags are applied in
// between: load the file (or start from the defaults), override fields from flags, then call
// validate once on the result. Every failure is a core::Error(kInvalidArgument) whose message
// names the offending key in the file's kebab-case spelling, and the file when there is one.
// All functions are pure; a ServerConfig is a plain value.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cairn::server {

// A bearer token and what it may do: read (queries, listing) and write (updates, creating and
// dropping ledgers).
struct TokenGrant {
  std::string name;  // shown in logs instead of the secret
  std::string token;
  bool read = true;
  bool write = false;
};

struct ServerConfig {
  std::string listenAddress = "127.0.0.1";  // an IPv6 address is kept without brackets
  uint16_t port = 7878;                     // 0: any free port (tests)
  std::string dataDirectory = "./cairn-data";
  unsigned ioThreads = 1;
  unsigned queryThreads = 0;          // 0: hardware concurrency
  unsigned maxConcurrentQueries = 0;  // 0: queryThreads
  unsigned maxQueuedQueries = 64;     // beyond running + queued: 503
  std::chrono::milliseconds defaultTimeout{30'000};
  std::chrono::milliseconds maxTimeout{300'000};
  uint64_t queryMemoryBytes = uint64_t{1} << 30;
  uint64_t maxBodyBytes = uint64_t{16} << 20;       // query / form bodies
  uint64_t maxUploadBytes = uint64_t{1} << 30;      // RDF uploads creating a ledger
  std::chrono::milliseconds headerTimeout{10'000};  // to read a request's headers
  std::chrono::milliseconds bodyTimeout{60'000};    // to read its body
  std::chrono::milliseconds idleTimeout{300'000};   // keep-alive connection with no request
  std::chrono::milliseconds shutdownGrace{10'000};
  uint64_t cacheBytes = uint64_t{1} << 30;  // decoded index cache shared by ledgers
  // How much of that cache to fill at start, decoding the ledgers' indexes ahead of queries
  // (CacheWarmService); unset: half of cacheBytes; 0: no warming; at most cacheBytes.
  std::optional<uint64_t> warmCacheBytes;
  // Background indexing, in novelty flakes per ledger (index::IndexerPolicy): past the soft
  // threshold the indexer folds the novelty into a new root; past the hard one commits wait.
  // indexSoftFlakes 0 turns background indexing off (POST /ledgers/{name}/index still works).
  uint64_t indexSoftFlakes = 400'000;
  uint64_t indexHardFlakes = 2'000'000;
  // After a background fold of D seconds the next starts indexFoldRest × D later at the
  // earliest (IndexerPolicy::foldRest): folds take at most 1 / (1 + rest) of a core.
  double indexFoldRest = 1.0;
  // Garbage collection of blobs no retained root reaches (POST /admin/gc runs one on request):
  // every gcInterval when it is above 0, keeping gcRetainRoots predecessors of each ledger's
  // current root (and every commit, so all history stays readable).
  std::chrono::seconds gcInterval{0};
  uint64_t gcRetainRoots = 0;
  // After this long without a request the server gives the allocator's retained free memory
  // back to the kernel (MemoryReleaseService); 0: never.
  std::chrono::seconds memoryReleaseIdle{30};
  bool allowRemote = false;  // listen beyond loopback without tokens
  std::vector<TokenGrant> tokens;
  std::vector<std::string> importDirectories;  // server-side files POST /ledgers may load
  std::vector<std::pair<std::string, std::string>> initialLedgers;  // (name, file) on first start
  std::string accessLog;                                            // file path; empty: stderr
  // Origins whose pages may call the API from a browser (CORS, server/api/cors.h): "*" for
  // any, else exact origins ("https://yasgui.org"); empty: no CORS headers.
  std::vector<std::string> corsOrigins;
};

// Reads a JSON config file (format and every key: docs/server-config.md) over the defaults.
// Relative paths in it ("data", "import-directories", "initial-ledgers" files, "access-log")
// resolve against the file's directory. Throws core::Error: kNotFound when the file cannot be
// read, kSyntaxError (with line and column) for malformed JSON, kInvalidArgument for an unknown
// or repeated key, a wrong type, a bad size or listen address. Does not call validate.
ServerConfig loadServerConfig(const std::filesystem::path& file);

// Sets listenAddress and port from "host:port", "[v6-address]:port" or ":port"; the last form
// changes only the port and keeps the address. The port is 0-65535. Throws
// core::Error(kInvalidArgument).
void parseListenAddress(std::string_view text, ServerConfig& config);

// True for "localhost", 127.0.0.0/8 and ::1: addresses only this machine can reach.
bool isLoopbackAddress(std::string_view host);

// Checks the rules between fields: at least one I/O thread; positive timeouts and limits;
// maxTimeout >= defaultTimeout; a listen address beyond loopback needs tokens or allowRemote;
// tokens with a name, a non-empty secret and a scope, names and secrets unique; valid, distinct
// initial ledger names with a file. Throws core::Error(kInvalidArgument) on the first failure.
void validate(const ServerConfig& config);

}  // namespace cairn::server
