// Randomized differential test of the permutation tree: build all four permutations from random
// skewed rows, then compare scans, counts and seeks over random ranges, bound prefixes, column
// masks and snapshots against a naive filter of the sorted rows.

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>

#include "storage/blob_store.h"
#include "tests/unit/index/tree/tree_test_support.h"

namespace cairn::index {
namespace {

struct Scenario {
  const char* name;
  IndexConfig config;
  std::vector<size_t> cacheBudgets;  // one reader per budget over the same tree
};

std::vector<Scenario> scenarios(size_t rows) {
  IndexConfig medium = IndexConfig::defaults();
  medium.leafletRows = 200;
  medium.predicateCutRows = 40;
  medium.leafletsPerLeaf = 5;
  medium.branchFanout = 4;
  medium.batchRows = 77;
  // Leaflets large enough that the leading key column carries search samples (every 64th
  // value), with a partial last stride.
  IndexConfig sampled = medium;
  sampled.leafletRows = 700;
  sampled.leafletsPerLeaf = 3;
  // Without a cache every leaflet is fetched and re-hashed per use: only for the smaller sizes.
  std::vector<size_t> defaultBudgets = {size_t{8} << 20};
  if (rows <= 5000) defaultBudgets.push_back(0);
  return {
      {"defaults", IndexConfig::defaults(), defaultBudgets},
      {"medium", medium, {size_t{96} << 10}},
      {"sampled", sampled, {size_t{4} << 20}},
  };
}

// The oracle: rows in key order with their keys computed once.
struct Oracle {
  Permutation perm;
  std::vector<IndexRow> rows;
  std::vector<RowKey> keys;

  Oracle(Permutation p, std::vector<IndexRow> sorted) : perm(p), rows(std::move(sorted)) {
    for (const IndexRow& row : rows) keys.push_back(rowKey(perm, row));
  }

