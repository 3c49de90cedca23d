// The server config: every key of the JSON file, sizes, relative paths, the errors a user can
// make (naming key and file), listen addresses and the cross-field rules of validate.

#include "server/config/server_config.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "core/error.h"
#include "tests/support/error_capture.h"
#include "tests/unit/storage/temp_dir.h"

namespace cairn::server {
namespace {

using std::chrono::milliseconds;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

using cairn::testing::errorFrom;

class ServerConfigFile : public ::testing::Test {
 protected:
  // Writes `json` to DIR/conf/cairn.json and returns that path.
  std::filesystem::path write(const std::string& json) {
    std::filesystem::create_directories(dir_.path() / "conf");
    std::filesystem::path file = dir_.path() / "conf" / "cairn.json";
    std::ofstream(file) << json;
    return file;
  }
  ServerConfig load(const std::string& json) { return loadServerConfig(write(json)); }
  // The kInvalidArgument message for a file; fails when another code comes out.
  std::string invalid(const std::string& json) {
    core::Error e = errorFrom([&] { load(json); });
    EXPECT_EQ(e.code(), core::ErrorCode::kInvalidArgument) << e.message();
    EXPECT_THAT(e.message(), HasSubstr("cairn.json: ")) << "the message names the file";
    return e.message();
  }
  std::filesystem::path confDir() const { return dir_.path() / "conf"; }

