// The delta layer's blobs (docs/formats/delta.md): runs hold exactly the entries written, in
// order, and range reads return exactly the entries of the range across block boundaries;
// writers refuse disorder; parsers refuse blocks out of order, blocks that disagree with their
// directory, runs of another permutation, and malformed manifests — naming the blob.

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "index/delta/delta_manifest.h"
#include "index/delta/delta_run.h"
#include "index/tree/scan_range.h"
#include "storage/memory_blob_store.h"

namespace cairn::index {
namespace delta_layer_test {

std::vector<NoveltyEntry> randomEntries(std::mt19937_64& random, size_t n) {
  std::vector<NoveltyEntry> entries;
  for (size_t i = 0; i < n; ++i) {
    const RowKey key{random() % 7, random() % 5, random() % 3, random() % 1000, 0};
    entries.push_back(NoveltyEntry{key, 1 + random() % 50, random() % 2 == 0});
  }
  std::sort(entries.begin(), entries.end(), noveltyEntryLess);
  // One change per (key, t).
  entries.erase(std::unique(entries.begin(), entries.end(),
                            [](const NoveltyEntry& a, const NoveltyEntry& b) {
                              return a.key == b.key && a.t == b.t;
                            }),
                entries.end());
  return entries;
}

bool mentions(const core::Status& status, const storage::ContentId& id) {
  return status.message().find(id.shortHex()) != std::string::npos;
}

TEST(DeltaLayerTest, RunsReturnExactlyTheEntriesOfEveryRange) {
  std::mt19937_64 random(20261202);
  storage::MemoryBlobStore store;
  auto cache = std::make_shared<IndexCache>(size_t{1} << 20);
  const std::vector<NoveltyEntry> entries = randomEntries(random, 700);
  DeltaRunWriter writer(store, Permutation::kPOST, IndexConfig::tiny());
  for (const NoveltyEntry& e : entries) ASSERT_TRUE(writer.add(e).isOk());
  auto ref = writer.finish();
  ASSERT_TRUE(ref.isOk()) << ref.status().toString();
  EXPECT_EQ(ref->entries, entries.size());
  for (auto runCache : {cache, std::shared_ptr<IndexCache>()}) {
    auto run = DeltaRun::open(store, ref->id, Permutation::kPOST, runCache);
    ASSERT_TRUE(run.isOk()) << run.status().toString();
    EXPECT_GT((*run)->blocks().size(), 10u);  // tiny blocks: ranges cross block boundaries
    std::vector<NoveltyEntry> all;
    ASSERT_TRUE((*run)->entriesIn(kMinRowKey, kMaxRowKey, all).isOk());
    EXPECT_EQ(all, entries);
    for (int probe = 0; probe < 200; ++probe) {
      RowKey low{random() % 7, random() % 5, random() % 3, random() % 1000, 0};
      RowKey high{random() % 7, random() % 5, random() % 3, random() % 1000, 0};
      if (rowKeyLess(high, low)) std::swap(low, high);
      std::vector<NoveltyEntry> want;
      for (const NoveltyEntry& e : entries) {
        if (!rowKeyLess(e.key, low) && !rowKeyLess(high, e.key)) want.push_back(e);
      }
      std::vector<NoveltyEntry> got;
      ASSERT_TRUE((*run)->entriesIn(low, high, got).isOk());
      EXPECT_EQ(got, want) << "probe " << probe;
    }
  }
}

TEST(DeltaLayerTest, WritersRefuseDisorderAndEmptyRuns) {
  storage::MemoryBlobStore store;
  DeltaRunWriter writer(store, Permutation::kSPOT);
  const NoveltyEntry newer{RowKey{1, 2, 3, 4, 0}, 9, true};
  const NoveltyEntry older{RowKey{1, 2, 3, 4, 0}, 5, false};
  ASSERT_TRUE(writer.add(newer).isOk());
  EXPECT_EQ(writer.add(newer).code(), core::StatusCode::kInvalidArgument);  // same key and t
  EXPECT_TRUE(writer.add(older).isOk());                                    // a key's older change
  EXPECT_EQ(writer.add(newer).code(), core::StatusCode::kInvalidArgument);  // newer after older
  EXPECT_EQ(writer.entryCount(), 2u);
  DeltaRunWriter empty(store, Permutation::kSPOT);
  EXPECT_EQ(empty.finish().status().code(), core::StatusCode::kInvalidArgument);
}

TEST(DeltaLayerTest, ParsersRefuseDisorderMismatchesAndOtherPermutations) {
  std::mt19937_64 random(7);
  std::vector<NoveltyEntry> entries = randomEntries(random, 50);
  ColumnEncoder encoder(3);
  std::string blob;
  DeltaBlockInfo info = encodeDeltaBlock(Permutation::kOPST, entries, encoder, blob);
  const storage::ContentId id = storage::ContentId::of(blob);
  ASSERT_TRUE(parseDeltaBlock(blob, id, Permutation::kOPST, info).isOk());

  auto refused = [&](const core::Result<DeltaBlock>& parsed) {
    return !parsed.isOk() && parsed.status().code() == core::StatusCode::kCorruption &&
           mentions(parsed.status(), id);
  };
  EXPECT_TRUE(refused(parseDeltaBlock(blob, id, Permutation::kSPOT, info)));
  DeltaBlockInfo wrongT = info;
  wrongT.maxT += 1;
  EXPECT_TRUE(refused(parseDeltaBlock(blob, id, Permutation::kOPST, wrongT)));
  DeltaBlockInfo wrongCount = info;
  wrongCount.entries += 1;
  EXPECT_TRUE(refused(parseDeltaBlock(blob, id, Permutation::kOPST, wrongCount)));
  EXPECT_TRUE(
      refused(parseDeltaBlock(blob.substr(0, blob.size() - 1), id, Permutation::kOPST, info)));

  std::swap(entries[3], entries[4]);  // the encoder trusts its caller; the parser does not
  info = encodeDeltaBlock(Permutation::kOPST, entries, encoder, blob);
  EXPECT_TRUE(refused(parseDeltaBlock(blob, id, Permutation::kOPST, info)));

  // A run opened as another permutation's.
  storage::MemoryBlobStore store;
  DeltaRunWriter writer(store, Permutation::kPSOT);
  ASSERT_TRUE(writer.add(NoveltyEntry{RowKey{1, 1, 1, 1, 0}, 3, true}).isOk());
  auto ref = writer.finish();
  ASSERT_TRUE(ref.isOk());
  auto wrong = DeltaRun::open(store, ref->id, Permutation::kPOST, nullptr);
  ASSERT_FALSE(wrong.isOk());
  EXPECT_EQ(wrong.status().code(), core::StatusCode::kCorruption);
  EXPECT_TRUE(mentions(wrong.status(), ref->id));
}

TEST(DeltaLayerTest, ManifestsRoundTripAndRefuseMalformedOnes) {
  DeltaManifest manifest;
  for (core::NodeId graph : {core::kNoNode, core::NodeId{42}}) {
    GraphDeltaSegments g;
    g.graph = graph;
    for (uint64_t k = 0; k < 3; ++k) {
      DeltaSegment s;
      s.afterT = 10 + 5 * k;
      s.throughT = 15 + 5 * k;
      s.flakes = 7 + k;
      s.rowDelta = static_cast<int64_t>(k) - 1;
      s.predicateRows = {{3, 2}, {9, -1}};
      for (int r = 0; r < 4; ++r) {
        s.runs[r] = DeltaRunRef{storage::ContentId::of("run " + std::to_string(k * 4 + r)),
                                s.flakes, 100 + k};
      }
      g.segments.push_back(s);
    }
    manifest.graphs.push_back(g);
  }
  const std::string blob = manifest.encode();
  const storage::ContentId id = storage::ContentId::of(blob);
  auto parsed = DeltaManifest::parse(blob, id);
  ASSERT_TRUE(parsed.isOk()) << parsed.status().toString();
  EXPECT_EQ(parsed->encode(), blob);
  EXPECT_EQ(parsed->flakes(), 2u * (7 + 8 + 9));
  ASSERT_NE(parsed->findGraph(42), nullptr);
  EXPECT_EQ(parsed->findGraph(42)->segments[2].predicateRows.at(9), -1);

  auto refused = [&](const DeltaManifest& bad) {
    const std::string badBlob = bad.encode();
    auto result = DeltaManifest::parse(badBlob, id);
    return !result.isOk() && result.status().code() == core::StatusCode::kCorruption &&
           mentions(result.status(), id);
  };
  DeltaManifest swapped = manifest;
  std::swap(swapped.graphs[0], swapped.graphs[1]);
  EXPECT_TRUE(refused(swapped));
  DeltaManifest overlapping = manifest;
  overlapping.graphs[0].segments[1].afterT = 12;  // before the previous segment's end
  EXPECT_TRUE(refused(overlapping));
  DeltaManifest emptyRange = manifest;
  emptyRange.graphs[0].segments[0].throughT = emptyRange.graphs[0].segments[0].afterT;
  EXPECT_TRUE(refused(emptyRange));
  DeltaManifest shortRun = manifest;
  shortRun.graphs[1].segments[0].runs[2].entries -= 1;
  EXPECT_TRUE(refused(shortRun));
  EXPECT_FALSE(DeltaManifest::parse("{\"format\": \"cairn-delta\"", id).isOk());
}

}  // namespace delta_layer_test
}  // namespace cairn::index
