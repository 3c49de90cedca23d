#include "server/api/api.h"

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "server/api/cors.h"
#include "server/api/query_execution.h"
#include "server/api/route_call.h"
#include "server/http/media_type.h"
#include "server/http/url_codec.h"

namespace cairn::server::api {
namespace {

using http::HttpError;

// What the router decided for a request.
struct Route {
  std::string name;
  Scope scope = Scope::kRead;
  std::string allowed;  // "GET, POST": answered 405 with this Allow header otherwise
  std::function<void(const RouteCall&)> handler;
};

std::string compatLedgerName(std::string name) {
  // fluree/benchmark-db addresses a ledger's branch as "name:main".
  constexpr std::string_view kBranch = ":main";
  if (name.size() > kBranch.size() && name.ends_with(kBranch))
    name.resize(name.size() - kBranch.size());
  return name;
}

// Whether a POST to the SPARQL endpoint carries an update: an application/sparql-update body, or
// a form whose parameters include update=.
bool isUpdateRequest(const http::Request& request) {
  const std::string* contentType = request.header("content-type");
  if (contentType == nullptr) return false;
  const auto type = http::parseMediaType(*contentType);
  if (!type) return false;
  const std::string essence = type->essence();
  if (essence == "application/sparql-update") return true;
  if (essence != "application/x-www-form-urlencoded") return false;
  try {
    return http::findParameter(http::parseFormUrlEncoded(request.body), "update") != nullptr;
  } catch (const core::Error&) {
    return false;  // the query route reports the malformed form
  }
}

// The media type of a POSTed body ("application/json"), empty when there is none or it does not
// parse.
std::string bodyType(const http::Request& request) {
  const std::string* contentType = request.header("content-type");
  if (contentType == nullptr) return {};
  const auto type = http::parseMediaType(*contentType);
  return type ? type->essence() : std::string();
}

// A Cypher route: Neo4j-shaped failures (cypher_errors.h), from the method check on.
Route cypherRoute(std::string name, std::string allowed, QueryMode mode, RouteCall& call) {
  call.errorStyle = ErrorStyle::kNeo4j;
  return {std::move(name), Scope::kRead, std::move(allowed),
          [mode](const RouteCall& c) { handleCypher(c, mode); }};
}

// Graph Store Protocol §4.1, direct graph identification: /ledgers/{ledger}/data/<path> names the
// graph whose IRI is the request's own URL (http, the Host header, the path as sent). The
// handlers then see it as ?graph=<that IRI>; a request naming a graph both ways is refused.
RouteCall namingDirectGraph(const RouteCall& call) {
  if (http::findParameter(call.target.query, "graph") != nullptr ||
      http::findParameter(call.target.query, "default") != nullptr) {
    throw HttpError(400, "invalid_parameter",
                    "a request to /ledgers/{name}/data/<path> names its graph by its URL: it "
                    "takes neither ?graph= nor ?default");
  }
  const http::Request& request = call.exchange->request();
  RouteCall direct = call;
  direct.target.query.emplace_back(
      "graph", endpointBase(request, request.target.substr(0, request.target.find('?'))));
  return direct;
}

// HEAD is allowed wherever GET is (the connection layer drops the body).
bool methodAllowed(const std::string& requested, const std::string& allowed) {
  const std::string& method = requested == "HEAD" ? std::string("GET") : requested;
  size_t start = 0;
  while (start < allowed.size()) {
    size_t end = allowed.find(", ", start);
    if (end == std::string::npos) end = allowed.size();
    if (allowed.compare(start, end - start, method) == 0) return true;
    start = end + 2;
  }
  return false;
}

// A GET (or HEAD) of a SPARQL endpoint with no query string at all asks for the service
// description (SPARQL 1.1 Service Description §2); parameters without a query stay an error.
bool isServiceDescriptionRequest(const http::Request& request, const http::RequestTarget& target) {
  return (request.method == "GET" || request.method == "HEAD") && target.query.empty();
}

}  // namespace

struct Api::State {
  ApiContext context;
  ApiMetrics metrics;
  Authorizer authorizer;
  CorsPolicy cors;

  explicit State(ApiContext c)
      : context(c),
        metrics(c.metrics),
        authorizer(c.config.tokens, c.config.allowRemote),
        cors(c.config.corsOrigins) {}

