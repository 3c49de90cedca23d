// scan_bench: the foundation's scan targets, measured on an imported ledger.
//
//   scan_bench --data DIR --ledger NAME [--lookups N] [--reps N] [--json]
//
// 1. Column decode: one id column (s) of the PSOT range of the largest predicate, (a) through the
//    reader with a cold IndexCache each repetition (blobs come from the store, hashes verified,
//    blocks decoded), (b) the decode kernel alone on the same column encoded as the builder
//    does, (c) through the reader with a warm cache: ids/s on one core.
// 2. (s, p) point lookups over SPOT, warm: latency p50/p90/p99 of N random existing pairs.
// 3. COUNT of the largest predicate from directories (PSOT), warm: latency p50.
// Every figure is the median over repetitions, with min and max.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <random>

#include "bench/bench_support.h"
#include "core/io/allocator_tuning.h"
#include "index/leaflet/column_codec.h"
#include "index/ledger/ledger.h"
#include "server/cli/progress_display.h"
#include "server/cli/store_access.h"

using namespace cairn;
using bench::die;
using bench::orDie;
using Clock = std::chrono::steady_clock;

namespace {

double percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size())))];
}

struct Summary {
  double median, min, max;
};
Summary summarize(const std::vector<double>& v) {
  return {percentile(v, 0.5), *std::min_element(v.begin(), v.end()),
          *std::max_element(v.begin(), v.end())};
}

}  // namespace

