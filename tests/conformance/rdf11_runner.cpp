// Runs the W3C RDF 1.1 syntax suites against Cairn's parsers: rdf11/rdf-n-triples and
// rdf-n-quads through NTriplesParser, rdf-turtle and rdf-trig through serd (parseWithSerd).
//
//   rdf11_runner [--verbose] [--filter TEXT] [conformance-root]   (default ../shared/conformance)
//
// Positive syntax tests must parse; negative syntax and negative eval tests must be rejected;
// eval tests must parse to a graph (dataset) isomorphic to mf:result, blank nodes by
// isomorphism, IRIs and literals exactly (xsd:string and simple literals being one term).
// Turtle and TriG documents get the base IRI mf:assumedTestBase + the file name.
//
// Prints one line per failure ("FAIL suite/test: reason"), then "suite: N passed, M failed"
// per suite, and last "N passed, M failed". Exits non-zero if a test failed that is not in
// kExclusions (each with its reason; the aim is none). --verbose adds the details of each failure
// (e.g. the quads that differ) and lists every passing test, with the error message that
// rejected each negative test.

#include <cstdio>
#include <filesystem>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/rdf/rdf_format.h"
#include "tests/support/graph_isomorphism.h"
#include "tests/support/rdf_test_io.h"
#include "tests/support/runner_support.h"
#include "tests/support/w3c_manifest.h"

