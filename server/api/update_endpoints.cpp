// The write routes: SPARQL 1.1 Update (/ledgers/{name}/update and the compatibility route
// /v1/fluree/update/{ledger}) and Graph Store Protocol writes (PUT, POST, DELETE on
// /ledgers/{name}/data). Every request is one atomic commit, answered with
// {"t", "inserted", "deleted", "time"} once durable.

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "query/update/update_executor.h"
#include "server/api/query_execution.h"
#include "server/api/rdf_body.h"
#include "server/api/sparql_request.h"
#include "sparql/parser/sparql_parser.h"

namespace cairn::server::api {
namespace {

using http::HttpError;

struct UpdateJob {
  query::UpdateRequest request;               // GSP: built here
  std::optional<std::string> text;            // SPARQL Update: parsed on the pool
  std::vector<std::string> usingGraphs;       // using-graph-uri
  std::vector<std::string> usingNamedGraphs;  // using-named-graph-uri
  std::chrono::milliseconds timeout{0};
  std::string source;  // for the commit record
  // GSP: 201 when the graph did not exist before (nullopt: always 200).
  std::optional<std::string> createdGraph;
};

// §2.2.3: a dataset in the protocol applies to every operation's WHERE clause, and a request
// may not give one both there and in USING / WITH.
void applyProtocolDataset(const UpdateJob& job, query::UpdateRequest& request) {
  if (job.usingGraphs.empty() && job.usingNamedGraphs.empty()) return;
  for (auto& operation : request.operations) {
    auto* modify = std::get_if<query::Modify>(&operation);
    if (modify == nullptr) continue;
    if (modify->dataset.specified || modify->with) {
      throw HttpError(400, "invalid_parameter",
                      "using-graph-uri / using-named-graph-uri cannot be combined with USING or "
                      "WITH in the update");
    }
    modify->dataset.specified = true;
    modify->dataset.defaultGraphs = job.usingGraphs;
    modify->dataset.namedGraphs = job.usingNamedGraphs;
  }
}

bool graphExists(const index::Ledger& ledger, const std::string& iri) {
  auto id = ledger.encodeNode(core::Term::iri(iri));
  return id.isOk() && *id && ledger.hasGraph(**id);
}

void runUpdateJob(const RouteCall& call, UpdateJob job) {
  http::Exchange& exchange = *call.exchange;
  try {
    auto live = call.context->ledgers.live(call.ledger);
    const std::string base = endpointBase(exchange.request(), call.target.path);
    query::UpdateRequest request = std::move(job.request);
    if (job.text) {
      sparql::UpdateParseOptions parseOptions;
      parseOptions.baseIri = base;
      request = sparql::parseUpdate(*job.text, parseOptions);
      applyProtocolDataset(job, request);
    }
    const bool created = job.createdGraph && !graphExists(*live->snapshot(), *job.createdGraph);
    query::UpdateOptions options;
    options.query.timeout = job.timeout;
    options.query.memoryBudgetBytes = call.context->config.queryMemoryBytes;
    options.query.cancelled = exchange.cancelled();
    options.query.reportPlan = false;
    options.baseIri = base;
    options.message = nlohmann::json{{"source", job.source}}.dump();
    const index::CommitResult result = query::executeUpdate(*live, request, options);
    nlohmann::json body = {
        {"t", result.t}, {"inserted", result.inserted}, {"deleted", result.deleted}};
    if (!result.time.empty()) body["time"] = result.time;
    respondJson(exchange, body.dump() + "\n", created ? 201 : 200);
  } catch (...) {
    answerFailure(call, nullptr);
  }
}

void submitUpdate(const RouteCall& call, UpdateJob job) {
  submitToPool(call,
               [call, job = std::move(job)]() mutable { runUpdateJob(call, std::move(job)); });
}

}  // namespace

void handleUpdate(const RouteCall& call) {
  const SparqlRequest request = readSparqlUpdateRequest(call.exchange->request(), call.target);
  UpdateJob job;
  job.text = request.query;
  job.usingGraphs = request.defaultGraphs;
  job.usingNamedGraphs = request.namedGraphs;
  for (const auto& iri : job.usingGraphs) checkIri(iri, "using-graph-uri");
  for (const auto& iri : job.usingNamedGraphs) checkIri(iri, "using-named-graph-uri");
  job.timeout = requestTimeout(request.parameter("timeout"), call.context->config);
  job.source = "sparql-update";
  submitUpdate(call, std::move(job));
}

void handleGraphStoreWrite(const RouteCall& call) {
  const http::Request& request = call.exchange->request();
  const std::string* graph = http::findParameter(call.target.query, "graph");
  const bool defaultGraph = http::findParameter(call.target.query, "default") != nullptr;
  if ((graph == nullptr) == !defaultGraph) {
    throw HttpError(400, "invalid_parameter",
                    "name the graph with either ?graph=IRI or ?default (exactly one)");
  }
  if (graph != nullptr) checkIri(*graph, "graph");
  std::optional<std::string> target;
  if (graph != nullptr) target = *graph;
  UpdateJob job;
  job.timeout =
      requestTimeout(http::findParameter(call.target.query, "timeout"), call.context->config);
  job.source = "graph-store-" + request.method;
  query::GraphTarget dropTarget;
  dropTarget.kind = target ? query::GraphTarget::Kind::kGraph : query::GraphTarget::Kind::kDefault;
  if (target) dropTarget.iri = *target;
  if (request.method == "DELETE") {
    // A named graph without triples does not exist: 404 (the executor's kNotFound).
    job.request.operations.push_back(query::Drop{dropTarget, /*silent=*/false});
  } else {
    const std::string base = endpointBase(request, call.target.path);
    query::InsertData insert{readRdfBody(request, target, base)};
    // Only a body with triples for the graph can create it (an empty one leaves it absent).
    const bool fillsTarget = std::any_of(insert.quads.begin(), insert.quads.end(),
                                         [&](const query::Quad& q) { return q.graph == target; });
    if (request.method == "PUT") {
      job.request.operations.push_back(query::Drop{dropTarget, /*silent=*/true});
    }
    job.request.operations.push_back(std::move(insert));
    if (fillsTarget) job.createdGraph = target;
  }
  submitUpdate(call, std::move(job));
}

}  // namespace cairn::server::api
