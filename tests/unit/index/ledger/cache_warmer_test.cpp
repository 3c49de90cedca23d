// warmIndexCache: after a complete warm-up no read of the snapshot decodes a column; a budget
// and a stop flag end it early; a second warm-up decodes nothing.

#include "index/ledger/cache_warmer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "index/import/bulk_importer.h"
#include "index/ledger/ledger.h"
#include "index/tree/column_batch.h"
#include "storage/blob_store.h"

namespace cairn::index {
namespace {

constexpr int kSubjects = 300;

class CacheWarmerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("cairn-cache-warmer-" + std::to_string(::getpid()) + "-" +
            std::to_string(std::random_device{}()));
    std::filesystem::create_directories(dir_);
    // Two graphs, four predicates, numbers and strings: many small leaflets in every
    // permutation.
    std::ofstream nq(dir_ / "data.nq");
    for (int s = 0; s < kSubjects; ++s) {
      const std::string subject = "<http://e/s" + std::to_string(s) + ">";
      nq << subject << " <http://e/age> \"" << s % 90
         << "\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n";
      nq << subject << " <http://e/name> \"n" << s << "\" .\n";
      nq << subject << " <http://e/knows> <http://e/s" << (s * 7 + 1) % kSubjects << "> .\n";
      nq << subject << " <http://e/in> <http://e/s" << s % 13 << "> <http://e/g" << s % 2
         << "> .\n";
    }
    nq.close();
    ImportOptions options;
    options.ledger = "demo";
    options.inputs.push_back({(dir_ / "data.nq").string(), std::nullopt});
    options.scratchDirectory = dir_ / "scratch";
    options.config = config();
    ImportProgress progress;
    bulkImport(*blobs_, *heads_, options, progress);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  static IndexConfig config() {
    IndexConfig c;
    c.leafletRows = 16;
    c.predicateCutRows = 4;
    c.leafletsPerLeaf = 4;
    c.branchFanout = 4;
    c.batchRows = 8;
    return c;
  }

  std::shared_ptr<const Ledger> open(size_t cacheBytes = size_t{64} << 20) {
    auto ledger =
        Ledger::open(*blobs_, *heads_, "demo", std::make_shared<IndexCache>(cacheBytes), config());
    EXPECT_TRUE(ledger.isOk()) << ledger.status().toString();
    return ledger.isOk() ? *ledger : nullptr;
  }

  // Columns the scans of every permutation of every graph decode, reading the key columns.
  static uint64_t columnsDecodedByScans(const Ledger& ledger) {
    uint64_t decoded = 0;
    for (const GraphIndex& graph : ledger.root().graphs) {
      for (Permutation perm : kAllPermutations) {
        auto reader = ledger.reader(graph.graph, perm);
        EXPECT_TRUE(reader.has_value());
        auto cursor = reader->scan(ScanRange::all(), kKeyColumns);
        ColumnBatch batch;
        for (;;) {
          auto more = cursor.next(batch);
          EXPECT_TRUE(more.isOk()) << more.status().toString();
          if (!more.isOk() || !*more) break;
        }
        decoded += cursor.stats().columnsDecoded;
      }
    }
    return decoded;
  }

  std::filesystem::path dir_;
  std::unique_ptr<storage::BlobStore> blobs_ = storage::makeMemoryBlobStore();
  std::unique_ptr<storage::HeadStore> heads_ = storage::makeMemoryHeadStore();
};

TEST_F(CacheWarmerTest, ACompleteWarmUpLeavesNothingForReadsToDecode) {
  auto cold = open();
  ASSERT_NE(cold, nullptr);
  const uint64_t coldDecodes = columnsDecodedByScans(*cold);
  EXPECT_GT(coldDecodes, 40u);  // the scans do decode when nothing warmed the cache

  auto ledger = open();
  ASSERT_NE(ledger, nullptr);
  ASSERT_EQ(ledger->root().graphs.size(), 3u);  // the default graph and two named ones
  auto report = warmIndexCache(*ledger, {.budgetBytes = SIZE_MAX});
  ASSERT_TRUE(report.isOk()) << report.status().toString();
  EXPECT_TRUE(report->complete);
  EXPECT_EQ(report->rows, 4u * 4 * kSubjects);  // four permutations of 4 facts per subject
  EXPECT_EQ(report->columnsDecoded, coldDecodes);
  EXPECT_GT(report->leafletBlobsRead, 0u);
  EXPECT_EQ(columnsDecodedByScans(*ledger), 0u);

  auto again = warmIndexCache(*ledger, {.budgetBytes = SIZE_MAX});
  ASSERT_TRUE(again.isOk());
  EXPECT_TRUE(again->complete);
  EXPECT_EQ(again->columnsDecoded, 0u);
  EXPECT_EQ(again->leafletBlobsRead, 0u);
}

TEST_F(CacheWarmerTest, TheBudgetEndsItWithEveryPermutationPartlyWarm) {
  auto ledger = open();
  ASSERT_NE(ledger, nullptr);
  const size_t budget = 16 << 10;
  auto report = warmIndexCache(*ledger, {.budgetBytes = budget});
  ASSERT_TRUE(report.isOk());
  EXPECT_FALSE(report->complete);
  EXPECT_GE(ledger->cache()->bytesUsed(), budget);
  EXPECT_LT(report->rows, 4u * 4 * kSubjects);
  // Round-robin: the default graph's first rows of every permutation are warm.
  for (Permutation perm : kAllPermutations) {
    auto reader = ledger->reader(core::kNoNode, perm);
    ASSERT_TRUE(reader.has_value());
    auto cursor = reader->scan(ScanRange::all(), columnBit(Column::kS));
    ColumnBatch batch;
    ASSERT_TRUE(cursor.next(batch).isOk());
    EXPECT_EQ(cursor.stats().columnsDecoded, 0u) << permutationName(perm);
  }
}

TEST_F(CacheWarmerTest, AStopFlagEndsItBeforeAnyWork) {
  auto ledger = open();
  ASSERT_NE(ledger, nullptr);
  std::atomic<bool> stop{true};
  auto report = warmIndexCache(*ledger, {.budgetBytes = SIZE_MAX, .stop = &stop});
  ASSERT_TRUE(report.isOk());
  EXPECT_FALSE(report->complete);
  EXPECT_EQ(report->rows, 0u);
  EXPECT_EQ(report->columnsDecoded, 0u);
}

TEST_F(CacheWarmerTest, ACacheThatHoldsNothingEndsItAtOnce) {
  auto ledger = open(/*cacheBytes=*/0);
  ASSERT_NE(ledger, nullptr);
  auto report = warmIndexCache(*ledger, {.budgetBytes = 0});
  ASSERT_TRUE(report.isOk());
  EXPECT_FALSE(report->complete);
  EXPECT_EQ(report->rows, 0u);
}

}  // namespace
}  // namespace cairn::index
