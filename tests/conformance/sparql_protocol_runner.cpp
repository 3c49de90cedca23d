// Runs the W3C SPARQL 1.1 Protocol tests (sparql11/protocol/manifest.ttl) against a live
// Cairn server started in-process on a free loopback port. Each mf:ProtocolTest gets its own
// ledger holding its data (ut:graphData files as named graphs called by their rdfs:label,
// qt:data / ut:data files in the default graph), created through POST /ledgers with a TriG
// body. Its ht:Requests then go, in order, over one raw TCP connection, byte for byte: the
// method, ht:absolutePath with "/sparql/" remapped to "/ledgers/{ledger}/sparql", the
// manifest's headers, the body encoded per cnt:characterEncoding (UTF-16 is sent as UTF-16),
// and a computed Content-Length. Each response is read strictly (status line, headers,
// Content-Length or chunked body) and checked against mf:expectedStatus (hts:StatusCode2xx and
// other classes, or named codes), mf:expectedFormat ("boolean", "tabular", "RDF": the
// Content-Type must be one the test allows and the body must parse as such) and
// mf:expectedBoolean.
//
//   sparql_protocol_runner [--verbose] [--filter TEXT] [conformance-root]
//
// Prints PASS / FAIL / EXCLUDED per test (excluded tests, tests/conformance/
// protocol_exclusions.h, are not sent) and the totals. Exits non-zero when a test that is not
// excluded fails, or when an exclusion names no test of the manifest. --verbose also shows
// every exchange and turns on the server's access log (stderr).

#include <cstdio>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/rdf/rdf_format.h"
#include "index/ledger/ledger_name.h"
#include "server/http/media_type.h"
#include "sparql/results/result_readers.h"
#include "tests/conformance/protocol_exclusions.h"
#include "tests/support/http_test_manifest.h"
#include "tests/support/rdf_test_io.h"
#include "tests/support/runner_server.h"
#include "tests/support/runner_support.h"
#include "tests/support/strict_http.h"
#include "tests/support/w3c_manifest.h"