  storage::testing::TempDir dir_;
};

TEST_F(ServerConfigFile, EmptyObjectKeepsDefaults) {
  ServerConfig config = load("{}");
  ServerConfig defaults;
  EXPECT_EQ(config.listenAddress, "127.0.0.1");
  EXPECT_EQ(config.port, 7878);
  EXPECT_EQ(config.dataDirectory, defaults.dataDirectory);
  EXPECT_EQ(config.ioThreads, 1u);
  EXPECT_EQ(config.queryThreads, 0u);
  EXPECT_EQ(config.maxQueuedQueries, 64u);
  EXPECT_EQ(config.defaultTimeout, milliseconds(30'000));
  EXPECT_EQ(config.maxBodyBytes, uint64_t{16} << 20);
  EXPECT_TRUE(config.tokens.empty());
  EXPECT_TRUE(config.accessLog.empty());
  EXPECT_EQ(config.gcInterval.count(), 0);  // no periodic garbage collection
  EXPECT_EQ(config.gcRetainRoots, 0u);
  EXPECT_EQ(config.memoryReleaseIdle, std::chrono::seconds(30));
  EXPECT_NO_THROW(validate(config));
}

TEST_F(ServerConfigFile, EveryKeyIsRead) {
  ServerConfig config = load(R"({
    "listen": "0.0.0.0:8080",
    "data": "/var/lib/cairn",
    "io-threads": 2,
    "query-threads": 6,
    "max-concurrent-queries": 4,
    "max-queued-queries": 100,
    "default-timeout-ms": 5000,
    "max-timeout-ms": 60000,
    "query-memory": "2GiB",
    "max-body": "1MiB",
    "max-upload": 1000000,
    "header-timeout-ms": 1000,
    "body-timeout-ms": 2000,
    "idle-timeout-ms": 3000,
    "shutdown-grace-ms": 0,
    "cache": "512MiB",
    "warm-cache": "128MiB",
    "gc-interval-seconds": 3600,
    "gc-retain-roots": 2,
    "memory-release-idle-seconds": 0,
    "index-fold-rest": 0.5,
    "allow-remote": true,
    "tokens": [
      {"name": "reader", "token": "r-secret", "scopes": ["read"]},
      {"name": "admin", "token": "a-secret", "scopes": ["read", "write"]}
    ],
    "import-directories": ["/srv/rdf", "/mnt/dumps"],
    "initial-ledgers": {"wiki": "/srv/rdf/wiki.nt.zst", "dblp": "/srv/rdf/dblp.ttl"},
    "access-log": "/var/log/cairn/access.log",
    "cors-origins": ["https://yasgui.org", "http://localhost:3000"]
  })");
  EXPECT_EQ(config.listenAddress, "0.0.0.0");
  EXPECT_THAT(config.corsOrigins, ElementsAre("https://yasgui.org", "http://localhost:3000"));
  EXPECT_EQ(config.port, 8080);
  EXPECT_EQ(config.dataDirectory, "/var/lib/cairn");
  EXPECT_EQ(config.ioThreads, 2u);
  EXPECT_EQ(config.queryThreads, 6u);
  EXPECT_EQ(config.maxConcurrentQueries, 4u);
  EXPECT_EQ(config.maxQueuedQueries, 100u);
  EXPECT_EQ(config.defaultTimeout, milliseconds(5000));
  EXPECT_EQ(config.maxTimeout, milliseconds(60000));
  EXPECT_EQ(config.queryMemoryBytes, uint64_t{2} << 30);
  EXPECT_EQ(config.maxBodyBytes, uint64_t{1} << 20);
  EXPECT_EQ(config.maxUploadBytes, 1000000u);
  EXPECT_EQ(config.headerTimeout, milliseconds(1000));
  EXPECT_EQ(config.bodyTimeout, milliseconds(2000));
  EXPECT_EQ(config.idleTimeout, milliseconds(3000));
  EXPECT_EQ(config.shutdownGrace, milliseconds(0));
  EXPECT_EQ(config.cacheBytes, uint64_t{512} << 20);
  EXPECT_EQ(config.warmCacheBytes, uint64_t{128} << 20);
  EXPECT_EQ(config.indexFoldRest, 0.5);
  EXPECT_EQ(config.gcInterval, std::chrono::seconds(3600));
  EXPECT_EQ(config.gcRetainRoots, 2u);
  EXPECT_EQ(config.memoryReleaseIdle.count(), 0);
  EXPECT_TRUE(config.allowRemote);
  ASSERT_EQ(config.tokens.size(), 2u);
  EXPECT_EQ(config.tokens[0].name, "reader");
  EXPECT_EQ(config.tokens[0].token, "r-secret");
  EXPECT_TRUE(config.tokens[0].read);
  EXPECT_FALSE(config.tokens[0].write);
  EXPECT_EQ(config.tokens[1].name, "admin");
  EXPECT_TRUE(config.tokens[1].read);
  EXPECT_TRUE(config.tokens[1].write);
  EXPECT_THAT(config.importDirectories, ElementsAre("/srv/rdf", "/mnt/dumps"));
  // File order, not alphabetical.
  EXPECT_THAT(config.initialLedgers,
              ElementsAre(Pair("wiki", "/srv/rdf/wiki.nt.zst"), Pair("dblp", "/srv/rdf/dblp.ttl")));
  EXPECT_EQ(config.accessLog, "/var/log/cairn/access.log");
  EXPECT_NO_THROW(validate(config));
}

TEST_F(ServerConfigFile, RelativePathsResolveAgainstTheFilesDirectory) {
  ServerConfig config = load(R"({
    "data": "db",
    "import-directories": ["../rdf", "/abs/dir", "./x/../y"],
    "initial-ledgers": {"a": "dumps/a.nt"},
    "access-log": "logs/access.log"
  })");
  std::filesystem::path conf = confDir();
  EXPECT_EQ(config.dataDirectory, (conf / "db").string());
  EXPECT_THAT(config.importDirectories,
              ElementsAre((dir_.path() / "rdf").string(), "/abs/dir", (conf / "y").string()));
  EXPECT_THAT(config.initialLedgers, ElementsAre(Pair("a", (conf / "dumps/a.nt").string())));
  EXPECT_EQ(config.accessLog, (conf / "logs/access.log").string());
  EXPECT_TRUE(std::filesystem::path(config.dataDirectory).is_absolute());
}

TEST_F(ServerConfigFile, RelativeConfigPathStillGivesAbsolutePaths) {
  std::filesystem::path file = write(R"({"data": "db"})");
  std::filesystem::path previous = std::filesystem::current_path();
  std::filesystem::current_path(confDir());
  ServerConfig config = loadServerConfig("cairn.json");
  std::filesystem::current_path(previous);
  EXPECT_EQ(config.dataDirectory, (confDir() / "db").string());
}

TEST_F(ServerConfigFile, WarmCacheIsUnsetUnlessGiven) {
  EXPECT_FALSE(load("{}").warmCacheBytes.has_value());
  EXPECT_EQ(load(R"({"warm-cache": 0})").warmCacheBytes, 0u);
}

TEST_F(ServerConfigFile, EmptyAccessLogMeansStderr) {
  EXPECT_EQ(load(R"({"access-log": ""})").accessLog, "");
}

TEST_F(ServerConfigFile, SizesAcceptNumbersAndUnitStrings) {
  EXPECT_EQ(load(R"({"cache": 4096})").cacheBytes, 4096u);
  EXPECT_EQ(load(R"({"cache": "4096"})").cacheBytes, 4096u);
  EXPECT_EQ(load(R"({"cache": 1e9})").cacheBytes, 1'000'000'000u);
  EXPECT_EQ(load(R"({"cache": "16MiB"})").cacheBytes, uint64_t{16} << 20);
  EXPECT_EQ(load(R"({"cache": "16mb"})").cacheBytes, uint64_t{16} << 20);
  EXPECT_EQ(load(R"({"cache": "1.5GiB"})").cacheBytes, uint64_t{3} << 29);
  EXPECT_EQ(load(R"({"cache": "2T"})").cacheBytes, uint64_t{2} << 40);
  EXPECT_EQ(load(R"({"cache": "0"})").cacheBytes, 0u);
  EXPECT_EQ(load(R"({"cache": 18446744073709551615})").cacheBytes, UINT64_MAX);
}

TEST_F(ServerConfigFile, BadSizesNameTheKey) {
  for (const char* bad : {R"("16XB")", R"("MiB")", R"("1.2.3GiB")", R"(".5GiB")", R"("5.GiB")",
                          R"("-1")", R"(" 16MiB")", R"("")", "-1", "1.5", "true", "[1]"}) {
    SCOPED_TRACE(bad);
    EXPECT_THAT(invalid(std::string(R"({"max-body": )") + bad + "}"), HasSubstr("\"max-body\""));
  }
  EXPECT_THAT(invalid(R"({"query-memory": "99999999TiB"})"), HasSubstr("too large"));
  EXPECT_THAT(invalid(R"({"query-memory": "16XB"})"), HasSubstr("invalid size \"16XB\""));
}

TEST_F(ServerConfigFile, WrongTypesNameTheKey) {
  const std::pair<const char*, const char*> cases[] = {
      {"listen", "7878"},
      {"data", "1"},
      {"data", R"("")"},
      {"io-threads", R"("2")"},
      {"io-threads", "-2"},
      {"io-threads", "2.5"},
      {"io-threads", "4294967296"},
      {"query-threads", "null"},
      {"max-concurrent-queries", "{}"},
      {"max-queued-queries", "true"},
      {"default-timeout-ms", R"("30s")"},
      {"max-timeout-ms", "-1"},
      {"header-timeout-ms", "1.5"},
      {"body-timeout-ms", "[]"},
      {"idle-timeout-ms", "false"},
      {"shutdown-grace-ms", R"("10")"},
      {"allow-remote", R"("yes")"},
      {"allow-remote", "1"},
      {"tokens", "{}"},
      {"import-directories", R"("/srv")"},
      {"import-directories", "[1]"},
      {"initial-ledgers", R"([["a", "b"]])"},
      {"initial-ledgers", R"({"a": 1})"},
      {"access-log", "false"},
      {"cors-origins", R"("*")"},
      {"cors-origins", "[1]"},
      {"gc-interval-seconds", "-1"},
      {"gc-interval-seconds", R"("1h")"},
      {"gc-interval-seconds", "100000000000"},
      {"gc-retain-roots", "1.5"},
      {"memory-release-idle-seconds", "-5"},
      {"memory-release-idle-seconds", "0.5"},
      {"memory-release-idle-seconds", "100000000000"},
      {"index-fold-rest", "-1"},
      {"index-fold-rest", "101"},
      {"index-fold-rest", R"("1")"},
  };
  for (const auto& [key, value] : cases) {
    SCOPED_TRACE(std::string(key) + ": " + value);
    std::string json = std::string("{\"") + key + "\": " + value + "}";
    std::string message = invalid(json);
    std::string quotedKey = "\"";
    quotedKey += key;
    EXPECT_THAT(message, HasSubstr(quotedKey));
  }
}

TEST_F(ServerConfigFile, UnknownAndRepeatedKeysAreErrors) {
  EXPECT_THAT(invalid(R"({"io-thread": 2})"), HasSubstr("\"io-thread\": unknown key"));
  EXPECT_THAT(invalid(R"({"port": 80})"), HasSubstr("\"port\": unknown key"));
  EXPECT_THAT(invalid(R"({"io-threads": 2, "io-threads": 3})"),
              HasSubstr("\"io-threads\" appears twice"));
  EXPECT_THAT(invalid(R"({"initial-ledgers": {"a": "x", "a": "y"}})"),
              HasSubstr("\"a\" appears twice"));
}

TEST_F(ServerConfigFile, Tokens) {
  ServerConfig config = load(R"({"tokens": [
      {"name": "default-scopes", "token": "t1"},
      {"token": "t2", "name": "writer", "scopes": ["write"]},
      {"name": "none", "token": "t3", "scopes": []}]})");
  ASSERT_EQ(config.tokens.size(), 3u);
  EXPECT_TRUE(config.tokens[0].read);
  EXPECT_FALSE(config.tokens[0].write);
  EXPECT_FALSE(config.tokens[1].read);
  EXPECT_TRUE(config.tokens[1].write);
  EXPECT_FALSE(config.tokens[2].read);
  EXPECT_FALSE(config.tokens[2].write);

