#pragma once
// A ledger holding one triple, imported into the given stores: what the write benchmarks start
// from (commit_bench, update_bench). Header-only, like bench_support.h.

#include <filesystem>
#include <fstream>
#include <string>

#include "bench/bench_support.h"
#include "core/error.h"
#include "index/import/bulk_importer.h"

namespace cairn::bench {

// Imports `ntriplesLine` (one triple, newline-terminated) as ledger `ledger`, through a scratch
// file in `directory` that is removed after. Dies unless exactly that one quad is stored.
inline void importSeedLedger(storage::BlobStore& blobs, storage::HeadStore& heads,
                             const std::filesystem::path& directory, const std::string& ledger,
                             const std::string& ntriplesLine) {
  const std::filesystem::path seed = directory / (ledger + ".seed.nt");
  {
    std::ofstream out(seed);
    out << ntriplesLine;
    if (!out) die("cannot write " + seed.string());
  }
  index::ImportOptions options;
  options.ledger = ledger;
  options.inputs.push_back(index::ImportInput{seed.string(), std::nullopt});
  options.threads = 1;
  options.scratchDirectory = directory;
  index::ImportProgress progress;
  index::ImportReport report;
  try {
    report = index::bulkImport(blobs, heads, options, progress);
  } catch (const core::Error& e) {
    die("importing " + seed.string() + ": " + e.message());
  }
  std::filesystem::remove(seed);
  if (report.quadsStored != 1) die("the seed import stored " + std::to_string(report.quadsStored));
}

}  // namespace cairn::bench
