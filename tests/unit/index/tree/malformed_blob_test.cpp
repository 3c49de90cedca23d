// Malformed tree blobs (truncated, damaged headers, inconsistent directory entries, wrong kind,
// permutation or level) must surface as a Corruption status naming the blob — never a crash or
// an out-of-bounds read. Random damage elsewhere must not crash either.

#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "index/leaflet/leaflet_codec.h"
#include "storage/memory_blob_store.h"
#include "tests/unit/index/tree/tree_test_support.h"

namespace cairn::index {
namespace {

constexpr Permutation kPerm = Permutation::kSPOT;

IndexConfig config() {
  IndexConfig c;
  c.leafletRows = 16;
  c.leafletsPerLeaf = 3;
  c.branchFanout = 3;
  c.batchRows = 7;
  return c;
}

class MalformedBlobTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::mt19937_64 rng(99);
    rows_ = tree_test::randomRows(rng, 200);
    tree_test::sortFor(kPerm, rows_);
    root_ = tree_test::buildTree(store_, kPerm, rows_, config());
    ASSERT_GE(root_.height, 2u);
    // The leftmost leaf, and its first leaflet with a blob.
    storage::ContentId id = root_.root;
    for (uint32_t level = root_.height; level > 0; --level) {
      auto branch = parseBranch(*store_.get(id), id, kPerm);
      ASSERT_TRUE(branch.isOk());
      id = branch->entries.front().child;
    }
    leafId_ = id;
    auto leaf = parseLeaf(*store_.get(leafId_), leafId_, kPerm);
    ASSERT_TRUE(leaf.isOk());
    leaf_ = *leaf;
    ASSERT_FALSE(leaf_.entries[0].leaflet.isNull());
  }

  // Scans every column of the tree, then counts a few ranges; the first failure, or ok.
  core::Status readEverything(const PermutationRoot& root, Permutation perm = kPerm) {
    PermutationReader reader(store_, perm, root, std::make_shared<IndexCache>(0), config());
    ScanCursor cursor = reader.scan(ScanRange::all(), kAllColumns);
    ColumnBatch batch;
    while (true) {
      core::Result<bool> more = cursor.next(batch);
      if (!more.isOk()) {
        // The failure sticks.
        core::Result<bool> again = cursor.next(batch);
        EXPECT_FALSE(again.isOk());
        EXPECT_EQ(again.status().code(), more.status().code());
        return more.status();
      }
      if (!*more) break;
    }
    const uint64_t prefix[] = {rows_[rows_.size() / 2].s};
    for (const ScanRange& range : {ScanRange::all(), ScanRange::prefix(prefix)}) {
      for (uint64_t asOf : {UINT64_MAX, uint64_t{5}}) {
        core::Result<uint64_t> n = reader.count(range, asOf);
        if (!n.isOk()) return n.status();
      }
    }
    return core::Status::ok();
  }

  PermutationRoot leafRoot(const storage::ContentId& leafId) const {
    return PermutationRoot{leafId, 0, 0};
  }

  storage::ContentId put(std::string_view bytes) {
    auto id = store_.put(bytes);
    EXPECT_TRUE(id.isOk());
    return *id;
  }

  // A leaf like leaf_ but with entry 0 changed by `edit`.
  storage::ContentId editedLeaf(const std::function<void(LeafletEntry&)>& edit) {
    std::vector<LeafletEntry> entries = leaf_.entries;
    edit(entries[0]);
    return put(encodeLeaf(kPerm, entries));
  }

  void expectCorruptionNaming(const core::Status& status, std::string_view kind,
                              const storage::ContentId& id) {
    EXPECT_EQ(status.code(), core::StatusCode::kCorruption) << status.toString();
    EXPECT_NE(status.message().find(std::string(kind) + " " + id.shortHex()), std::string::npos)
        << status.toString();
  }

  storage::MemoryBlobStore store_;
  std::vector<IndexRow> rows_;
  PermutationRoot root_;
  storage::ContentId leafId_;
  LeafNode leaf_;
};

TEST_F(MalformedBlobTest, IntactTreeReads) {
  EXPECT_TRUE(readEverything(root_).isOk());
  EXPECT_TRUE(readEverything(leafRoot(leafId_)).isOk());
}