  EXPECT_THAT(invalid(R"({"tokens": [{"name": "a"}]})"),
              HasSubstr("\"tokens[0]\": missing \"token\""));
  EXPECT_THAT(invalid(R"({"tokens": [{"token": "a"}]})"),
              HasSubstr("\"tokens[0]\": missing \"name\""));
  EXPECT_THAT(invalid(R"({"tokens": [{"name": "a", "token": "b"}, "c"]})"),
              HasSubstr("\"tokens[1]\""));
  EXPECT_THAT(invalid(R"({"tokens": [{"name": "a", "token": "b", "scopes": ["admin"]}]})"),
              HasSubstr("unknown scope \"admin\""));
  EXPECT_THAT(invalid(R"({"tokens": [{"name": "a", "token": "b", "scopes": "read"}]})"),
              HasSubstr("\"tokens[0].scopes\""));
  EXPECT_THAT(invalid(R"({"tokens": [{"name": "a", "token": "b", "expires": 1}]})"),
              HasSubstr("\"tokens[0].expires\": unknown key"));
  EXPECT_THAT(invalid(R"({"tokens": [{"name": "a", "token": 5}]})"),
              HasSubstr("\"tokens[0].token\""));
}

TEST_F(ServerConfigFile, ListenErrorsNameTheKey) {
  EXPECT_THAT(invalid(R"({"listen": "localhost"})"),
              HasSubstr("\"listen\": invalid listen address \"localhost\""));
  ServerConfig config = load(R"({"listen": ":9000"})");
  EXPECT_EQ(config.listenAddress, "127.0.0.1");
  EXPECT_EQ(config.port, 9000);
  config = load(R"({"listen": "[::1]:9001"})");
  EXPECT_EQ(config.listenAddress, "::1");
  EXPECT_EQ(config.port, 9001);
}

TEST_F(ServerConfigFile, CommentsAreAllowed) {
  ServerConfig config = load(R"({
    // Only this machine.
    "listen": "127.0.0.1:7000", /* port for the proxy */
    "io-threads": 3
  })");
  EXPECT_EQ(config.port, 7000);
  EXPECT_EQ(config.ioThreads, 3u);
}

