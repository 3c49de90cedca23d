#include "tests/support/test_ledger.h"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "core/error.h"
#include "index/import/bulk_importer.h"
#include "index/tree/index_cache.h"
#include "tests/support/rdf_test_io.h"

namespace cairn::testing {
namespace {

constexpr std::string_view kLedgerName = "test";
constexpr size_t kCacheBytes = size_t{16} << 20;

// A unique scratch path per call; several test processes run at once under ctest -j.
std::filesystem::path scratchFile() {
  static std::atomic<uint64_t> counter{0};
  return std::filesystem::temp_directory_path() /
         ("cairn-test-ledger-" + std::to_string(::getpid()) + "-" +
          std::to_string(counter.fetch_add(1)) + ".nq");
}

}  // namespace

std::string toNQuadsLine(const Quad& quad) {
  std::string line = core::toNTriples(quad.subject) + " " + core::toNTriples(quad.predicate) + " " +
                     core::toNTriples(quad.object);
  if (quad.graph) line += " " + core::toNTriples(*quad.graph);
  line += " .\n";
  return line;
}

TestLedger makeTestLedger(const std::vector<Quad>& quads, const index::IndexConfig& config) {
  const std::filesystem::path path = scratchFile();
  {
    std::ofstream out(path, std::ios::binary);
    for (const Quad& q : quads) out << toNQuadsLine(q);
    if (!out) throw core::Error(core::ErrorCode::kStorageError, "cannot write " + path.string());
  }
  TestLedger result;
  result.blobs = std::make_unique<storage::MemoryBlobStore>();
  result.heads = std::make_unique<storage::MemoryHeadStore>();
  index::ImportOptions options;
  options.ledger = std::string(kLedgerName);
  options.inputs.push_back({path.string(), core::rdf::RdfFormat::kNQuads});
  options.config = config;
  options.threads = 1;
  options.scratchDirectory = std::filesystem::temp_directory_path();
  index::ImportProgress progress;
  try {
    index::bulkImport(*result.blobs, *result.heads, options, progress);
  } catch (...) {
    std::filesystem::remove(path);
    throw;
  }
  std::filesystem::remove(path);
  auto ledger = index::Ledger::open(*result.blobs, *result.heads, kLedgerName,
                                    std::make_shared<index::IndexCache>(kCacheBytes), config);
  if (!ledger) {
    throw core::Error(core::ErrorCode::kStorageError, ledger.status().toString());
  }
  result.ledger = std::move(ledger).value();
  return result;
}

TestLedger makeTestLedgerFromText(std::string_view text, core::rdf::RdfFormat format,
                                  const index::IndexConfig& config, const std::string& baseIri) {
  ParseOptions options;
  options.baseIri = baseIri;
  auto quads = parseRdfString(std::string(text), format, options);
  if (!quads) throw core::Error(core::ErrorCode::kSyntaxError, quads.status().toString());
  return makeTestLedger(*quads, config);
}

}  // namespace cairn::testing