TEST_F(MalformedBlobTest, TruncatedBranchIsCorruption) {
  const std::string blob = *store_.get(root_.root);
  for (size_t size = 0; size < blob.size(); ++size) {
    const storage::ContentId id = put(std::string_view(blob).substr(0, size));
    expectCorruptionNaming(readEverything({id, root_.height, root_.rows}), "branch", id);
  }
}

TEST_F(MalformedBlobTest, DamagedBranchHeaderIsCorruption) {
  const std::string blob = *store_.get(root_.root);
  for (size_t byte = 0; byte < kBranchHeaderSize; ++byte) {
    std::string damaged = blob;
    damaged[byte] ^= 0x5A;
    const storage::ContentId id = put(damaged);
    expectCorruptionNaming(readEverything({id, root_.height, root_.rows}), "branch", id);
  }
}

TEST_F(MalformedBlobTest, TruncatedOrDamagedLeafIsCorruption) {
  const std::string blob = *store_.get(leafId_);
  for (size_t size = 0; size < blob.size(); size += (size < 64 ? 1 : 37)) {
    const storage::ContentId id = put(std::string_view(blob).substr(0, size));
    expectCorruptionNaming(readEverything(leafRoot(id)), "leaf", id);
  }
  for (size_t byte = 0; byte < kLeafHeaderSize; ++byte) {
    std::string damaged = blob;
    damaged[byte] ^= 0x21;
    const storage::ContentId id = put(damaged);
    expectCorruptionNaming(readEverything(leafRoot(id)), "leaf", id);
  }
  // The constant-mask byte of entry 0 disagreeing with its blocks.
  std::string damaged = blob;
  damaged[kLeafHeaderSize + 4] ^= 0x01;
  const storage::ContentId id = put(damaged);
  expectCorruptionNaming(readEverything(leafRoot(id)), "leaf", id);
}

TEST_F(MalformedBlobTest, InconsistentDirectoryEntriesAreCorruption) {
  const std::vector<std::function<void(LeafletEntry&)>> edits = {
      [](LeafletEntry& e) { e.rowCount = 0; },
      [](LeafletEntry& e) { e.rowCount = kMaxLeafletRows + 1; },
      [](LeafletEntry& e) { e.firstKey = kMaxRowKey; },
      [](LeafletEntry& e) { e.minT = e.maxT + 1; },
      [](LeafletEntry& e) { e.history.sidecar = e.leaflet; },
      [](LeafletEntry& e) {
        for (ColumnBlock& b : e.blocks) {
          if (!b.isConstant()) b.width = 3;
        }
      },
      [](LeafletEntry& e) {
        for (ColumnBlock& b : e.blocks) {
          if (!b.isConstant()) b.encoding = static_cast<BlockEncoding>(7);
        }
      },
      [](LeafletEntry& e) {
        for (ColumnBlock& b : e.blocks) {
          if (!b.isConstant()) b.compression = static_cast<BlockCompression>(9);
        }
      },
      [](LeafletEntry& e) {  // a constant column that claims a block
        for (ColumnBlock& b : e.blocks) {
          if (b.isConstant()) b.length = 8;
        }
      },
      [](LeafletEntry& e) {  // a constant key column disagreeing with the keys
        for (int k = 0; k < kKeyColumnCount; ++k) {
          ColumnBlock& b = e.blocks[static_cast<int>(keyColumns(kPerm)[k])];
          if (b.isConstant()) b.reference ^= 1;
        }
        ColumnBlock& t = e.blocks[static_cast<int>(Column::kT)];
        if (t.isConstant()) t.reference ^= 1;
      },
  };
  size_t applied = 0;
  for (size_t i = 0; i < edits.size(); ++i) {
    SCOPED_TRACE("edit " + std::to_string(i));
    LeafletEntry edited = leaf_.entries[0];
    edits[i](edited);
    if (edited == leaf_.entries[0]) continue;  // nothing for this edit to damage here
    ++applied;
    const storage::ContentId id = editedLeaf(edits[i]);
    expectCorruptionNaming(readEverything(leafRoot(id)), "leaf", id);
  }
  EXPECT_GE(applied, edits.size() - 2);
}

