// `cairn import`: bulk-load RDF files into a new ledger (or rebuild one with --replace).

#include <cstdio>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "index/import/bulk_importer.h"
#include "server/cli/byte_size.h"
#include "server/cli/commands.h"
#include "server/cli/progress_display.h"
#include "server/cli/store_access.h"

namespace cairn::server {
namespace {

std::string withThousands(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

void printSummary(const ImportArgs& args, const index::ImportReport& r, uint64_t storeBytes,
                  uint64_t peakRss) {
  double perTriple = r.quadsStored ? double(r.indexBytes + r.dictionaryBytes) / r.quadsStored : 0;
  double rate = r.totalSeconds > 0 ? r.statementsRead / r.totalSeconds : 0;
  if (args.json) {
    nlohmann::json j = {{"ledger", args.ledger},
                        {"t", r.t},
                        {"root", r.root.toHex()},
                        {"statementsRead", r.statementsRead},
                        {"quadsStored", r.quadsStored},
                        {"graphs", r.graphs},
                        {"invalidSkipped", r.invalidSkipped},
                        {"iris", r.iris},
                        {"strings", r.strings},
                        {"seconds", r.totalSeconds},
                        {"parseSeconds", r.parseSeconds},
                        {"dictionarySeconds", r.dictionarySeconds},
                        {"indexSeconds", r.indexSeconds},
                        {"statementsPerSecond", rate},
                        {"peakRssBytes", peakRss},
                        {"indexBytes", r.indexBytes},
                        {"dictionaryBytes", r.dictionaryBytes},
                        {"storeBytes", storeBytes},
                        {"bytesPerTriple", perTriple},
                        {"spilled", r.spilled},
                        {"spillBytes", r.spillBytes}};
    std::printf("%s\n", j.dump(2).c_str());
    return;
  }
  std::printf("imported ledger '%s' at t=%llu\n", args.ledger.c_str(),
              static_cast<unsigned long long>(r.t));
  std::printf("  statements read    %s\n", withThousands(r.statementsRead).c_str());
  std::printf("  distinct stored    %s in %llu graph(s)\n", withThousands(r.quadsStored).c_str(),
              static_cast<unsigned long long>(r.graphs));
  if (r.invalidSkipped > 0) {
    std::printf("  invalid skipped    %s\n", withThousands(r.invalidSkipped).c_str());
    for (const auto& issue : r.invalidSamples) {
      std::printf("    %s:%llu:%llu: %s\n", issue.file.c_str(),
                  static_cast<unsigned long long>(issue.line),
                  static_cast<unsigned long long>(issue.column), issue.message.c_str());
    }
  }
  std::printf("  terms              %s IRIs, %s strings\n", withThousands(r.iris).c_str(),
              withThousands(r.strings).c_str());
  std::printf("  time               %.2f s (parse %.2f, dictionary %.2f, index %.2f)\n",
              r.totalSeconds, r.parseSeconds, r.dictionarySeconds, r.indexSeconds);
  std::printf("  rate               %.0f statements/s\n", rate);
  std::printf("  peak memory        %s%s\n", formatBytes(peakRss).c_str(),
              r.spilled ? (" (spilled " + formatBytes(r.spillBytes) + " to disk)").c_str() : "");
  std::printf("  written            index %s + dictionaries %s = %.1f bytes/triple\n",
              formatBytes(r.indexBytes).c_str(), formatBytes(r.dictionaryBytes).c_str(), perTriple);
  std::printf("  store on disk      %s\n", formatBytes(storeBytes).c_str());
}

}  // namespace

void runImport(const ImportArgs& args) {
  index::ImportOptions options;
  options.ledger = args.ledger;
  for (const auto& f : args.files) {
    index::ImportInput input{f, std::nullopt};
    if (!args.format.empty()) {
      input.format = core::rdf::formatFromName(args.format);
      if (!input.format) {
        throw core::Error(
            core::ErrorCode::kInvalidArgument,
            "unknown --format '" + args.format + "' (ntriples, nquads, turtle, trig)");
      }
    }
    options.inputs.push_back(std::move(input));
  }
  if (!args.graph.empty()) options.graph = args.graph;
  auto memory = parseByteSize(args.memory);
  if (!memory || *memory < (uint64_t{64} << 20)) {
    throw core::Error(core::ErrorCode::kInvalidArgument,
                      "--memory '" + args.memory + "' is not a size of at least 64MiB");
  }
  options.memoryBudget = *memory;
  options.skipInvalid = args.skipInvalid;
  options.declarePrefixes = args.declarePrefixes;
  options.replace = args.replace;
  options.threads = args.threads;
  options.scratchDirectory = args.scratch.empty() ? std::filesystem::path(args.data) / "tmp"
                                                  : std::filesystem::path(args.scratch);

  auto store = openStore(args.data, /*readOnly=*/false);
  index::ImportProgress progress;
  index::ImportReport report;
  {
    ProgressDisplay display(progress);
    report = index::bulkImport(*store, *store, options, progress);
  }
  std::error_code ec;
  std::filesystem::remove(options.scratchDirectory, ec);  // only if empty
  (void)store->flush();
  auto bytes = store->approximateBytesOnDisk();
  printSummary(args, report, bytes.isOk() ? *bytes : 0, peakRssBytes());
}

}  // namespace cairn::server
