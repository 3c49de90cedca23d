// pokec_gen: writes the deterministic Pokec-shaped social network (bench/pokec/pokec_graph.h)
// as N-Triples for `cairn import`, as Cypher statements, or as Kuzu-loadable CSV.
//
//   pokec_gen --users 100K [--seed 42] [--mean-degree 18] --format nt|cypher|csv --output PATH
//
// The same arguments give byte-identical output on every machine. Sizes the benchmarks use:
// 10K, 100K and 1600K users (docs/BENCHMARKS.md).

#include <CLI/CLI.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>

#include "bench/datagen/count_text.h"
#include "bench/pokec/pokec_writers.h"

namespace cairn::bench::pokec {
namespace {

int run(int argc, char** argv) {
  CLI::App app{"Writes a deterministic Pokec-shaped social network (users, Friend edges)."};
  std::string usersText;
  uint64_t seed = 42;
  double meanDegree = 0;
  std::string format;
  std::string output;
  app.add_option("--users", usersText, "number of users, e.g. 10K, 100K, 1600K")->required();
  app.add_option("--seed", seed, "seed of every random choice")->capture_default_str();
  app.add_option("--mean-degree", meanDegree,
                 "mean Friend out-degree (default: 12 up to 10K users, 18 up to 100K, 18.75)");
  app.add_option("--format", format, "nt (N-Triples), cypher (statements) or csv (Kuzu)")
      ->required()
      ->check(CLI::IsMember({"nt", "cypher", "csv"}));
  app.add_option("--output", output, "file (or - for standard output); a directory for csv")
      ->required();
  CLI11_PARSE(app, argc, argv);

  const std::optional<uint64_t> users = datagen::parseCount(usersText);
  if (!users || *users < 2) {
    std::fprintf(stderr, "pokec_gen: --users needs an integer of at least 2 (K, M allowed)\n");
    return 2;
  }
  if (meanDegree < 0 || meanDegree > 1000) {
    std::fprintf(stderr, "pokec_gen: --mean-degree must be between 0 and 1000\n");
    return 2;
  }
  if (format == "csv" && output == "-") {
    std::fprintf(stderr, "pokec_gen: csv writes a directory; name it with --output\n");
    return 2;
  }
  const uint64_t meanTimes100 = meanDegree > 0
                                    ? static_cast<uint64_t>(std::llround(meanDegree * 100))
                                    : defaultMeanDegreeTimes100(*users);
  const auto start = std::chrono::steady_clock::now();
  const PokecGraph graph(*users, seed, meanTimes100);
  WriteCounts counts;
  std::string error;
  const bool ok = format == "nt"       ? writeNTriples(graph, output, counts, error)
                  : format == "cypher" ? writeCypher(graph, output, counts, error)
                                       : writeCsv(graph, output, counts, error);
  if (!ok) {
    std::fprintf(stderr, "pokec_gen: %s\n", error.c_str());
    return 1;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::fprintf(stderr,
               "pokec_gen: %llu users, %llu Friend relationships (mean out-degree %.2f; law's "
               "mean %.2f), %.1f MB as %s in %.2f s, seed %llu\n",
               static_cast<unsigned long long>(counts.users),
               static_cast<unsigned long long>(counts.relationships),
               static_cast<double>(counts.relationships) / static_cast<double>(counts.users),
               static_cast<double>(graph.drawnMeanDegreeTimes100()) / 100,
               static_cast<double>(counts.bytes) / 1e6, format.c_str(), seconds,
               static_cast<unsigned long long>(seed));
  return 0;
}

}  // namespace
}  // namespace cairn::bench::pokec

int main(int argc, char** argv) { return cairn::bench::pokec::run(argc, argv); }
