#include "tests/support/runner_support.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace cairn::testing {

RunnerOptions parseRunnerOptions(int argc, char** argv) {
  RunnerOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--verbose") {
      options.verbose = true;
    } else if (arg == "--filter" && i + 1 < argc) {
      options.filter = argv[++i];
    } else {
      options.root = arg;
    }
  }
  return options;
}

std::string_view reasonHeadline(std::string_view reason) {
  return reason.substr(0, reason.find('\n'));
}

void printReasonDetails(std::string_view reason) {
  const size_t firstBreak = reason.find('\n');
  if (firstBreak == std::string_view::npos) return;
  std::string_view details = reason.substr(firstBreak + 1);
  while (!details.empty() && details.back() == '\n') details.remove_suffix(1);
  if (details.empty()) return;
  size_t start = 0;
  while (true) {
    const size_t end = details.find('\n', start);
    const std::string_view line = details.substr(start, end - start);
    std::printf("    %.*s\n", static_cast<int>(line.size()), line.data());
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
}

core::Result<std::string> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return core::Status::notFound("cannot open " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace cairn::testing