TEST_F(ServerConfigFile, MalformedJsonIsASyntaxErrorWithPosition) {
  core::Error e = errorFrom([&] { load("{\n  \"io-threads\": 2,\n  \"data\" \"x\"\n}"); });
  EXPECT_EQ(e.code(), core::ErrorCode::kSyntaxError);
  EXPECT_EQ(e.line(), 3u);
  EXPECT_GT(e.column(), 1u);
  EXPECT_THAT(e.message(), HasSubstr("cairn.json:3:"));
  EXPECT_EQ(errorFrom([&] { load(""); }).code(), core::ErrorCode::kSyntaxError);
}

TEST_F(ServerConfigFile, TopLevelMustBeAnObject) {
  EXPECT_THAT(invalid("[1, 2]"), HasSubstr("expected a JSON object at the top level"));
}

TEST_F(ServerConfigFile, MissingFileIsNotFound) {
  core::Error e = errorFrom([&] { loadServerConfig(dir_.path() / "nope.json"); });
  EXPECT_EQ(e.code(), core::ErrorCode::kNotFound);
  EXPECT_THAT(e.message(), HasSubstr("nope.json"));
  EXPECT_EQ(errorFrom([&] { loadServerConfig(dir_.path()); }).code(), core::ErrorCode::kNotFound);
}

