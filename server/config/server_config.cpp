#include "server/config/server_config.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

#include "core/error.h"
#include "index/ledger/ledger_name.h"
#include "server/cli/byte_size.h"

namespace cairn::server {
namespace {

// ordered_json keeps "initial-ledgers" in the order the file lists them.
using Json = nlohmann::ordered_json;
using core::Error;
using core::ErrorCode;

// Longer durations would overflow a steady_clock deadline (nanoseconds in 64 bits) once added to
// now(); a year is far beyond any sensible timeout.
constexpr std::chrono::milliseconds kMaxDuration{365LL * 24 * 3600 * 1000};
constexpr unsigned kMaxThreads = 1024;

[[noreturn]] void invalid(std::string message) {
  throw Error(ErrorCode::kInvalidArgument, std::move(message));
}

[[noreturn]] void invalidKey(std::string_view key, std::string_view problem) {
  invalid("\"" + std::string(key) + "\": " + std::string(problem));
}

// A JSON value as the error message shows it, cut short so a huge value cannot flood a log.
std::string describe(const Json& value) {
  std::string text = value.dump();
  if (text.size() > 60) text = text.substr(0, 57) + "...";
  return text;
}

const std::string& readString(const Json& value, std::string_view key) {
  if (!value.is_string()) invalidKey(key, "expected a string, got " + describe(value));
  return value.get_ref<const std::string&>();
}

// A JSON number that is a whole, non-negative value up to `max`. Integral floats ("1e9") count:
// JSON does not distinguish them and people write sizes that way.
uint64_t readWholeNumber(const Json& value, std::string_view key, uint64_t max) {
  uint64_t number = 0;
  bool ok = false;
  if (value.is_number_unsigned()) {
    number = value.get<uint64_t>();
    ok = true;
  } else if (value.is_number_float()) {
    double d = value.get<double>();
    // 2^64 is exactly representable; every double below it converts without overflow.
    if (d >= 0 && d == std::trunc(d) && d < 18446744073709551616.0) {
      number = static_cast<uint64_t>(d);
      ok = true;
    }
  }
  if (!ok) invalidKey(key, "expected a non-negative integer, got " + describe(value));
  if (number > max) invalidKey(key, "must be at most " + std::to_string(max));
  return number;
}

// A non-negative number of fold durations, at most 100 (folds then take >= 1% of a core).
double readFoldRest(const Json& value, std::string_view key) {
  if (!value.is_number()) invalidKey(key, "expected a non-negative number, got " + describe(value));
  const double rest = value.get<double>();
  if (!(rest >= 0 && rest <= 100)) invalidKey(key, "must be between 0 and 100");
  return rest;
}

unsigned readUnsigned(const Json& value, std::string_view key) {
  return static_cast<unsigned>(readWholeNumber(value, key, std::numeric_limits<unsigned>::max()));
}

std::chrono::milliseconds readMilliseconds(const Json& value, std::string_view key) {
  return std::chrono::milliseconds(static_cast<int64_t>(
      readWholeNumber(value, key, static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))));
}

bool readBool(const Json& value, std::string_view key) {
  if (!value.is_boolean()) invalidKey(key, "expected true or false, got " + describe(value));
  return value.get<bool>();
}

// "16MiB", "1.5GiB", "4096": parseByteSize does the units; the number is checked here first
// because parseByteSize reads a prefix of "1.2.3" and cannot report a value beyond 64 bits.
uint64_t readSizeString(std::string_view text, std::string_view key) {
  std::string problem = "invalid size \"" + std::string(text) +
                        "\": expected bytes or a number with a unit B, KiB, MiB, GiB or TiB";
  size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  size_t numberEnd = digits;
  if (numberEnd < text.size() && text[numberEnd] == '.') {
    ++numberEnd;
    size_t fraction = numberEnd;
    while (numberEnd < text.size() && text[numberEnd] >= '0' && text[numberEnd] <= '9') {
      ++numberEnd;
    }
    if (numberEnd == fraction) invalidKey(key, problem);
  }
  if (digits == 0) invalidKey(key, problem);
  std::string_view unit = text.substr(numberEnd);
  for (char c : unit) {
    if (!std::isalpha(static_cast<unsigned char>(c))) invalidKey(key, problem);
  }
  std::string one = "1";
  one += unit;
  std::optional<uint64_t> scale = parseByteSize(one);
  if (!scale) invalidKey(key, problem);
  double number = std::strtod(std::string(text.substr(0, numberEnd)).c_str(), nullptr);
  if (number * static_cast<double>(*scale) >= 18446744073709551616.0) {
    invalidKey(key, "size \"" + std::string(text) + "\" is too large");
  }
  std::optional<uint64_t> bytes = parseByteSize(text);
  if (!bytes) invalidKey(key, problem);
  return *bytes;
}

uint64_t readSize(const Json& value, std::string_view key) {
  if (value.is_string()) return readSizeString(value.get_ref<const std::string&>(), key);
  if (value.is_number()) return readWholeNumber(value, key, std::numeric_limits<uint64_t>::max());
  invalidKey(key, "expected a size in bytes or a string like \"16MiB\", got " + describe(value));
}

// Relative paths are taken from the config file's directory, so a config works from any
// working directory.
std::string readPath(const Json& value, std::string_view key, const std::filesystem::path& base) {
  const std::string& text = readString(value, key);
  if (text.empty()) invalidKey(key, "expected a path, got an empty string");
  std::filesystem::path path(text);
  if (path.is_relative()) path = base / path;
  return path.lexically_normal().string();
}

TokenGrant readToken(const Json& value, const std::string& key) {
  if (!value.is_object()) {
    invalidKey(
        key, "expected an object with \"name\", \"token\" and \"scopes\", got " + describe(value));
  }
  TokenGrant grant;
  bool haveName = false;
  bool haveToken = false;
  for (const auto& [field, fieldValue] : value.items()) {
    std::string fieldKey = key + "." + field;
    if (field == "name") {
      grant.name = readString(fieldValue, fieldKey);
      haveName = true;
    } else if (field == "token") {
      grant.token = readString(fieldValue, fieldKey);
      haveToken = true;
    } else if (field == "scopes") {
      if (!fieldValue.is_array()) {
        invalidKey(fieldKey,
                   "expected an array of \"read\" and \"write\", got " + describe(fieldValue));
      }
      grant.read = false;
      grant.write = false;
      for (const Json& scope : fieldValue) {
        const std::string& name = readString(scope, fieldKey);
        if (name == "read") {
          grant.read = true;
        } else if (name == "write") {
          grant.write = true;
        } else {
          invalidKey(fieldKey, "unknown scope \"" + name + "\" (scopes: read, write)");
        }
      }
    } else {
      invalidKey(fieldKey, "unknown key (a token has name, token and scopes)");
    }
  }
  if (!haveName) invalidKey(key, "missing \"name\"");
  if (!haveToken) invalidKey(key, "missing \"token\"");
  return grant;
}

void applyKey(const std::string& key, const Json& value, const std::filesystem::path& base,
              ServerConfig& config) {
  if (key == "listen") {
    const std::string& text = readString(value, key);
    try {
      parseListenAddress(text, config);
    } catch (const Error& e) {
      invalidKey(key, e.message());
    }
  } else if (key == "data") {
    config.dataDirectory = readPath(value, key, base);
  } else if (key == "io-threads") {
    config.ioThreads = readUnsigned(value, key);
  } else if (key == "query-threads") {
    config.queryThreads = readUnsigned(value, key);
  } else if (key == "max-concurrent-queries") {
    config.maxConcurrentQueries = readUnsigned(value, key);
  } else if (key == "max-queued-queries") {
    config.maxQueuedQueries = readUnsigned(value, key);
  } else if (key == "default-timeout-ms") {
    config.defaultTimeout = readMilliseconds(value, key);
  } else if (key == "max-timeout-ms") {
    config.maxTimeout = readMilliseconds(value, key);
  } else if (key == "query-memory") {
    config.queryMemoryBytes = readSize(value, key);
  } else if (key == "max-body") {
    config.maxBodyBytes = readSize(value, key);
  } else if (key == "max-upload") {
    config.maxUploadBytes = readSize(value, key);
  } else if (key == "header-timeout-ms") {
    config.headerTimeout = readMilliseconds(value, key);
  } else if (key == "body-timeout-ms") {
    config.bodyTimeout = readMilliseconds(value, key);
  } else if (key == "idle-timeout-ms") {
    config.idleTimeout = readMilliseconds(value, key);
  } else if (key == "shutdown-grace-ms") {
    config.shutdownGrace = readMilliseconds(value, key);
  } else if (key == "cache") {
    config.cacheBytes = readSize(value, key);
  } else if (key == "warm-cache") {
    config.warmCacheBytes = readSize(value, key);
  } else if (key == "index-soft-flakes") {
    config.indexSoftFlakes = readWholeNumber(value, key, std::numeric_limits<uint64_t>::max());
  } else if (key == "index-hard-flakes") {
    config.indexHardFlakes = readWholeNumber(value, key, std::numeric_limits<uint64_t>::max());
  } else if (key == "index-fold-rest") {
    config.indexFoldRest = readFoldRest(value, key);
  } else if (key == "gc-interval-seconds") {
    config.gcInterval = std::chrono::seconds(static_cast<int64_t>(
        readWholeNumber(value, key, static_cast<uint64_t>(kMaxDuration.count() / 1000))));
  } else if (key == "memory-release-idle-seconds") {
    config.memoryReleaseIdle = std::chrono::seconds(static_cast<int64_t>(
        readWholeNumber(value, key, static_cast<uint64_t>(kMaxDuration.count() / 1000))));
  } else if (key == "gc-retain-roots") {
    config.gcRetainRoots = readWholeNumber(value, key, std::numeric_limits<uint64_t>::max());
  } else if (key == "allow-remote") {
    config.allowRemote = readBool(value, key);
  } else if (key == "tokens") {
    if (!value.is_array()) invalidKey(key, "expected an array of tokens, got " + describe(value));
    config.tokens.clear();
    for (size_t i = 0; i < value.size(); ++i) {
      config.tokens.push_back(readToken(value[i], key + "[" + std::to_string(i) + "]"));
    }
  } else if (key == "import-directories") {
    if (!value.is_array()) {
      invalidKey(key, "expected an array of directories, got " + describe(value));
    }
    config.importDirectories.clear();
    for (const Json& directory : value) {
      config.importDirectories.push_back(readPath(directory, key, base));
    }
  } else if (key == "initial-ledgers") {
    if (!value.is_object()) {
      invalidKey(key, "expected an object mapping ledger names to files, got " + describe(value));
    }
    config.initialLedgers.clear();
    for (const auto& [name, file] : value.items()) {
      config.initialLedgers.emplace_back(name, readPath(file, key + "." + name, base));
    }
  } else if (key == "cors-origins") {
    if (!value.is_array()) invalidKey(key, "expected an array of origins, got " + describe(value));
    config.corsOrigins.clear();
    for (const Json& origin : value) config.corsOrigins.push_back(readString(origin, key));
  } else if (key == "access-log") {
    // An empty string keeps the default (stderr) rather than naming a file.
    const std::string& text = readString(value, key);
    config.accessLog = text.empty() ? std::string() : readPath(value, key, base);
  } else {
    invalidKey(key, "unknown key (see docs/server-config.md)");
  }
}

// 1-based line and column of byte offset `byte` (1-based, as nlohmann reports it).
std::pair<uint64_t, uint64_t> lineAndColumn(std::string_view text, size_t byte) {
  uint64_t line = 1;
  uint64_t column = 1;
  size_t end = std::min(byte > 0 ? byte - 1 : 0, text.size());
  for (size_t i = 0; i < end; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return {line, column};
}

Json parseJson(const std::string& text, const std::string& file) {
  // nlohmann keeps the last of repeated keys silently; a repeated key in a config is a mistake
  // worth reporting, so the parser callback tracks the keys of each open object.
  std::vector<std::set<std::string>> openObjects;
  Json::parser_callback_t callback = [&](int, Json::parse_event_t event, Json& parsed) {
    if (event == Json::parse_event_t::object_start) {
      openObjects.emplace_back();
    } else if (event == Json::parse_event_t::object_end) {
      openObjects.pop_back();
    } else if (event == Json::parse_event_t::key) {
      const std::string& key = parsed.get_ref<const std::string&>();
      if (!openObjects.back().insert(key).second) {
        invalid(file + ": key \"" + key + "\" appears twice in one object");
      }
    }
    return true;
  };
  try {
    return Json::parse(text, callback, /*allow_exceptions=*/true, /*ignore_comments=*/true);
  } catch (const Json::parse_error& e) {
    auto [line, column] = lineAndColumn(text, e.byte);
    std::string what = e.what();
    // Drop nlohmann's "[json.exception.parse_error.101] parse error at line 1, column 2: ".
    if (size_t colon = what.find(": "); colon != std::string::npos) what = what.substr(colon + 2);
    throw Error(ErrorCode::kSyntaxError,
                file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + what,
                line, column);
  }
}

bool isHostName(std::string_view host) {
  if (host.empty() || host.size() > 253 || host.front() == '.' || host.front() == '-') {
    return false;
  }
  for (char c : host) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '.' || c == '-';
    if (!ok) return false;
  }
  return true;
}

bool looksLikeIpv4(std::string_view host) {
  return host.find_first_not_of("0123456789.") == std::string_view::npos;
}

void checkPositive(std::chrono::milliseconds value, std::string_view key) {
  if (value.count() <= 0) invalidKey(key, "must be a positive number of milliseconds");
  if (value > kMaxDuration) {
    invalidKey(key, "must be at most " + std::to_string(kMaxDuration.count()) + " (a year)");
  }
}

}  // namespace

