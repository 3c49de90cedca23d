#include "tests/unit/server/cli/cli_data_directory.h"

#include <stdlib.h>

#include <fstream>

#include "server/cli/commands.h"
#include "tests/support/stdout_capture.h"

namespace cairn::testing {

namespace fs = std::filesystem;

void CliDataDirectoryTest::importThings(const std::string& ntriples) {
  std::string pattern = (fs::temp_directory_path() / "cairn-cli-test-XXXXXX").string();
  ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
  dir_ = pattern;
  data_ = (dir_ / "data").string();
  std::ofstream(dir_ / "base.nt", std::ios::binary) << ntriples;
  server::ImportArgs import;
  import.data = data_;
  import.ledger = "things";
  import.json = true;
  import.threads = 1;
  import.scratch = (dir_ / "tmp").string();
  import.files = {(dir_ / "base.nt").string()};
  stdoutOf([&] { server::runImport(import); });
}

void CliDataDirectoryTest::TearDown() {
  std::error_code ignored;
  if (!dir_.empty()) fs::remove_all(dir_, ignored);
}

std::string CliDataDirectoryTest::valuesAt(const std::string& data, std::optional<uint64_t> t) {
  server::QueryArgs args;
  args.data = data;
  args.ledger = "things";
  args.format = "csv";
  args.t = t;
  args.query = std::string(kCliExPrefix) + "SELECT ?s ?v WHERE { ?s ex:v ?v } ORDER BY ?s ?v";
  return stdoutOf([&] { server::runQuery(args); });
}

}  // namespace cairn::testing
