// The write routes: SPARQL 1.1 Update (/ledgers/{name}/update and the compatibility route
// /v1/fluree/update/{ledger}) and Graph Store Protocol writes (PUT, POST, DELETE on
// /ledgers/{name}/data, the graph named by ?graph=, ?default or, directly, by the request URL;
// a POST naming no graph creates one). Every request is one atomic commit, answered with
// {"t", "inserted", "deleted", "time"} once durable.

#include <algorithm>
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <random>

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
  // GSP POST naming no graph: the prefix its new graph's IRI was minted under (createdGraph is
  // that IRI); the answer is 201 with a Location.
  std::optional<std::string> mintPrefix;
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

// A version 4 (random) UUID in its canonical 8-4-4-4-12 lower-case form.
std::string randomUuid() {
  std::random_device device;
  std::array<uint8_t, 16> bytes{};
  for (size_t i = 0; i < bytes.size(); i += 4) {
    const uint32_t word = device();
    for (size_t j = 0; j < 4; ++j) bytes[i + j] = static_cast<uint8_t>(word >> (8 * j));
  }
  bytes[6] = static_cast<uint8_t>((bytes[6] & 0x0F) | 0x40);  // version 4
  bytes[8] = static_cast<uint8_t>((bytes[8] & 0x3F) | 0x80);  // RFC 4122 variant
  constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out += '-';
    out += kHex[bytes[i] >> 4];
    out += kHex[bytes[i] & 0xF];
  }
  return out;
}

// A POST creating a graph must not land in one that exists: 122 random bits make a clash all but
// impossible, but a client may have PUT any IRI. Moves the body's quads to a fresh IRI until the
// minted one names no graph of `ledger`.
void mintUnusedGraph(const index::Ledger& ledger, UpdateJob& job, query::UpdateRequest& request) {
  std::string iri = *job.createdGraph;
  while (graphExists(ledger, iri)) {
    const std::string fresh = *job.mintPrefix + randomUuid();
    for (auto& operation : request.operations) {
      auto* insert = std::get_if<query::InsertData>(&operation);
      if (insert == nullptr) continue;
      for (query::Quad& q : insert->quads) {
        if (q.graph == iri) q.graph = fresh;
      }
    }
    iri = fresh;
  }
  job.createdGraph = iri;
}

// The path as the client sent it (escapes kept), for IRIs made from the request URL.
std::string rawPath(const http::Request& request) {
  return request.target.substr(0, request.target.find('?'));
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
    const auto before = live->snapshot();
    if (job.mintPrefix) mintUnusedGraph(*before, job, request);
    const bool created =
        job.createdGraph && (job.mintPrefix || !graphExists(*before, *job.createdGraph));
    query::UpdateOptions options;
    options.query.timeout = job.timeout;
    options.query.memoryBudgetBytes = call.context->config.queryMemoryBytes;
    options.query.cancelled = exchange.cancelled();
    options.query.reportPlan = false;
    options.baseIri = base;
    options.message = nlohmann::json{{"source", job.source}}.dump();
    // The pool thread runs the operations and goes on; the answer leaves when the commit is
    // durable, so the commits of many requests share one sync.
    query::executeUpdateAsync(
        *live, std::move(request), std::move(options),
        [call, createdGraph = job.mintPrefix ? job.createdGraph : std::nullopt,
         created](query::UpdateOutcome outcome) {
          try {
            if (auto* failure = std::get_if<std::exception_ptr>(&outcome)) {
              std::rethrow_exception(*failure);
            }
            const auto& result = std::get<index::CommitResult>(outcome);
            nlohmann::json body = {
                {"t", result.t}, {"inserted", result.inserted}, {"deleted", result.deleted}};
            if (!result.time.empty()) body["time"] = result.time;
            http::HeaderList headers;
            if (createdGraph) {
              body["graph"] = *createdGraph;
              headers.emplace_back("Location", *createdGraph);
            }
            respondJson(*call.exchange, body.dump() + "\n", created ? 201 : 200,
                        std::move(headers));
          } catch (...) {
            answerFailure(call, nullptr);
          }
        });
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

// The graph comes as ?graph=IRI or ?default; a direct request (/ledgers/{name}/data/<path>) reaches
// here with its own URL as ?graph= (api.cpp). A POST naming none creates a graph (§5.5).
void handleGraphStoreWrite(const RouteCall& call) {
  const http::Request& request = call.exchange->request();
  const std::string* graph = http::findParameter(call.target.query, "graph");
  const bool defaultGraph = http::findParameter(call.target.query, "default") != nullptr;
  const bool createGraph = request.method == "POST" && graph == nullptr && !defaultGraph;
  if (!createGraph && (graph == nullptr) == !defaultGraph) {
    throw HttpError(400, "invalid_parameter",
                    "name the graph with either ?graph=IRI or ?default (exactly one), or by the "
                    "URL /ledgers/{name}/data/<path>");
  }
  if (graph != nullptr) checkIri(*graph, "graph");
  UpdateJob job;
  std::optional<std::string> target;
  if (createGraph) {
    job.mintPrefix = endpointBase(request, "/ledgers/" + call.ledger + "/data/graphs/");
    target = *job.mintPrefix + randomUuid();
  } else if (graph != nullptr) {
    target = *graph;
  }
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
    query::InsertData insert{readRdfBody(request, target, endpointBase(request, rawPath(request)))};
    // Only a body with triples for the graph can create it (an empty one leaves it absent).
    const bool fillsTarget = std::any_of(insert.quads.begin(), insert.quads.end(),
                                         [&](const query::Quad& q) { return q.graph == target; });
    if (createGraph && !fillsTarget) {
      // Cairn keeps no empty graphs: there would be nothing at the Location to answer with.
      throw HttpError(400, "empty_graph",
                      "a POST that creates a graph needs at least one triple for it (the body's "
                      "default graph is empty)");
    }
    if (request.method == "PUT") {
      job.request.operations.push_back(query::Drop{dropTarget, /*silent=*/true});
    }
    job.request.operations.push_back(std::move(insert));
    if (fillsTarget) job.createdGraph = target;
  }
  submitUpdate(call, std::move(job));
}

}  // namespace cairn::server::api
