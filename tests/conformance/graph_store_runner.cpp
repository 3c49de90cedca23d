// Runs the W3C SPARQL 1.1 Graph Store HTTP Protocol tests (sparql11/graph-store-protocol/
// manifest.ttl, which includes manifest-direct.ttl and manifest-indirect.ttl) against a live
// Cairn server started in-process on a free loopback port. Each mf:GraphStoreProtocolTest gets
// an empty ledger of its own (named after the test), created through POST /ledgers; its
// ht:Requests then go, in order, over one raw TCP connection, byte for byte, as in
// sparql_protocol_runner.cpp.
//
// Paths: the manifests' "/gsp" prefix is the graph store endpoint, /ledgers/{ledger}/data.
// Indirect identification keeps the query ("/gsp?graph=IRI", "/gsp?default", "/gsp" alone);
// direct identification ("/gsp/person/1.ttl", the graph named by the request URL itself)
// becomes /ledgers/{ledger}/data/person/1.ttl. "$LOCATION$", or whatever literal an earlier
// response's mf:expectedLocation names, is replaced in later request paths and bodies by that
// response's Location header.
//
// The tests are the manifests' mf:entries: manifest-direct.ttl also defines
// head_non_existing_direct but does not list it, so it is not run (the suite has 4 direct and 9
// indirect tests).
//
// Each response is checked against mf:expectedStatus, mf:expectedLocation (a Location header
// must be there), the response headers the manifest lists (Content-Type by media type, with
// the charset compared when the answer gives one) and, when the manifest gives a response
// body, the graph: the answer parsed by its Content-Type must be isomorphic to the expected
// body parsed by the Content-Type the manifest states (Turtle when it states none).
//
//   graph_store_runner [--verbose] [--filter TEXT] [conformance-root]
//
// Prints PASS / FAIL / EXCLUDED per test (excluded tests, tests/conformance/
// graph_store_exclusions.h, are not sent) and the totals. Exits non-zero when a test that is
// not excluded fails, or when an exclusion names no test of the manifests. --verbose also shows
// every exchange and turns on the server's access log (stderr).

#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.h"
#include "index/ledger/ledger_name.h"
#include "server/http/media_type.h"
#include "tests/conformance/graph_store_exclusions.h"
#include "tests/support/graph_isomorphism.h"
#include "tests/support/http_test_manifest.h"
#include "tests/support/rdf_test_io.h"
#include "tests/support/runner_server.h"
#include "tests/support/runner_support.h"
#include "tests/support/strict_http.h"
#include "tests/support/w3c_manifest.h"