TEST(ParseListenAddress, AcceptedForms) {
  struct Case {
    const char* text;
    const char* address;
    uint16_t port;
  };
  for (const Case& c :
       {Case{"127.0.0.1:7878", "127.0.0.1", 7878}, Case{"0.0.0.0:80", "0.0.0.0", 80},
        Case{"localhost:1", "localhost", 1},
        Case{"db-1.example.org:65535", "db-1.example.org", 65535}, Case{"[::1]:7878", "::1", 7878},
        Case{"[::]:443", "::", 443}, Case{"[fe80::1:2]:8", "fe80::1:2", 8},
        Case{":9999", "10.1.2.3", 9999}, Case{"127.0.0.1:0", "127.0.0.1", 0}}) {
    SCOPED_TRACE(c.text);
    ServerConfig config;
    config.listenAddress = "10.1.2.3";
    parseListenAddress(c.text, config);
    EXPECT_EQ(config.listenAddress, c.address);
    EXPECT_EQ(config.port, c.port);
  }
}

TEST(ParseListenAddress, RejectedForms) {
  for (const char* text : {"",
                           "7878",
                           "localhost",
                           "host:",
                           ":",
                           "host:65536",
                           "host:-1",
                           "host:80x",
                           "host: 80",
                           "::1:7878",
                           "[::1]",
                           "[::1]7878",
                           "[::1:7878",
                           "[nothex]:1",
                           "[]:1",
                           "300.1.1.1:80",
                           "1.2.3:80",
                           "bad_host:80",
                           "-lead:80",
                           "a b:80",
                           "host:99999999999999999999"}) {
    SCOPED_TRACE(text);
    ServerConfig config;
    core::Error e = errorFrom([&] { parseListenAddress(text, config); });
    EXPECT_EQ(e.code(), core::ErrorCode::kInvalidArgument);
    EXPECT_THAT(e.message(), HasSubstr("invalid listen address"));
    EXPECT_EQ(config.listenAddress, "127.0.0.1") << "unchanged on error";
    EXPECT_EQ(config.port, 7878);
  }
}