int main(int argc, char** argv) {
  cairn::core::tuneAllocatorForQueries();
  std::string data = server::kDefaultDataDirectory, ledgerName;
  size_t lookups = 20000;
  int reps = 7;
  bool json = false;
  CLI::App app{"Scan benchmarks over an imported ledger"};
  app.add_option("--data", data);
  app.add_option("--ledger", ledgerName)->required();
  app.add_option("--lookups", lookups);
  app.add_option("--reps", reps);
  app.add_flag("--json", json);
  CLI11_PARSE(app, argc, argv);

  auto store = server::openStore(data, /*readOnly=*/true);
  auto config = index::IndexConfig::defaults();
  auto warmCache = std::make_shared<index::IndexCache>(size_t{1} << 30);
  auto ledger = orDie(index::Ledger::open(*store, *store, ledgerName, warmCache, config));
  auto stats = orDie(ledger->stats(core::kNoNode));
  const index::PredicateStats* biggest = nullptr;
  for (const auto& p : stats.byPredicate) {
    if (biggest == nullptr || p.rows > biggest->rows) biggest = &p;
  }
  if (biggest == nullptr) {
    std::fprintf(stderr, "ledger has no default-graph triples\n");
    return 1;
  }
  const index::GraphIndex* graph = ledger->root().findGraph(core::kNoNode);
  using index::Column;
  std::vector<uint64_t> predicatePrefix{biggest->predicate};
  auto predicateRange = index::ScanRange::prefix(predicatePrefix);

  // 1. Column decode, cold cache.
  std::vector<double> idsPerSecond;
  uint64_t ids = 0;
  for (int r = 0; r < reps; ++r) {
    auto coldCache = std::make_shared<index::IndexCache>(size_t{1} << 30);
    index::PermutationReader reader(*store, index::Permutation::kPSOT,
                                    graph->permutation(index::Permutation::kPSOT), coldCache,
                                    config);
    auto start = Clock::now();
    index::ScanCursor cursor = reader.scan(predicateRange, index::columnBit(Column::kS));
    index::ColumnBatch batch;
    uint64_t n = 0, checksum = 0;
    while (orDie(cursor.next(batch))) {
      n += batch.rows;
      checksum += batch.column(Column::kS)[batch.rows - 1];
    }
    double secs = std::chrono::duration<double>(Clock::now() - start).count();
    ids = n;
    idsPerSecond.push_back(static_cast<double>(n) / secs);
    if (checksum == 42) std::puts("");  // keep the loop observable
  }

  // Same scan, warm cache (decoded columns cached).
  std::vector<double> warmIdsPerSecond;
  {
    auto reader = *ledger->reader(core::kNoNode, index::Permutation::kPSOT);
    for (int r = 0; r < reps + 1; ++r) {
      auto start = Clock::now();
      auto cursor = reader.scan(predicateRange, index::columnBit(Column::kS));
      index::ColumnBatch batch;
      uint64_t n = 0;
      while (orDie(cursor.next(batch))) n += batch.rows;
      double secs = std::chrono::duration<double>(Clock::now() - start).count();
      if (r > 0) warmIdsPerSecond.push_back(static_cast<double>(n) / secs);
    }
  }

  // Decode kernel alone: the same s column, cut into leaflet-sized blocks and encoded as the
  // builder encodes them, decoded from memory (no store, no hashing, no cache).
  std::vector<double> kernelIdsPerSecond;
  {
    std::vector<uint64_t> column;
    auto reader = *ledger->reader(core::kNoNode, index::Permutation::kPSOT);
    auto cursor = reader.scan(predicateRange, index::columnBit(Column::kS));
    index::ColumnBatch batch;
    while (orDie(cursor.next(batch))) {
      const auto& s = batch.column(Column::kS);
      column.insert(column.end(), s.begin(), s.begin() + batch.rows);
    }
    index::ColumnEncoder encoder(config.zstdLevel);
    std::vector<std::pair<std::string, index::ColumnBlock>> blocks;
    for (size_t at = 0; at < column.size(); at += config.leafletRows) {
      size_t n = std::min<size_t>(config.leafletRows, column.size() - at);
      std::string blob;
      index::ColumnBlock block = encoder.encode(std::span(column).subspan(at, n), blob);
      blocks.emplace_back(std::move(blob), block);
    }
    std::vector<uint64_t> out(config.leafletRows);
    storage::ContentId none;
    for (int r = 0; r < reps + 1; ++r) {
      auto start = Clock::now();
      uint64_t n = 0, checksum = 0;
      for (size_t b = 0; b < blocks.size(); ++b) {
        uint32_t rows = static_cast<uint32_t>(
            std::min<size_t>(config.leafletRows, column.size() - b * config.leafletRows));
        auto st = index::decodeColumn(blocks[b].first, blocks[b].second, rows, out.data(), none,
                                      Column::kS);
        if (!st.isOk()) orDie(core::Result<int>(st));
        n += rows;
        checksum += out[rows - 1];
      }
      double secs = std::chrono::duration<double>(Clock::now() - start).count();
      if (checksum == 42) std::puts("");
      if (r > 0) kernelIdsPerSecond.push_back(static_cast<double>(n) / secs);
    }
  }

  // 2. (s, p) point lookups: sample existing pairs from SPOT.
  auto spot = *ledger->reader(core::kNoNode, index::Permutation::kSPOT);
  std::vector<std::pair<uint64_t, uint64_t>> pairs;
  {
    std::mt19937_64 rng(42);
    uint64_t total = graph->permutation(index::Permutation::kSPOT).rows;
    double keep = std::min(1.0, 3.0 * static_cast<double>(lookups) / static_cast<double>(total));
    std::uniform_real_distribution<double> coin(0, 1);
    auto cursor = spot.scan(index::ScanRange::all(),
                            index::columnBit(Column::kS) | index::columnBit(Column::kP));
    index::ColumnBatch batch;
    while (orDie(cursor.next(batch))) {
      for (size_t r = 0; r < batch.rows; ++r) {
        if (coin(rng) < keep)
          pairs.emplace_back(batch.column(Column::kS)[r], batch.column(Column::kP)[r]);
      }
    }
    std::shuffle(pairs.begin(), pairs.end(), rng);
    if (pairs.size() > lookups) pairs.resize(lookups);
  }
  std::vector<double> lookupNs;
  uint64_t found = 0;
  // One batch reused across lookups, as an operator reuses its output batch: the figure is the
  // index's work, not the allocation of fresh column vectors.
  index::ColumnBatch batch;
  for (int pass = 0; pass < 2; ++pass) {
    for (auto [s, p] : pairs) {
      uint64_t prefix[2] = {s, p};
      auto start = Clock::now();
      auto cursor = spot.scan(index::ScanRange::prefix(prefix),
                              index::columnBit(Column::kOType) | index::columnBit(Column::kOKey));
      uint64_t n = 0;
      while (orDie(cursor.next(batch))) n += batch.rows;
      double ns = std::chrono::duration<double, std::nano>(Clock::now() - start).count();
      if (pass == 1) {
        lookupNs.push_back(ns);
        found += n > 0;
      }
    }
  }

  // 3. COUNT of the largest predicate from directories.
  auto psot = *ledger->reader(core::kNoNode, index::Permutation::kPSOT);
  std::vector<double> countUs;
  uint64_t counted = 0;
  for (int r = 0; r < 1000; ++r) {
    auto start = Clock::now();
    counted = orDie(psot.count(predicateRange));
    double us = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
    if (r >= 10) countUs.push_back(us);
  }

  Summary decode = summarize(idsPerSecond), warm = summarize(warmIdsPerSecond),
          kernel = summarize(kernelIdsPerSecond);
  double p50 = percentile(lookupNs, 0.5), p90 = percentile(lookupNs, 0.9),
         p99 = percentile(lookupNs, 0.99);
  Summary count = {percentile(countUs, 0.5), percentile(countUs, 0.0), percentile(countUs, 0.999)};
  if (json) {
    nlohmann::json j = {
        {"ledger", ledgerName},
        {"triples", ledger->root().quads},
        {"columnDecode",
         {{"ids", ids},
          {"idsPerSecondMedian", decode.median},
          {"min", decode.min},
          {"max", decode.max}}},
        {"columnDecodeKernel",
         {{"idsPerSecondMedian", kernel.median}, {"min", kernel.min}, {"max", kernel.max}}},
        {"columnScanWarm",
         {{"idsPerSecondMedian", warm.median}, {"min", warm.min}, {"max", warm.max}}},
        {"pointLookup",
         {{"lookups", lookupNs.size()},
          {"found", found},
          {"p50ns", p50},
          {"p90ns", p90},
          {"p99ns", p99}}},
        {"countPredicate",
         {{"rows", counted}, {"p50us", count.median}, {"minUs", count.min}, {"p999Us", count.max}}},
        {"peakRssBytes", server::peakRssBytes()}};
    std::printf("%s\n", j.dump(2).c_str());
    return 0;
  }
  std::printf("ledger %s: %llu triples; largest predicate %llu rows\n", ledgerName.c_str(),
              static_cast<unsigned long long>(ledger->root().quads),
              static_cast<unsigned long long>(biggest->rows));
  std::printf(
      "column decode (PSOT s, cold cache): median %.1fM ids/s (min %.1fM, max %.1fM) over %llu "
      "ids\n",
      decode.median / 1e6, decode.min / 1e6, decode.max / 1e6,
      static_cast<unsigned long long>(ids));
  std::printf(
      "column decode (kernel, one core, from memory): median %.1fM ids/s (min %.1fM, max %.1fM)\n",
      kernel.median / 1e6, kernel.min / 1e6, kernel.max / 1e6);
  std::printf("column scan   (PSOT s, warm cache): median %.1fM ids/s (min %.1fM, max %.1fM)\n",
              warm.median / 1e6, warm.min / 1e6, warm.max / 1e6);
  std::printf(
      "(s,p) lookup  (SPOT, warm): p50 %.2f us, p90 %.2f us, p99 %.2f us over %zu lookups\n",
      p50 / 1e3, p90 / 1e3, p99 / 1e3, lookupNs.size());
  std::printf("COUNT(p)      (PSOT directories): p50 %.2f us (min %.2f, p99.9 %.2f), %llu rows\n",
              count.median, count.min, count.max, static_cast<unsigned long long>(counted));
  std::printf("peak RSS %.1f MiB\n", server::peakRssBytes() / 1048576.0);
  return 0;
}