namespace {

namespace t = cairn::testing;
namespace http = cairn::server::http;
using cairn::core::Result;
using cairn::core::Status;

constexpr std::string_view kSuite = "graph-store-protocol";
constexpr std::string_view kGspPrefix = "/gsp";

struct GraphStoreTest {
  std::string id;  // the test IRI's local name
  std::vector<t::HttpTestRequest> requests;
};

Result<GraphStoreTest> readGraphStoreTest(const t::Manifest& m, const t::ManifestEntry& e) {
  GraphStoreTest test;
  test.id = std::string(t::localName(e.node.value));
  if (!e.action) return Status::corruption("no mf:action");
  CAIRN_ASSIGN_OR_RETURN(test.requests, t::readHttpTestRequests(m.graph, *e.action));
  return test;
}

// The manifest's path under the ledger's graph store endpoint `dataPath`.
Result<std::string> mapPath(std::string_view absolutePath, const std::string& dataPath) {
  if (!absolutePath.starts_with(kGspPrefix)) {
    return Status::invalidArgument("path outside " + std::string(kGspPrefix) + ": " +
                                   std::string(absolutePath));
  }
  const std::string_view rest = absolutePath.substr(kGspPrefix.size());
  if (!rest.empty() && rest.front() != '?' && rest.front() != '/') {
    return Status::invalidArgument("path outside " + std::string(kGspPrefix) +
                                   "/: " + std::string(absolutePath));
  }
  return dataPath + std::string(rest);
}

// `text` with every template variable replaced by its value.
std::string substitute(std::string text, const std::map<std::string, std::string>& variables) {
  for (const auto& [name, value] : variables) {
    for (size_t at = text.find(name); at != std::string::npos;
         at = text.find(name, at + value.size())) {
      text.replace(at, name.size(), value);
    }
  }
  return text;
}

// The response headers the manifest lists; "" when the answer has them all, else what differs.
// Content-Type compares by media type; a charset the answer omits is taken as UTF-8, the only
// encoding of the RDF syntaxes the tests use.
std::string checkHeaders(const t::HttpHeaderList& expected, const t::StrictHttpResponse& response) {
  for (const auto& [rawName, value] : expected) {
    const std::string name = t::asciiLowercase(rawName);
    const std::string* actual = response.header(name);
    if (actual == nullptr)
      return "the answer has no " + rawName + " header (expected " + value + ")";
    if (name != "content-type") {
      if (*actual != value) return rawName + " is '" + *actual + "', expected '" + value + "'";
      continue;
    }
    const auto want = http::parseMediaType(value);
    const auto got = http::parseMediaType(*actual);
    if (!want) return "the manifest's Content-Type '" + value + "' is malformed";
    if (!got) return "malformed Content-Type '" + *actual + "'";
    if (got->essence() != want->essence()) {
      return "Content-Type is " + got->essence() + ", expected " + want->essence();
    }
    const std::string* wantCharset = http::findParameter(want->parameters, "charset");
    const std::string* gotCharset = http::findParameter(got->parameters, "charset");
    const std::string wanted = wantCharset ? t::asciiLowercase(*wantCharset) : "utf-8";
    const std::string given = gotCharset ? t::asciiLowercase(*gotCharset) : "utf-8";
    if (given != wanted) return "the answer's charset is " + given + ", expected " + wanted;
  }
  return {};
}

// The answer's graph against the manifest's response body; "" when isomorphic.
std::string checkGraph(const t::HttpTestResponse& expect, const t::StrictHttpResponse& response,
                       const std::string& baseIri) {
  std::string expectedType = "text/turtle";
  for (const auto& [name, value] : expect.headers) {
    if (t::asciiLowercase(name) == "content-type") expectedType = value;
  }
  const auto expectedMedia = http::parseMediaType(expectedType);
  if (!expectedMedia) return "the manifest's Content-Type '" + expectedType + "' is malformed";
  auto expectedChars = t::encodeHttpTestBody(*expect.body);
  if (!expectedChars) return "the expected body: " + expectedChars.status().message();
  auto expected = t::parseRdfAnswer(*expectedChars, expectedMedia->essence(), baseIri);
  if (!expected) return "the expected body does not parse: " + expected.status().message();

  const std::string* contentType = response.header("content-type");
  if (contentType == nullptr) return "the answer has no Content-Type";
  const auto media = http::parseMediaType(*contentType);
  if (!media) return "malformed Content-Type '" + *contentType + "'";
  auto actual = t::parseRdfAnswer(response.body, media->essence(), baseIri);
  if (!actual) {
    return "the answer does not parse as " + media->essence() + ": " + actual.status().message();
  }
  t::dropXsdStringDatatype(*expected);
  t::dropXsdStringDatatype(*actual);
  const t::MatchResult match = t::datasetsIsomorphic(*expected, *actual);
  if (!match.matched) return "the answer's graph is not the expected one\n" + match.explanation;
  return {};
}

struct Outcome {
  bool passed = false;
  std::string reason;  // a headline, then detail lines
};

Outcome runGraphStoreTest(const GraphStoreTest& test, const t::Endpoint& endpoint, bool verbose) {
  const std::string& ledger = test.id;
  if (!cairn::index::isValidLedgerName(ledger)) {
    return {false, "the test's name is not a valid ledger name: " + ledger};
  }
  if (std::string problem = t::createLedger(endpoint, ledger, ""); !problem.empty()) {
    return {false, problem};
  }
  const std::string dataPath = "/ledgers/" + ledger + "/data";
  std::map<std::string, std::string> variables;  // mf:expectedLocation name → Location
  t::StrictHttpConnection connection(endpoint);  // the test's ht:Connection
  for (size_t i = 0; i < test.requests.size(); ++i) {
    const t::HttpTestRequest& request = test.requests[i];
    const std::string which = "request " + std::to_string(i + 1) + " (" + request.method + ")";
    auto target = mapPath(substitute(request.absolutePath, variables), dataPath);
    if (!target) return {false, which + ": " + target.status().message()};

    std::optional<std::string> body;
    if (request.body) {
      t::HttpTestBody text = *request.body;
      text.chars = substitute(std::move(text.chars), variables);
      auto encoded = t::encodeHttpTestBody(text);
      if (!encoded) return {false, which + ": " + encoded.status().message()};
      body = std::move(*encoded);
    }
    const std::string bytes = t::requestBytes(request.method, *target, request.httpVersion,
                                              endpoint, request.headers, body);
    auto response = connection.roundTrip(bytes, request.method == "HEAD");
    if (!response) return {false, which + " " + *target + ": " + response.status().message()};
    if (verbose) {
      std::printf("  > %s %s (%zu body bytes)\n", request.method.c_str(), target->c_str(),
                  body ? body->size() : 0);
      const std::string* type = response->header("content-type");
      std::printf("  < %s; %s; %zu body bytes%s\n", response->statusLine.c_str(),
                  type ? type->c_str() : "no Content-Type", response->body.size(),
                  response->chunked ? ", chunked" : "");
    }
    const std::string details =
        "\n" + which + " " + *target + "\n" + t::describeResponse(*response);

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
    if (request.expect.location) {
      const std::string* location = response->header("location");
      if (location == nullptr || location->empty()) {
        return {false, which + ": no Location header" + details};
      }
      variables[*request.expect.location] = *location;
    }
    if (std::string problem = checkHeaders(request.expect.headers, *response); !problem.empty()) {
      return {false, which + ": " + problem + details};
    }
    if (request.expect.body && request.method != "HEAD") {
      const std::string baseIri = "http://" + endpoint.authority() + *target;
      if (std::string problem = checkGraph(request.expect, *response, baseIri); !problem.empty()) {
        return {false, which + ": " + problem + details};
      }
    }
  }
  return {true, {}};
}

}  // namespace