namespace {

using cairn::core::rdf::RdfFormat;
namespace t = cairn::testing;

struct Exclusion {
  std::string_view suite;
  std::string_view test;  // mf:name
  std::string_view reason;
};

// Tests that fail for a reason Cairn cannot fix (a serd limitation with no workaround). Empty:
// every test passes.
const std::vector<Exclusion> kExclusions = {};

struct Suite {
  std::string_view dir;
  RdfFormat format;
};

constexpr Suite kSuites[] = {
    {"rdf-n-triples", RdfFormat::kNTriples},
    {"rdf-n-quads", RdfFormat::kNQuads},
    {"rdf-turtle", RdfFormat::kTurtle},
    {"rdf-trig", RdfFormat::kTriG},
};

enum class TestKind { kPositiveSyntax, kNegativeSyntax, kEval, kNegativeEval, kUnknown };

TestKind kindOf(std::string_view typeIri) {
  const std::string_view local = t::localName(typeIri);
  if (local.ends_with("PositiveSyntax")) return TestKind::kPositiveSyntax;
  if (local.ends_with("NegativeSyntax")) return TestKind::kNegativeSyntax;
  if (local.ends_with("NegativeEval")) return TestKind::kNegativeEval;
  if (local.ends_with("Eval")) return TestKind::kEval;
  return TestKind::kUnknown;
}

struct Outcome {
  bool passed = false;
  std::string reason;  // why it failed; for a passing negative test, the parser's error
};

std::string fileName(const std::string& path) {
  return std::filesystem::path(path).filename().string();
}

cairn::core::Result<std::vector<t::Quad>> parseAction(const std::string& path, RdfFormat format,
                                                      const t::Manifest& manifest) {
  t::ParseOptions options;
  if (!cairn::core::rdf::isLineBased(format)) {
    options.baseIri =
        manifest.assumedTestBase ? *manifest.assumedTestBase + fileName(path) : t::fileIri(path);
  }
  return t::parseRdfFile(path, format, options);
}

Outcome runTest(const t::ManifestEntry& entry, RdfFormat format, const t::Manifest& manifest) {
  const TestKind kind = kindOf(entry.type);
  if (kind == TestKind::kUnknown) return {false, "unknown test type <" + entry.type + ">"};
  if (!entry.action) return {false, "no mf:action"};
  const auto actionPath = t::pathFromFileIri(entry.action->value);
  if (!actionPath) return {false, "mf:action is not a file: " + entry.action->value};
  auto parsed = parseAction(*actionPath, format, manifest);
  switch (kind) {
    case TestKind::kPositiveSyntax:
      if (parsed) return {true, {}};
      return {false, "rejected valid input: " + parsed.status().message()};
    case TestKind::kNegativeSyntax:
    case TestKind::kNegativeEval:
      if (!parsed) return {true, parsed.status().message()};
      return {false, "accepted invalid input (" + std::to_string(parsed->size()) + " statements)"};
    case TestKind::kEval:
      break;
    case TestKind::kUnknown:
      break;
  }
  if (!parsed) return {false, "rejected valid input: " + parsed.status().message()};
  if (!entry.result) return {false, "eval test without mf:result"};
  const auto resultPath = t::pathFromFileIri(entry.result->value);
  if (!resultPath) return {false, "mf:result is not a file: " + entry.result->value};
  const auto resultFormat = cairn::core::rdf::formatFromPath(*resultPath);
  if (!resultFormat || !cairn::core::rdf::isLineBased(*resultFormat)) {
    return {false, "mf:result is not N-Triples or N-Quads: " + *resultPath};
  }
  auto expected = t::parseRdfFile(*resultPath, *resultFormat);
  if (!expected) return {false, "cannot read the expected result: " + expected.status().message()};
  std::vector<t::Quad> actual = std::move(*parsed);
  t::dropXsdStringDatatype(actual);
  t::dropXsdStringDatatype(*expected);
  t::MatchResult match = t::datasetsIsomorphic(*expected, actual);
  if (match.matched) return {true, {}};
  return {false, "result differs from " + fileName(*resultPath) + ":\n" + match.explanation};
}

// One line per failure; with --verbose, the details (e.g. the differing quads) follow indented.
void printFailure(const std::string& id, const std::string& reason, const Exclusion* exclusion,
                  bool verbose) {
  const std::string_view headline = t::reasonHeadline(reason);
  if (exclusion != nullptr) {
    std::printf("FAIL %s (excluded: %.*s): %.*s\n", id.c_str(), int(exclusion->reason.size()),
                exclusion->reason.data(), int(headline.size()), headline.data());
  } else {
    std::printf("FAIL %s: %.*s\n", id.c_str(), int(headline.size()), headline.data());
  }
  if (verbose) t::printReasonDetails(reason);
}

const Exclusion* findExclusion(std::string_view suite, std::string_view name) {
  for (const Exclusion& e : kExclusions) {
    if (e.suite == suite && e.test == name) return &e;
  }
  return nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  const t::RunnerOptions options = t::parseRunnerOptions(argc, argv);
  const std::string& root = options.root;
  const bool verbose = options.verbose;
  size_t totalPassed = 0, totalFailed = 0, unexcusedFailures = 0;
  std::vector<std::string> summaries;
  std::set<std::string> usedExclusions;
  for (const Suite& suite : kSuites) {
    const std::string manifestPath = root + "/rdf11/" + std::string(suite.dir) + "/manifest.ttl";
    auto manifest = t::loadManifest(manifestPath);
    size_t passed = 0, failed = 0;
    if (!manifest) {
      std::printf("FAIL %.*s: cannot load %s: %s\n", int(suite.dir.size()), suite.dir.data(),
                  manifestPath.c_str(), manifest.status().toString().c_str());
      ++failed;
      ++unexcusedFailures;
    } else {
      for (const t::ManifestEntry& entry : manifest->entries) {
        const std::string id = std::string(suite.dir) + "/" + entry.name;
        if (!options.selects(id)) continue;
        const Outcome outcome = runTest(entry, suite.format, *manifest);
        const Exclusion* exclusion = findExclusion(suite.dir, entry.name);
        if (exclusion != nullptr) usedExclusions.insert(id);
        if (outcome.passed) {
          ++passed;
          if (verbose) {
            std::printf("pass %s%s%s\n", id.c_str(), outcome.reason.empty() ? "" : ": ",
                        outcome.reason.c_str());
          }
          if (exclusion != nullptr) {
            std::printf("NOTE %s passes: remove it from kExclusions\n", id.c_str());
          }
          continue;
        }
        ++failed;
        if (exclusion == nullptr) ++unexcusedFailures;
        printFailure(id, outcome.reason, exclusion, verbose);
      }
    }
    summaries.push_back(std::string(suite.dir) + ": " + std::to_string(passed) + " passed, " +
                        std::to_string(failed) + " failed");
    totalPassed += passed;
    totalFailed += failed;
  }
  for (const Exclusion& e : kExclusions) {
    if (!usedExclusions.count(std::string(e.suite) + "/" + std::string(e.test))) {
      std::printf("NOTE exclusion %.*s/%.*s matches no test\n", int(e.suite.size()), e.suite.data(),
                  int(e.test.size()), e.test.data());
    }
  }
  for (const std::string& line : summaries) std::printf("%s\n", line.c_str());
  std::printf("%zu passed, %zu failed\n", totalPassed, totalFailed);
  return unexcusedFailures == 0 ? 0 : 1;
}
