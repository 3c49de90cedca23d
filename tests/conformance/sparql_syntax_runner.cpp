// Runs the W3C SPARQL syntax tests against Cairn's query parser (sparql/parser/sparql_parser.h):
// every manifest reached from sparql11/manifest-sparql11-query.ttl and sparql10/manifest.ttl
// (and sparql11/manifest-sparql11-update.ttl, whose syntax tests are all update tests).
//
//   sparql_syntax_runner [--verbose] [--filter TEXT] [conformance-root]
//                                                   (default ../shared/conformance)
//
// PositiveSyntaxTest(11) must parse; NegativeSyntaxTest(11) must throw core::Error with
// kSyntaxError. Approved tests (dawgt:Approved) decide the exit status; tests without approval
// (added after the working group closed) also run, but their failures are only reported as
// NOTE lines. Update syntax tests (the Update types and any test acting on a .ru file) are
// counted and skipped until SPARQL Update lands (issue 5).
// Each query is parsed with its file:// IRI as base.
//
// Prints one line per failure ("FAIL dir/test: reason"), then counts per suite and overall.
// Exits non-zero if a test failed that is not in kExclusions (each with its reason).
// --verbose lists every passing test too, with the message that rejected each negative test.

#include <cstdio>
#include <filesystem>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "sparql/parser/sparql_parser.h"
#include "tests/support/runner_support.h"
#include "tests/support/w3c_manifest.h"

namespace {

namespace t = cairn::testing;

struct Exclusion {
  std::string_view test;  // "<manifest dir>/<mf:name>"
  std::string_view reason;
};

// Tests Cairn fails on purpose, each with its reason. Empty: every approved query test passes.
const std::vector<Exclusion> kExclusions = {};

enum class Kind { kPositive, kNegative, kUpdate, kOther };

Kind kindOf(const t::ManifestEntry& entry) {
  const std::string_view local = t::localName(entry.type);
  if (local == "PositiveUpdateSyntaxTest11" || local == "NegativeUpdateSyntaxTest11") {
    return Kind::kUpdate;
  }
  Kind kind = Kind::kOther;
  if (local == "PositiveSyntaxTest" || local == "PositiveSyntaxTest11") kind = Kind::kPositive;
  if (local == "NegativeSyntaxTest" || local == "NegativeSyntaxTest11") kind = Kind::kNegative;
  if (kind != Kind::kOther && entry.action && entry.action->value.ends_with(".ru")) {
    return Kind::kUpdate;
  }
  return kind;
}

struct Outcome {
  bool passed = false;
  std::string detail;  // failure reason; for a passing negative test, the parser's message
};

std::string errorText(const cairn::core::Error& e) {
  return std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": " + e.message();
}

Outcome runTest(const t::ManifestEntry& entry, Kind kind) {
  const auto path = t::pathFromFileIri(entry.action->value);
  if (!path) return {false, "mf:action is not a file: " + entry.action->value};
  const auto text = t::readFile(*path);
  if (!text) return {false, "cannot read " + *path};
  cairn::sparql::QueryParseOptions options;
  options.baseIri = t::fileIri(*path);
  try {
    cairn::sparql::parseQuery(*text, options);
  } catch (const cairn::core::Error& e) {
    if (kind == Kind::kNegative) {
      if (e.code() == cairn::core::ErrorCode::kSyntaxError) return {true, errorText(e)};
      return {false, "rejected, but with code " + std::string(errorCodeName(e.code())) + ": " +
                         errorText(e)};
    }
    return {false, "rejected valid query: " + errorText(e)};
  }
  if (kind == Kind::kNegative) return {false, "accepted invalid query"};
  return {true, {}};
}

std::string testId(const t::Manifest& manifest, const t::ManifestEntry& entry) {
  return std::filesystem::path(manifest.path).parent_path().filename().string() + "/" + entry.name;
}

const Exclusion* findExclusion(std::string_view id) {
  for (const Exclusion& e : kExclusions) {
    if (e.test == id) return &e;
  }
  return nullptr;
}

struct Counts {
  size_t passed = 0, failed = 0, update = 0, unapprovedPassed = 0, unapprovedFailed = 0;
};

}  // namespace