namespace {

namespace t = cairn::testing;
namespace results = cairn::sparql::results;
using cairn::core::Result;
using cairn::core::Status;
using cairn::core::Term;
using t::manifest_vocab::kQt;
using t::manifest_vocab::kRdfs;
using t::manifest_vocab::kUt;

constexpr std::string_view kSparqlPrefix = "/sparql/";

std::string iri(std::string_view ns, std::string_view local) {
  return std::string(ns) + std::string(local);
}

// A test as its manifest states it.

struct DataFile {
  std::string path;
  std::optional<std::string> graph;  // nullopt: the default graph
};

struct ProtocolTest {
  std::string id;  // the test IRI's local name
  std::vector<DataFile> data;
  std::vector<t::HttpTestRequest> requests;
};

// ut:graphData is [ ut:graph <file>; rdfs:label "name" ]; qt:graphData is the file itself,
// named by its own IRI. The manifest puts them on the test; older ones on its action.
Result<ProtocolTest> readProtocolTest(const t::Manifest& m, const t::ManifestEntry& e) {
  const t::TermGraph& g = m.graph;
  ProtocolTest test;
  test.id = std::string(t::localName(e.node.value));
  std::vector<Term> holders = {e.node};
  if (e.action) holders.push_back(*e.action);
  for (const Term& holder : holders) {
    for (std::string_view ns : {kQt, kUt}) {
      for (const Term& d : g.objects(holder, iri(ns, "data"))) {
        auto path = t::pathFromFileIri(d.value);
        if (!path) return Status::corruption("data is not a file: " + d.value);
        test.data.push_back({*path, std::nullopt});
      }
      for (const Term& d : g.objects(holder, iri(ns, "graphData"))) {
        const auto file = g.object(d, iri(kUt, "graph"));
        const Term& fileTerm = file ? *file : d;
        auto path = t::pathFromFileIri(fileTerm.value);
        if (!path) return Status::corruption("graph data is not a file: " + fileTerm.value);
        auto label = g.object(d, iri(kRdfs, "label"));
        test.data.push_back({*path, label ? label->value : fileTerm.value});
      }
    }
  }
  if (!e.action) return Status::corruption("no mf:action");
  CAIRN_ASSIGN_OR_RETURN(test.requests, t::readHttpTestRequests(g, *e.action));
  return test;
}

// The test's data as one TriG document. Blank node labels are scoped to their file.
Result<std::string> datasetTrig(const std::vector<DataFile>& files) {
  std::string out;
  for (size_t i = 0; i < files.size(); ++i) {
    const DataFile& file = files[i];
    const auto format =
        cairn::core::rdf::formatFromPath(file.path).value_or(cairn::core::rdf::RdfFormat::kTurtle);
    t::ParseOptions options;
    options.baseIri = t::fileIri(file.path);
    CAIRN_ASSIGN_OR_RETURN(std::vector<t::Quad> quads, t::parseRdfFile(file.path, format, options));
    out += file.graph ? "<" + *file.graph + "> {\n" : "{\n";
    const std::string scope = "f" + std::to_string(i) + "x";
    for (t::Quad& q : quads) {
      if (q.graph) return Status::corruption(file.path + " holds a dataset, not a graph");
      for (Term* term : {&q.subject, &q.object}) {
        if (term->kind == cairn::core::TermKind::kBlank) term->value = scope + term->value;
      }
      out += "  " + cairn::core::toNTriples(q.subject) + " " +
             cairn::core::toNTriples(q.predicate) + " " + cairn::core::toNTriples(q.object) +
             " .\n";
    }
    out += "}\n";
  }
  return out;
}

// Checking a response.

// The body of an answer the test constrains, parsed as the Content-Type says; "" when it is
// what the test expects, else why not.
std::string checkBody(const t::HttpTestResponse& expect, const t::StrictHttpResponse& response,
                      const std::string& baseIri) {
  if (!expect.format && !expect.boolean) return {};
  const std::string format = expect.format.value_or("boolean");
  const std::string* contentType = response.header("content-type");
  if (contentType == nullptr) return "the answer has no Content-Type";
  const auto type = cairn::server::http::parseMediaType(*contentType);
  if (!type) return "malformed Content-Type '" + *contentType + "'";
  if (const std::string* charset =
          cairn::server::http::findParameter(type->parameters, "charset")) {
    if (t::asciiLowercase(*charset) != "utf-8")
      return "the answer's charset is " + *charset + ", not UTF-8";
  }
  const std::string essence = type->essence();
  try {
    if (format == "boolean" || format == "tabular") {
      std::optional<results::ResultFormat> resultFormat;
      if (essence == "application/sparql-results+xml") resultFormat = results::ResultFormat::kXml;
      if (essence == "application/sparql-results+json") resultFormat = results::ResultFormat::kJson;
      if (format == "tabular" && essence == "text/csv") resultFormat = results::ResultFormat::kCsv;
      if (format == "tabular" && essence == "text/tab-separated-values") {
        resultFormat = results::ResultFormat::kTsv;
      }
      if (!resultFormat) {
        return "Content-Type " + essence + " is not a SPARQL results format the test allows (" +
               (format == "boolean" ? "XML, JSON" : "XML, JSON, CSV, TSV") + ")";
      }
      const results::CollectedResult answer = results::readResults(response.body, *resultFormat);
      if (format == "boolean" && answer.kind != results::ResultKind::kBoolean) {
        return "the answer is not a boolean result";
      }
      if (format == "tabular" && answer.kind != results::ResultKind::kSolutions) {
        return "the answer is not a table of solutions";
      }
      if (expect.boolean && answer.boolean != *expect.boolean) {
        return std::string("the answer is ") + (answer.boolean ? "true" : "false") + ", expected " +
               (*expect.boolean ? "true" : "false");
      }
      return {};
    }
    if (format == "RDF") {
      // The test allows RDF/XML, Turtle, N-Triples and RDFa; text/plain is N-Triples' old type.
      if (essence == "text/html" || essence == "application/xhtml+xml") {
        return "an RDFa answer, which this runner cannot parse to check";
      }
      if (essence != "text/turtle" && essence != "application/x-turtle" &&
          essence != "application/n-triples" && essence != "text/plain" &&
          essence != "application/rdf+xml") {
        return "Content-Type " + essence +
               " is not an RDF format the test allows (RDF/XML, Turtle, N-Triples, RDFa)";
      }
      auto graph = t::parseRdfAnswer(response.body, essence, baseIri);
      if (!graph)
        return "the answer does not parse as " + essence + ": " + graph.status().message();
      return {};
    }
  } catch (const cairn::core::Error& e) {
    return "the answer does not parse as " + essence + ": " + e.message();
  }
  return "unknown mf:expectedFormat \"" + format + "\"";
}

struct Outcome {
  bool passed = false;
  std::string reason;  // a headline, then detail lines
};

Outcome runProtocolTest(const ProtocolTest& test, const t::Endpoint& endpoint, bool verbose) {
  const std::string& ledger = test.id;
  if (!cairn::index::isValidLedgerName(ledger)) {
    return {false, "the test's name is not a valid ledger name: " + ledger};
  }
  auto trig = datasetTrig(test.data);
  if (!trig) return {false, "cannot read the test's data: " + trig.status().message()};
  if (std::string problem = t::createLedger(endpoint, ledger, *trig); !problem.empty()) {
    return {false, problem};
  }
  const std::string sparqlPath = "/ledgers/" + ledger + "/sparql";
  t::StrictHttpConnection connection(endpoint);  // the test's ht:Connection
  for (size_t i = 0; i < test.requests.size(); ++i) {
    const t::HttpTestRequest& request = test.requests[i];
    const std::string which = "request " + std::to_string(i + 1) + " (" + request.method + ")";
    if (!request.absolutePath.starts_with(kSparqlPrefix)) {
      return {false,
              which + ": path outside " + std::string(kSparqlPrefix) + ": " + request.absolutePath};
    }
    std::string rest = request.absolutePath.substr(kSparqlPrefix.size());
    if (!rest.empty() && rest.front() != '?') rest = "/" + rest;
    const std::string target = sparqlPath + rest;

    std::optional<std::string> body;
    if (request.body) {
      auto encoded = t::encodeHttpTestBody(*request.body);
      if (!encoded) return {false, which + ": " + encoded.status().message()};
      body = std::move(*encoded);
    }
    const std::string bytes = t::requestBytes(request.method, target, request.httpVersion, endpoint,
                                              request.headers, body);
    auto response = connection.roundTrip(bytes, request.method == "HEAD");
    if (!response) return {false, which + ": " + response.status().message()};
    if (verbose) {
      std::printf("  > %s %s (%zu body bytes)\n", request.method.c_str(), target.c_str(),
                  body ? body->size() : 0);
      const std::string* type = response->header("content-type");
      std::printf("  < %s; %s; %zu body bytes%s\n", response->statusLine.c_str(),
                  type ? type->c_str() : "no Content-Type", response->body.size(),
                  response->chunked ? ", chunked" : "");
    }
    const std::string details = "\n" + which + " " + target + "\n" + t::describeResponse(*response);

    bool statusOk = request.expect.statuses.empty();
    for (const std::string& expected : request.expect.statuses) {
      auto matches = t::statusMatches(expected, response->status);
      if (!matches) return {false, which + ": " + matches.status().message()};
      statusOk = statusOk || *matches;
    }
    if (!statusOk) {
      return {false, which + ": status " + std::to_string(response->status) + ", expected " +
                         t::describeStatuses(request.expect.statuses) + details};
    }
    if (response->status >= 300 && response->status < 400 &&
        (request.expect.format || request.expect.boolean)) {
      return {false, which + ": a redirect, which this runner does not follow" + details};
    }
    const std::string problem =
        checkBody(request.expect, *response, "http://" + endpoint.authority() + target);
    if (!problem.empty()) return {false, which + ": " + problem + details};
  }
  return {true, {}};
}

}  // namespace

