// Runs the openCypher TCK (../shared/conformance/opencypher-tck/features/**.feature) against
// Cairn: every scenario, outlines expanded, through a TckBackend (tests/support/tck/): the
// engine (EngineBackend: a fresh in-memory ledger per scenario, statements through
// cypher::runStatement). Statements the engine does not run yet count "not runnable"; those
// whose only outcome is a compile-time error are judged by the parser and the semantic pass.
//
//   cypher_tck_runner [--filter TEXT] [--failures] [--details] [--verbose]
//                     [--passing FILE] [--write-passing FILE] [conformance-root]
//
// --filter runs the scenarios whose id contains TEXT (ids are "<folder>/<File>.feature [n]
// <row>: <title>", so a path works); --failures lists failed scenarios with their reason,
// --details adds the diffs, --verbose lists every scenario. Prints a table per feature folder
// and "TCK: <passed>/<total> scenarios pass (<n> not runnable)".
//
// Regression guard: tests/conformance/cypher_tck_passing.txt lists the ids of scenarios known to
// pass. The runner exits non-zero if a listed scenario does not pass (or no longer exists), or
// if a feature file cannot be read. --write-passing FILE rewrites the list from this run.

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "tests/support/runner_support.h"
#include "tests/support/tck/engine_backend.h"
#include "tests/support/tck/feature_reader.h"
#include "tests/support/tck/scenario_runner.h"

namespace {

namespace fs = std::filesystem;
namespace tck = cairn::tck;

constexpr std::string_view kPassingListName = "cypher_tck_passing.txt";

struct Options {
  std::string root = "../shared/conformance";
  std::string filter;
  bool failures = false;
  bool details = false;
  bool verbose = false;
  std::string passingPath;       // empty: found beside this source file
  std::string writePassingPath;  // empty: do not write
};

std::optional<Options> parseOptions(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const bool hasValue = i + 1 < argc;
    if (arg == "--filter" && hasValue) {
      options.filter = argv[++i];
    } else if (arg == "--failures") {
      options.failures = true;
    } else if (arg == "--details") {
      options.failures = options.details = true;
    } else if (arg == "--verbose") {
      options.failures = options.verbose = true;
    } else if (arg == "--passing" && hasValue) {
      options.passingPath = argv[++i];
    } else if (arg == "--write-passing" && hasValue) {
      options.writePassingPath = argv[++i];
    } else if (arg.starts_with("--")) {
      std::fprintf(stderr, "unknown or incomplete option %s\n", argv[i]);
      return std::nullopt;
    } else {
      options.root = arg;
    }
  }
  if (!options.filter.empty() && !options.writePassingPath.empty()) {
    std::fprintf(stderr, "--write-passing needs a full run: drop --filter\n");
    return std::nullopt;
  }
  return options;
}

// The regression list lives beside this file in the source tree. The build does not pass the
// source directory to conformance runners, so look where the compiler saw this file, then in
// tests/conformance/ above the executable (build directories sit inside the tree) and above the
// working directory.
std::optional<fs::path> findPassingList() {
  const fs::path source(__FILE__);
  if (source.is_absolute()) {
    const fs::path candidate = source.parent_path() / kPassingListName;
    if (fs::exists(candidate)) return candidate;
  }
  std::vector<fs::path> starts;
  std::error_code error;
  const fs::path executable = fs::read_symlink("/proc/self/exe", error);
  if (!error) starts.push_back(executable.parent_path());
  starts.push_back(fs::current_path());
  for (fs::path dir : starts) {
    while (true) {
      const fs::path candidate = dir / "tests" / "conformance" / kPassingListName;
      if (fs::exists(candidate)) return candidate;
      if (dir == dir.root_path() || dir.empty()) break;
      dir = dir.parent_path();
    }
  }
  return std::nullopt;
}

// Ids, one per line; blank lines and lines starting with '#' are comments.
std::set<std::string> readPassingList(const fs::path& path) {
  std::set<std::string> ids;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    ids.insert(line);
  }
  return ids;
}

bool writePassingList(const std::string& path, const std::set<std::string>& ids) {
  std::ofstream out(path, std::ios::trunc);
  out << "# openCypher TCK scenarios known to pass (tests/conformance/cypher_tck_runner.cpp).\n"
         "# The runner fails if one of them stops passing. Regenerate after a full run with\n"
         "#   cypher_tck_runner --write-passing tests/conformance/cypher_tck_passing.txt\n";
  for (const std::string& id : ids) out << id << "\n";
  return static_cast<bool>(out);
}

