#pragma once
// Helpers for the permutation-tree tests: skewed random rows, a naive oracle for scans, a
// tree walker that checks the shape, and a blob store wrapper that counts reads by blob kind.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/object_type.h"
#include "index/index_config.h"
#include "index/leaflet/blob_format.h"
#include "index/permutation.h"
#include "index/tree/branch_node.h"
#include "index/tree/column_batch.h"
#include "index/tree/leaf_node.h"
#include "index/tree/permutation_builder.h"
#include "index/tree/permutation_reader.h"
#include "index/tree/scan_range.h"
#include "storage/blob_store.h"
#include "storage/forwarding_blob_store.h"

namespace cairn::index::tree_test {

// Skewed values: a few very frequent ones, a long tail, and some huge ones (full 8-byte width).
inline uint64_t skewed(std::mt19937_64& rng, uint64_t domain) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const double x = u(rng);
  return static_cast<uint64_t>(x * x * x * static_cast<double>(domain));
}

// `n` candidate rows, duplicates (by key) removed, in arbitrary order.
inline std::vector<IndexRow> randomRows(std::mt19937_64& rng, size_t n) {
  static constexpr core::ObjectType kTypes[] = {
      core::otype::kIri,   core::otype::kIri,       core::otype::kString, core::otype::kInteger,
      core::otype::kBlank, core::langStringType(7), core::otype::kDouble};
  const uint64_t subjects = std::max<uint64_t>(2, n / 6);
  std::vector<IndexRow> rows;
  rows.reserve(n);
  for (size_t r = 0; r < n; ++r) {
    IndexRow row;
    row.s = 1 + skewed(rng, subjects);
    if (rng() % 16 == 0) row.s = core::blankNodeId(row.s);
    row.p = 1 + skewed(rng, 14);
    row.ot = kTypes[skewed(rng, std::size(kTypes))];
    switch (rng() % 5) {
      case 0:
        row.ok = rng();
        break;  // needs all 8 bytes
      case 1:
        row.ok = rng() % 1000000;
        break;
      default:
        row.ok = skewed(rng, 300);
        break;
    }
    row.i = rng() % 10 == 0 ? rng() % 4 : 0;
    row.t = 1 + skewed(rng, 30);
    rows.push_back(row);
  }
  // Dedupe by key: every permutation orders the same five key columns.
  std::sort(rows.begin(), rows.end(),
            [](const IndexRow& a, const IndexRow& b) { return rowLess(Permutation::kSPOT, a, b); });
  rows.erase(std::unique(rows.begin(), rows.end(),
                         [](const IndexRow& a, const IndexRow& b) {
                           return rowKey(Permutation::kSPOT, a) == rowKey(Permutation::kSPOT, b);
                         }),
             rows.end());
  std::shuffle(rows.begin(), rows.end(), rng);
  return rows;
}

inline void sortFor(Permutation perm, std::vector<IndexRow>& rows) {
  std::sort(rows.begin(), rows.end(),
            [perm](const IndexRow& a, const IndexRow& b) { return rowLess(perm, a, b); });
}

inline PermutationRoot buildTree(storage::BlobStore& store, Permutation perm,
                                 const std::vector<IndexRow>& sortedRows,
                                 const IndexConfig& config) {
  PermutationBuilder builder(store, perm, config);
  EXPECT_TRUE(builder.addBatch(sortedRows).isOk());
  core::Result<PermutationRoot> root = builder.finish();
  EXPECT_TRUE(root.isOk()) << root.status().toString();
  return root.isOk() ? *root : PermutationRoot{};
}

// A row with only the columns in `mask` kept (others zero): what a scan with that mask shows.
inline IndexRow masked(const IndexRow& row, ColumnMask mask) {
  IndexRow out;
  if (hasColumn(mask, Column::kS)) out.s = row.s;
  if (hasColumn(mask, Column::kP)) out.p = row.p;
  if (hasColumn(mask, Column::kOType)) out.ot = row.ot;
  if (hasColumn(mask, Column::kOKey)) out.ok = row.ok;
  if (hasColumn(mask, Column::kI)) out.i = row.i;
  if (hasColumn(mask, Column::kT)) out.t = row.t;
  return out;
}

inline std::vector<IndexRow> oracle(const std::vector<IndexRow>& sortedRows, Permutation perm,
                                    const ScanRange& range, uint64_t asOf, ColumnMask mask) {
  std::vector<IndexRow> out;
  for (const IndexRow& row : sortedRows) {
    if (range.contains(rowKey(perm, row)) && row.t <= asOf) out.push_back(masked(row, mask));
  }
  return out;
}

