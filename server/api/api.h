#pragma once
// Api: Cairn's HTTP routes. It matches a request to a route, checks the token, and either
// answers at once (health, metrics, listings) or hands the work to the query pool (queries,
// imports), which answers from there. Every answer — success or failure — is counted in the
// metrics and written to the access log; every failure has a JSON body {code, message, line?,
// column?}.
//
// Routes (docs/http-api.md has them all with examples):
//   GET  /health                     GET /metrics
//   GET  /ledgers                    POST /ledgers
//   GET  /ledgers/{name}             DELETE /ledgers/{name}
//   GET|POST /ledgers/{name}/sparql  GET|POST /ledgers/{name}/explain (SPARQL or Cypher)
//   POST /ledgers/{name}/cypher      (openCypher, answered in Neo4j's HTTP shape)
//   GET|HEAD /ledgers/{name}/data    (Graph Store Protocol, ?graph=IRI or ?default)
//   POST /ledgers/{name}/index       POST /admin/gc (garbage collection; ?dry-run, ?retain-roots)
//   POST /v1/fluree/query/{ledger}   (compatibility; a ":main" suffix is accepted; Cypher with
//                                    Content-Type application/cypher)
//
// Thread-safety: handle() is called on network threads, concurrently.

#include <memory>

#include "server/api/access_log.h"
#include "server/api/authorizer.h"
#include "server/api/query_parse_cache.h"
#include "server/config/server_config.h"
#include "server/http/http_exchange.h"
#include "server/ledgers/ledger_registry.h"
#include "server/observability/metrics.h"
#include "server/service/gc_service.h"
#include "server/service/memory_release_service.h"
#include "server/service/query_pool.h"

namespace cairn::server::api {

class QueryPlanCache;
class CypherPlanCache;

struct ApiContext {
  const ServerConfig& config;
  LedgerRegistry& ledgers;
  QueryPool& pool;
  observability::MetricsRegistry& metrics;
  AccessLog& accessLog;
  GcService& gc;
  QueryParseCache* parseCache = nullptr;          // null: every query is parsed afresh
  CypherParseCache* cypherParseCache = nullptr;   // null: every statement is parsed afresh
  QueryPlanCache* planCache = nullptr;            // null: every query is planned afresh
  CypherPlanCache* cypherPlanCache = nullptr;     // null: every statement is planned afresh
  MemoryReleaseService* memoryRelease = nullptr;  // null: requests are not reported to one
};

class Api {
 public:
  explicit Api(ApiContext context);
  ~Api();

  void handle(std::shared_ptr<http::Exchange> exchange);
  // For the connection layer's own answers (400, 408, 413, 431): counted like the others.
  void recordProtocolError(unsigned status);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace cairn::server::api