TEST_F(MalformedBlobTest, EntriesThatDisagreeWithTheirLeafletAreCorruption) {
  const std::vector<std::function<void(LeafletEntry&)>> edits = {
      [](LeafletEntry& e) { ++e.rowCount; },  // raw blocks now too short / rows mismatch
      [](LeafletEntry& e) {                   // a block past the blob's end
        for (ColumnBlock& b : e.blocks) {
          if (!b.isConstant()) b.offset += 1u << 20;
        }
      },
      [](LeafletEntry& e) {  // a block over the header
        for (ColumnBlock& b : e.blocks) {
          if (!b.isConstant()) b.offset = 3;
        }
      },
      [&](LeafletEntry& e) { e.leaflet = root_.root; },  // a branch where a leaflet belongs
  };
  for (size_t i = 0; i < edits.size(); ++i) {
    SCOPED_TRACE("edit " + std::to_string(i));
    const storage::ContentId id = editedLeaf(edits[i]);
    const core::Status status = readEverything(leafRoot(id));
    EXPECT_EQ(status.code(), core::StatusCode::kCorruption) << status.toString();
  }
}

TEST_F(MalformedBlobTest, TruncatedOrDamagedLeafletIsCorruption) {
  const storage::ContentId leafletId = leaf_.entries[0].leaflet;
  const std::string blob = *store_.get(leafletId);
  for (size_t size = 0; size < blob.size(); ++size) {
    const storage::ContentId id = put(std::string_view(blob).substr(0, size));
    const storage::ContentId leaf = editedLeaf([&](LeafletEntry& e) { e.leaflet = id; });
    expectCorruptionNaming(readEverything(leafRoot(leaf)), "leaflet", id);
  }
  for (size_t byte = 0; byte < kLeafletHeaderSize; ++byte) {
    std::string damaged = blob;
    damaged[byte] ^= 0x44;
    const storage::ContentId id = put(damaged);
    const storage::ContentId leaf = editedLeaf([&](LeafletEntry& e) { e.leaflet = id; });
    expectCorruptionNaming(readEverything(leafRoot(leaf)), "leaflet", id);
  }
}

TEST_F(MalformedBlobTest, RandomDamageNeverCrashes) {
  std::mt19937_64 rng(7);
  const storage::ContentId leafletId = leaf_.entries[0].leaflet;
  const std::string blobs[] = {*store_.get(root_.root), *store_.get(leafId_),
                               *store_.get(leafletId)};
  int failures = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int which = trial % 3;
    std::string damaged = blobs[which];
    for (int flips = 1 + static_cast<int>(rng() % 3); flips > 0; --flips) {
      damaged[rng() % damaged.size()] ^= static_cast<char>(1 + rng() % 255);
    }
    const storage::ContentId id = put(damaged);
    PermutationRoot root;
    if (which == 0) root = {id, root_.height, root_.rows};
    if (which == 1) root = leafRoot(id);
    if (which == 2) root = leafRoot(editedLeaf([&](LeafletEntry& e) { e.leaflet = id; }));
    if (!readEverything(root).isOk()) ++failures;
  }
  EXPECT_GT(failures, 0);
}

TEST_F(MalformedBlobTest, WrongPermutationOrLevelIsCorruption) {
  expectCorruptionNaming(readEverything(root_, Permutation::kPSOT), "branch", root_.root);
  expectCorruptionNaming(readEverything({root_.root, root_.height + 1, root_.rows}), "branch",
                         root_.root);
  expectCorruptionNaming(readEverything({root_.root, root_.height - 1, root_.rows}), "branch",
                         root_.root);
  expectCorruptionNaming(readEverything(leafRoot(root_.root)), "leaf", root_.root);
  // A leaf where a branch belongs.
  expectCorruptionNaming(readEverything({leafId_, 1, 0}), "branch", leafId_);
}

TEST_F(MalformedBlobTest, MissingBlobIsNotFound) {
  const storage::ContentId missing = storage::ContentId::of("no such blob");
  EXPECT_EQ(readEverything({missing, 1, 10}).code(), core::StatusCode::kNotFound);
  const storage::ContentId leaf = editedLeaf([&](LeafletEntry& e) { e.leaflet = missing; });
  EXPECT_EQ(readEverything(leafRoot(leaf)).code(), core::StatusCode::kNotFound);
}

TEST_F(MalformedBlobTest, DamagedStoredBytesAreCorruption) {
  ASSERT_TRUE(store_.corruptForTesting(leaf_.entries[0].leaflet));
  const core::Status status = readEverything(root_);
  EXPECT_EQ(status.code(), core::StatusCode::kCorruption) << status.toString();
}

}  // namespace
}  // namespace cairn::index