// Drains a cursor, checking batch shape: rows <= limit, requested columns sized to rows,
// others empty. Failures are returned as a Status.
inline core::Result<std::vector<IndexRow>> drain(ScanCursor& cursor, ColumnMask mask,
                                                 size_t batchLimit) {
  std::vector<IndexRow> out;
  ColumnBatch batch;
  while (true) {
    core::Result<bool> more = cursor.next(batch);
    if (!more.isOk()) return more.status();
    if (!*more) {
      EXPECT_EQ(batch.rows, 0u);
      break;
    }
    EXPECT_GE(batch.rows, 1u);
    EXPECT_LE(batch.rows, batchLimit);
    for (int c = 0; c < kColumnCount; ++c) {
      EXPECT_EQ(batch.columns[c].size(), hasColumn(mask, static_cast<Column>(c)) ? batch.rows : 0)
          << "column " << c;
    }
    for (size_t r = 0; r < batch.rows; ++r) {
      IndexRow row;
      auto at = [&](Column c) -> uint64_t {
        const auto& col = batch.columns[static_cast<int>(c)];
        return hasColumn(mask, c) && r < col.size() ? col[r] : 0;
      };
      row.s = at(Column::kS);
      row.p = at(Column::kP);
      row.ot = static_cast<core::ObjectType>(at(Column::kOType));
      row.ok = at(Column::kOKey);
      row.i = at(Column::kI);
      row.t = at(Column::kT);
      out.push_back(row);
    }
  }
  return out;
}

// Every node of a tree, visited depth-first in key order. Fails the test on unparsable blobs.
struct TreeShape {
  std::vector<LeafletEntry> leaflets;  // in key order
  std::vector<size_t> leafSizes;       // entries per leaf
  std::vector<size_t> branchSizes;     // entries per branch
  std::set<uint32_t> leafDepths;       // depth of every leaf (root = 0)
};

inline void walkTree(const storage::BlobStore& store, Permutation perm,
                     const storage::ContentId& id, uint32_t level, uint32_t depth,
                     TreeShape& shape) {
  core::Result<std::string> blob = store.get(id);
  ASSERT_TRUE(blob.isOk()) << blob.status().toString();
  if (level == 0) {
    core::Result<LeafNode> leaf = parseLeaf(*blob, id, perm);
    ASSERT_TRUE(leaf.isOk()) << leaf.status().toString();
    shape.leafSizes.push_back(leaf->entries.size());
    shape.leafDepths.insert(depth);
    for (const LeafletEntry& e : leaf->entries) shape.leaflets.push_back(e);
    return;
  }
  core::Result<BranchNode> branch = parseBranch(*blob, id, perm);
  ASSERT_TRUE(branch.isOk()) << branch.status().toString();
  ASSERT_EQ(branch->level, level);
  shape.branchSizes.push_back(branch->entries.size());
  for (const BranchEntry& e : branch->entries) {
    walkTree(store, perm, e.child, level - 1, depth + 1, shape);
  }
}

// Wraps a store and counts get() calls by the kind of blob returned.
class CountingBlobStore final : public storage::ForwardingBlobStore {
 public:
  using ForwardingBlobStore::ForwardingBlobStore;

  core::Result<std::string> get(const storage::ContentId& id) const override {
    core::Result<std::string> blob = ForwardingBlobStore::get(id);
    if (blob.isOk() && blob->size() >= 4) {
      if (std::memcmp(blob->data(), kLeafletMagic.data(), 4) == 0) ++leafletGets;
      if (std::memcmp(blob->data(), kLeafMagic.data(), 4) == 0) ++leafGets;
      if (std::memcmp(blob->data(), kBranchMagic.data(), 4) == 0) ++branchGets;
    }
    return blob;
  }

  void reset() { leafletGets = leafGets = branchGets = 0; }

  mutable std::atomic<uint64_t> leafletGets{0};
  mutable std::atomic<uint64_t> leafGets{0};
  mutable std::atomic<uint64_t> branchGets{0};
};

inline std::string describe(const ScanRange& range) {
  std::string out = "[";
  for (uint64_t v : range.low) out += std::to_string(v) + " ";
  out += "] .. [";
  for (uint64_t v : range.high) out += std::to_string(v) + " ";
  return out + "]";
}

}  // namespace cairn::index::tree_test