// Groups reasons for the summary: without "(line N)" and without what follows ": ".
std::string reasonKind(const std::string& reason) {
  std::string kind = reason;
  const size_t line = kind.find(" (line ");
  if (line != std::string::npos) {
    const size_t close = kind.find(')', line);
    kind.erase(line, close == std::string::npos ? std::string::npos : close - line + 1);
  }
  const size_t colon = kind.find(": ");
  if (colon != std::string::npos) {
    // Keep "query: execution not built" whole: only cut a message after the second part.
    const size_t second = kind.find(": ", colon + 2);
    if (kind.starts_with("setup") || kind.starts_with("query") ||
        kind.starts_with("control query")) {
      if (second != std::string::npos) kind.erase(second);
    } else {
      kind.erase(colon);
    }
  }
  return kind;
}

struct FolderCounts {
  size_t total = 0, passed = 0, failed = 0, notRunnable = 0;
};

void printTopReasons(const char* title, const std::map<std::string, size_t>& reasons) {
  if (reasons.empty()) return;
  std::vector<std::pair<size_t, std::string>> sorted;
  for (const auto& [reason, count] : reasons) sorted.emplace_back(count, reason);
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  std::printf("%s\n", title);
  constexpr size_t kShown = 15;
  for (size_t i = 0; i < sorted.size() && i < kShown; ++i) {
    std::printf("  %5zu  %s\n", sorted[i].first, sorted[i].second.c_str());
  }
  if (sorted.size() > kShown) std::printf("  ... %zu more kinds\n", sorted.size() - kShown);
}

}  // namespace

