// KeyProbe against a naive filter of the rows: contains() and prefix rows() for keys present and
// absent, asked in ascending order (mostly inside the leaflet of the last read), in random order
// (fresh descents), at several asOf, over trees of every shape (one leaf, several levels,
// sampled leaflets).

#include "index/tree/key_probe.h"

#include <gtest/gtest.h>

#include <random>

#include "tree_test_support.h"

namespace cairn::index {
namespace {

struct Shape {
  const char* name;
  uint32_t leafletRows;
  uint32_t leafletsPerLeaf;
  uint32_t branchFanout;
  size_t rows;
};

class KeyProbeTest : public ::testing::TestWithParam<Shape> {};

IndexConfig configOf(const Shape& shape) {
  IndexConfig c;
  c.leafletRows = shape.leafletRows;
  c.predicateCutRows = std::max<uint32_t>(2, shape.leafletRows / 4);
  c.leafletsPerLeaf = shape.leafletsPerLeaf;
  c.branchFanout = shape.branchFanout;
  c.batchRows = 33;
  return c;
}

std::vector<IndexRow> expectedRows(const std::vector<IndexRow>& sorted, Permutation perm,
                                   const RowKey& prefix, int n, uint64_t asOf) {
  std::vector<IndexRow> out;
  for (const IndexRow& row : sorted) {
    const RowKey key = rowKey(perm, row);
    bool match = row.t <= asOf;
    for (int k = 0; match && k < n; ++k) match = key[k] == prefix[k];
    if (!match) continue;
    IndexRow shown = row;
    shown.t = 0;  // rows() does not read t
    out.push_back(shown);
  }
  return out;
}

TEST_P(KeyProbeTest, AgreesWithANaiveFilter) {
  const Shape shape = GetParam();
  std::mt19937_64 rng(shape.rows * 7919 + shape.leafletRows);
  const std::vector<IndexRow> candidates = tree_test::randomRows(rng, shape.rows);
  auto store = storage::makeMemoryBlobStore();
  for (Permutation perm : kAllPermutations) {
    SCOPED_TRACE(permutationName(perm));
    std::vector<IndexRow> sorted = candidates;
    tree_test::sortFor(perm, sorted);
    const PermutationRoot root = tree_test::buildTree(*store, perm, sorted, configOf(shape));
    PermutationReader reader(*store, perm, root, std::make_shared<IndexCache>(size_t{8} << 20),
                             configOf(shape));

    // Keys to ask: every 3rd row's key, each with a neighbour that is absent (the last column
    // bumped), in ascending order; then the same keys shuffled.
    std::vector<RowKey> asked;
    for (size_t r = 0; r < sorted.size(); r += 3) {
      RowKey key = rowKey(perm, sorted[r]);
      asked.push_back(key);
      key[kKeyColumnCount - 1] += 1;
      asked.push_back(key);
    }
    std::vector<RowKey> shuffled = asked;
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    for (const uint64_t asOf : {uint64_t{UINT64_MAX}, uint64_t{8}}) {
      for (const auto* order : {&asked, &shuffled}) {
        KeyProbe probe = reader.probe();
        for (const RowKey& key : *order) {
          const bool expected = !expectedRows(sorted, perm, key, kKeyColumnCount, asOf).empty();
          auto found = probe.contains(key, asOf);
          ASSERT_TRUE(found.isOk()) << found.status().toString();
          ASSERT_EQ(*found, expected) << "asOf " << asOf;
        }
        // Prefixes of one and two columns (a subject's facts in SPOT, a predicate's subject in
        // PSOT), some spanning several leaflets.
        for (size_t q = 0; q < order->size(); q += 5) {
          const int n = 1 + static_cast<int>(q % 2);
          std::vector<IndexRow> rows;
          ASSERT_TRUE(probe.rows((*order)[q], n, asOf, rows).isOk());
          ASSERT_EQ(rows, expectedRows(sorted, perm, (*order)[q], n, asOf))
              << "prefix of " << n << ", asOf " << asOf;
        }
      }
    }
  }
}

TEST(KeyProbe, AscendingReadsStayInTheirLeaflet) {
  std::mt19937_64 rng(5);
  std::vector<IndexRow> rows;
  for (uint64_t s = 1; s <= 4000; ++s) rows.push_back({s, 7, 3, 0, 1, core::otype::kIri});
  auto store = storage::makeMemoryBlobStore();
  IndexConfig config;
  config.leafletRows = 1000;
  config.leafletsPerLeaf = 2;
  config.branchFanout = 2;
  const PermutationRoot root = tree_test::buildTree(*store, Permutation::kSPOT, rows, config);
  PermutationReader reader(*store, Permutation::kSPOT, root,
                           std::make_shared<IndexCache>(size_t{8} << 20), config);
  KeyProbe probe = reader.probe();
  for (uint64_t s = 1; s <= 4000; s += 7) {
    auto found = probe.contains({s, 7, core::otype::kIri, 3, 0});
    ASSERT_TRUE(found.isOk());
    ASSERT_TRUE(*found);
  }
  // Four leaflets, each opened once by the ascending reads.
  EXPECT_EQ(probe.stats().leafletsVisited, 4u);
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, KeyProbeTest,
    ::testing::Values(Shape{"one_leaf", 64, 64, 4, 40}, Shape{"tiny", 4, 3, 3, 600},
                      Shape{"medium", 50, 4, 3, 3000}, Shape{"sampled", 700, 3, 4, 6000}),
    [](const ::testing::TestParamInfo<Shape>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace cairn::index
