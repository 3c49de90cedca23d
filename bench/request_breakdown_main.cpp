// request_breakdown: where the time of one HTTP point query goes inside the server, stage by
// stage, in-process over a ledger imported from datagen (docs/datagen.md). The HTTP benchmark
// (bench/http/http_bench.sh) measures the whole round trip; this splits the server's share.
//
//   request_breakdown --data DIR --ledger NAME [--reps N] [--rounds R] [--order request|stage]
//                     [--port P]
//
// Each repetition takes the bytes a client such as wrk sends for
// `SELECT ?n WHERE { person:K c:name ?n }` (the query of bench/query_bench_main.cpp, K drawn
// from 100..persons-1) and times, one after the other and each on its own:
//   (a) http:      Beast parses the request bytes, the Request is built as the session does,
//                  then parseRequestTarget (which form-decodes the query string),
//                  readSparqlQueryRequest and the Accept negotiation;
//   (b) parse:     sparql::parseQuery on the decoded text;
//   (c) plan:      query::explainQuery (plan only, no scan);
//   (d) run-count: query::executeQuery into a counting sink (plans again, executes, decodes);
//   (e) run-json:  query::executeQuery into the SPARQL JSON writer, into a string;
//   (f) frame:     the response head and body as one buffer, as the session writes it;
//   (g) = d, but with QueryOptions::reportPlan, so the plan's PlanInfo is rendered too.
// d and e run as the server runs a query it was not asked to explain (reportPlan off), but
// explainQuery (c) always renders the PlanInfo; g - d measures that rendering, so the planner's
// own time is c - (g - d) and the executor's g - c. Also derived: execute = d - c (as the
// issue asks: the executor minus the rendering), serialize = e - d, and the in-process total
// a + b + e + f (what the server does for one request, minus the network). Every stage
// gets the same options as the server gives a query (timeout, memory budget, cancel flag).
// The repetitions run once untimed to warm the index cache (a server's steady state), then
// --rounds timed passes. With --order request (default) a pass runs all stages of one request
// before the next request, as a server does, so each stage starts with the CPU caches and
// branch predictors the other stages left (the four stages that run the query take turns at
// going first, so none always finds the request's index data cold). With --order stage it
// runs one stage over all requests before the next stage: hot code in a tight loop, the floor
// of each stage. Each round reports per-stage medians, and the summary gives the median and
// range over rounds.
// Single-threaded; what it leaves out is the network: sockets, epoll, and the two thread
// hand-offs (network thread -> query pool -> network thread).

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <boost/asio/buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <chrono>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/check.h"
#include "core/error.h"
#include "core/io/allocator_tuning.h"
#include "query/engine/query_engine.h"
#include "server/api/sparql_request.h"
#include "server/cli/progress_display.h"
#include "server/cli/store_access.h"
#include "server/config/server_config.h"
#include "server/http/response_head.h"
#include "server/http/url_codec.h"
#include "sparql/parser/sparql_parser.h"
#include "sparql/results/result_format.h"
#include "sparql/results/result_writer.h"

using namespace cairn;
using Clock = std::chrono::steady_clock;
namespace bhttp = boost::beast::http;

namespace {

constexpr const char* kPrefixes =
    "PREFIX c: <http://cairn.example/ontology/>\n"
    "PREFIX person: <http://cairn.example/resource/Person/>\n";
constexpr const char* kAccept = "application/sparql-results+json";

enum class Order { kRequestMajor, kStageMajor };

enum Stage { kHttp, kParse, kPlan, kRunCount, kRunJson, kFrame, kRunPlanInfo, kStages };
constexpr std::array<const char*, kStages> kStageNames = {
    "(a) http parse + target + form", "(b) sparql parse",
    "(c) plan (explainQuery)",        "(d) executeQuery, counting sink",
    "(e) executeQuery, JSON writer",  "(f) response framing",
    "(g) = d with reportPlan"};
// The stages that run the query; in request order they take turns at going first.
constexpr std::array<Stage, 4> kQueryStages = {kPlan, kRunCount, kRunJson, kRunPlanInfo};

class CountingSink final : public query::ResultSink {
 public:
  uint64_t rows = 0;
  uint64_t bytes = 0;  // touches every term so decoding cannot be skipped
  void beginSolutions(const std::vector<std::string>&) override {}
  void solution(std::span<const core::Term* const> cells) override {
    ++rows;
    for (const core::Term* t : cells) {
      if (t != nullptr) bytes += t->value.size();
    }
  }
  void booleanResult(bool) override { ++rows; }
  void beginGraph() override {}
  void triple(const core::Term&, const core::Term&, const core::Term&) override { ++rows; }
  void end() override {}
};

// Percent-encodes everything but RFC 3986 unreserved characters, as the wrk script does.
std::string urlEncode(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
      out.push_back(static_cast<char>(c));
    } else {
      out.push_back('%');
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 15]);
    }
  }
  return out;
}