void parseListenAddress(std::string_view text, ServerConfig& config) {
  auto bad = [&](std::string_view why) {
    invalid("invalid listen address \"" + std::string(text) + "\": " + std::string(why) +
            " (expected host:port, [v6-address]:port or :port)");
  };
  std::string host;
  std::string_view portText;
  if (text.starts_with('[')) {
    size_t close = text.find(']');
    if (close == std::string_view::npos) bad("missing ']'");
    host = std::string(text.substr(1, close - 1));
    in6_addr address;
    if (::inet_pton(AF_INET6, host.c_str(), &address) != 1) bad("not an IPv6 address in brackets");
    if (close + 1 >= text.size() || text[close + 1] != ':') bad("missing :port after ']'");
    portText = text.substr(close + 2);
  } else {
    size_t colon = text.rfind(':');
    if (colon == std::string_view::npos) bad("missing :port");
    host = std::string(text.substr(0, colon));
    if (host.find(':') != std::string::npos)
      bad("an IPv6 address needs brackets, as in [::1]:7878");
    if (!host.empty()) {
      in_addr address;
      bool valid = looksLikeIpv4(host) ? ::inet_pton(AF_INET, host.c_str(), &address) == 1
                                       : isHostName(host);
      if (!valid) bad("invalid host");
    }
    portText = text.substr(colon + 1);
  }
  unsigned port = 0;
  auto [end, ec] = std::from_chars(portText.data(), portText.data() + portText.size(), port);
  if (portText.empty() || ec != std::errc() || end != portText.data() + portText.size() ||
      port > 65535) {
    bad("the port must be a number from 0 to 65535");
  }
  if (!host.empty()) config.listenAddress = std::move(host);
  config.port = static_cast<uint16_t>(port);
}