TEST(IsLoopbackAddress, Classifies) {
  for (const char* host : {"127.0.0.1", "127.1.2.3", "localhost", "LocalHost", "::1", "[::1]",
                           "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1"}) {
    EXPECT_TRUE(isLoopbackAddress(host)) << host;
  }
  for (const char* host : {"0.0.0.0", "::", "10.0.0.1", "128.0.0.1", "example.org", "::2",
                           "localhost.example.org", ""}) {
    EXPECT_FALSE(isLoopbackAddress(host)) << host;
  }
}

// The message validate throws for `config`; fails when it accepts it.
std::string validationError(const ServerConfig& config) {
  core::Error e = errorFrom([&] { validate(config); });
  EXPECT_EQ(e.code(), core::ErrorCode::kInvalidArgument);
  return e.message();
}

TEST(ValidateServerConfig, DefaultsAreValid) { EXPECT_NO_THROW(validate(ServerConfig{})); }

TEST(ValidateServerConfig, CorsOriginsAreOriginsOrAStar) {
  ServerConfig config;
  config.corsOrigins = {"*", "https://yasgui.org", "http://127.0.0.1:8080"};
  EXPECT_NO_THROW(validate(config));
  for (const char* bad :
       {"", "yasgui.org", "https://", "https://yasgui.org/", "https://a/b", "://host"}) {
    config.corsOrigins = {bad};
    EXPECT_THAT(validationError(config), HasSubstr("cors-origins")) << bad;
  }
}

TEST(ValidateServerConfig, RemoteListeningNeedsTokensOrAllowRemote) {
  ServerConfig config;
  config.listenAddress = "0.0.0.0";
  EXPECT_THAT(validationError(config), HasSubstr("\"listen\""));
  config.listenAddress = "::";
  EXPECT_THAT(validationError(config), HasSubstr("allow-remote"));
  config.allowRemote = true;
  EXPECT_NO_THROW(validate(config));
  config.allowRemote = false;
  config.tokens.push_back({.name = "ops", .token = "s3cret"});
  EXPECT_NO_THROW(validate(config));
  config.listenAddress = "localhost";
  config.tokens.clear();
  EXPECT_NO_THROW(validate(config));
  config.listenAddress = "";
  EXPECT_THAT(validationError(config), HasSubstr("\"listen\""));
}

