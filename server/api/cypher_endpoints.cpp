// The Cypher routes: POST /ledgers/{name}/cypher (and the compatibility route with
// Content-Type application/cypher), and /ledgers/{name}/explain for a Cypher statement. A
// statement runs on a query-pool thread with the request's timeout and time travel; one that
// writes (CREATE, ...) needs the write scope, which is checked once the statement is parsed, and
// cannot read an earlier state. Answers and failures take Neo4j's HTTP shape
// (neo4j_results.h, cypher_errors.h).
//
// Rows stream like SPARQL answers: up to the response stream's first chunk a failure still
// becomes the response (its status and error body); a failure after bytes have left closes the
// connection without the final chunk.

#include <optional>

#include "cypher/statement/statement_plan.h"
#include "cypher/statement/statement_runner.h"
#include "server/api/cypher_request.h"
#include "server/api/neo4j_results.h"
#include "server/api/query_execution.h"
#include "server/api/query_plan_cache.h"

namespace cairn::server::api {
namespace {

using http::HttpError;

struct CypherJob {
  CypherBody body = CypherBody::kJson;
  bool planOnly = false;  // the /explain route
  bool analyze = false;   // ... with analyze=true: run it and answer the plan with actuals
  std::chrono::milliseconds timeout{0};
  TimeTravel asOf;
};

// Drops the rows of a statement run only for its plan.
class DiscardingValues final : public query::ValueSink {
 public:
  void begin(const std::vector<std::string>&, const query::value::GraphAccess&) override {}
  void row(std::span<const query::value::Value>) override {}
  void end() override {}
};

bool flagParameter(const RouteCall& call, std::string_view name) {
  const std::string* value = http::findParameter(call.target.query, name);
  if (value == nullptr || value->empty() || *value == "false" || *value == "0") return false;
  if (*value == "true" || *value == "1" || *value == "on" || *value == "yes") return true;
  throw HttpError(
      400, "invalid_parameter",
      "parameter '" + std::string(name) + "' must be true or false, not '" + *value + "'");
}

void answerPlan(http::Exchange& exchange, const query::PlanInfo& plan) {
  if (plainTextPlan(exchange.request())) {
    exchange.respond(
        http::Response{200, "text/plain; charset=utf-8", {}, query::renderPlanText(plan)});
  } else {
    respondJson(exchange, query::renderPlanJson(plan) + "\n");
  }
}

void runCypherJob(const RouteCall& call, const CypherJob& job) {
  http::Exchange& exchange = *call.exchange;
  std::unique_ptr<http::ResponseStream> stream;
  try {
    if (exchange.cancelled()->load()) {
      throw core::Error(core::ErrorCode::kCancelled, "the client closed the connection");
    }
    const CypherRequest request = readCypherRequest(job.body, exchange.request().body);
    // Parsed and checked once per distinct text (query_parse_cache.h); compile-time errors are
    // thrown here, before anything runs.
    auto parse = [&request] { return cypher::parseCheckedStatement(request.statement); };
    CypherParseCache* cache = call.context->cypherParseCache;
    const std::shared_ptr<const cypher::ast::Statement> statement =
        cache != nullptr ? cache->get("", request.statement, parse)
                         : std::make_shared<const cypher::ast::Statement>(parse());
    const cypher::StatementShape shape = cypher::shapeOf(*statement);
    const bool writes = job.planOnly ? shape.updating && job.analyze : shape.writes();
    if (writes) {
      call.authorizer->authorize(exchange.request(), Scope::kWrite);
      if (job.asOf.given()) {
        throw HttpError(400, "Neo.ClientError.Request.Invalid",
                        "a statement that writes changes the latest state: it takes neither t= "
                        "nor as-of=");
      }
    }
    const auto live = call.context->ledgers.live(call.ledger);
    query::QueryOptions options;
    options.timeout = job.timeout;
    options.memoryBudgetBytes = call.context->config.queryMemoryBytes;
    options.cancelled = exchange.cancelled();
    options.reportPlan = false;
    options.asOf = job.asOf.resolve(call.context->ledgers, call.ledger);

    if (job.planOnly) {
      query::PlanInfo plan;
      if (job.analyze) {
        options.analyze = true;
        DiscardingValues sink;
        plan =
            cypher::runStatement(*live, *statement, request.parameters, options, sink).query.plan;
      } else {
        plan = cypher::explainStatement(*live->snapshot(), *statement, request.parameters, options)
                   .plan;
      }
      answerPlan(exchange, plan);
      return;
    }

    stream = exchange.stream(200, "application/json");
    Neo4jResultWriter writer(*stream);
    // Reading statements run from plans kept per snapshot and text (query_plan_cache.h).
    std::optional<cypher::ReadPlans> plans;
    if (call.context->cypherPlanCache != nullptr) {
      plans.emplace(cypher::ReadPlans{*call.context->cypherPlanCache, request.statement});
    }
    const cypher::StatementReport report = cypher::runStatement(
        *live, *statement, request.parameters, options, writer, plans ? &*plans : nullptr);
    writer.finish(report);
    stream->finish();
  } catch (...) {
    answerFailure(call, stream.get());
  }
}

}  // namespace

void handleCypher(const RouteCall& call, QueryMode mode) {
  CypherJob job;
  job.body = cypherBodyKind(call.exchange->request());
  job.planOnly = mode == QueryMode::kExplain;
  job.analyze = job.planOnly && flagParameter(call, "analyze");
  job.timeout =
      requestTimeout(http::findParameter(call.target.query, "timeout"), call.context->config);
  job.asOf = readTimeTravel(http::findParameter(call.target.query, "t"),
                            http::findParameter(call.target.query, "as-of"));
  // The body is read (JSON parsed) on the pool thread: it may be megabytes.
  submitToPool(call, [call, job] { runCypherJob(call, job); });
}

}  // namespace cairn::server::api