bool isLoopbackAddress(std::string_view host) {
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  std::string text(host);
  std::string lower;
  for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "localhost") return true;
  in_addr v4;
  if (::inet_pton(AF_INET, text.c_str(), &v4) == 1) {
    return (ntohl(v4.s_addr) >> 24) == 127;
  }
  in6_addr v6;
  if (::inet_pton(AF_INET6, text.c_str(), &v6) == 1) {
    if (IN6_IS_ADDR_LOOPBACK(&v6)) return true;
    return IN6_IS_ADDR_V4MAPPED(&v6) && v6.s6_addr[12] == 127;
  }
  return false;
}

ServerConfig loadServerConfig(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::error_code error;
  if (!in || std::filesystem::is_directory(file, error)) {
    throw Error(ErrorCode::kNotFound,
                "cannot read config file " + file.string() +
                    (in ? ": it is a directory" : ": " + std::string(std::strerror(errno))));
  }
  std::ostringstream contents;
  contents << in.rdbuf();
  std::string text = contents.str();
  std::string name = file.string();

  Json root = parseJson(text, name);
  if (!root.is_object()) {
    invalid(name + ": expected a JSON object at the top level, got " + describe(root));
  }
  std::filesystem::path base = std::filesystem::absolute(file, error).parent_path();
  if (error) base = file.parent_path();
  ServerConfig config;
  for (const auto& [key, value] : root.items()) {
    try {
      applyKey(key, value, base, config);
    } catch (const Error& e) {
      invalid(name + ": " + e.message());
    }
  }
  return config;
}

