// Runs the W3C SPARQL syntax tests against Cairn's query and update parsers
// (sparql/parser/sparql_parser.h): every manifest reached from
// sparql11/manifest-sparql11-query.ttl, sparql10/manifest.ttl and
// sparql11/manifest-sparql11-update.ttl (whose syntax tests are all update tests).
//
//   sparql_syntax_runner [--verbose] [--filter TEXT] [conformance-root]
//                                                   (default ../shared/conformance)
//
// PositiveSyntaxTest(11) must parse; NegativeSyntaxTest(11) must throw core::Error with
// kSyntaxError. Update syntax tests (PositiveUpdateSyntaxTest11 / NegativeUpdateSyntaxTest11, and
// any syntax test acting on a .ru file) go through parseUpdate instead of parseQuery, with the
// same rules. Approved tests (dawgt:Approved) decide the exit status; tests without approval
// (added after the working group closed) also run, but their failures are only reported as
// NOTE lines. Each query or update is parsed with its file:// IRI as base.
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

enum class Kind { kPositive, kNegative, kOther };

Kind kindOf(const t::ManifestEntry& entry) {
  const std::string_view local = t::localName(entry.type);
  if (local == "PositiveSyntaxTest" || local == "PositiveSyntaxTest11" ||
      local == "PositiveUpdateSyntaxTest11") {
    return Kind::kPositive;
  }
  if (local == "NegativeSyntaxTest" || local == "NegativeSyntaxTest11" ||
      local == "NegativeUpdateSyntaxTest11") {
    return Kind::kNegative;
  }
  return Kind::kOther;
}

// Update syntax tests have their own types, but some update manifests (delete-insert) give
// plain (Negative)SyntaxTest11 to .ru files.
bool isUpdate(const t::ManifestEntry& entry) {
  const std::string_view local = t::localName(entry.type);
  return local.find("UpdateSyntaxTest") != std::string_view::npos ||
         (entry.action && entry.action->value.ends_with(".ru"));
}

struct Outcome {
  bool passed = false;
  std::string detail;  // failure reason; for a passing negative test, the parser's message
};

std::string errorText(const cairn::core::Error& e) {
  return std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": " + e.message();
}

Outcome runTest(const t::ManifestEntry& entry, Kind kind, bool update) {
  const auto path = t::pathFromFileIri(entry.action->value);
  if (!path) return {false, "mf:action is not a file: " + entry.action->value};
  const auto text = t::readFile(*path);
  if (!text) return {false, "cannot read " + *path};
  const std::string what = update ? "update" : "query";
  try {
    if (update) {
      cairn::sparql::UpdateParseOptions options;
      options.baseIri = t::fileIri(*path);
      cairn::sparql::parseUpdate(*text, options);
    } else {
      cairn::sparql::QueryParseOptions options;
      options.baseIri = t::fileIri(*path);
      cairn::sparql::parseQuery(*text, options);
    }
  } catch (const cairn::core::Error& e) {
    if (kind == Kind::kNegative) {
      if (e.code() == cairn::core::ErrorCode::kSyntaxError) return {true, errorText(e)};
      return {false, "rejected, but with code " + std::string(errorCodeName(e.code())) + ": " +
                         errorText(e)};
    }
    return {false, "rejected valid " + what + ": " + errorText(e)};
  }
  if (kind == Kind::kNegative) return {false, "accepted invalid " + what};
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
  size_t passed = 0, failed = 0, unapprovedPassed = 0, unapprovedFailed = 0;
};

}  // namespace

int main(int argc, char** argv) {
  const t::RunnerOptions options = t::parseRunnerOptions(argc, argv);
  const std::string& root = options.root;
  const bool verbose = options.verbose;
  const std::pair<std::string_view, std::string> suites[] = {
      {"sparql11", root + "/sparql11/manifest-sparql11-query.ttl"},
      {"sparql10", root + "/sparql10/manifest.ttl"},
      // Its syntax tests are all update tests.
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
        const bool update = isUpdate(entry);
        if (entry.approval != approved) {
          const Outcome outcome = runTest(entry, kind, update);
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
        const Outcome outcome = runTest(entry, kind, update);
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
    summaries.push_back(std::string(suite) + ": " + std::to_string(counts.passed) + " passed, " +
                        std::to_string(counts.failed) +
                        " failed; not approved: " + std::to_string(counts.unapprovedPassed) +
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
