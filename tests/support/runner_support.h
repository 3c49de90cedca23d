#pragma once
// What the W3C conformance runners (tests/conformance/*_runner.cpp) share: one command line,
// one way to print a failure's details, and reading a test's file. Each runner keeps its own
// notion of a test and of passing.

#include <string>
#include <string_view>

#include "core/status.h"

namespace cairn::testing {

// The command line of every runner:
//   <runner> [--verbose] [--filter TEXT] [conformance-root]   (default ../shared/conformance)
struct RunnerOptions {
  std::string root = "../shared/conformance";
  bool verbose = false;
  std::string filter;  // run only the tests whose id ("<suite>/<name>") contains it

  bool selects(std::string_view testId) const {
    return filter.empty() || testId.find(filter) != std::string_view::npos;
  }
};

RunnerOptions parseRunnerOptions(int argc, char** argv);

// A failure reason is a headline, then optional detail lines (e.g. the quads that differ).
// Returns the headline.
std::string_view reasonHeadline(std::string_view reason);
// Prints the detail lines, each indented by four spaces; trailing blank lines are dropped.
void printReasonDetails(std::string_view reason);

// The bytes of a file; NotFound when it cannot be opened.
core::Result<std::string> readFile(const std::string& path);

}  // namespace cairn::testing