int main(int argc, char** argv) {
  const t::RunnerOptions options = t::parseRunnerOptions(argc, argv);
  const std::string manifestPath =
      options.root + "/sparql11/" + std::string(kSuite) + "/manifest.ttl";
  auto manifests = t::loadManifestTree(manifestPath);
  if (!manifests) {
    std::printf("FAIL cannot load %s: %s\n", manifestPath.c_str(),
                manifests.status().toString().c_str());
    return 1;
  }

  std::optional<t::RunnerServer> server;
  try {
    server.emplace(/*accessLog=*/options.verbose);
  } catch (const cairn::core::Error& e) {
    std::printf("FAIL cannot start the server: %s\n", e.message().c_str());
    return 1;
  }

  size_t passed = 0, failed = 0, excluded = 0, total = 0;
  std::set<std::string> ids;
  for (const t::Manifest& manifest : *manifests) {
    for (const t::ManifestEntry& entry : manifest.entries) {
      ++total;
      const std::string local(t::localName(entry.node.value));
      ids.insert(local);
      const std::string id = std::string(kSuite) + "/" + local;
      if (!options.selects(id)) continue;
      if (const t::GraphStoreExclusion* exclusion = t::findGraphStoreExclusion(local)) {
        ++excluded;
        std::printf("EXCLUDED %s: %s\n", id.c_str(), exclusion->reason.data());
        continue;
      }
      Outcome outcome;
      if (t::localName(entry.type) != "GraphStoreProtocolTest") {
        outcome.reason = "not an mf:GraphStoreProtocolTest: " + entry.type;
      } else if (auto test = readGraphStoreTest(manifest, entry); !test) {
        outcome.reason = "malformed test: " + test.status().message();
      } else {
        outcome = runGraphStoreTest(*test, server->endpoint(), options.verbose);
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
  }
  server->stop();

  size_t stale = 0;
  for (const t::GraphStoreExclusion& e : t::kGraphStoreExclusions) {
    if (!ids.contains(std::string(e.test))) {
      ++stale;
      std::printf("FAIL exclusion '%s' names no test of the manifests\n", e.test.data());
    }
  }
  std::printf("%s: %zu passed, %zu failed, %zu excluded (of %zu tests)\n", kSuite.data(), passed,
              failed, excluded, total);
  return failed == 0 && stale == 0 ? 0 : 1;
}
