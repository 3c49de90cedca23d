#pragma once
// Running one SPARQL query for an HTTP request on a query-pool thread (internal to
// server/api): parse, apply the protocol's dataset, negotiate the format, execute with the
// request's limits, and stream the answer into the exchange. Shared by the SPARQL, explain,
// Graph Store and compatibility routes.

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "server/api/route_call.h"
#include "sparql/results/result_format.h"

namespace cairn::server::api {

// Time travel: read the state at commit t (`t=`), or at the latest commit at or before a time
// (`as-of=`, milliseconds since 1970). Neither: the latest state.
struct TimeTravel {
  std::optional<uint64_t> t;
  std::optional<int64_t> millis;

  bool given() const { return t.has_value() || millis.has_value(); }
  // The commit to read at (QueryOptions::asOf): UINT64_MAX for the latest.
  uint64_t resolve(LedgerRegistry& ledgers, const std::string& ledger) const;
};

struct QueryJob {
  std::string text;
  std::optional<std::vector<std::string>> defaultGraphs;  // set: the protocol's dataset
  std::vector<std::string> namedGraphs;
  std::chrono::milliseconds timeout{0};
  // The answer format when the request fixed it (format= parameter); otherwise Accept decides.
  std::optional<sparql::results::ResultFormat> format;
  bool explain = false;
  bool analyze = false;
  TimeTravel asOf;
  // Graph Store Protocol: answer 404 unless this graph IRI exists in the ledger.
  std::optional<std::string> requireGraph;
};

// The per-request timeout: `timeout=` in milliseconds (or with a unit: "500ms", "2s", "1m"),
// never above the server's maximum; the server default without one. 400 when malformed.
std::chrono::milliseconds requestTimeout(const std::string* parameter, const ServerConfig& config);

// §2.1: a service may use its endpoint as the base IRI: "http://" + Host + `path` (Host only
// when it is a plain host[:port], "localhost" otherwise).
std::string endpointBase(const http::Request& request, const std::string& path);
// Graph IRIs arriving as parameters must be absolute and writable between < and >; 400
// invalid_parameter naming `parameter` otherwise.
void checkIri(const std::string& iri, const char* parameter);

// Reads `t=` and `as-of=` (at most one of them); 400 when malformed.
TimeTravel readTimeTravel(const std::string* t, const std::string* asOf);

// Whether the client prefers a plan as text (Accept: text/plain over application/json).
bool plainTextPlan(const http::Request& request);

// Runs on a pool thread; answers the exchange whatever happens.
void runQueryJob(const RouteCall& call, const QueryJob& job);

}  // namespace cairn::server::api