TEST(ValidateServerConfig, TimeoutRules) {
  ServerConfig config;
  config.defaultTimeout = milliseconds(60'000);
  config.maxTimeout = milliseconds(10'000);
  EXPECT_THAT(validationError(config), HasSubstr("\"max-timeout-ms\": is 10000, below"));
  config.maxTimeout = config.defaultTimeout;
  EXPECT_NO_THROW(validate(config));

  auto rejects = [](auto field, milliseconds value, const char* key) {
    ServerConfig c;
    c.*field = value;
    EXPECT_THAT(validationError(c), HasSubstr(key)) << key;
  };
  rejects(&ServerConfig::defaultTimeout, milliseconds(0), "\"default-timeout-ms\"");
  rejects(&ServerConfig::headerTimeout, milliseconds(0), "\"header-timeout-ms\"");
  rejects(&ServerConfig::bodyTimeout, milliseconds(-1), "\"body-timeout-ms\"");
  rejects(&ServerConfig::idleTimeout, milliseconds(0), "\"idle-timeout-ms\"");
  rejects(&ServerConfig::maxTimeout, milliseconds(400LL * 24 * 3600 * 1000), "\"max-timeout-ms\"");
  rejects(&ServerConfig::shutdownGrace, milliseconds(-1), "\"shutdown-grace-ms\"");
  ServerConfig noGrace;
  noGrace.shutdownGrace = milliseconds(0);
  EXPECT_NO_THROW(validate(noGrace));
}

TEST(ValidateServerConfig, ThreadsAndLimits) {
  ServerConfig config;
  config.ioThreads = 0;
  EXPECT_THAT(validationError(config), HasSubstr("\"io-threads\": must be at least 1"));
  config.ioThreads = 5000;
  EXPECT_THAT(validationError(config), HasSubstr("\"io-threads\""));
  config = ServerConfig{};
  config.queryThreads = 5000;
  EXPECT_THAT(validationError(config), HasSubstr("\"query-threads\""));
  config = ServerConfig{};
  config.queryMemoryBytes = 0;
  EXPECT_THAT(validationError(config), HasSubstr("\"query-memory\""));
  config = ServerConfig{};
  config.maxBodyBytes = 0;
  EXPECT_THAT(validationError(config), HasSubstr("\"max-body\""));
  config = ServerConfig{};
  config.maxUploadBytes = 0;
  EXPECT_THAT(validationError(config), HasSubstr("\"max-upload\""));
  config = ServerConfig{};
  config.dataDirectory = "";
  EXPECT_THAT(validationError(config), HasSubstr("\"data\""));
  config = ServerConfig{};
  config.importDirectories = {""};
  EXPECT_THAT(validationError(config), HasSubstr("\"import-directories\""));
  config = ServerConfig{};
  config.gcInterval = std::chrono::seconds(-1);
  EXPECT_THAT(validationError(config), HasSubstr("\"gc-interval-seconds\""));
  config.gcInterval = std::chrono::hours(24 * 400);
  EXPECT_THAT(validationError(config), HasSubstr("\"gc-interval-seconds\""));
  config = ServerConfig{};
  config.memoryReleaseIdle = std::chrono::seconds(-1);
  EXPECT_THAT(validationError(config), HasSubstr("\"memory-release-idle-seconds\""));
  config.memoryReleaseIdle = std::chrono::hours(24 * 400);
  EXPECT_THAT(validationError(config), HasSubstr("\"memory-release-idle-seconds\""));
}

TEST(ValidateServerConfig, TokenRules) {
  ServerConfig config;
  config.tokens = {{.name = "a", .token = "alpha-secret"},
                   {.name = "b", .token = "beta-secret", .write = true}};
  EXPECT_NO_THROW(validate(config));

  ServerConfig c = config;
  c.tokens[1].token = "";
  EXPECT_THAT(validationError(c), HasSubstr("\"tokens[1]\": token \"b\" has an empty secret"));
  c = config;
  c.tokens[0].name = "";
  EXPECT_THAT(validationError(c), HasSubstr("\"tokens[0]\": the name is empty"));
  c = config;
  c.tokens[1].token = "alpha-secret";
  std::string message = validationError(c);
  EXPECT_THAT(message, HasSubstr("same secret"));
  EXPECT_THAT(message, ::testing::Not(HasSubstr("alpha-secret"))) << "secrets stay out of messages";
  c = config;
  c.tokens[1].name = "a";
  EXPECT_THAT(validationError(c), HasSubstr("used by two tokens"));
  c = config;
  c.tokens[0].read = false;
  EXPECT_THAT(validationError(c), HasSubstr("no scope"));
}

TEST(ValidateServerConfig, InitialLedgerRules) {
  ServerConfig config;
  config.initialLedgers = {{"wiki", "/srv/wiki.nt"}, {"dblp-2024", "/srv/dblp.ttl"}};
  EXPECT_NO_THROW(validate(config));
  config.initialLedgers.push_back({"wiki", "/srv/other.nt"});
  EXPECT_THAT(validationError(config), HasSubstr("\"wiki\" is listed twice"));
  config.initialLedgers = {{"bad/name", "/srv/x.nt"}};
  EXPECT_THAT(validationError(config), HasSubstr("invalid ledger name \"bad/name\""));
  config.initialLedgers = {{"ok", ""}};
  EXPECT_THAT(validationError(config), HasSubstr("has no file"));
}

}  // namespace
}  // namespace cairn::server
