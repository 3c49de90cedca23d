// The query routes: SPARQL 1.1 Protocol queries (/ledgers/{name}/sparql, and the compatibility
// route), EXPLAIN (/ledgers/{name}/explain or explain=true), and Graph Store Protocol reads
// (/ledgers/{name}/data).

#include "server/api/query_execution.h"
#include "server/api/sparql_request.h"
#include "sparql/results/result_format.h"

namespace cairn::server::api {
namespace {

using http::HttpError;

std::optional<sparql::results::ResultFormat> formatParameter(const std::string* value) {
  if (value == nullptr || value->empty()) return std::nullopt;
  auto format = sparql::results::formatFromName(*value);
  if (!format) {
    throw HttpError(
        400, "invalid_parameter",
        "format must be json, xml, csv, tsv, ttl, nt, jsonld or rdfxml, not '" + *value + "'");
  }
  return format;
}

}  // namespace

void handleSparql(const RouteCall& call, QueryMode mode) {
  const SparqlRequest request = readSparqlQueryRequest(call.exchange->request(), call.target);
  QueryJob job;
  job.text = request.query;
  for (const auto& iri : request.defaultGraphs) checkIri(iri, "default-graph-uri");
  for (const auto& iri : request.namedGraphs) checkIri(iri, "named-graph-uri");
  if (request.protocolDataset()) {
    job.defaultGraphs = request.defaultGraphs;
    job.namedGraphs = request.namedGraphs;
  }
  job.timeout = requestTimeout(request.parameter("timeout"), call.context->config);
  job.format = formatParameter(request.parameter("format"));
  job.analyze = request.flag("analyze");
  job.asOf = readTimeTravel(request.parameter("t"), request.parameter("as-of"));
  job.explain = mode == QueryMode::kExplain || request.flag("explain") || job.analyze;
  submitToPool(call, [call, job = std::move(job)] { runQueryJob(call, job); });
}

void handleGraphStoreRead(const RouteCall& call) {
  const std::string* graph = http::findParameter(call.target.query, "graph");
  const bool defaultGraph = http::findParameter(call.target.query, "default") != nullptr;
  if ((graph == nullptr) == !defaultGraph) {
    throw HttpError(400, "invalid_parameter",
                    "name the graph with either ?graph=IRI or ?default (exactly one)");
  }
  QueryJob job;
  if (graph != nullptr) {
    checkIri(*graph, "graph");
    job.text = "CONSTRUCT { ?s ?p ?o } WHERE { GRAPH <" + *graph + "> { ?s ?p ?o } }";
    job.requireGraph = *graph;
  } else {
    // The store's default graph itself, not a union: FROM-less queries read exactly it.
    job.text = "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }";
  }
  job.timeout =
      requestTimeout(http::findParameter(call.target.query, "timeout"), call.context->config);
  job.format = formatParameter(http::findParameter(call.target.query, "format"));
  job.asOf = readTimeTravel(http::findParameter(call.target.query, "t"),
                            http::findParameter(call.target.query, "as-of"));
  submitToPool(call, [call, job = std::move(job)] { runQueryJob(call, job); });
}

}  // namespace cairn::server::api