void validate(const ServerConfig& config) {
  if (config.listenAddress.empty()) invalidKey("listen", "the address is empty");
  if (!isLoopbackAddress(config.listenAddress) && config.tokens.empty() && !config.allowRemote) {
    invalidKey("listen", "\"" + config.listenAddress +
                             "\" is reachable from other machines: configure \"tokens\" or set "
                             "\"allow-remote\" to true to serve without authentication");
  }
  if (config.dataDirectory.empty()) invalidKey("data", "the directory is empty");
  if (config.ioThreads == 0) invalidKey("io-threads", "must be at least 1");
  if (config.ioThreads > kMaxThreads) {
    invalidKey("io-threads", "must be at most " + std::to_string(kMaxThreads));
  }
  if (config.queryThreads > kMaxThreads) {
    invalidKey("query-threads", "must be at most " + std::to_string(kMaxThreads));
  }
  checkPositive(config.defaultTimeout, "default-timeout-ms");
  checkPositive(config.maxTimeout, "max-timeout-ms");
  if (config.maxTimeout < config.defaultTimeout) {
    invalidKey("max-timeout-ms", "is " + std::to_string(config.maxTimeout.count()) +
                                     ", below default-timeout-ms (" +
                                     std::to_string(config.defaultTimeout.count()) + ")");
  }
  checkPositive(config.headerTimeout, "header-timeout-ms");
  checkPositive(config.bodyTimeout, "body-timeout-ms");
  checkPositive(config.idleTimeout, "idle-timeout-ms");
  if (config.shutdownGrace.count() < 0 || config.shutdownGrace > kMaxDuration) {
    invalidKey("shutdown-grace-ms",
               "must be from 0 to " + std::to_string(kMaxDuration.count()) + " (a year)");
  }
  if (config.indexSoftFlakes > 0 && config.indexHardFlakes <= config.indexSoftFlakes) {
    invalidKey("index-hard-flakes", "is " + std::to_string(config.indexHardFlakes) +
                                        ", not above index-soft-flakes (" +
                                        std::to_string(config.indexSoftFlakes) + ")");
  }
  if (config.memoryReleaseIdle.count() < 0 || config.memoryReleaseIdle > kMaxDuration) {
    invalidKey(
        "memory-release-idle-seconds",
        "must be from 0 (never) to " + std::to_string(kMaxDuration.count() / 1000) + " (a year)");
  }
  if (config.gcInterval.count() < 0 || config.gcInterval > kMaxDuration) {
    invalidKey(
        "gc-interval-seconds",
        "must be from 0 (off) to " + std::to_string(kMaxDuration.count() / 1000) + " (a year)");
  }
  if (config.queryMemoryBytes == 0) invalidKey("query-memory", "must be more than 0 bytes");
  if (config.maxBodyBytes == 0) invalidKey("max-body", "must be more than 0 bytes");
  if (config.maxUploadBytes == 0) invalidKey("max-upload", "must be more than 0 bytes");

  std::set<std::string_view> tokenNames;
  std::set<std::string_view> secrets;
  for (size_t i = 0; i < config.tokens.size(); ++i) {
    const TokenGrant& grant = config.tokens[i];
    std::string key = "tokens[" + std::to_string(i) + "]";
    if (grant.name.empty()) invalidKey(key, "the name is empty");
    // The secret is never echoed: error messages end up in logs.
    if (grant.token.empty()) invalidKey(key, "token \"" + grant.name + "\" has an empty secret");
    if (!grant.read && !grant.write) {
      invalidKey(key, "token \"" + grant.name + "\" has no scope (read, write)");
    }
    if (!tokenNames.insert(grant.name).second) {
      invalidKey(key, "the name \"" + grant.name + "\" is used by two tokens");
    }
    if (!secrets.insert(grant.token).second) {
      invalidKey(key, "token \"" + grant.name + "\" has the same secret as another token");
    }
  }
  for (const std::string& directory : config.importDirectories) {
    if (directory.empty()) invalidKey("import-directories", "a directory is empty");
  }
  for (const std::string& origin : config.corsOrigins) {
    // An origin is scheme://host[:port], exactly as a browser sends it: no path, no slash.
    const size_t scheme = origin.find("://");
    const bool wellFormed = origin == "*" || (scheme != std::string::npos && scheme > 0 &&
                                              scheme + 3 < origin.size() &&
                                              origin.find('/', scheme + 3) == std::string::npos);
    if (!wellFormed) {
      invalidKey("cors-origins", "\"" + origin +
                                     "\" is not an origin: give \"*\" or scheme://host[:port], "
                                     "as in \"https://yasgui.org\"");
    }
  }
  std::set<std::string_view> ledgers;
  for (const auto& [name, file] : config.initialLedgers) {
    if (!index::isValidLedgerName(name)) {
      invalidKey("initial-ledgers",
                 "invalid ledger name \"" + name +
                     "\": use 1-128 characters from A-Z a-z 0-9 . _ - (not starting with . or -)");
    }
    if (!ledgers.insert(name).second) {
      invalidKey("initial-ledgers", "ledger \"" + name + "\" is listed twice");
    }
    if (file.empty()) invalidKey("initial-ledgers", "ledger \"" + name + "\" has no file");
  }
}

}  // namespace cairn::server