int main(int argc, char** argv) {
  const t::RunnerOptions options = t::parseRunnerOptions(argc, argv);
  const std::string manifestPath = options.root + "/sparql11/protocol/manifest.ttl";
  auto manifest = t::loadManifest(manifestPath);
  if (!manifest) {
    std::printf("FAIL cannot load %s: %s\n", manifestPath.c_str(),
                manifest.status().toString().c_str());
    return 1;
  }

  std::optional<t::RunnerServer> server;
  try {
    server.emplace(/*accessLog=*/options.verbose);
  } catch (const cairn::core::Error& e) {
    std::printf("FAIL cannot start the server: %s\n", e.message().c_str());
    return 1;
  }

  size_t passed = 0, failed = 0, excluded = 0;
  std::set<std::string> ids;
  for (const t::ManifestEntry& entry : manifest->entries) {
    const std::string local(t::localName(entry.node.value));
    ids.insert(local);
    const std::string id = "protocol/" + local;
    if (!options.selects(id)) continue;
    if (const t::ProtocolExclusion* exclusion = t::findProtocolExclusion(local)) {
      ++excluded;
      std::printf("EXCLUDED %s: %s\n", id.c_str(), exclusion->reason.data());
      continue;
    }
    Outcome outcome;
    if (t::localName(entry.type) != "ProtocolTest") {
      outcome.reason = "not an mf:ProtocolTest: " + entry.type;
    } else if (auto test = readProtocolTest(*manifest, entry); !test) {
      outcome.reason = "malformed test: " + test.status().message();
    } else {
      outcome = runProtocolTest(*test, server->endpoint(), options.verbose);
    }
    if (outcome.passed) {
      ++passed;
      std::printf("PASS %s\n", id.c_str());
    } else {
      ++failed;
      const std::string headline(t::reasonHeadline(outcome.reason));
      std::printf("FAIL %s (%s): %s\n", id.c_str(), entry.name.c_str(), headline.c_str());
      t::printReasonDetails(outcome.reason);
    }
  }
  server->stop();

  size_t stale = 0;
  for (const t::ProtocolExclusion& e : t::kProtocolExclusions) {
    if (!ids.contains(std::string(e.test))) {
      ++stale;
      std::printf("FAIL exclusion '%s' names no test of the manifest\n", e.test.data());
    }
  }
  std::printf("protocol: %zu passed, %zu failed, %zu excluded (of %zu tests)\n", passed, failed,
              excluded, manifest->entries.size());
  return failed == 0 && stale == 0 ? 0 : 1;
}