  Route match(const http::Request& request, RouteCall& call) {
    const auto& s = call.target.segments;
    const std::string& method = request.method;
    if (s.empty()) {
      return {"console", Scope::kNone, "GET",
              [](const RouteCall& c) { handleConsoleAsset(c, "/index.html"); }};
    }
    if (s[0] == "console" && s.size() >= 2) {
      std::string path;
      for (size_t i = 1; i < s.size(); ++i) path += "/" + s[i];
      return {"console", Scope::kNone, "GET",
              [path](const RouteCall& c) { handleConsoleAsset(c, path); }};
    }
    if (s.size() == 1 && s[0] == "health") {
      return {"health", Scope::kNone, "GET",
              [](const RouteCall& c) { respondJson(*c.exchange, "{\"status\":\"ok\"}\n"); }};
    }
    if (s.size() == 1 && s[0] == "metrics") {
      return {"metrics", Scope::kRead, "GET", [](const RouteCall& c) {
                c.exchange->respond(http::Response{200,
                                                   "text/plain; version=0.0.4; charset=utf-8",
                                                   {},
                                                   c.context->metrics.renderPrometheus()});
              }};
    }
    if (!s.empty() && s[0] == "ledgers") {
      if (s.size() == 1) {
        if (method == "POST") return {"ledgers", Scope::kWrite, "GET, POST", handleLedgerCreate};
        return {"ledgers", Scope::kRead, "GET, POST", handleLedgerList};
      }
      call.ledger = s[1];
      if (s.size() == 2) {
        if (method == "DELETE") return {"ledger", Scope::kWrite, "GET, DELETE", handleLedgerDrop};
        return {"ledger", Scope::kRead, "GET, DELETE", handleLedgerInfo};
      }
      if (s.size() == 3 && s[2] == "sparql") {
        // One SPARQL endpoint for both operations, as the protocol's tests use it: a POSTed
        // update (by media type, or a form with update=) goes to the update route, write scope.
        if (method == "POST" && isUpdateRequest(request)) {
          return {"update", Scope::kWrite, "GET, POST", handleUpdate};
        }
        if (isServiceDescriptionRequest(request, call.target)) {
          return {"service_description", Scope::kRead, "GET, POST",
                  [](const RouteCall& c) { handleServiceDescription(c, true); }};
        }
        return {"sparql", Scope::kRead, "GET, POST",
                [](const RouteCall& c) { handleSparql(c, QueryMode::kQuery); }};
      }
      if (s.size() == 3 && s[2] == "cypher") {
        // Read scope to start with; a statement that writes is checked for write scope once it
        // is parsed (cypher_endpoints.cpp).
        return cypherRoute("cypher", "POST", QueryMode::kQuery, call);
      }
      if (s.size() == 3 && s[2] == "explain") {
        // SPARQL takes neither JSON nor application/cypher bodies: those are Cypher statements.
        const std::string type = method == "POST" ? bodyType(request) : std::string();
        if (type == "application/json" || type == "application/cypher") {
          return cypherRoute("cypher_explain", "GET, POST", QueryMode::kExplain, call);
        }
        return {"explain", Scope::kRead, "GET, POST",
                [](const RouteCall& c) { handleSparql(c, QueryMode::kExplain); }};
      }
      if (s.size() >= 3 && s[2] == "data") {
        const char* allowed = "GET, PUT, POST, DELETE";
        const bool write = method == "PUT" || method == "POST" || method == "DELETE";
        void (*handler)(const RouteCall&) = write ? handleGraphStoreWrite : handleGraphStoreRead;
        const Scope scope = write ? Scope::kWrite : Scope::kRead;
        if (s.size() == 3) return {"data", scope, allowed, handler};
        return {"data", scope, allowed,
                [handler](const RouteCall& c) { handler(namingDirectGraph(c)); }};
      }
      if (s.size() == 3 && s[2] == "history") {
        return {"history", Scope::kRead, "GET", handleLedgerHistory};
      }
      if (s.size() == 3 && s[2] == "commits") {
        return {"commits", Scope::kRead, "GET", handleLedgerCommits};
      }
      if (s.size() == 3 && s[2] == "index") {
        return {"index", Scope::kWrite, "POST", handleLedgerIndex};
      }
      if (s.size() == 3 && s[2] == "update") {
        return {"update", Scope::kWrite, "POST", handleUpdate};
      }
    }
    if (s.size() == 2 && s[0] == "admin" && s[1] == "gc") {
      return {"gc", Scope::kWrite, "POST", handleGarbageCollection};
    }
    if (s.size() == 4 && s[0] == "v1" && s[1] == "fluree" && s[2] == "update") {
      call.ledger = compatLedgerName(s[3]);
      // A Cypher statement on the update route answers like /cypher: rows, stats and the
      // commit's t. Writing still needs the write scope (checked once the statement is parsed).
      if (method == "POST" && bodyType(request) == "application/cypher") {
        return cypherRoute("fluree_cypher_update", "POST", QueryMode::kQuery, call);
      }
      return {"fluree_update", Scope::kWrite, "POST", handleUpdate};
    }
    if (s.size() == 4 && s[0] == "v1" && s[1] == "fluree" && s[2] == "query") {
      call.ledger = compatLedgerName(s[3]);
      if (method == "POST" && bodyType(request) == "application/cypher") {
        return cypherRoute("fluree_cypher", "GET, POST", QueryMode::kQuery, call);
      }
      if (isServiceDescriptionRequest(request, call.target)) {
        return {"service_description", Scope::kRead, "GET, POST",
                [](const RouteCall& c) { handleServiceDescription(c, false); }};
      }
      return {"fluree_query", Scope::kRead, "GET, POST",
              [](const RouteCall& c) { handleSparql(c, QueryMode::kQuery); }};
    }
    throw HttpError(404, "unknown_route", "no route " + request.method + " " + call.target.path);
  }
};

Api::Api(ApiContext context) : state_(std::make_unique<State>(context)) {}

Api::~Api() = default;

void Api::recordProtocolError(unsigned status) {
  state_->metrics.requests.with({"-", std::to_string(status)}).inc();
}

void Api::handle(std::shared_ptr<http::Exchange> exchange) {
  const std::optional<std::string> allowOrigin = state_->cors.allowedOrigin(exchange->request());
  if (allowOrigin) exchange = CorsPolicy::withHeaders(std::move(exchange), *allowOrigin);
  RouteCall call;
  call.context = &state_->context;
  call.metrics = &state_->metrics;
  call.authorizer = &state_->authorizer;
  call.exchange = exchange;
  call.route = "-";
  // The completion handler runs after the answer is written, when the exchange may be gone:
  // it keeps what it logs, and reads the route and token the router sets below.
  struct Facts {
    uint64_t id;
    std::string remote, method, target, route = "-", token;
    std::chrono::steady_clock::time_point received;
  };
  const http::Request& request = exchange->request();
  auto facts =
      std::make_shared<Facts>(Facts{request.id, request.remoteAddress, request.method,
                                    request.target.substr(0, 512), "-", "", request.received});
  State* state = state_.get();
  // Held by the completion handler, so the request counts as running until the exchange drops it.
  std::shared_ptr<void> busy;
  if (state->context.memoryRelease != nullptr)
    busy = state->context.memoryRelease->requestStarted();
  exchange->onComplete([state, facts, busy](unsigned status, uint64_t bytes) {
    const auto elapsed = std::chrono::steady_clock::now() - facts->received;
    state->metrics.requests.with({facts->route, std::to_string(status)}).inc();
    state->metrics.latency.with({facts->route}).observe(elapsed);
    state->context.accessLog.record(AccessRecord{
        facts->id, facts->remote, facts->method, facts->route, facts->target, status, bytes,
        std::chrono::duration<double, std::milli>(elapsed).count(), facts->token});
  });
  try {
    if (allowOrigin && CorsPolicy::isPreflight(request)) {
      call.route = facts->route = "preflight";
      exchange->respond(CorsPolicy::preflightResponse());
      return;
    }
    call.target = http::parseRequestTarget(exchange->request().target);
    Route matched = state_->match(exchange->request(), call);
    call.route = matched.name;
    facts->route = matched.name;
    if (!methodAllowed(exchange->request().method, matched.allowed)) {
      throw HttpError(405, "method_not_allowed",
                      "this route takes " + matched.allowed + ", not " + exchange->request().method)
          .withHeader("Allow", matched.allowed);
    }
    facts->token = state_->authorizer.authorize(exchange->request(), matched.scope);
    matched.handler(call);
  } catch (...) {
    answerFailure(call, nullptr);
  }
}

}  // namespace cairn::server::api
