#include <spdlog/spdlog.h>

#include "core/error.h"
#include "server/api/cypher_errors.h"
#include "server/api/route_call.h"

namespace cairn::server::api {

namespace {
// Request latencies from 50 µs (a point query over keep-alive) to a minute.
std::vector<double> latencyBuckets() {
  return {0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
          0.1,     0.25,   0.5,     1,      2.5,   5,      10,    30,   60};
}
}  // namespace

ApiMetrics::ApiMetrics(observability::MetricsRegistry& registry)
    : requests(registry.counterFamily("cairn_http_requests_total",
                                      "HTTP requests answered, by route and status",
                                      {"route", "status"})),
      latency(registry.histogramFamily("cairn_http_request_duration_seconds",
                                       "Time from a request's arrival to its last byte sent",
                                       {"route"}, latencyBuckets())),
      queryTimeouts(
          registry.counter("cairn_query_timeouts_total", "Queries stopped by their timeout")),
      memoryRejections(registry.counter("cairn_query_memory_rejections_total",
                                        "Queries stopped by their memory budget")),
      overloadRejections(registry.counter(
          "cairn_query_overload_rejections_total",
          "Requests refused with 503 because every query slot and queue place was taken")),
      cancelledQueries(registry.counter("cairn_query_cancellations_total",
                                        "Queries cancelled (client gone, or shutdown)")),
      internalErrors(registry.counter("cairn_internal_errors_total",
                                      "Requests answered 500 (a bug; see the server log)")) {}

void respondError(http::Exchange& exchange, const http::HttpError& error) {
  exchange.respond(
      http::Response{error.status(), "application/json", error.headers(), error.body()});
}

void respondError(const RouteCall& call, const http::HttpError& error) {
  if (call.errorStyle == ErrorStyle::kCairn) {
    respondError(*call.exchange, error);
    return;
  }
  call.exchange->respond(
      http::Response{error.status(), "application/json", error.headers(), neo4jErrorBody(error)});
}

void respondJson(http::Exchange& exchange, std::string json, unsigned status,
                 http::HeaderList headers) {
  exchange.respond(http::Response{status, "application/json", std::move(headers), std::move(json)});
}

void submitToPool(const RouteCall& call, std::function<void()> task) {
  if (call.context->pool.trySubmit(std::move(task))) return;
  call.metrics->overloadRejections.inc();
  respondError(call,
               http::HttpError(503, "overloaded",
                               "every query slot is busy and the queue is full; retry shortly")
                   .withHeader("Retry-After", "1"));
}

void answerFailure(const RouteCall& call, http::ResponseStream* stream) {
  const bool neo4j = call.errorStyle == ErrorStyle::kNeo4j;
  auto fail = [&](const http::HttpError& error) {
    if (stream != nullptr) {
      stream->fail(error.status(), "application/json",
                   neo4j ? neo4jErrorBody(error) : error.body());
    } else {
      respondError(call, error);
    }
  };
  try {
    throw;
  } catch (const http::HttpError& e) {
    fail(e);
  } catch (const core::Error& e) {
    if (e.code() == core::ErrorCode::kTimeout) call.metrics->queryTimeouts.inc();
    if (e.code() == core::ErrorCode::kResourceExhausted) call.metrics->memoryRejections.inc();
    if (e.code() == core::ErrorCode::kCancelled) call.metrics->cancelledQueries.inc();
    if (e.code() == core::ErrorCode::kStorageError) {
      spdlog::error("request {}: storage error: {}", call.exchange->request().id, e.message());
      call.metrics->internalErrors.inc();
    }
    fail(neo4j ? cypherHttpError(e) : http::toHttpError(e));
  } catch (const std::bad_alloc&) {
    call.metrics->memoryRejections.inc();
    fail(http::HttpError(503, "resource_exhausted",
                         "the server ran out of memory for this request"));
  } catch (const std::exception& e) {
    spdlog::error("request {}: internal error: {}", call.exchange->request().id, e.what());
    call.metrics->internalErrors.inc();
    fail(http::HttpError(500, "internal",
                         "internal error (request " + std::to_string(call.exchange->request().id) +
                             "); it is logged"));
  }
}

}  // namespace cairn::server::api
