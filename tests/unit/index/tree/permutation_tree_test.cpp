// The shape of built trees (sizes, depth, predicate cuts), the directory fast paths of count()
// and scan(), and the edge cases: empty, single row, out-of-order rows, determinism.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <random>
#include <span>
#include <thread>

#include "storage/memory_blob_store.h"
#include "tests/unit/index/tree/tree_test_support.h"

namespace cairn::index {
namespace {

using tree_test::buildTree;
using tree_test::CountingBlobStore;
using tree_test::TreeShape;
using tree_test::walkTree;

IndexConfig smallConfig() {
  IndexConfig config;
  config.leafletRows = 8;
  config.predicateCutRows = 3;
  config.leafletsPerLeaf = 3;
  config.branchFanout = 3;
  config.batchRows = 5;
  config.zstdLevel = 1;
  return config;
}

std::vector<IndexRow> sortedRows(Permutation perm, size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<IndexRow> rows = tree_test::randomRows(rng, n);
  tree_test::sortFor(perm, rows);
  return rows;
}

TEST(PermutationTreeTest, EmptyPermutationHasNullRoot) {
  auto store = storage::makeMemoryBlobStore();
  PermutationBuilder builder(*store, Permutation::kSPOT, IndexConfig::defaults());
  auto root = builder.finish();
  ASSERT_TRUE(root.isOk());
  EXPECT_TRUE(root->root.isNull());
  EXPECT_EQ(root->rows, 0u);
  EXPECT_EQ(root->height, 0u);
  EXPECT_EQ(builder.bytesWritten(), 0u);

  PermutationReader reader(*store, Permutation::kSPOT, *root, nullptr, IndexConfig::defaults());
  ColumnBatch batch;
  ScanCursor cursor = reader.scan(ScanRange::all(), kAllColumns);
  auto more = cursor.next(batch);
  ASSERT_TRUE(more.isOk());
  EXPECT_FALSE(*more);
  EXPECT_EQ(*reader.count(ScanRange::all()), 0u);
  EXPECT_FALSE(reader.seek(kMinRowKey)->has_value());
}

TEST(PermutationTreeTest, SingleRowIsALeafWithoutLeafletBlob) {
  auto store = std::make_unique<storage::MemoryBlobStore>();
  IndexRow row{.s = 5, .p = 7, .ok = 9, .i = 0, .t = 3, .ot = core::otype::kIri};
  const PermutationRoot root =
      buildTree(*store, Permutation::kPOST, {row}, IndexConfig::defaults());
  EXPECT_EQ(root.height, 0u);
  EXPECT_EQ(root.rows, 1u);
  EXPECT_EQ(store->blobCount(), 1u);  // the leaf only: every column is constant

  TreeShape shape;
  walkTree(*store, Permutation::kPOST, root.root, 0, 0, shape);
  ASSERT_EQ(shape.leaflets.size(), 1u);
  EXPECT_TRUE(shape.leaflets[0].leaflet.isNull());

  PermutationReader reader(*store, Permutation::kPOST, root, nullptr, IndexConfig::defaults());
  auto found = reader.seek(kMinRowKey);
  ASSERT_TRUE(found.isOk());
  ASSERT_TRUE(found->has_value());
  EXPECT_EQ(**found, row);
  EXPECT_FALSE(reader.seek(kMinRowKey, 2)->has_value());  // asOf before its t
}

TEST(PermutationTreeTest, ShapeFollowsConfig) {
  const IndexConfig config = smallConfig();
  for (Permutation perm : kAllPermutations) {
    SCOPED_TRACE(std::string(permutationName(perm)));
    const std::vector<IndexRow> rows = sortedRows(perm, 700, 11);
    auto store = std::make_unique<storage::MemoryBlobStore>();
    PermutationBuilder builder(*store, perm, config);
    ASSERT_TRUE(builder.addBatch(rows).isOk());
    auto root = builder.finish();
    ASSERT_TRUE(root.isOk());
    EXPECT_EQ(root->rows, rows.size());
    EXPECT_EQ(builder.bytesWritten(), store->byteCount());
    EXPECT_GE(root->height, 2u);

    TreeShape shape;
    walkTree(*store, perm, root->root, root->height, 0, shape);
    ASSERT_EQ(shape.leafDepths, std::set<uint32_t>{root->height});  // balanced
    for (size_t n : shape.leafSizes) EXPECT_LE(n, config.leafletsPerLeaf);
    for (size_t n : shape.branchSizes) EXPECT_LE(n, config.branchFanout);
    uint64_t total = 0;
    size_t next = 0;
    for (const LeafletEntry& e : shape.leaflets) {
      EXPECT_LE(e.rowCount, config.leafletRows);
      EXPECT_EQ(e.firstKey, rowKey(perm, rows[next]));
      EXPECT_EQ(e.lastKey, rowKey(perm, rows[next + e.rowCount - 1]));
      EXPECT_TRUE(e.history.sidecar.isNull());
      next += e.rowCount;
      total += e.rowCount;
    }
    EXPECT_EQ(total, rows.size());
    if (perm == Permutation::kSPOT || perm == Permutation::kOPST) {
      // No predicate cuts: every leaflet but the last is full.
      for (size_t l = 0; l + 1 < shape.leaflets.size(); ++l) {
        EXPECT_EQ(shape.leaflets[l].rowCount, config.leafletRows);
      }
    }
  }
}

TEST(PermutationTreeTest, PsotAndPostLeafletsCutAtPredicateChanges) {
  const IndexConfig config = smallConfig();
  for (Permutation perm : {Permutation::kPSOT, Permutation::kPOST}) {
    SCOPED_TRACE(std::string(permutationName(perm)));
    const std::vector<IndexRow> rows = sortedRows(perm, 900, 12);
    auto store = storage::makeMemoryBlobStore();
    const PermutationRoot root = buildTree(*store, perm, rows, config);
    TreeShape shape;
    walkTree(*store, perm, root.root, root.height, 0, shape);
    size_t start = 0;
    for (size_t l = 0; l < shape.leaflets.size(); ++l) {
      const LeafletEntry& e = shape.leaflets[l];
      // Inside a leaflet the predicate changes only before predicateCutRows rows.
      for (size_t r = start + 1; r < start + e.rowCount; ++r) {
        if (rows[r].p != rows[r - 1].p) {
          EXPECT_LT(r - start, config.predicateCutRows);
        }
      }
      // A leaflet ends full, at the end, or at a predicate change.
      const size_t end = start + e.rowCount;
      if (e.rowCount < config.leafletRows && end < rows.size()) {
        EXPECT_NE(rows[end].p, rows[end - 1].p);
        EXPECT_GE(e.rowCount, config.predicateCutRows);
      }
      start = end;
    }
  }
}

TEST(PermutationTreeTest, PredicateCountsComeFromDirectories) {
  IndexConfig config = IndexConfig::defaults();
  config.leafletRows = 64;
  config.predicateCutRows = 8;
  config.leafletsPerLeaf = 4;
  config.branchFanout = 4;
  const std::vector<IndexRow> rows = sortedRows(Permutation::kPSOT, 6000, 13);
  std::map<uint64_t, uint64_t> perPredicate;
  for (const IndexRow& row : rows) ++perPredicate[row.p];

  auto memory = storage::makeMemoryBlobStore();
  CountingBlobStore store(*memory);
  const PermutationRoot root = buildTree(store, Permutation::kPSOT, rows, config);
  // No cache: every leaflet the count touches is fetched from the store.
  PermutationReader reader(store, Permutation::kPSOT, root, std::make_shared<IndexCache>(0),
                           config);
  uint64_t fromDirectory = 0;
  for (const auto& [p, expected] : perPredicate) {
    store.reset();
    ScanStats stats;
    const uint64_t prefix[] = {p};
    auto counted = reader.count(ScanRange::prefix(prefix), UINT64_MAX, &stats);
    ASSERT_TRUE(counted.isOk());
    EXPECT_EQ(*counted, expected);
    EXPECT_LE(store.leafletGets.load(), 2u) << "p " << p;
    EXPECT_LE(stats.leafletsDecoded, 2u);
    fromDirectory += stats.leafletsFromDirectory;
  }
  EXPECT_GT(fromDirectory, 0u);

  store.reset();
  auto all = reader.count(ScanRange::all());
  ASSERT_TRUE(all.isOk());
  EXPECT_EQ(*all, rows.size());
  EXPECT_EQ(store.leafletGets.load(), 0u);
  EXPECT_EQ(store.leafGets.load(), 0u);  // the root branch's entries answer it
  EXPECT_EQ(store.branchGets.load(), 1u);
}

TEST(PermutationTreeTest, ScansDecodeOnlyWhatTheyNeed) {
  IndexConfig config = IndexConfig::defaults();
  config.leafletRows = 50;
  config.leafletsPerLeaf = 4;
  config.branchFanout = 4;
  std::vector<IndexRow> rows = sortedRows(Permutation::kSPOT, 3000, 14);
  for (IndexRow& row : rows) row.t = 1;  // t constant everywhere
  rows[1].t = 9;                         // except in the first leaflet
  auto store = storage::makeMemoryBlobStore();
  const PermutationRoot root = buildTree(*store, Permutation::kSPOT, rows, config);
  TreeShape shape;
  walkTree(*store, Permutation::kSPOT, root.root, root.height, 0, shape);
  uint64_t okStored = 0;
  for (const LeafletEntry& e : shape.leaflets) okStored += e.isConstant(Column::kOKey) ? 0 : 1;

  PermutationReader reader(*store, Permutation::kSPOT, root, std::make_shared<IndexCache>(0),
                           config);
  {  // Interior leaflets: no key columns, no t; just ok.
    ScanCursor cursor = reader.scan(ScanRange::all(), columnBit(Column::kOKey));
    auto got = tree_test::drain(cursor, columnBit(Column::kOKey), config.batchRows);
    ASSERT_TRUE(got.isOk());
    EXPECT_EQ(got->size(), rows.size());
    EXPECT_EQ(cursor.stats().columnsLoaded, okStored);
  }
  {  // No columns at all: nothing decoded, nothing fetched but the nodes.
    ScanCursor cursor = reader.scan(ScanRange::all(), 0);
    auto got = tree_test::drain(cursor, 0, config.batchRows);
    ASSERT_TRUE(got.isOk());
    EXPECT_EQ(got->size(), rows.size());
    EXPECT_EQ(cursor.stats().columnsLoaded, 0u);
    EXPECT_EQ(cursor.stats().leafletBlobsRead, 0u);
  }
  {  // asOf below the first leaflet's max t: only that leaflet needs t.
    ScanCursor cursor = reader.scan(ScanRange::all(), 0, 1);
    auto got = tree_test::drain(cursor, 0, config.batchRows);
    ASSERT_TRUE(got.isOk());
    EXPECT_EQ(got->size(), rows.size() - 1);
    EXPECT_EQ(cursor.stats().columnsLoaded, 1u);
  }
  {  // A subject's rows: the boundary leaflets need only the s column to find them.
    const uint64_t s = rows[rows.size() / 2].s;
    const uint64_t prefix[] = {s};
    ScanCursor cursor = reader.scan(ScanRange::prefix(prefix), 0);
    auto got = tree_test::drain(cursor, 0, config.batchRows);
    ASSERT_TRUE(got.isOk());
    const auto expected =
        tree_test::oracle(rows, Permutation::kSPOT, ScanRange::prefix(prefix), UINT64_MAX, 0);
    EXPECT_EQ(got->size(), expected.size());
    EXPECT_LE(cursor.stats().columnsLoaded, 2u);
  }
}

TEST(PermutationTreeTest, LeadingKeySearchFindsEveryRunAroundTheSamples) {
  // One leaflet of 1,000 rows, so the subject column carries search samples (every 64th value);
  // subjects are odd and have one to three rows, so runs start on, just after and just before
  // every sample. Every subject and every gap between them must scan exactly its rows.
  IndexConfig config = IndexConfig::defaults();
  config.leafletRows = 1000;
  std::vector<IndexRow> rows;
  uint64_t s = 1;
  while (rows.size() < 1000) {
    const size_t copies = 1 + (s / 2) % 3;
    for (size_t c = 0; c < copies && rows.size() < 1000; ++c) {
      IndexRow row;
      row.s = s;
      row.p = 7;
      row.ot = core::otype::kIri;
      row.ok = c + 1;
      row.t = 1;
      rows.push_back(row);
    }
    s += 2;
  }
  auto store = storage::makeMemoryBlobStore();
  const PermutationRoot root = buildTree(*store, Permutation::kSPOT, rows, config);
  PermutationReader reader(*store, Permutation::kSPOT, root,
                           std::make_shared<IndexCache>(size_t{1} << 20), config);
  for (uint64_t subject = 0; subject <= s + 1; ++subject) {
    for (int bound = 1; bound <= 2; ++bound) {  // (s) and (s, p)
      const uint64_t prefix[] = {subject, 7};
      const ScanRange range = ScanRange::prefix(std::span(prefix, bound));
      ScanCursor cursor = reader.scan(range, columnBit(Column::kOKey));
      auto got = tree_test::drain(cursor, columnBit(Column::kOKey), config.batchRows);
      ASSERT_TRUE(got.isOk());
      const auto expected =
          tree_test::oracle(rows, Permutation::kSPOT, range, UINT64_MAX, columnBit(Column::kOKey));
      ASSERT_EQ(*got, expected) << "subject " << subject << " bound " << bound;
    }
  }
}

TEST(PermutationTreeTest, LeafletsEqualButForTheirReferencesStayApart) {
  // Two leaflets whose frame-packed blocks are byte-for-byte equal: only the reference values
  // (1 vs 101, 3 vs 303) differ. They must not share a blob, or a decoded-column cache keyed by
  // blob id would serve one leaflet's values for the other.
  IndexConfig config = IndexConfig::defaults();
  config.leafletRows = 4;
  std::vector<IndexRow> rows;
  for (uint64_t base : {uint64_t{0}, uint64_t{100}}) {
    for (uint64_t k = 1; k <= 4; ++k) {
      rows.push_back(IndexRow{
          .s = base + k, .p = 7, .ok = 3 * (base + k), .i = 0, .t = 1, .ot = core::otype::kIri});
    }
  }
  auto store = storage::makeMemoryBlobStore();
  const PermutationRoot root = buildTree(*store, Permutation::kSPOT, rows, config);
  TreeShape shape;
  walkTree(*store, Permutation::kSPOT, root.root, root.height, 0, shape);
  ASSERT_EQ(shape.leaflets.size(), 2u);
  EXPECT_NE(shape.leaflets[0].leaflet, shape.leaflets[1].leaflet);

  PermutationReader reader(*store, Permutation::kSPOT, root,
                           std::make_shared<IndexCache>(size_t{1} << 20), config);
  for (int pass = 0; pass < 2; ++pass) {  // the second pass reads decoded columns from the cache
    ScanCursor cursor = reader.scan(ScanRange::all(), kAllColumns);
    auto got = tree_test::drain(cursor, kAllColumns, config.batchRows);
    ASSERT_TRUE(got.isOk());
    EXPECT_EQ(*got, rows);
  }
}

TEST(PermutationTreeTest, BuildIsDeterministic) {
  const std::vector<IndexRow> rows = sortedRows(Permutation::kOPST, 2000, 15);
  auto a = storage::makeMemoryBlobStore();
  auto b = storage::makeMemoryBlobStore();
  const IndexConfig config = IndexConfig::defaults();
  EXPECT_EQ(buildTree(*a, Permutation::kOPST, rows, config),
            buildTree(*b, Permutation::kOPST, rows, config));
}

TEST(PermutationTreeDeathTest, RowsOutOfOrderAreABug) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  auto store = storage::makeMemoryBlobStore();
  PermutationBuilder builder(*store, Permutation::kSPOT, IndexConfig::defaults());
  ASSERT_TRUE(builder.add(IndexRow{.s = 2, .p = 1}).isOk());
  EXPECT_DEATH((void)builder.add(IndexRow{.s = 1, .p = 1}), "strictly increasing");
  EXPECT_DEATH((void)builder.add(IndexRow{.s = 2, .p = 1}), "strictly increasing");
}

TEST(PermutationTreeTest, SharedCacheServesManyReaders) {
  const std::vector<IndexRow> rows = sortedRows(Permutation::kSPOT, 4000, 16);
  auto store = storage::makeMemoryBlobStore();
  const IndexConfig config = IndexConfig::defaults();
  const PermutationRoot root = buildTree(*store, Permutation::kSPOT, rows, config);
  auto cache = std::make_shared<IndexCache>(size_t{8} << 20);
  PermutationReader first(*store, Permutation::kSPOT, root, cache, config);
  PermutationReader second(*store, Permutation::kSPOT, root, cache, config);
  const uint64_t prefix[] = {rows[rows.size() / 3].s, rows[rows.size() / 3].p};
  ScanCursor warm = first.scan(ScanRange::prefix(prefix), kAllColumns);
  ASSERT_TRUE(tree_test::drain(warm, kAllColumns, config.batchRows).isOk());
  ScanCursor hot = second.scan(ScanRange::prefix(prefix), kAllColumns);
  ASSERT_TRUE(tree_test::drain(hot, kAllColumns, config.batchRows).isOk());
  EXPECT_EQ(hot.stats().columnsLoaded, warm.stats().columnsLoaded);
  EXPECT_EQ(hot.stats().columnsDecoded, 0u);
  EXPECT_EQ(hot.stats().leafletBlobsRead, 0u);
}

TEST(PermutationTreeTest, ConcurrentReadersShareOneCache) {
  const std::vector<IndexRow> rows = sortedRows(Permutation::kPSOT, 5000, 18);
  auto store = storage::makeMemoryBlobStore();
  IndexConfig config = IndexConfig::defaults();
  config.leafletRows = std::min<uint32_t>(config.leafletRows, 300);
  const PermutationRoot root = buildTree(*store, Permutation::kPSOT, rows, config);
  // A cache too small for the tree, so threads evict what others are using.
  const PermutationReader reader(*store, Permutation::kPSOT, root,
                                 std::make_shared<IndexCache>(size_t{64} << 10), config);
  std::atomic<int> mismatches{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937_64 rng(100 + t);
      for (int q = 0; q < 60; ++q) {
        const IndexRow& probe = rows[rng() % rows.size()];
        const uint64_t prefix[] = {probe.p, probe.s};
        const ScanRange range = ScanRange::prefix(std::span<const uint64_t>(prefix, 1 + q % 2));
        const uint64_t asOf = q % 3 == 0 ? UINT64_MAX : 1 + rng() % 30;
        const auto expected = tree_test::oracle(rows, Permutation::kPSOT, range, asOf, kAllColumns);
        ScanCursor cursor = reader.scan(range, kAllColumns, asOf);
        ColumnBatch batch;
        size_t seen = 0;
        bool same = true;
        while (true) {
          auto more = cursor.next(batch);
          if (!more.isOk() || !*more) {
            same = same && more.isOk();
            break;
          }
          for (size_t r = 0; r < batch.rows; ++r, ++seen) {
            same = same && seen < expected.size() &&
                   batch.column(Column::kS)[r] == expected[seen].s &&
                   batch.column(Column::kOKey)[r] == expected[seen].ok;
          }
        }
        auto counted = reader.count(range, asOf);
        if (!same || seen != expected.size() || !counted.isOk() || *counted != expected.size()) {
          ++mismatches;
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(mismatches.load(), 0);
}

TEST(PermutationTreeTest, PointLookupsAreCheapWithWarmCaches) {
  // Speed itself is measured in bench/scan_bench (a timed assertion here would fail on slow or
  // sanitized builds); this test proves the warm path: no blob reads, no column decoding.
  const std::vector<IndexRow> rows = sortedRows(Permutation::kSPOT, 10000, 17);
  auto store = storage::makeMemoryBlobStore();
  const IndexConfig config = IndexConfig::defaults();
  const PermutationRoot root = buildTree(*store, Permutation::kSPOT, rows, config);
  PermutationReader reader(*store, Permutation::kSPOT, root,
                           std::make_shared<IndexCache>(size_t{64} << 20), config);
  const ColumnMask mask = columnBit(Column::kOType) | columnBit(Column::kOKey);
  ColumnBatch batch;
  auto lookup = [&](const IndexRow& row, ScanStats* stats) {
    const uint64_t prefix[] = {row.s, row.p};
    ScanCursor cursor = reader.scan(ScanRange::prefix(prefix), mask);
    size_t found = 0;
    while (*cursor.next(batch)) found += batch.rows;
    if (stats != nullptr) *stats = cursor.stats();
    return found;
  };
  for (const IndexRow& row : rows) ASSERT_GE(lookup(row, nullptr), 1u);  // warm up
  size_t total = 0;
  for (const IndexRow& row : rows) {
    ScanStats stats;
    total += lookup(row, &stats);
    ASSERT_EQ(stats.leafletBlobsRead, 0u);
    ASSERT_EQ(stats.columnsDecoded, 0u);
    ASSERT_GE(stats.rowsEmitted, 1u);
  }
  EXPECT_GE(total, rows.size());
}

}  // namespace
}  // namespace cairn::index
