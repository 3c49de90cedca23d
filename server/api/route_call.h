#pragma once
// What a route handler gets (internal to server/api): the exchange, the parsed target, the
// ledger named in the path, and the shared context. Copyable, so work handed to the query pool
// takes its own copy.

#include <memory>
#include <string>

#include "server/api/api.h"
#include "server/http/http_error.h"
#include "server/http/url_codec.h"

namespace cairn::server::api {

// The metrics the routes share, registered once.
struct ApiMetrics {
  explicit ApiMetrics(observability::MetricsRegistry& registry);

  observability::CounterFamily& requests;   // route, status
  observability::HistogramFamily& latency;  // route
  observability::Counter& queryTimeouts;
  observability::Counter& memoryRejections;
  observability::Counter& overloadRejections;
  observability::Counter& cancelledQueries;
  observability::Counter& internalErrors;
};

// How a route's failures look: Cairn's {code, message, line?, column?}, or Neo4j's
// {"results":[],"errors":[{code, message}]} on the Cypher routes (cypher_errors.h).
enum class ErrorStyle { kCairn, kNeo4j };

struct RouteCall {
  ApiContext* context = nullptr;
  ApiMetrics* metrics = nullptr;
  const Authorizer* authorizer = nullptr;  // for routes that learn the scope they need late
  std::shared_ptr<http::Exchange> exchange;
  http::RequestTarget target;
  std::string route;   // the route's name for logs and metrics
  std::string ledger;  // {name} from the path, when the route has one
  ErrorStyle errorStyle = ErrorStyle::kCairn;
};

// Answers with the error's status, headers and JSON body.
void respondError(http::Exchange& exchange, const http::HttpError& error);
// The same, in the route's error style.
void respondError(const RouteCall& call, const http::HttpError& error);
// Answers 200 (or `status`) with a JSON text body.
void respondJson(http::Exchange& exchange, std::string json, unsigned status = 200,
                 http::HeaderList headers = {});

// Runs `task` on the query pool; answers 503 (overloaded, Retry-After) when the pool is full.
void submitToPool(const RouteCall& call, std::function<void()> task);
// Turns any exception from a pool task into the exchange's answer (or, once a streamed body
// has started, a closed connection), counting timeouts and memory rejections. Call inside
// a catch block.
void answerFailure(const RouteCall& call, http::ResponseStream* stream);

// The handlers (one file each).
enum class QueryMode { kQuery, kExplain };
void handleSparql(const RouteCall& call, QueryMode mode);
// Cypher (cypher_endpoints.cpp): a statement as JSON or application/cypher; kExplain answers
// its plan as the SPARQL explain route does.
void handleCypher(const RouteCall& call, QueryMode mode);
void handleGraphStoreRead(const RouteCall& call);
void handleGraphStoreWrite(const RouteCall& call);
void handleUpdate(const RouteCall& call);
void handleLedgerList(const RouteCall& call);
void handleLedgerCreate(const RouteCall& call);
void handleLedgerInfo(const RouteCall& call);
void handleLedgerDrop(const RouteCall& call);
void handleLedgerIndex(const RouteCall& call);
void handleLedgerHistory(const RouteCall& call);
void handleGarbageCollection(const RouteCall& call);
void handleLedgerCommits(const RouteCall& call);
// A SPARQL endpoint's GET without a query: its SPARQL 1.1 Service Description, naming SPARQL
// Update among its languages when the endpoint takes updates too.
void handleServiceDescription(const RouteCall& call, bool updateToo);
// A file of the web console: `path` as in console_assets.h ("/index.html").
void handleConsoleAsset(const RouteCall& call, const std::string& path);

}  // namespace cairn::server::api