int main(int argc, char** argv) {
  const t::RunnerOptions options = t::parseRunnerOptions(argc, argv);
  const std::string& root = options.root;
  const bool verbose = options.verbose;
  const std::pair<std::string_view, std::string> suites[] = {
      {"sparql11", root + "/sparql11/manifest-sparql11-query.ttl"},
      {"sparql10", root + "/sparql10/manifest.ttl"},
      // Walked so its syntax tests are counted (all are update tests, skipped for issue 5).
      {"sparql11-update", root + "/sparql11/manifest-sparql11-update.ttl"},
  };
  const std::string approved = std::string(t::manifest_vocab::kDawgt) + "Approved";
  Counts total;
  size_t unexcused = 0;
  std::set<std::string> seen;
  std::set<std::string> usedExclusions;
  std::vector<std::string> summaries;
  for (const auto& [suite, manifestPath] : suites) {
    Counts counts;
    auto manifests = t::loadManifestTree(manifestPath);
    if (!manifests) {
      std::printf("FAIL %.*s: cannot load %s: %s\n", int(suite.size()), suite.data(),
                  manifestPath.c_str(), manifests.status().toString().c_str());
      ++unexcused;
      continue;
    }
    for (const t::Manifest& manifest : *manifests) {
      for (const t::ManifestEntry& entry : manifest.entries) {
        const Kind kind = kindOf(entry);
        if (kind == Kind::kOther || !entry.action) continue;
        const std::string id = testId(manifest, entry);
        if (!options.selects(id)) continue;
        // A test reachable from two manifests runs once.
        if (!seen.insert(entry.type + " " + entry.action->value).second) continue;
        if (kind == Kind::kUpdate) {
          ++counts.update;
          continue;
        }
        if (entry.approval != approved) {
          const Outcome outcome = runTest(entry, kind);
          ++(outcome.passed ? counts.unapprovedPassed : counts.unapprovedFailed);
          if (!outcome.passed) {
            std::printf("NOTE not approved, fails %s: %s\n", id.c_str(), outcome.detail.c_str());
          } else if (verbose) {
            std::printf("pass (not approved) %s%s%s\n", id.c_str(),
                        outcome.detail.empty() ? "" : ": ", outcome.detail.c_str());
          }
          continue;
        }
        const Exclusion* exclusion = findExclusion(id);
        if (exclusion) usedExclusions.insert(id);
        const Outcome outcome = runTest(entry, kind);
        if (outcome.passed) {
          ++counts.passed;
          if (verbose) {
            std::printf("pass %s%s%s\n", id.c_str(), outcome.detail.empty() ? "" : ": ",
                        outcome.detail.c_str());
          }
          if (exclusion) std::printf("NOTE %s passes: remove it from kExclusions\n", id.c_str());
          continue;
        }
        ++counts.failed;
        if (exclusion) {
          std::printf("FAIL %s (excluded: %.*s): %s\n", id.c_str(), int(exclusion->reason.size()),
                      exclusion->reason.data(), outcome.detail.c_str());
        } else {
          ++unexcused;
          std::printf("FAIL %s: %s\n", id.c_str(), outcome.detail.c_str());
        }
      }
    }
    summaries.push_back(
        std::string(suite) + ": " + std::to_string(counts.passed) + " passed, " +
        std::to_string(counts.failed) + " failed; skipped: " + std::to_string(counts.update) +
        " update (issue 5); not approved: " + std::to_string(counts.unapprovedPassed) +
        " passed, " + std::to_string(counts.unapprovedFailed) + " failed");
    total.passed += counts.passed;
    total.failed += counts.failed;
  }
  for (const Exclusion& e : kExclusions) {
    if (!usedExclusions.contains(std::string(e.test))) {
      std::printf("NOTE exclusion %.*s matches no test\n", int(e.test.size()), e.test.data());
    }
  }
  for (const std::string& line : summaries) std::printf("%s\n", line.c_str());
  std::printf("%zu passed, %zu failed\n", total.passed, total.failed);
  return unexcused == 0 ? 0 : 1;
}