  std::vector<IndexRow> filter(const ScanRange& range, uint64_t asOf, ColumnMask mask) const {
    std::vector<IndexRow> out;
    const size_t first = std::lower_bound(keys.begin(), keys.end(), range.low) - keys.begin();
    for (size_t r = first; r < rows.size() && keys[r] <= range.high; ++r) {
      if (rows[r].t <= asOf) out.push_back(tree_test::masked(rows[r], mask));
    }
    return out;
  }
};

// A random key value near the ones present: present, off by one, or arbitrary.
uint64_t nearValue(std::mt19937_64& rng, uint64_t present) {
  switch (rng() % 6) {
    case 0:
      return present + 1;
    case 1:
      return present - 1;  // wraps at 0: an absent huge value
    case 2:
      return rng() % 40;
    default:
      return present;
  }
}

ScanRange randomRange(std::mt19937_64& rng, Permutation perm, const std::vector<IndexRow>& rows) {
  const RowKey a = rows.empty() ? RowKey{} : rowKey(perm, rows[rng() % rows.size()]);
  const RowKey b = rows.empty() ? RowKey{} : rowKey(perm, rows[rng() % rows.size()]);
  switch (rng() % 4) {
    case 0: {  // a bound prefix of a present key
      uint64_t values[kKeyColumnCount];
      const size_t n = rng() % (kKeyColumnCount + 1);
      for (size_t k = 0; k < n; ++k) values[k] = a[k];
      return ScanRange::prefix(std::span<const uint64_t>(values, n));
    }
    case 1: {  // a bound prefix, some values possibly absent
      uint64_t values[kKeyColumnCount];
      const size_t n = rng() % (kKeyColumnCount + 1);
      for (size_t k = 0; k < n; ++k) values[k] = nearValue(rng, a[k]);
      return ScanRange::prefix(std::span<const uint64_t>(values, n));
    }
    case 2: {  // between two present keys (sometimes inverted: empty)
      ScanRange range{a, b};
      if (rng() % 5 != 0 && range.high < range.low) std::swap(range.low, range.high);
      return range;
    }
    default: {  // perturbed endpoints, open on one side now and then
      ScanRange range;
      for (int k = 0; k < kKeyColumnCount; ++k) {
        range.low[k] = nearValue(rng, a[k]);
        range.high[k] = nearValue(rng, b[k]);
      }
      if (range.high < range.low) std::swap(range.low, range.high);
      if (rng() % 4 == 0) range.low = kMinRowKey;
      if (rng() % 4 == 0) range.high = kMaxRowKey;
      return range;
    }
  }
}

uint64_t randomAsOf(std::mt19937_64& rng) {
  switch (rng() % 4) {
    case 0:
      return UINT64_MAX;
    case 1:
      return rng() % 3;  // 0: nothing visible
    default:
      return 1 + tree_test::skewed(rng, 30);
  }
}

void checkReader(const PermutationReader& reader, const Oracle& oracle, size_t batchLimit,
                 int queries, std::mt19937_64& rng) {
  // The whole permutation, every column.
  {
    ScanCursor cursor = reader.scan(ScanRange::all(), kAllColumns);
    auto all = tree_test::drain(cursor, kAllColumns, batchLimit);
    ASSERT_TRUE(all.isOk()) << all.status().toString();
    ASSERT_EQ(*all, oracle.rows);
    auto total = reader.count(ScanRange::all());
    ASSERT_TRUE(total.isOk());
    EXPECT_EQ(*total, oracle.rows.size());
  }

  for (int q = 0; q < queries; ++q) {
    const ScanRange range = randomRange(rng, oracle.perm, oracle.rows);
    const uint64_t asOf = randomAsOf(rng);
    const auto mask = static_cast<ColumnMask>(rng() % (kAllColumns + 1));
    SCOPED_TRACE("query " + std::to_string(q) + " " + tree_test::describe(range) + " asOf " +
                 std::to_string(asOf) + " mask " + std::to_string(mask));
    const std::vector<IndexRow> expected = oracle.filter(range, asOf, mask);

    ScanCursor cursor = reader.scan(range, mask, asOf);
    auto got = tree_test::drain(cursor, mask, batchLimit);
    ASSERT_TRUE(got.isOk()) << got.status().toString();
    ASSERT_EQ(got->size(), expected.size());
    ASSERT_EQ(*got, expected);

    ScanStats stats;
    auto counted = reader.count(range, asOf, &stats);
    ASSERT_TRUE(counted.isOk()) << counted.status().toString();
    ASSERT_EQ(*counted, expected.size());
    if (asOf == UINT64_MAX) {
      // Only the leaflets cut by the two range boundaries are ever decoded.
      EXPECT_LE(stats.leafletsDecoded, 2u);
    }

    // tailStart: scanning from it yields exactly the last k rows of the range.
    if (!range.isEmpty()) {
      const uint64_t k = 1 + rng() % (expected.empty() || rng() % 3 == 0 ? 50 : expected.size());
      auto low = reader.tailStart(range, k, asOf);
      ASSERT_TRUE(low.isOk()) << low.status().toString();
      const std::vector<IndexRow> tail = oracle.filter(ScanRange{*low, range.high}, asOf, mask);
      const size_t want = std::min<size_t>(k, expected.size());
      ASSERT_EQ(tail.size(), want) << "tail of " << k;
      EXPECT_TRUE(std::equal(tail.begin(), tail.end(), expected.end() - want));
    }

    auto first = reader.seek(range.low, asOf);
    ASSERT_TRUE(first.isOk()) << first.status().toString();
    const std::vector<IndexRow> after =
        oracle.filter(ScanRange{range.low, kMaxRowKey}, asOf, kAllColumns);
    if (after.empty()) {
      EXPECT_FALSE(first->has_value());
    } else {
      ASSERT_TRUE(first->has_value());
      EXPECT_EQ(**first, after.front());
    }
  }
}

void checkPermutation(const Scenario& scenario, Permutation perm, std::vector<IndexRow> rows,
                      int queries, std::mt19937_64& rng) {
  SCOPED_TRACE(std::string(scenario.name) + " " + std::string(permutationName(perm)) + " rows " +
               std::to_string(rows.size()));
  auto store = storage::makeMemoryBlobStore();
  tree_test::sortFor(perm, rows);
  const PermutationRoot root = tree_test::buildTree(*store, perm, rows, scenario.config);
  ASSERT_EQ(root.rows, rows.size());
  ASSERT_EQ(root.root.isNull(), rows.empty());
  const Oracle oracle(perm, std::move(rows));
  for (size_t budget : scenario.cacheBudgets) {
    SCOPED_TRACE("cache bytes " + std::to_string(budget));
    PermutationReader reader(*store, perm, root, std::make_shared<IndexCache>(budget),
                             scenario.config);
    checkReader(reader, oracle, scenario.config.batchRows, queries, rng);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

class PermutationTreeDifferentialTest : public ::testing::TestWithParam<size_t> {};

TEST_P(PermutationTreeDifferentialTest, ScansCountsAndSeeksMatchNaiveFilter) {
  const size_t size = GetParam();
  std::mt19937_64 rng(0xC0FFEE + size);
  const std::vector<IndexRow> rows = tree_test::randomRows(rng, size);
  const int queries = size >= 10000 ? 10 : 150;
  for (const Scenario& scenario : scenarios(size)) {
    for (Permutation perm : kAllPermutations) {
      checkPermutation(scenario, perm, rows, queries, rng);
      if (HasFatalFailure()) return;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, PermutationTreeDifferentialTest,
                         ::testing::Values(size_t{0}, size_t{1}, size_t{5}, size_t{300},
                                           size_t{3000}, size_t{50000}));

}  // namespace
}  // namespace cairn::index
