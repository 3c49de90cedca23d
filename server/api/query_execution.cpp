#include "server/api/query_execution.h"

#include <charconv>
#include <optional>

#include "core/error.h"
#include "index/write/commit_time.h"
#include "query/engine/prepared_query.h"
#include "query/engine/query_engine.h"
#include "server/api/query_plan_cache.h"
#include "server/http/media_type.h"
#include "sparql/parser/sparql_parser.h"
#include "sparql/results/result_writer.h"

namespace cairn::server::api {
namespace {

using http::HttpError;
namespace results = sparql::results;

// Counts an ANALYZE run's answer without writing it anywhere.
class DiscardingSink final : public query::ResultSink {
 public:
  void beginSolutions(const std::vector<std::string>&) override {}
  void solution(std::span<const core::Term* const>) override {}
  void booleanResult(bool) override {}
  void beginGraph() override {}
  void triple(const core::Term&, const core::Term&, const core::Term&) override {}
  void end() override {}
};

// The q-value a media range in an Accept header gives `type` ("text/plain"): the most
// specific matching range wins; -1 when none matches.
double acceptQuality(std::string_view accept, std::string_view type) {
  double best = -1;
  int bestSpecificity = -1;
  size_t start = 0;
  while (start <= accept.size()) {
    size_t end = accept.find(',', start);
    if (end == std::string_view::npos) end = accept.size();
    const auto range = http::parseMediaType(accept.substr(start, end - start));
    start = end + 1;
    if (!range) continue;
    const std::string essence = range->essence();
    const size_t slash = type.find('/');
    int specificity = -1;
    if (essence == type) {
      specificity = 2;
    } else if (range->subtype == "*" && range->type == type.substr(0, slash)) {
      specificity = 1;
    } else if (essence == "*/*") {
      specificity = 0;
    }
    if (specificity < bestSpecificity || specificity < 0) continue;
    double q = 1;
    if (const std::string* value = http::findParameter(range->parameters, "q")) {
      q = std::atof(value->c_str());
    }
    bestSpecificity = specificity;
    best = q;
  }
  return best;
}

std::string contentTypeOf(results::ResultFormat format) {
  std::string type(results::mediaType(format));
  if (type.starts_with("text/")) type += "; charset=utf-8";
  return type;
}

void applyDataset(const QueryJob& job, query::Query& q) {
  if (!job.defaultGraphs && job.namedGraphs.empty()) return;
  // §2.1.4: a dataset given in the protocol replaces the query's FROM / FROM NAMED.
  q.dataset = query::Dataset{};
  q.dataset.specified = true;
  if (job.defaultGraphs) q.dataset.defaultGraphs = *job.defaultGraphs;
  q.dataset.namedGraphs = job.namedGraphs;
}

// Whether the graph has triples at asOf: a Graph Store GET at t= / as-of= answers the graph as it
// was then (one emptied by deletes since still exists at a t before them, one created since does
// not yet).
void checkGraphExists(const index::Ledger& ledger, const std::string& iri, uint64_t asOf) {
  auto id = ledger.encodeNode(core::Term::iri(iri));
  // A graph exists while it has triples (one emptied by deletes is gone).
  const bool found = id.isOk() && id->has_value() && ledger.hasGraph(**id, asOf);
  if (!found) throw HttpError(404, "graph_not_found", "the ledger has no graph <" + iri + ">");
}

}  // namespace

bool plainTextPlan(const http::Request& request) {
  const std::string* accept = request.header("accept");
  if (accept == nullptr) return false;
  const double text = acceptQuality(*accept, "text/plain");
  const double json = acceptQuality(*accept, "application/json");
  return text > 0 && text > json;
}

// §2.1: a service may use its endpoint as the base IRI, so relative IRIs in a query resolve to
// something absolute (N-Triples and the result formats need absolute IRIs). The host comes
// from the Host header when it is a plain host[:port].
std::string endpointBase(const http::Request& request, const std::string& path) {
  std::string host = "localhost";
  if (const std::string* header = request.header("host")) {
    const bool plain =
        !header->empty() && header->find_first_not_of(
                                "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                "0123456789.-:[]") == std::string::npos;
    if (plain) host = *header;
  }
  return "http://" + host + path;
}

// Graph IRIs arrive as parameters; anything that could not be written between < and > in a
// query is refused here rather than passed on.
void checkIri(const std::string& iri, const char* parameter) {
  const bool bad = iri.empty() || iri.find_first_of("<>\"{}|^`\\ \t\r\n") != std::string::npos ||
                   iri.find(':') == std::string::npos;
  if (bad) {
    throw HttpError(400, "invalid_parameter",
                    std::string(parameter) + " must be an absolute IRI, not '" + iri + "'");
  }
}

std::chrono::milliseconds requestTimeout(const std::string* parameter, const ServerConfig& config) {
  if (parameter == nullptr || parameter->empty()) return config.defaultTimeout;
  std::string_view text = *parameter;
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  const std::string_view unit(end, text.data() + text.size() - end);
  double millis = -1;
  if (ec == std::errc() && value >= 0) {
    if (unit.empty() || unit == "ms")
      millis = value;
    else if (unit == "s")
      millis = value * 1e3;
    else if (unit == "m" || unit == "min")
      millis = value * 60e3;
  }
  if (millis < 0) {
    throw HttpError(400, "invalid_parameter",
                    "timeout must be milliseconds or a number with ms, s or m, not '" +
                        std::string(text) + "'");
  }
  // 0 asks for no limit of its own: the server's maximum applies.
  if (millis == 0 || millis > static_cast<double>(config.maxTimeout.count())) {
    return config.maxTimeout;
  }
  return std::chrono::milliseconds(std::max<int64_t>(1, static_cast<int64_t>(millis)));
}

uint64_t TimeTravel::resolve(LedgerRegistry& ledgers, const std::string& ledger) const {
  if (t) return *t;
  if (millis) return ledgers.live(ledger)->tAtTime(*millis);
  return UINT64_MAX;
}

TimeTravel readTimeTravel(const std::string* t, const std::string* asOf) {
  TimeTravel out;
  if (t != nullptr && asOf != nullptr) {
    throw HttpError(400, "invalid_parameter", "give either t= or as-of=, not both");
  }
  if (t != nullptr) {
    const std::optional<uint64_t> value = http::parseWholeNumber(*t);
    if (!value) {
      throw HttpError(400, "invalid_parameter", "t must be a commit number, not '" + *t + "'");
    }
    out.t = *value;
  }
  if (asOf != nullptr) {
    out.millis = index::parseIsoTimeMillis(*asOf);
    if (!out.millis) {
      throw HttpError(
          400, "invalid_parameter",
          "as-of must be an ISO-8601 time such as 2026-12-01T12:00:00Z, not '" + *asOf + "'");
    }
  }
  return out;
}

void runQueryJob(const RouteCall& call, const QueryJob& job) {
  http::Exchange& exchange = *call.exchange;
  std::unique_ptr<http::ResponseStream> stream;
  try {
    if (exchange.cancelled()->load()) {
      throw core::Error(core::ErrorCode::kCancelled, "the client closed the connection");
    }
    const auto ledger = call.context->ledgers.get(call.ledger);
    sparql::QueryParseOptions parseOptions;
    parseOptions.baseIri = endpointBase(exchange.request(), call.target.path);
    auto parse = [&] { return sparql::parseQuery(job.text, parseOptions); };
    query::Query q = call.context->parseCache != nullptr
                         ? *call.context->parseCache->get(parseOptions.baseIri, job.text, parse)
                         : parse();
    applyDataset(job, q);

    query::QueryOptions options;
    options.timeout = job.timeout;
    options.memoryBudgetBytes = call.context->config.queryMemoryBytes;
    options.cancelled = exchange.cancelled();
    options.reportPlan = false;
    options.asOf = job.asOf.resolve(call.context->ledgers, call.ledger);
    if (job.requireGraph) checkGraphExists(*ledger, *job.requireGraph, options.asOf);

    // Plans are kept per snapshot and text (QueryPlanCache): a hit runs the kept plan; a miss
    // plans and runs what it planned, and keeps the plan when the text came before.
    QueryPlanCache* plans = call.context->planCache;
    auto run = [&](query::ResultSink& sink) {
      if (plans == nullptr) return query::executeQuery(*ledger, q, options, sink);
      const QueryPlanCache::Key key = QueryPlanCache::keyOf(*ledger, q, job.text, options);
      if (auto kept = plans->find(key)) {
        return query::executePrepared(*ledger, *kept, options, sink);
      }
      if (!plans->worthKeeping(key)) return query::executeQuery(*ledger, q, options, sink);
      std::shared_ptr<const query::PreparedQuery> planned;
      query::QueryReport report = query::executeQuery(*ledger, q, options, sink, &planned);
      plans->keep(key, std::move(planned));
      return report;
    };
    if (job.explain) {
      query::PlanInfo plan;
      if (job.analyze) {
        options.analyze = true;
        DiscardingSink sink;
        plan = run(sink).plan;
      } else {
        options.reportPlan = true;
        std::optional<QueryPlanCache::Key> key;
        if (plans != nullptr) key = QueryPlanCache::keyOf(*ledger, q, job.text, options);
        auto kept = key ? plans->find(*key) : nullptr;
        if (kept == nullptr) {
          kept = query::prepareQuery(*ledger, q, options);
          if (key) plans->keep(*key, kept);
        }
        plan = kept->describe();
      }
      if (plainTextPlan(exchange.request())) {
        exchange.respond(
            http::Response{200, "text/plain; charset=utf-8", {}, query::renderPlanText(plan)});
      } else {
        respondJson(exchange, query::renderPlanJson(plan) + "\n");
      }
      return;
    }

    const bool graph =
        q.form == query::QueryForm::kConstruct || q.form == query::QueryForm::kDescribe;
    std::optional<results::ResultFormat> format = job.format;
    // Solution formats can carry a graph (as subject/predicate/object rows), not the reverse.
    if (format && !graph && results::isGraphFormat(*format)) {
      throw HttpError(400, "invalid_parameter",
                      std::string("format=") + std::string(results::formatName(*format)) +
                          " cannot carry this query's answer");
    }
    if (!format) {
      const std::string* accept = exchange.request().header("accept");
      format = results::negotiate(accept ? *accept : std::string_view(), graph);
      if (!format) {
        throw HttpError(406, "not_acceptable",
                        std::string("none of the formats in Accept can carry this query's answer "
                                    "(offered: ") +
                            (graph ? "text/turtle, application/n-triples, application/ld+json, "
                                     "application/rdf+xml"
                                   : "application/sparql-results+json, "
                                     "application/sparql-results+xml, text/csv, "
                                     "text/tab-separated-values") +
                            ")");
      }
    }

    results::WriterOptions writerOptions;
    for (const auto& [prefix, ns] : q.prefixes) writerOptions.prefixes.emplace_back(prefix, ns);
    stream = exchange.stream(200, contentTypeOf(*format), {{"Vary", "Accept"}});
    auto writer = results::makeResultWriter(*format, *stream, writerOptions);
    run(*writer);
    stream->finish();
  } catch (...) {
    answerFailure(call, stream.get());
  }
}

}  // namespace cairn::server::api