std::string requestBytes(const std::string& ledger, const std::string& query, int port) {
  return "GET /ledgers/" + ledger + "/sparql?query=" + urlEncode(query) +
         " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) + "\r\nAccept: " + kAccept +
         "\r\n\r\n";
}

std::string_view view(boost::beast::string_view s) { return {s.data(), s.size()}; }

std::string lowerCase(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// Stage (a): what the network thread and the SPARQL route do with the bytes before a query
// exists. Returns the query text.
std::string interpretRequest(const std::string& bytes) {
  bhttp::request_parser<bhttp::string_body> parser;
  parser.header_limit(16 * 1024);
  parser.body_limit(uint64_t{16} << 20);
  parser.eager(true);
  boost::beast::error_code ec;
  parser.put(boost::asio::buffer(bytes), ec);
  CAIRN_CHECK(!ec && parser.is_done());
  auto message = parser.release();

  server::http::Request request;
  request.method = std::string(view(message.method_string()));
  request.target = std::string(view(message.target()));
  request.headers.reserve(8);
  for (const auto& field : message) {
    request.headers.emplace_back(lowerCase(view(field.name_string())),
                                 std::string(view(field.value())));
  }
  request.body = std::move(message.body());
  request.received = Clock::now();

  const server::http::RequestTarget target = server::http::parseRequestTarget(request.target);
  server::api::SparqlRequest sparqlRequest = server::api::readSparqlQueryRequest(request, target);
  const std::string* accept = request.header("accept");
  const auto format =
      sparql::results::negotiate(accept ? *accept : std::string_view(), /*graphResult=*/false);
  CAIRN_CHECK(format == sparql::results::ResultFormat::kJson);
  return std::move(sparqlRequest.query);
}

uint64_t personCount(const index::Ledger& ledger) {
  struct OneValue final : query::ResultSink {
    uint64_t value = 0;
    void beginSolutions(const std::vector<std::string>&) override {}
    void solution(std::span<const core::Term* const> cells) override {
      if (!cells.empty() && cells[0] != nullptr) value = std::stoull(cells[0]->value);
    }
    void booleanResult(bool) override {}
    void beginGraph() override {}
    void triple(const core::Term&, const core::Term&, const core::Term&) override {}
    void end() override {}
  } sink;
  query::executeQuery(ledger,
                      sparql::parseQuery("PREFIX c: <http://cairn.example/ontology/>\n"
                                         "SELECT (COUNT(*) AS ?n) WHERE { ?x a c:Person }"),
                      {}, sink);
  return sink.value;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double percentile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size())))];
}

double microsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  cairn::core::tuneAllocatorForQueries();
  std::string data = server::kDefaultDataDirectory, ledgerName;
  int reps = 2000, rounds = 3, port = 7878;
  std::string orderName = "request";
  CLI::App app{"Per-stage time of an HTTP point query, in-process"};
  app.add_option("--data", data);
  app.add_option("--ledger", ledgerName)->required();
  app.add_option("--reps", reps, "Point queries per round (distinct random persons)");
  app.add_option("--rounds", rounds, "Timed passes over the same queries");
  app.add_option("--order", orderName,
                 "request: all stages of a request, then the next (as a server runs them); "
                 "stage: one stage over all requests, then the next (hot loops)")
      ->check(CLI::IsMember({"request", "stage"}));
  app.add_option("--port", port, "Port written in the Host header (only its length matters)");
  CLI11_PARSE(app, argc, argv);
  if (reps < 1 || rounds < 1) {
    std::fprintf(stderr, "error: --reps and --rounds must be at least 1\n");
    return 1;
  }

  const Order order = orderName == "stage" ? Order::kStageMajor : Order::kRequestMajor;

  try {
    const server::ServerConfig config;  // the server's defaults: cache, timeout, memory budget
    auto store = server::openStore(data, /*readOnly=*/true);
    auto ledger = server::openLedger(*store, ledgerName, config.cacheBytes);
    const uint64_t persons = personCount(*ledger);
    if (persons < 102) {
      throw core::Error(core::ErrorCode::kInvalidArgument,
                        "ledger '" + ledgerName + "' has " + std::to_string(persons) +
                            " persons; the point query needs more than 101");
    }

    std::mt19937_64 random(7);
    std::vector<std::string> requests;
    for (int r = 0; r < reps; ++r) {
      const uint64_t k = 100 + random() % (persons - 101);  // 100 .. persons-1
      requests.push_back(requestBytes(
          ledgerName,
          std::string(kPrefixes) + "SELECT ?n WHERE { person:" + std::to_string(k) + " c:name ?n }",
          port));
    }

    query::QueryOptions options;
    options.timeout = config.defaultTimeout;
    options.memoryBudgetBytes = config.queryMemoryBytes;
    options.cancelled = std::make_shared<std::atomic<bool>>(false);
    options.reportPlan = false;  // as the server runs a query it was not asked to explain
    query::QueryOptions withPlanInfo = options;
    withPlanInfo.reportPlan = true;
    const server::http::HeaderList responseHeaders = {{"Vary", "Accept"}};

    // Inputs of each stage, produced by the stage before it (and kept from the warm-up pass).
    const size_t n = requests.size();
    std::vector<std::string> texts(n);
    std::vector<query::Query> parsed(n);
    std::vector<std::string> bodies(n);
    uint64_t checksum = 0, emptyAnswers = 0;

    // Stage `stage` of request i; returns its microseconds.
    auto runOne = [&](Stage stage, size_t i) {
      const auto start = Clock::now();
      switch (stage) {
        case kHttp:
          texts[i] = interpretRequest(requests[i]);
          break;
        case kParse:
          parsed[i] = sparql::parseQuery(texts[i]);
          break;
        case kPlan:
          checksum += query::explainQuery(*ledger, parsed[i], options).children.size();
          break;
        case kRunCount: {
          CountingSink counting;
          query::executeQuery(*ledger, parsed[i], options, counting);
          if (counting.rows != 1) ++emptyAnswers;
          checksum += counting.bytes;
          break;
        }
        case kRunJson: {
          sparql::results::StringOutput body;
          sparql::results::WriterOptions writerOptions;
          for (const auto& [prefix, ns] : parsed[i].prefixes) {
            writerOptions.prefixes.emplace_back(prefix, ns);
          }
          auto writer = sparql::results::makeResultWriter(sparql::results::ResultFormat::kJson,
                                                          body, writerOptions);
          query::executeQuery(*ledger, parsed[i], options, *writer);
          writer.reset();
          bodies[i] = body.take();
          break;
        }
        case kFrame: {
          std::string out;
          server::http::ResponseHead head;
          head.contentType = kAccept;
          head.headers = &responseHeaders;
          head.contentLength = bodies[i].size();
          head.requestId = i + 1;
          out.reserve(256 + bodies[i].size());
          server::http::appendResponseHead(head, out);
          out += bodies[i];
          checksum += out.size();
          break;
        }
        case kRunPlanInfo: {
          CountingSink counting;
          checksum +=
              query::executeQuery(*ledger, parsed[i], withPlanInfo, counting).plan.children.size();
          break;
        }
        case kStages:
          break;
      }
      return microsSince(start);
    };

    // One pass over every request; each stage's microseconds per request. kStageMajor runs a
    // stage over all requests before the next stage (hot code, tight loops: the floor);
    // kRequestMajor runs every stage of a request before the next request, as a server does,
    // so each stage starts with the instruction cache and branch predictors left by the
    // others. There the four stages that run the query (c, d, e, g) take turns at going first,
    // so none is always the one that finds the request's index data not yet in the CPU caches.
    auto runPass = [&](Order order) {
      std::array<std::vector<double>, kStages> us;
      for (auto& v : us) v.resize(n);
      if (order == Order::kStageMajor) {
        for (int s = 0; s < kStages; ++s) {
          for (size_t i = 0; i < n; ++i) us[s][i] = runOne(static_cast<Stage>(s), i);
        }
        return us;
      }
      for (size_t i = 0; i < n; ++i) {
        us[kHttp][i] = runOne(kHttp, i);
        us[kParse][i] = runOne(kParse, i);
        for (size_t q = 0; q < kQueryStages.size(); ++q) {
          const Stage stage = kQueryStages[(q + i) % kQueryStages.size()];
          us[stage][i] = runOne(stage, i);
        }
        us[kFrame][i] = runOne(kFrame, i);  // after e, which produced the body
      }
      return us;
    };

    // What two clock reads around nothing cost: included in every figure below.
    std::vector<double> overhead(n);
    for (size_t i = 0; i < n; ++i) overhead[i] = microsSince(Clock::now());
    const double clockMicros = median(overhead);

    runPass(order);  // warm-up: the index cache holds every leaflet the requests read

    std::array<std::vector<double>, kStages> roundMedians;
    std::vector<double> roundRender, roundPrepare, roundExecute, roundExecuteOnly, roundSerialize,
        roundTotal;
    for (int round = 0; round < rounds; ++round) {
      std::printf("round %d (%d point queries, %s, microseconds)\n", round + 1, reps,
                  orderName.c_str());
      std::printf("  %-34s %9s %9s %9s %9s\n", "stage", "p50", "p10", "p90", "p99");
      const auto times = runPass(order);
      std::array<double, kStages> m{};
      for (int s = 0; s < kStages; ++s) {
        m[s] = median(times[s]);
        roundMedians[s].push_back(m[s]);
        std::printf("  %-34s %9.2f %9.2f %9.2f %9.2f\n", kStageNames[s], m[s],
                    percentile(times[s], 0.1), percentile(times[s], 0.9),
                    percentile(times[s], 0.99));
      }
      roundRender.push_back(m[kRunPlanInfo] - m[kRunCount]);
      roundPrepare.push_back(m[kPlan] - (m[kRunPlanInfo] - m[kRunCount]));
      roundExecute.push_back(m[kRunCount] - m[kPlan]);
      roundExecuteOnly.push_back(m[kRunPlanInfo] - m[kPlan]);
      roundSerialize.push_back(m[kRunJson] - m[kRunCount]);
      roundTotal.push_back(m[kHttp] + m[kParse] + m[kRunJson] + m[kFrame]);
    }

    auto summary = [](const char* name, const std::vector<double>& v) {
      std::printf("  %-34s %9.2f %9.2f %9.2f\n", name, median(v),
                  *std::min_element(v.begin(), v.end()), *std::max_element(v.begin(), v.end()));
    };
    std::printf("\nledger %s: %llu quads, %llu persons; %d rounds of %d queries, %s order\n",
                ledgerName.c_str(), static_cast<unsigned long long>(ledger->root().quads),
                static_cast<unsigned long long>(persons), rounds, reps, orderName.c_str());
    std::printf("  %-34s %9s %9s %9s   (per-round medians, microseconds)\n", "stage", "median",
                "min", "max");
    for (int s = 0; s < kStages; ++s) summary(kStageNames[s], roundMedians[s]);
    summary("execute = d - c", roundExecute);
    summary("plan info rendering = g - d", roundRender);
    summary("plan without rendering = c - (g - d)", roundPrepare);
    summary("execute without rendering = g - c", roundExecuteOnly);
    summary("serialize = e - d", roundSerialize);
    summary("in-process total = a + b + e + f", roundTotal);
    std::printf(
        "clock overhead per figure %.3f us; answers without exactly one row: %llu; "
        "peak RSS %.1f MiB (checksum %llu)\n",
        clockMicros, static_cast<unsigned long long>(emptyAnswers),
        server::peakRssBytes() / 1048576.0, static_cast<unsigned long long>(checksum));
  } catch (const core::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.message().c_str());
    return 1;
  }
  return 0;
}
