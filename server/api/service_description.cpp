// SPARQL 1.1 Service Description (https://www.w3.org/TR/sparql11-service-description/): a GET
// of a SPARQL endpoint without a query answers a description of the service — the endpoint
// URL, the languages and result formats it takes, and its default dataset with each graph's
// triple count (void:triples) — in Turtle, or the RDF format Accept asks for. Tools such as
// YASGUI read it to learn what an endpoint offers.

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/vocab.h"
#include "server/api/route_call.h"
#include "server/http/http_error.h"
#include "server/ledgers/ledger_registry.h"
#include "server/ledgers/ledger_summary.h"
#include "sparql/results/byte_output.h"
#include "sparql/results/result_format.h"
#include "sparql/results/result_writer.h"

namespace cairn::server::api {
namespace {

namespace results = sparql::results;

constexpr const char* kSd = "http://www.w3.org/ns/sparql-service-description#";
constexpr const char* kVoid = "http://rdfs.org/ns/void#";
constexpr const char* kFormats = "http://www.w3.org/ns/formats/";
// Named graphs listed at most; a store with more lists the first ones (by id).
constexpr size_t kMaxNamedGraphs = 10'000;

struct Triple {
  core::Term s, p, o;
};

core::Term sd(const char* local) { return core::Term::iri(std::string(kSd) + local); }

// The endpoint's own URL as the client addressed it.
std::string endpointUrl(const RouteCall& call) {
  const std::string* host = call.exchange->request().header("host");
  const std::string authority =
      host != nullptr && !host->empty()
          ? *host
          : call.context->config.listenAddress + ":" + std::to_string(call.context->config.port);
  return "http://" + authority + call.target.path;
}

std::vector<Triple> describe(const RouteCall& call, const nlohmann::json& summary, bool update) {
  const core::Term type = core::Term::iri(std::string(core::vocab::kRdfType));
  const core::Term service = core::Term::blank("service");
  const core::Term dataset = core::Term::blank("dataset");
  const core::Term voidTriples = core::Term::iri(std::string(kVoid) + "triples");
  std::vector<Triple> out = {{service, type, sd("Service")},
                             {service, sd("endpoint"), core::Term::iri(endpointUrl(call))},
                             {service, sd("supportedLanguage"), sd("SPARQL11Query")}};
  if (update) out.push_back({service, sd("supportedLanguage"), sd("SPARQL11Update")});
  for (const char* format : {"SPARQL_Results_JSON", "SPARQL_Results_XML", "SPARQL_Results_CSV",
                             "SPARQL_Results_TSV", "Turtle", "N-Triples", "JSON-LD", "RDF_XML"}) {
    out.push_back({service, sd("resultFormat"), core::Term::iri(std::string(kFormats) + format)});
  }
  out.push_back({service, sd("defaultEntailmentRegime"),
                 core::Term::iri("http://www.w3.org/ns/entailment/Simple")});
  out.push_back({service, sd("defaultDataset"), dataset});
  out.push_back({dataset, type, sd("Dataset")});
  size_t named = 0;
  for (const nlohmann::json& graph : summary["graphs"]) {
    const std::string name = graph.value("graph", "");
    const core::Term triples =
        core::Term::literal(std::to_string(graph.value("triples", uint64_t{0})),
                            std::string(core::vocab::kXsd) + "integer");
    if (name.empty()) {
      const core::Term node = core::Term::blank("defaultGraph");
      out.push_back({dataset, sd("defaultGraph"), node});
      out.push_back({node, type, sd("Graph")});
      out.push_back({node, voidTriples, triples});
      continue;
    }
    if (named == kMaxNamedGraphs) continue;
    const std::string label = "graph" + std::to_string(++named);
    const core::Term entry = core::Term::blank("named" + std::to_string(named));
    const core::Term node = core::Term::blank(label);
    out.push_back({dataset, sd("namedGraph"), entry});
    out.push_back({entry, type, sd("NamedGraph")});
    out.push_back({entry, sd("name"), core::Term::iri(name)});
    out.push_back({entry, sd("graph"), node});
    out.push_back({node, type, sd("Graph")});
    out.push_back({node, voidTriples, triples});
  }
  return out;
}

}  // namespace

void handleServiceDescription(const RouteCall& call, bool updateToo) {
  const std::string* accept = call.exchange->request().header("accept");
  const auto format = results::negotiate(accept ? *accept : std::string_view(), true);
  if (!format || !results::isGraphFormat(*format)) {
    throw http::HttpError(406, "not_acceptable",
                          "the service description is RDF: text/turtle, application/n-triples, "
                          "application/ld+json or application/rdf+xml");
  }
  submitToPool(call, [call, format = *format, updateToo] {
    try {
      const auto ledger = call.context->ledgers.get(call.ledger);
      const std::vector<Triple> triples =
          describe(call, ledgerSummaryJson(*ledger, false), updateToo);
      results::StringOutput out;
      results::WriterOptions options;
      options.prefixes = {{"sd", kSd}, {"void", kVoid}, {"formats", kFormats}};
      auto writer = results::makeResultWriter(format, out, options);
      writer->beginGraph();
      for (const Triple& t : triples) writer->triple(t.s, t.p, t.o);
      writer->end();
      call.exchange->respond(
          http::Response{200, std::string(results::mediaType(format)), {}, out.take()});
    } catch (...) {
      answerFailure(call, nullptr);
    }
  });
}

}  // namespace cairn::server::api