int main(int argc, char** argv) {
  const std::optional<Options> parsed = parseOptions(argc, argv);
  if (!parsed) return 2;
  const Options& options = *parsed;
  const std::string tckRoot = options.root + "/opencypher-tck";
  const std::string featuresRoot = tckRoot + "/features";
  if (!fs::is_directory(featuresRoot)) {
    std::printf("FAIL no TCK features at %s\n", featuresRoot.c_str());
    return 1;
  }

  std::optional<fs::path> passingPath;
  if (!options.passingPath.empty()) {
    passingPath = fs::path(options.passingPath);
  } else {
    passingPath = findPassingList();
  }
  std::set<std::string> knownPassing;
  if (passingPath && fs::exists(*passingPath)) {
    knownPassing = readPassingList(*passingPath);
  } else if (options.writePassingPath.empty()) {
    std::printf("FAIL cannot find the regression list %s (give it with --passing FILE)\n",
                passingPath ? passingPath->c_str() : std::string(kPassingListName).c_str());
    return 1;
  }

  std::vector<fs::path> paths;
  for (const auto& entry : fs::recursive_directory_iterator(featuresRoot)) {
    if (entry.is_regular_file() && entry.path().extension() == ".feature") {
      paths.push_back(entry.path());
    }
  }
  std::sort(paths.begin(), paths.end());

  tck::EngineBackend backend;
  const tck::ScenarioRunnerOptions runnerOptions{tckRoot};
  std::printf("backend: %s\n", backend.describe().c_str());

  std::map<std::string, FolderCounts> folders;
  std::map<std::string, size_t> failureKinds, notRunnableKinds;
  std::set<std::string> passedIds, seenIds;
  size_t readErrors = 0, duplicateIds = 0, errorScenariosPassed = 0, detailMatched = 0,
         phaseMatched = 0;
  for (const fs::path& path : paths) {
    tck::Feature feature;
    try {
      feature = tck::readFeatureFile(path.string());
    } catch (const tck::FeatureReadError& e) {
      std::printf("FAIL %s\n", e.what());
      ++readErrors;
      continue;
    }
    const std::string folder = path.parent_path().lexically_relative(featuresRoot).generic_string();
    for (const tck::Scenario& scenario : feature.scenarios) {
      const std::string id = tck::scenarioId(feature, scenario, featuresRoot);
      if (!options.filter.empty() && id.find(options.filter) == std::string::npos) continue;
      if (!seenIds.insert(id).second) {
        std::printf("FAIL duplicate scenario id %s\n", id.c_str());
        ++duplicateIds;
      }
      const tck::ScenarioOutcome outcome = tck::runScenario(scenario, backend, runnerOptions);
      FolderCounts& counts = folders[folder];
      ++counts.total;
      switch (outcome.status) {
        case tck::ScenarioStatus::kPassed:
          ++counts.passed;
          passedIds.insert(id);
          if (outcome.expectedError) {
            ++errorScenariosPassed;
            detailMatched += outcome.errorDetailMatched ? 1 : 0;
            phaseMatched += outcome.errorPhaseMatched ? 1 : 0;
          }
          if (options.verbose) std::printf("pass %s\n", id.c_str());
          break;
        case tck::ScenarioStatus::kFailed:
          ++counts.failed;
          ++failureKinds[reasonKind(outcome.reason)];
          if (options.failures) {
            std::printf("fail %s: %s\n", id.c_str(), outcome.reason.c_str());
            if (options.details && !outcome.details.empty()) {
              cairn::testing::printReasonDetails("\n" + outcome.details);
            }
          }
          break;
        case tck::ScenarioStatus::kNotRunnable:
          ++counts.notRunnable;
          ++notRunnableKinds[reasonKind(outcome.reason)];
          if (options.verbose) {
            std::printf("not runnable %s: %s\n", id.c_str(), outcome.reason.c_str());
          }
          break;
      }
    }
  }

  // The regression guard: every listed scenario in this run must still pass.
  size_t regressions = 0, missing = 0;
  for (const std::string& id : knownPassing) {
    if (!options.filter.empty() && id.find(options.filter) == std::string::npos) continue;
    if (seenIds.count(id) == 0) {
      std::printf("MISSING %s: listed as passing, but no such scenario\n", id.c_str());
      ++missing;
    } else if (passedIds.count(id) == 0) {
      std::printf("REGRESSION %s: listed as passing, does not pass now\n", id.c_str());
      ++regressions;
    }
  }
  size_t newlyPassing = 0;
  for (const std::string& id : passedIds) newlyPassing += knownPassing.count(id) == 0 ? 1 : 0;

  FolderCounts total;
  std::printf("\n%-36s %6s %7s %7s %13s\n", "feature folder", "total", "passed", "failed",
              "not runnable");
  for (const auto& [folder, counts] : folders) {
    std::printf("%-36s %6zu %7zu %7zu %13zu\n", folder.c_str(), counts.total, counts.passed,
                counts.failed, counts.notRunnable);
    total.total += counts.total;
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.notRunnable += counts.notRunnable;
  }
  std::printf("%-36s %6zu %7zu %7zu %13zu\n\n", "all", total.total, total.passed, total.failed,
              total.notRunnable);
  printTopReasons("failures by kind:", failureKinds);
  printTopReasons("not runnable by reason:", notRunnableKinds);
  if (errorScenariosPassed > 0) {
    std::printf(
        "expected errors: %zu scenarios pass on the error class; %zu with the expected detail, "
        "%zu in the expected phase\n",
        errorScenariosPassed, detailMatched, phaseMatched);
  }
  if (newlyPassing > 0 && options.writePassingPath.empty()) {
    std::printf(
        "%zu passing scenarios are not in the regression list: add them with "
        "--write-passing\n",
        newlyPassing);
  }
  if (!options.writePassingPath.empty()) {
    if (!writePassingList(options.writePassingPath, passedIds)) {
      std::printf("FAIL cannot write %s\n", options.writePassingPath.c_str());
      return 1;
    }
    std::printf("wrote %zu passing scenario ids to %s\n", passedIds.size(),
                options.writePassingPath.c_str());
  }
  std::printf("TCK: %zu/%zu scenarios pass (%zu not runnable)\n", total.passed, total.total,
              total.notRunnable);
  // Rewriting the list accepts this run's outcome, regressions included.
  const bool guardHolds = (regressions == 0 && missing == 0) || !options.writePassingPath.empty();
  const bool ok = readErrors == 0 && duplicateIds == 0 && guardHolds;
  if (!ok) {
    std::printf("FAIL %zu regressions, %zu listed scenarios missing, %zu unreadable files\n",
                regressions, missing, readErrors);
  }
  return ok ? 0 : 1;
}
