// watdiv_gen: writes a deterministic WatDiv-style e-commerce and social graph as N-Triples
// (bench/watdiv/watdiv_graph.h), and optionally WatDiv-style queries instantiated on it.
//
//   watdiv_gen --triples 10M [--seed 42] --output FILE.nt [--stats]
//              [--queries DIR --query-seed Q]
//
// The same arguments give byte-identical output on every machine. docs/watdiv.md describes the
// data, the query classes and the standard 100K and 10M files (issue 30).

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

#include "bench/datagen/count_text.h"
#include "bench/watdiv/generate.h"
#include "bench/watdiv/query_classes.h"
#include "bench/watdiv/triple_writer.h"
#include "bench/watdiv/watdiv_graph.h"

namespace cairn::bench::watdiv {
namespace {

void printStats(const Plan& plan, const GenerateResult& result, const TripleWriter& writer) {
  std::fprintf(
      stderr,
      "entities: users %llu (public %llu), products %llu, offers %llu, reviews %llu, "
      "retailers %llu, websites %llu, cities %llu, countries %llu, languages %llu, "
      "topics %llu, genres %llu, sub-genres %llu\n",
      static_cast<unsigned long long>(plan.users),
      static_cast<unsigned long long>(plan.publicUsers),
      static_cast<unsigned long long>(plan.products), static_cast<unsigned long long>(plan.offers),
      static_cast<unsigned long long>(result.completeReviews),
      static_cast<unsigned long long>(plan.retailers),
      static_cast<unsigned long long>(plan.websites), static_cast<unsigned long long>(plan.cities),
      static_cast<unsigned long long>(plan.countries),
      static_cast<unsigned long long>(plan.languages), static_cast<unsigned long long>(plan.topics),
      static_cast<unsigned long long>(plan.genres),
      static_cast<unsigned long long>(plan.subGenres));
  std::fprintf(stderr, "statements per predicate:\n");
  for (size_t i = 0; i < kPredicateCount; ++i) {
    const std::string name =
        std::string(kPredicates[i].prefix) + ":" + std::string(kPredicates[i].local);
    const uint64_t count = writer.predicateCounts()[i];
    std::fprintf(stderr, "  %-24s %12llu  %5.2f%%\n", name.c_str(),
                 static_cast<unsigned long long>(count),
                 100.0 * static_cast<double>(count) / static_cast<double>(writer.written()));
  }
}

int run(int argc, char** argv) {
  CLI::App app{"Writes a deterministic WatDiv-style graph and query instances (docs/watdiv.md)."};
  std::string triplesText;
  uint64_t seed = 42;
  std::string output;
  std::string queryDir;
  uint64_t querySeed = 1;
  bool stats = false;
  app.add_option("--triples", triplesText, "statements to write, exactly: 100K, 10M, ...")
      ->required();
  app.add_option("--seed", seed, "seed of the data")->capture_default_str();
  app.add_option("--output", output, "N-Triples file to write, or - for standard output")
      ->required();
  app.add_option("--queries", queryDir, "also write instantiated queries, one .rq file each");
  app.add_option("--query-seed", querySeed, "seed of the query constants")->capture_default_str();
  app.add_flag("--stats", stats, "print entity counts and statements per predicate to stderr");
  CLI11_PARSE(app, argc, argv);

  const std::optional<uint64_t> triples = datagen::parseCount(triplesText);
  if (!triples || *triples == 0) {
    std::fprintf(stderr, "watdiv_gen: --triples needs a positive integer (K, M, G allowed)\n");
    return 2;
  }
  std::FILE* out = output == "-" ? stdout : std::fopen(output.c_str(), "wb");
  if (out == nullptr) {
    std::perror(("watdiv_gen: cannot open " + output).c_str());
    return 1;
  }

  const auto start = std::chrono::steady_clock::now();
  const WatDivGraph graph(*triples, seed);
  TripleWriter writer(out, *triples);
  const GenerateResult result = generate(graph, writer);
  const bool ok = writer.finish();
  const bool closed = out == stdout || std::fclose(out) == 0;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!ok || !closed) {
    std::fprintf(stderr, "watdiv_gen: write error on %s\n", output.c_str());
    return 1;
  }
  std::fprintf(stderr,
               "watdiv_gen: wrote %llu statements in %.2f s (%.2f M/s), %.1f MB, seed %llu, "
               "%llu users, %llu reviews, to %s\n",
               static_cast<unsigned long long>(writer.written()), seconds,
               static_cast<double>(writer.written()) / seconds / 1e6,
               static_cast<double>(writer.bytes()) / 1e6, static_cast<unsigned long long>(seed),
               static_cast<unsigned long long>(graph.plan().users),
               static_cast<unsigned long long>(result.completeReviews),
               output == "-" ? "stdout" : output.c_str());
  if (!result.planComplete) {
    std::fprintf(stderr,
                 "watdiv_gen: warning: %llu statements are too few for the planned entities; "
                 "the output is cut short\n",
                 static_cast<unsigned long long>(*triples));
  }
  if (stats) printStats(graph.plan(), result, writer);

  if (queryDir.empty()) return 0;
  if (!result.planComplete) {
    std::fprintf(stderr, "watdiv_gen: no queries: the graph is incomplete\n");
    return 1;
  }
  const auto queryStart = std::chrono::steady_clock::now();
  std::vector<std::string> missing;
  const std::vector<QueryFile> queries =
      instantiateQueries(graph, result, *triples, querySeed, missing);
  std::string error;
  if (!writeQueries(queries, queryDir, error)) {
    std::fprintf(stderr, "watdiv_gen: %s\n", error.c_str());
    return 1;
  }
  std::fprintf(
      stderr, "watdiv_gen: wrote %zu queries (query seed %llu) to %s in %.2f s\n", queries.size(),
      static_cast<unsigned long long>(querySeed), queryDir.c_str(),
      std::chrono::duration<double>(std::chrono::steady_clock::now() - queryStart).count());
  for (const std::string& name : missing) {
    std::fprintf(stderr, "watdiv_gen: warning: no witness for %s; query left out\n", name.c_str());
  }
  return 0;
}

}  // namespace
}  // namespace cairn::bench::watdiv

int main(int argc, char** argv) { return cairn::bench::watdiv::run(argc, argv); }
