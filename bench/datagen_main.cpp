// datagen: writes the deterministic benchmark knowledge graph as N-Triples or N-Quads.
//
//   datagen --triples 1M [--seed 42] [--format nt|nq] [--output FILE|-] [--stats]
//
// The same arguments give byte-identical output on every machine. docs/datagen.md describes the
// graph and how to produce the standard 100K, 1M and 10M files.

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "bench/datagen/count_text.h"
#include "bench/datagen/graph_generator.h"
#include "bench/datagen/statement_writer.h"
#include "bench/datagen/vocabulary.h"

namespace cairn::bench::datagen {
namespace {

void printStats(const GraphGenerator& generator, const StatementWriter& writer) {
  std::fprintf(stderr, "entities per class:\n");
  for (size_t i = 0; i < kEntityCount; ++i) {
    std::fprintf(stderr, "  %-14s %12llu\n", std::string(kEntityNames[i]).c_str(),
                 static_cast<unsigned long long>(generator.entityCounts()[i]));
  }
  std::fprintf(stderr, "statements per predicate (repeats included):\n");
  for (size_t i = 0; i < kPredicateCount; ++i) {
    const PredicateInfo& info = kPredicates[i];
    std::string name =
        info.local.empty() ? std::string(info.iri) : "cairn:" + std::string(info.local);
    std::fprintf(stderr, "  %-52s %12llu\n", name.c_str(),
                 static_cast<unsigned long long>(writer.predicateCounts()[i]));
  }
}

int run(int argc, char** argv) {
  CLI::App app{"Writes the deterministic Cairn benchmark knowledge graph (docs/datagen.md)."};
  std::string triplesText;
  uint64_t seed = 42;
  std::string format = "nt";
  std::string output = "-";
  bool stats = false;
  app.add_option("--triples", triplesText,
                 "number of statements to write, e.g. 100000, 100K, 10M (exact; ~0.5% repeats)")
      ->required();
  app.add_option("--seed", seed, "seed of every random choice")->capture_default_str();
  app.add_option("--format", format, "nt (N-Triples) or nq (N-Quads, with named graphs)")
      ->check(CLI::IsMember({"nt", "nq"}))
      ->capture_default_str();
  app.add_option("--output", output, "output file, or - for standard output")
      ->capture_default_str();
  app.add_flag("--stats", stats, "print entity and per-predicate counts to stderr");
  CLI11_PARSE(app, argc, argv);

  const std::optional<uint64_t> triples = parseCount(triplesText);
  if (!triples || *triples == 0) {
    std::fprintf(stderr,
                 "datagen: --triples needs a positive integer (suffix K, M or G allowed)\n");
    return 2;
  }

  std::FILE* out = stdout;
  if (output != "-") {
    out = std::fopen(output.c_str(), "wb");
    if (out == nullptr) {
      std::perror(("datagen: cannot open " + output).c_str());
      return 1;
    }
  }

  const auto start = std::chrono::steady_clock::now();
  StatementWriter writer(out, format == "nq" ? OutputFormat::kNQuads : OutputFormat::kNTriples,
                         *triples, seed);
  GraphGenerator generator(*triples, seed, writer);
  generator.run();
  const bool ok = writer.finish();
  const bool closed = out == stdout || std::fclose(out) == 0;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!ok || !closed) {
    std::fprintf(stderr, "datagen: write error on %s\n", output.c_str());
    return 1;
  }

  std::fprintf(stderr,
               "datagen: wrote %llu statements (%llu repeated) in %.2f s (%.2f M statements/s), "
               "%.1f MB, format %s, seed %llu, to %s\n",
               static_cast<unsigned long long>(writer.written()),
               static_cast<unsigned long long>(writer.duplicates()), seconds,
               static_cast<double>(writer.written()) / seconds / 1e6,
               static_cast<double>(writer.bytes()) / 1e6, format.c_str(),
               static_cast<unsigned long long>(seed), output == "-" ? "stdout" : output.c_str());
  if (stats) printStats(generator, writer);
  return 0;
}

}  // namespace
}  // namespace cairn::bench::datagen

int main(int argc, char** argv) { return cairn::bench::datagen::run(argc, argv); }
