// mergeIntoTree: randomized differential rounds of merges against a map of the expected rows and
// a tree built from scratch, the copy-on-write promise (a small change writes a small fraction
// of the tree and reuses the other leaflets by id), shape edge cases (empty base, everything
// deleted, keys outside the tree, root splits and collapses) and failures (unsorted changes,
// damaged base blobs, a failing store).

#include "index/tree/tree_merger.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "storage/memory_blob_store.h"
#include "tests/support/hooked_blob_store.h"
#include "tests/unit/index/tree/tree_test_support.h"

namespace cairn::index {
namespace tree_merger_test {

IndexConfig smallConfig() {
  IndexConfig c;
  c.leafletRows = 48;
  c.predicateCutRows = 12;
  c.leafletsPerLeaf = 4;
  c.branchFanout = 4;
  c.batchRows = 29;
  c.zstdLevel = 1;
  return c;
}

// Big enough leaflets that one of them is a small part of a 200K-row tree.
IndexConfig mediumConfig() {
  IndexConfig c;
  c.leafletRows = 1024;
  c.predicateCutRows = 128;
  c.leafletsPerLeaf = 16;
  c.branchFanout = 8;
  c.batchRows = 500;
  return c;
}

using RowMap = std::map<RowKey, IndexRow>;

std::vector<IndexRow> rowsOf(const RowMap& rows) {
  std::vector<IndexRow> out;
  out.reserve(rows.size());
  for (const auto& [key, row] : rows) out.push_back(row);
  return out;
}

RowMap mapOf(Permutation perm, const std::vector<IndexRow>& rows) {
  RowMap out;
  for (const IndexRow& row : rows) out[rowKey(perm, row)] = row;
  return out;
}

std::vector<RowChange> sortedChanges(const std::map<RowKey, RowChange>& byKey) {
  std::vector<RowChange> out;
  for (const auto& [key, change] : byKey) out.push_back(change);
  return out;
}

void apply(Permutation perm, const std::vector<RowChange>& changes, RowMap& rows) {
  for (const RowChange& change : changes) {
    if (change.present) {
      rows[rowKey(perm, change.row)] = change.row;
    } else {
      rows.erase(rowKey(perm, change.row));
    }
  }
}

// What the tree holds, from walking every node: leaflet entries in key order, node counts.
struct Walked {
  std::vector<LeafletEntry> leaflets;
  std::vector<size_t> leafSizes;
  size_t leaves = 0;
  size_t branches = 0;
};

// Checks one node against the format's invariants and the limits of `config`, and computes its
// summary (what its parent's entry must say) into `summary`.
void walkNode(const storage::BlobStore& store, Permutation perm, const IndexConfig& config,
              const storage::ContentId& id, uint32_t level, BranchEntry& summary, Walked& walked) {
  core::Result<std::string> blob = store.get(id);
  ASSERT_TRUE(blob.isOk()) << blob.status().toString();
  summary = BranchEntry{};
  summary.child = id;
  summary.minT = UINT64_MAX;
  auto add = [&](const RowKey& first, const RowKey& last, uint64_t rows, uint64_t minT,
                 uint64_t maxT, bool isFirst) {
    if (isFirst) summary.firstKey = first;
    summary.lastKey = last;
    summary.rowCount += rows;
    summary.minT = std::min(summary.minT, minT);
    summary.maxT = std::max(summary.maxT, maxT);
  };
  if (level == 0) {
    core::Result<LeafNode> leaf = parseLeaf(*blob, id, perm);
    ASSERT_TRUE(leaf.isOk()) << leaf.status().toString();
    ASSERT_LE(leaf->entries.size(), config.leafletsPerLeaf);
    ++walked.leaves;
    walked.leafSizes.push_back(leaf->entries.size());
    for (size_t e = 0; e < leaf->entries.size(); ++e) {
      const LeafletEntry& entry = leaf->entries[e];
      ASSERT_LE(entry.rowCount, config.leafletRows);
      ASSERT_EQ(entry.history, HistoryLocator{});
      add(entry.firstKey, entry.lastKey, entry.rowCount, entry.minT, entry.maxT, e == 0);
      walked.leaflets.push_back(entry);
    }
    return;
  }
  core::Result<BranchNode> branch = parseBranch(*blob, id, perm);
  ASSERT_TRUE(branch.isOk()) << branch.status().toString();
  ASSERT_EQ(branch->level, level);
  ASSERT_LE(branch->entries.size(), config.branchFanout);
  ++walked.branches;
  for (size_t e = 0; e < branch->entries.size(); ++e) {
    const BranchEntry& entry = branch->entries[e];
    BranchEntry child;
    walkNode(store, perm, config, entry.child, level - 1, child, walked);
    if (::testing::Test::HasFatalFailure()) return;
    ASSERT_EQ(child, entry) << "branch entry " << e << " does not summarize its child exactly";
    add(entry.firstKey, entry.lastKey, entry.rowCount, entry.minT, entry.maxT, e == 0);
  }
}

Walked walkTree(const storage::BlobStore& store, Permutation perm, const IndexConfig& config,
                const PermutationRoot& root) {
  Walked walked;
  if (root.empty()) {
    EXPECT_EQ(root.rows, 0u);
    EXPECT_EQ(root.height, 0u);
    return walked;
  }
  BranchEntry summary;
  walkNode(store, perm, config, root.root, root.height, summary, walked);
  EXPECT_EQ(summary.rowCount, root.rows);
  if (root.height > 0 && walked.branches > 0) {
    // A collapsed root: never a branch with a single child.
    auto top = parseBranch(*store.get(root.root), root.root, perm);
    EXPECT_TRUE(top.isOk() && top->entries.size() >= 2) << "root branch with one child";
  }
  return walked;
}

std::vector<IndexRow> scanAll(const PermutationReader& reader, size_t batchRows) {
  ScanCursor cursor = reader.scan(ScanRange::all(), kAllColumns);
  auto rows = tree_test::drain(cursor, kAllColumns, batchRows);
  EXPECT_TRUE(rows.isOk()) << rows.status().toString();
  return rows.isOk() ? *rows : std::vector<IndexRow>{};
}

// The merged tree reads exactly `expected`: full scan, counts over random ranges and snapshots,
// seeks; and it agrees with a tree built from scratch over the same rows.
void checkAgainst(storage::BlobStore& store, Permutation perm, const IndexConfig& config,
                  const PermutationRoot& merged, const RowMap& expected,
                  const std::shared_ptr<IndexCache>& cache, std::mt19937_64& rng) {
  const std::vector<IndexRow> rows = rowsOf(expected);
  ASSERT_EQ(merged.rows, rows.size());
  const PermutationRoot built = tree_test::buildTree(store, perm, rows, config);
  PermutationReader mergedReader(store, perm, merged, cache, config);
  PermutationReader builtReader(store, perm, built, cache, config);
  const std::vector<IndexRow> scanned = scanAll(mergedReader, config.batchRows);
  ASSERT_EQ(scanned.size(), rows.size());
  ASSERT_EQ(scanned, rows);
  ASSERT_EQ(scanAll(builtReader, config.batchRows), scanned);

  std::vector<RowKey> keys;
  for (const auto& [key, row] : expected) keys.push_back(key);
  for (int q = 0; q < 25; ++q) {
    ScanRange range;
    if (!keys.empty()) {
      range.low = keys[rng() % keys.size()];
      range.high = keys[rng() % keys.size()];
      if (range.high < range.low) std::swap(range.low, range.high);
      if (rng() % 3 == 0) range.low[kKeyColumnCount - 1] += 1;  // just past a present key
      if (rng() % 4 == 0) range.low = kMinRowKey;
      if (rng() % 4 == 0) range.high = kMaxRowKey;
    }
    const uint64_t asOf = rng() % 3 == 0 ? UINT64_MAX : 1 + tree_test::skewed(rng, 30);
    SCOPED_TRACE(tree_test::describe(range) + " asOf " + std::to_string(asOf));
    uint64_t want = 0;
    std::optional<IndexRow> firstWanted;
    for (auto it = expected.lower_bound(range.low); it != expected.end() && it->first <= range.high;
         ++it) {
      if (it->second.t > asOf) continue;
      ++want;
      if (!firstWanted) firstWanted = it->second;
    }
    auto counted = mergedReader.count(range, asOf);
    ASSERT_TRUE(counted.isOk()) << counted.status().toString();
    EXPECT_EQ(*counted, want);
    auto builtCount = builtReader.count(range, asOf);
    ASSERT_TRUE(builtCount.isOk());
    EXPECT_EQ(*builtCount, *counted);
    auto sought = mergedReader.seek(range.low, asOf);
    ASSERT_TRUE(sought.isOk()) << sought.status().toString();
    std::optional<IndexRow> wantSeek;
    for (auto it = expected.lower_bound(range.low); it != expected.end(); ++it) {
      if (it->second.t <= asOf) {
        wantSeek = it->second;
        break;
      }
    }
    EXPECT_EQ(*sought, wantSeek);
  }
}

// A set of changes in permutation key order. Candidates come from `universe` (rows present or
// absent in `current`), so inserts, replacements, t updates and deletes of present and absent
// keys all occur; `clustered` draws them from one window of key order.
std::vector<RowChange> randomChanges(std::mt19937_64& rng, Permutation perm,
                                     const std::vector<IndexRow>& universe, const RowMap& current,
                                     size_t count, bool clustered) {
  std::map<RowKey, RowChange> byKey;
  const size_t window = clustered ? std::min(universe.size(), 4 * count + 8) : universe.size();
  const size_t start = rng() % (universe.size() - window + 1);
  const std::vector<IndexRow> present = rowsOf(current);
  for (size_t n = 0; n < count; ++n) {
    RowChange change;
    const uint64_t kind = rng() % 6;
    if (kind <= 1 && !present.empty()) {
      // An existing row: deleted, or its t changed (sometimes to the same t: no change).
      const size_t base = clustered
                              ? std::lower_bound(present.begin(), present.end(), universe[start],
                                                 [perm](const IndexRow& a, const IndexRow& b) {
                                                   return rowLess(perm, a, b);
                                                 }) -
                                    present.begin()
                              : 0;
      const size_t span = clustered ? std::min(window, present.size()) : present.size();
      change.row = present[std::min(present.size() - 1, base + rng() % span)];
      if (kind == 0) {
        change.present = false;
      } else {
        change.row.t = 1 + tree_test::skewed(rng, 30);
      }
    } else {
      change.row = universe[start + rng() % window];
      change.row.t = 1 + tree_test::skewed(rng, 30);
      change.present = kind != 5;  // kind 5: delete, present or not
    }
    byKey[rowKey(perm, change.row)] = change;
  }
  return sortedChanges(byKey);
}

// Enough of a leaflet entry to tell entries apart, also those without a blob (a single row).
using EntryIdentity = std::tuple<storage::ContentId, RowKey, RowKey, uint32_t, uint64_t, uint64_t>;
EntryIdentity identity(const LeafletEntry& e) {
  return {e.leaflet, e.firstKey, e.lastKey, e.rowCount, e.minT, e.maxT};
}

// Deletes most rows of a wide window of key order (the shrinking that leaves leaflets and
// nodes underfull), keeping now and then one with a new t.
std::vector<RowChange> thinningChanges(std::mt19937_64& rng, Permutation perm,
                                       const RowMap& current) {
  std::map<RowKey, RowChange> byKey;
  const std::vector<IndexRow> present = rowsOf(current);
  if (present.empty()) return {};
  // A wide window empties whole subtrees; a narrow one thins a few leaflets.
  const size_t width =
      1 + rng() % (rng() % 2 == 0 ? present.size() : std::min<size_t>(present.size(), 120));
  const size_t start = rng() % (present.size() - width + 1);
  for (size_t r = start; r < start + width; ++r) {
    RowChange change{present[r], rng() % 8 == 0};
    change.row.t = 1 + tree_test::skewed(rng, 30);
    byKey[rowKey(perm, change.row)] = change;
  }
  return sortedChanges(byKey);
}

struct Scenario {
  const char* name;
  IndexConfig config;
};

class TreeMergeDifferentialTest : public ::testing::TestWithParam<size_t> {};

TEST_P(TreeMergeDifferentialTest, RoundsOfMergesMatchExpectedRowsAndAFreshBuild) {
  const size_t baseSize = GetParam();
  for (const Scenario& scenario :
       {Scenario{"tiny", IndexConfig::tiny()}, Scenario{"small", smallConfig()}}) {
    for (Permutation perm : kAllPermutations) {
      SCOPED_TRACE(std::string(scenario.name) + " " + std::string(permutationName(perm)) +
                   " base " + std::to_string(baseSize));
      std::mt19937_64 rng(0x5EED + baseSize * 31 + static_cast<size_t>(perm));
      std::vector<IndexRow> universe = tree_test::randomRows(rng, 2 * baseSize + 60);
      tree_test::sortFor(perm, universe);
      std::vector<IndexRow> base;
      for (const IndexRow& row : universe) {
        if (rng() % 2 == 0 && base.size() < baseSize) base.push_back(row);
      }
      storage::MemoryBlobStore store;
      auto cache = std::make_shared<IndexCache>(size_t{4} << 20);
      PermutationRoot root = tree_test::buildTree(store, perm, base, scenario.config);
      RowMap expected = mapOf(perm, base);
      Walked before = walkTree(store, perm, scenario.config, root);
      for (int round = 0; round < 8; ++round) {
        SCOPED_TRACE("round " + std::to_string(round));
        size_t count = 0;
        bool clustered = false;
        switch (round % 3) {
          case 0:  // a few scattered changes
            count = 1 + rng() % 12;
            break;
          case 1:  // one busy region
            count = 1 + rng() % (expected.size() / 3 + 20);
            clustered = true;
            break;
          default:  // a large share of the tree
            count = 1 + rng() % (universe.size() / 2 + 1);
            break;
        }
        std::vector<RowChange> changes =
            randomChanges(rng, perm, universe, expected, count, clustered);
        if (round % 4 == 3) changes = thinningChanges(rng, perm, expected);
        const uint64_t storedBefore = store.byteCount();
        auto merged = mergeIntoTree(store, perm, root, changes, cache, scenario.config);
        ASSERT_TRUE(merged.isOk()) << merged.status().toString();
        EXPECT_LE(store.byteCount() - storedBefore, merged->stats.bytesWritten);
        apply(perm, changes, expected);

        Walked after = walkTree(store, perm, scenario.config, merged->root);
        if (HasFatalFailure()) return;
        // Every leaflet entry of the new tree is one of the base tree's, or new.
        std::set<EntryIdentity> old;
        for (const LeafletEntry& e : before.leaflets) old.insert(identity(e));
        size_t fresh = 0;
        for (const LeafletEntry& e : after.leaflets) fresh += old.count(identity(e)) == 0 ? 1 : 0;
        EXPECT_LE(fresh, merged->stats.leafletsRewritten);
        // Leaflets stay reasonably full: no more than a few times what a fresh build makes.
        const size_t minimal =
            (expected.size() + scenario.config.leafletRows - 1) / scenario.config.leafletRows;
        EXPECT_LE(after.leaflets.size(), 4 * minimal + 4);

        checkAgainst(store, perm, scenario.config, merged->root, expected, cache, rng);
        if (HasFatalFailure()) return;
        root = merged->root;
        before = std::move(after);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(BaseSizes, TreeMergeDifferentialTest,
                         ::testing::Values(size_t{0}, size_t{1}, size_t{40}, size_t{700},
                                           size_t{5000}));

TEST(TreeMergeTest, SmallChangeToALargeTreeWritesLittleAndReusesLeaflets) {
  const Permutation perm = Permutation::kSPOT;
  const IndexConfig config = mediumConfig();
  std::mt19937_64 rng(7);
  std::vector<IndexRow> rows = tree_test::randomRows(rng, 220000);
  tree_test::sortFor(perm, rows);
  ASSERT_GE(rows.size(), 200000u);
  storage::MemoryBlobStore store;
  const PermutationRoot base = tree_test::buildTree(store, perm, rows, config);
  const uint64_t treeBytes = store.byteCount();
  const Walked before = walkTree(store, perm, config, base);
  ASSERT_GE(base.height, 2u);

  // Ten changes in one key region: t updates, deletes and inserts of keys next to present ones.
  RowMap expected = mapOf(perm, rows);
  std::map<RowKey, RowChange> byKey;
  const size_t at = rows.size() / 2;
  for (size_t n = 0; n < 10; ++n) {
    RowChange change{rows[at + 3 * n], true};
    if (n % 3 == 0) change.row.t += 100;
    if (n % 3 == 1) change.present = false;
    if (n % 3 == 2) change.row.i += 1000;  // a new key right after a present one
    byKey[rowKey(perm, change.row)] = change;
  }
  const std::vector<RowChange> changes = sortedChanges(byKey);
  auto cache = std::make_shared<IndexCache>(size_t{32} << 20);
  auto merged = mergeIntoTree(store, perm, base, changes, cache, config);
  ASSERT_TRUE(merged.isOk()) << merged.status().toString();
  apply(perm, changes, expected);
  const MergeStats& stats = merged->stats;

  ::testing::Test::RecordProperty("treeBytes", std::to_string(treeBytes));
  ::testing::Test::RecordProperty("bytesWritten", std::to_string(stats.bytesWritten));
  EXPECT_LT(stats.bytesWritten * 100, treeBytes)
      << stats.bytesWritten << " bytes written for a tree of " << treeBytes;
  // The builder's leaflets and nodes are full, so an insert may split a leaflet, its leaf and the
  // branches above; still only one path (or two, if the region spans two leaflets) is written.
  EXPECT_LE(stats.leafletsDecoded, 2u);
  EXPECT_LE(stats.leafletsRewritten, 4u);
  EXPECT_LE(stats.leavesWritten, 2u);
  EXPECT_LE(stats.branchesWritten, 2 * base.height + 1);
  EXPECT_EQ(stats.blobsWritten,
            stats.leafletsRewritten + stats.leavesWritten + stats.branchesWritten);
  EXPECT_EQ(merged->root.height, base.height);

  const Walked after = walkTree(store, perm, config, merged->root);
  std::map<storage::ContentId, LeafletEntry> old;
  for (const LeafletEntry& e : before.leaflets) old[e.leaflet] = e;
  size_t reused = 0;
  for (const LeafletEntry& e : after.leaflets) {
    auto it = old.find(e.leaflet);
    if (it == old.end()) continue;
    ++reused;
    EXPECT_EQ(it->second, e) << "a reused leaflet keeps its directory entry";
  }
  EXPECT_GE(reused + 2, before.leaflets.size());
  EXPECT_EQ(reused + stats.leafletsRewritten, after.leaflets.size());
  EXPECT_GE(stats.leafletsReused + 2, config.leafletsPerLeaf);
  EXPECT_LE(stats.leafletsReused, 2 * config.leafletsPerLeaf);
  checkAgainst(store, perm, config, merged->root, expected, cache, rng);
}

TEST(TreeMergeTest, NoOpChangesWriteNothing) {
  const Permutation perm = Permutation::kPOST;
  std::mt19937_64 rng(11);
  std::vector<IndexRow> rows = tree_test::randomRows(rng, 500);
  tree_test::sortFor(perm, rows);
  storage::MemoryBlobStore store;
  const PermutationRoot base = tree_test::buildTree(store, perm, rows, smallConfig());
  // Deletes of absent keys (before, inside and after the tree) and identical re-inserts.
  std::map<RowKey, RowChange> byKey;
  IndexRow absent = rows[rows.size() / 2];
  absent.i += 77;
  for (const IndexRow& row : {rows.front(), rows[100], rows.back()}) {
    byKey[rowKey(perm, row)] = RowChange{row, true};
  }
  for (IndexRow row : {IndexRow{}, absent}) byKey[rowKey(perm, row)] = RowChange{row, false};
  IndexRow last = rows.back();
  last.s = UINT64_MAX;
  byKey[rowKey(perm, last)] = RowChange{last, false};
  const uint64_t blobs = store.blobCount();
  auto merged = mergeIntoTree(store, perm, base, sortedChanges(byKey), nullptr, smallConfig());
  ASSERT_TRUE(merged.isOk()) << merged.status().toString();
  EXPECT_EQ(merged->root, base);
  EXPECT_EQ(merged->stats.blobsWritten, 0u);
  EXPECT_EQ(store.blobCount(), blobs);
  auto none = mergeIntoTree(store, perm, base, {}, nullptr, smallConfig());
  ASSERT_TRUE(none.isOk());
  EXPECT_EQ(none->root, base);
}

TEST(TreeMergeTest, EmptyBaseTakesTheInsertsAndIgnoresDeletes) {
  std::mt19937_64 rng(3);
  for (Permutation perm : kAllPermutations) {
    std::vector<IndexRow> rows = tree_test::randomRows(rng, 900);
    tree_test::sortFor(perm, rows);
    std::vector<RowChange> changes;
    RowMap expected;
    for (size_t r = 0; r < rows.size(); ++r) {
      changes.push_back({rows[r], r % 5 != 0});
      if (r % 5 != 0) expected[rowKey(perm, rows[r])] = rows[r];
    }
    storage::MemoryBlobStore store;
    auto cache = std::make_shared<IndexCache>(size_t{1} << 20);
    auto merged = mergeIntoTree(store, perm, PermutationRoot{}, changes, cache, smallConfig());
    ASSERT_TRUE(merged.isOk()) << merged.status().toString();
    EXPECT_GE(merged->root.height, 1u);
    EXPECT_EQ(merged->stats.leafletsReused, 0u);
    walkTree(store, perm, smallConfig(), merged->root);
    checkAgainst(store, perm, smallConfig(), merged->root, expected, cache, rng);

    std::vector<RowChange> deletesOnly = changes;
    for (RowChange& change : deletesOnly) change.present = false;
    auto empty = mergeIntoTree(store, perm, PermutationRoot{}, deletesOnly, cache, smallConfig());
    ASSERT_TRUE(empty.isOk());
    EXPECT_TRUE(empty->root.empty());
  }
}

TEST(TreeMergeTest, DeletingEverythingLeavesAnEmptyRoot) {
  std::mt19937_64 rng(5);
  for (Permutation perm : kAllPermutations) {
    std::vector<IndexRow> rows = tree_test::randomRows(rng, 700);
    tree_test::sortFor(perm, rows);
    storage::MemoryBlobStore store;
    const PermutationRoot base = tree_test::buildTree(store, perm, rows, IndexConfig::tiny());
    ASSERT_GE(base.height, 3u);
    std::vector<RowChange> changes;
    for (const IndexRow& row : rows) changes.push_back({row, false});
    auto merged = mergeIntoTree(store, perm, base, changes, nullptr, IndexConfig::tiny());
    ASSERT_TRUE(merged.isOk()) << merged.status().toString();
    EXPECT_EQ(merged->root, PermutationRoot{});
    EXPECT_EQ(merged->stats.blobsWritten, 0u);

    // All but one row: the root collapses to a single leaf.
    changes.erase(changes.begin() + static_cast<ptrdiff_t>(rows.size() / 3));
    auto one = mergeIntoTree(store, perm, base, changes, nullptr, IndexConfig::tiny());
    ASSERT_TRUE(one.isOk()) << one.status().toString();
    EXPECT_EQ(one->root.height, 0u);
    EXPECT_EQ(one->root.rows, 1u);
    checkAgainst(store, perm, IndexConfig::tiny(), one->root, mapOf(perm, {rows[rows.size() / 3]}),
                 std::make_shared<IndexCache>(0), rng);
  }
}

TEST(TreeMergeTest, KeysBeforeTheFirstAndAfterTheLastExtendTheEdges) {
  const IndexConfig config = smallConfig();
  std::mt19937_64 rng(13);
  for (Permutation perm : kAllPermutations) {
    // Base rows have every value in [1000, 2000); the changes lie below and above.
    std::vector<IndexRow> rows = tree_test::randomRows(rng, 1500);
    for (IndexRow& row : rows) {
      row.s = 1000 + row.s % 1000;
      row.p = 1000 + row.p % 1000;
      row.ot = static_cast<core::ObjectType>(1000 + row.ot % 1000);
      row.ok = 1000 + row.ok % 1000;
    }
    RowMap expected = mapOf(perm, rows);
    rows = rowsOf(expected);
    storage::MemoryBlobStore store;
    const PermutationRoot base = tree_test::buildTree(store, perm, rows, config);
    const Walked before = walkTree(store, perm, config, base);
    std::map<RowKey, RowChange> byKey;
    for (uint64_t v : {uint64_t{1}, uint64_t{2}, uint64_t{5000}, uint64_t{6000}}) {
      IndexRow row{v, v, v, 0, 9, static_cast<core::ObjectType>(v)};
      byKey[rowKey(perm, row)] = RowChange{row, true};
    }
    const std::vector<RowChange> changes = sortedChanges(byKey);
    auto merged = mergeIntoTree(store, perm, base, changes, nullptr, config);
    ASSERT_TRUE(merged.isOk()) << merged.status().toString();
    apply(perm, changes, expected);
    // Only the first and the last leaflet are read and rewritten (each may split).
    EXPECT_EQ(merged->stats.leafletsDecoded, 2u);
    EXPECT_GE(merged->stats.leafletsRewritten, 2u);
    EXPECT_LE(merged->stats.leafletsRewritten, 4u);
    const Walked after = walkTree(store, perm, config, merged->root);
    ASSERT_LE(after.leaflets.size(), before.leaflets.size() + 2);
    std::set<EntryIdentity> kept;
    for (const LeafletEntry& e : after.leaflets) kept.insert(identity(e));
    for (size_t e = 1; e + 1 < before.leaflets.size(); ++e) {
      EXPECT_EQ(kept.count(identity(before.leaflets[e])), 1u) << "leaflet " << e;
    }
    checkAgainst(store, perm, config, merged->root, expected, nullptr, rng);
  }
}

TEST(TreeMergeTest, RootSplitsGrowTheTree) {
  const Permutation perm = Permutation::kOPST;
  const IndexConfig config = IndexConfig::tiny();
  std::mt19937_64 rng(17);
  std::vector<IndexRow> universe = tree_test::randomRows(rng, 400);
  tree_test::sortFor(perm, universe);
  // A base that is one full leaf: leafletsPerLeaf leaflets of leafletRows rows.
  std::vector<IndexRow> base;
  for (size_t r = 0; r < universe.size(); r += 2) {
    if (base.size() < config.leafletRows * config.leafletsPerLeaf) base.push_back(universe[r]);
  }
  storage::MemoryBlobStore store;
  PermutationRoot root = tree_test::buildTree(store, perm, base, config);
  ASSERT_EQ(root.height, 0u);
  RowMap expected = mapOf(perm, base);
  auto cache = std::make_shared<IndexCache>(size_t{1} << 20);

  // One more row overfills a leaflet, the leaf, and so the root.
  std::vector<RowChange> one = {{universe[1], true}};
  auto split = mergeIntoTree(store, perm, root, one, cache, config);
  ASSERT_TRUE(split.isOk()) << split.status().toString();
  apply(perm, one, expected);
  EXPECT_EQ(split->root.height, 1u);
  walkTree(store, perm, config, split->root);
  checkAgainst(store, perm, config, split->root, expected, cache, rng);

  // Many more rows at once: several levels grow in one merge.
  std::vector<RowChange> many;
  for (const IndexRow& row : universe) many.push_back({row, true});
  auto grown = mergeIntoTree(store, perm, split->root, many, cache, config);
  ASSERT_TRUE(grown.isOk()) << grown.status().toString();
  apply(perm, many, expected);
  EXPECT_GE(grown->root.height, 4u);
  walkTree(store, perm, config, grown->root);
  checkAgainst(store, perm, config, grown->root, expected, cache, rng);
}

// One row per subject s = first .. last, all with predicate p.
std::vector<IndexRow> subjects(uint64_t first, uint64_t last, uint64_t p = 5) {
  std::vector<IndexRow> rows;
  for (uint64_t s = first; s <= last; ++s) rows.push_back(IndexRow{s, p, 7, 0, 1, 1});
  return rows;
}

TEST(TreeMergeTest, ShrunkLeafletsAndLeavesTakeInANeighbour) {
  const Permutation perm = Permutation::kSPOT;
  {
    // Leaflets of 48 rows; one loses 44 of them and takes in its right neighbour.
    const IndexConfig config = smallConfig();
    const std::vector<IndexRow> rows = subjects(1, 480);
    storage::MemoryBlobStore store;
    const PermutationRoot base = tree_test::buildTree(store, perm, rows, config);
    RowMap expected = mapOf(perm, rows);
    std::vector<RowChange> changes;
    for (const IndexRow& row : subjects(50, 93)) changes.push_back({row, false});
    auto merged = mergeIntoTree(store, perm, base, changes, nullptr, config);
    ASSERT_TRUE(merged.isOk()) << merged.status().toString();
    apply(perm, changes, expected);
    EXPECT_EQ(merged->stats.leafletsDecoded, 2u);
    EXPECT_EQ(merged->stats.leafletsRewritten, 2u);  // 4 + 48 rows, cut in two halves
    const Walked after = walkTree(store, perm, config, merged->root);
    for (const LeafletEntry& e : after.leaflets) EXPECT_GE(e.rowCount, config.leafletRows / 4);
    std::mt19937_64 rng(31);
    checkAgainst(store, perm, config, merged->root, expected, nullptr, rng);
  }
  {
    // Leaves of three 4-row leaflets; one keeps a single leaflet and takes in the next leaf.
    const IndexConfig config = IndexConfig::tiny();
    const std::vector<IndexRow> rows = subjects(1, 48);
    storage::MemoryBlobStore store;
    const PermutationRoot base = tree_test::buildTree(store, perm, rows, config);
    ASSERT_EQ(walkTree(store, perm, config, base).leafSizes, std::vector<size_t>(4, 3));
    RowMap expected = mapOf(perm, rows);
    std::vector<RowChange> changes;
    for (const IndexRow& row : subjects(17, 24)) changes.push_back({row, false});
    auto merged = mergeIntoTree(store, perm, base, changes, nullptr, config);
    ASSERT_TRUE(merged.isOk()) << merged.status().toString();
    apply(perm, changes, expected);
    EXPECT_EQ(merged->stats.leafletsDecoded, 2u);
    EXPECT_EQ(merged->stats.leavesWritten, 2u);  // 1 + 3 leaflets, two leaves of two
    EXPECT_EQ(walkTree(store, perm, config, merged->root).leafSizes,
              (std::vector<size_t>{3, 2, 2, 3}));
    std::mt19937_64 rng(37);
    checkAgainst(store, perm, config, merged->root, expected, nullptr, rng);
  }
}

TEST(TreeMergeTest, RewrittenLeafletsKeepPredicateCuts) {
  const IndexConfig config = smallConfig();  // 48-row leaflets, predicate cuts from 12 rows
  for (Permutation perm : {Permutation::kPSOT, Permutation::kPOST}) {
    std::vector<IndexRow> rows = subjects(1, 30, 1);
    for (uint64_t p : {2, 3}) {
      for (const IndexRow& row : subjects(1, 30, p)) rows.push_back(row);
    }
    storage::MemoryBlobStore store;
    const PermutationRoot base = tree_test::buildTree(store, perm, rows, config);
    ASSERT_EQ(walkTree(store, perm, config, base).leaflets.size(), 3u);
    RowMap expected = mapOf(perm, rows);
    // Both the p=2 and the p=3 leaflet change (and are pooled); three rows of a new p=4 follow.
    std::vector<RowChange> changes = {{IndexRow{31, 2, 7, 0, 1, 2}, true},
                                      {IndexRow{3, 3, 7, 0, 1, 1}, false}};
    for (const IndexRow& row : subjects(1, 3, 4)) changes.push_back({row, true});
    auto merged = mergeIntoTree(store, perm, base, changes, nullptr, config);
    ASSERT_TRUE(merged.isOk()) << merged.status().toString();
    apply(perm, changes, expected);
    const Walked after = walkTree(store, perm, config, merged->root);
    // p=2 keeps a leaflet of its own; the short p=4 run joins the p=3 leaflet, as in a build.
    ASSERT_EQ(after.leaflets.size(), 3u);
    EXPECT_EQ(after.leaflets[1].rowCount, 31u);
    EXPECT_TRUE(after.leaflets[1].isConstant(Column::kP));
    EXPECT_EQ(after.leaflets[2].rowCount, 32u);
    std::mt19937_64 rng(41);
    checkAgainst(store, perm, config, merged->root, expected, nullptr, rng);
  }
}

TEST(TreeMergeTest, UnsortedOrDuplicateChangesAreInvalid) {
  const Permutation perm = Permutation::kPSOT;
  std::mt19937_64 rng(19);
  std::vector<IndexRow> rows = tree_test::randomRows(rng, 100);
  tree_test::sortFor(perm, rows);
  storage::MemoryBlobStore store;
  const PermutationRoot base = tree_test::buildTree(store, perm, rows, smallConfig());
  const size_t blobs = store.blobCount();
  for (const PermutationRoot& root : {base, PermutationRoot{}}) {
    std::vector<RowChange> swapped = {{rows[5], true}, {rows[3], false}};
    auto a = mergeIntoTree(store, perm, root, swapped, nullptr, smallConfig());
    ASSERT_FALSE(a.isOk());
    EXPECT_EQ(a.status().code(), core::StatusCode::kInvalidArgument);
    IndexRow retimed = rows[7];
    retimed.t += 1;
    std::vector<RowChange> duplicate = {{rows[7], true}, {retimed, true}};
    auto b = mergeIntoTree(store, perm, root, duplicate, nullptr, smallConfig());
    ASSERT_FALSE(b.isOk());
    EXPECT_EQ(b.status().code(), core::StatusCode::kInvalidArgument);
    // Sorted for SPOT is not sorted for PSOT.
    std::vector<IndexRow> spot = rows;
    tree_test::sortFor(Permutation::kSPOT, spot);
    std::vector<RowChange> wrongOrder;
    for (const IndexRow& row : spot) wrongOrder.push_back({row, false});
    auto c = mergeIntoTree(store, perm, root, wrongOrder, nullptr, smallConfig());
    ASSERT_FALSE(c.isOk());
    EXPECT_EQ(c.status().code(), core::StatusCode::kInvalidArgument);
  }
  EXPECT_EQ(store.blobCount(), blobs);
}

TEST(TreeMergeTest, DamagedBaseBlobsOnThePathAreCorruption) {
  const Permutation perm = Permutation::kSPOT;
  const IndexConfig config = smallConfig();
  std::mt19937_64 rng(23);
  std::vector<IndexRow> rows = tree_test::randomRows(rng, 2000);
  tree_test::sortFor(perm, rows);
  storage::MemoryBlobStore store;
  const PermutationRoot base = tree_test::buildTree(store, perm, rows, config);
  const Walked walked = walkTree(store, perm, config, base);
  ASSERT_GE(walked.leaflets.size(), 10u);

  // Damage one leaflet in the middle: a change inside it fails, a change far away does not
  // (the merge never reads leaflets no change lands in).
  const LeafletEntry& target = walked.leaflets[walked.leaflets.size() / 2];
  ASSERT_FALSE(target.leaflet.isNull());
  ASSERT_TRUE(store.corruptForTesting(target.leaflet));
  IndexRow inside;
  inside.s = target.firstKey[0];
  inside.p = target.firstKey[1];
  inside.ot = static_cast<core::ObjectType>(target.firstKey[2]);
  inside.ok = target.firstKey[3];
  inside.i = target.firstKey[4];
  std::vector<RowChange> hit = {{inside, false}};
  auto failed = mergeIntoTree(store, perm, base, hit, nullptr, config);
  ASSERT_FALSE(failed.isOk());
  EXPECT_EQ(failed.status().code(), core::StatusCode::kCorruption) << failed.status().toString();

  std::vector<RowChange> elsewhere = {{rows.front(), false}, {rows.back(), false}};
  auto fine = mergeIntoTree(store, perm, base, elsewhere, nullptr, config);
  ASSERT_TRUE(fine.isOk()) << fine.status().toString();
  EXPECT_EQ(fine->root.rows, rows.size() - 2);

  // A damaged root fails every merge that has something to do.
  ASSERT_TRUE(store.corruptForTesting(base.root));
  auto rootless = mergeIntoTree(store, perm, base, elsewhere, nullptr, config);
  ASSERT_FALSE(rootless.isOk());
  EXPECT_EQ(rootless.status().code(), core::StatusCode::kCorruption);

  // A root that names a leaf as a branch, or the wrong height, is Corruption too.
  PermutationRoot wrongHeight = fine->root;
  wrongHeight.height += 1;
  auto misleveled = mergeIntoTree(store, perm, wrongHeight, elsewhere, nullptr, config);
  ASSERT_FALSE(misleveled.isOk());
  EXPECT_EQ(misleveled.status().code(), core::StatusCode::kCorruption);
}

// A store whose writes fail: the merge returns the failure, no root.
TEST(TreeMergeTest, StoreFailuresAreReturned) {
  const Permutation perm = Permutation::kOPST;
  std::mt19937_64 rng(29);
  std::vector<IndexRow> rows = tree_test::randomRows(rng, 300);
  tree_test::sortFor(perm, rows);
  storage::MemoryBlobStore store;
  const PermutationRoot base = tree_test::buildTree(store, perm, rows, smallConfig());
  testing::HookedBlobStore failing(store);
  failing.beforeWrite = [](std::span<const std::string_view>) {
    return core::Status::ioError("disk full");
  };
  IndexRow changed = rows[150];
  changed.t += 5;
  std::vector<RowChange> changes = {{changed, true}};
  auto merged = mergeIntoTree(failing, perm, base, changes, nullptr, smallConfig());
  ASSERT_FALSE(merged.isOk());
  EXPECT_EQ(merged.status().code(), core::StatusCode::kIoError);
}

// Once its cancel flag reads true, a merge writes nothing more and returns Cancelled; the base
// tree is untouched, so the same merge without the flag still gives the full result.
TEST(TreeMergeTest, ACancelledMergeStopsBeforeItsNextWrite) {
  const Permutation perm = Permutation::kSPOT;
  std::mt19937_64 rng(41);
  std::vector<IndexRow> rows = tree_test::randomRows(rng, 600);
  tree_test::sortFor(perm, rows);
  storage::MemoryBlobStore store;
  const PermutationRoot base = tree_test::buildTree(store, perm, rows, smallConfig());
  ASSERT_GT(base.height, 0u);
  // Scattered changes: most leaves are rewritten, each with writes of its own.
  std::vector<RowChange> changes;
  for (size_t r = 0; r < rows.size(); r += 10) {
    IndexRow changed = rows[r];
    changed.t += 5;
    changes.push_back({changed, true});
  }

  testing::HookedBlobStore hooked(store);
  size_t writes = 0;
  hooked.beforeWrite = [&](std::span<const std::string_view>) {
    ++writes;
    return core::Status::ok();
  };
  auto whole = mergeIntoTree(hooked, perm, base, changes, nullptr, smallConfig());
  ASSERT_TRUE(whole.isOk()) << whole.status().toString();
  const size_t wholeWrites = writes;
  ASSERT_GT(wholeWrites, 4u);

  // The flag goes up during the first write: that write completes, no other starts.
  std::atomic<bool> cancel{false};
  writes = 0;
  hooked.beforeWrite = [&](std::span<const std::string_view>) {
    ++writes;
    cancel.store(true);
    return core::Status::ok();
  };
  auto stopped = mergeIntoTree(hooked, perm, base, changes, nullptr, smallConfig(), &cancel);
  ASSERT_FALSE(stopped.isOk());
  EXPECT_EQ(stopped.status().code(), core::StatusCode::kCancelled);
  EXPECT_EQ(writes, 1u);

  // Up before the merge starts: nothing is written.
  writes = 0;
  auto never = mergeIntoTree(hooked, perm, base, changes, nullptr, smallConfig(), &cancel);
  ASSERT_FALSE(never.isOk());
  EXPECT_EQ(never.status().code(), core::StatusCode::kCancelled);
  EXPECT_EQ(writes, 0u);

  // A new tree (no base) stops before its first write too.
  auto fresh =
      mergeIntoTree(hooked, perm, PermutationRoot{}, changes, nullptr, smallConfig(), &cancel);
  ASSERT_FALSE(fresh.isOk());
  EXPECT_EQ(fresh.status().code(), core::StatusCode::kCancelled);
  EXPECT_EQ(writes, 0u);

  // A flag that stays down changes nothing.
  hooked.beforeWrite = [&](std::span<const std::string_view>) {
    ++writes;
    return core::Status::ok();
  };
  cancel.store(false);
  auto again = mergeIntoTree(hooked, perm, base, changes, nullptr, smallConfig(), &cancel);
  ASSERT_TRUE(again.isOk()) << again.status().toString();
  EXPECT_EQ(again->root.root, whole->root.root);
  EXPECT_EQ(again->root.rows, whole->root.rows);
}

}  // namespace tree_merger_test
}  // namespace cairn::index
