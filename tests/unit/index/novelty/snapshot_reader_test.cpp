// SnapshotReader reads a large novelty (or, before the root's t, history) a window at a time:
// the first rows of a scan cost about the changes before them. Shown with a persisted delta run,
// and a history segment, whose last block is damaged: the first batches come out, and the damage
// is reported, naming the block, only when the scan reaches it. The planner's estimate of a
// past t's rows comes from the history's block directory without reading a block. (That every
// window-merged scan equals a naive list is checked at every t by
// LiveLedgerTest.MergedReadersMatchANaiveListAtEveryT.)

#include "index/novelty/snapshot_reader.h"

#include <gtest/gtest.h>

#include <vector>

#include "index/delta/delta_run.h"
#include "index/history/history_manifest.h"
#include "index/history/history_segment.h"
#include "storage/memory_blob_store.h"

namespace cairn::index {
namespace snapshot_reader_test {

constexpr uint64_t kKeys = 2000;
constexpr uint32_t kBatchRows = 16;

RowKey keyOf(uint64_t k) { return RowKey{k + 1, 7, 0, 0, 0}; }

// Reads `cursor` to its first error: the rows before it must be keyOf(0), keyOf(1), ... in order
// and more than a few batches but not all, and the error the corruption of `victim`, named.
void expectFirstRowsThenDamage(SnapshotCursor& cursor, const storage::ContentId& victim) {
  ColumnBatch batch;
  uint64_t rows = 0;
  core::Status failure = core::Status::ok();
  while (failure.isOk()) {
    auto more = cursor.next(batch);
    if (!more.isOk()) {
      failure = more.status();
    } else if (!*more) {
      break;
    }
    for (size_t i = 0; i < batch.rows; ++i, ++rows) {
      EXPECT_EQ(batch.column(Column::kS)[i], keyOf(rows)[0]) << "row " << rows;
    }
  }
  EXPECT_GE(rows, 4 * kBatchRows);
  EXPECT_LT(rows, kKeys);
  EXPECT_EQ(failure.code(), core::StatusCode::kCorruption);
  EXPECT_NE(failure.message().find(victim.shortHex()), std::string::npos) << failure.message();
}

class DamagedDeltaRunTest : public ::testing::Test {
 protected:
  void SetUp() override {
    DeltaRunWriter writer(store_, Permutation::kSPOT, IndexConfig::tiny());
    for (uint64_t k = 0; k < kKeys; ++k) {
      ASSERT_TRUE(writer.add(NoveltyEntry{keyOf(k), 5, true}).isOk());
    }
    auto ref = writer.finish();
    ASSERT_TRUE(ref.isOk());
    auto run = DeltaRun::open(store_, ref->id, Permutation::kSPOT, nullptr);
    ASSERT_TRUE(run.isOk());
    ASSERT_GT((*run)->blocks().size(), 4u);
    victim_ = (*run)->blocks().back().id;
    ASSERT_TRUE(store_.corruptForTesting(victim_));
    novelty_ = PermutationNovelty::persisted({*run});
  }

  SnapshotReader reader() const {
    return SnapshotReader(Permutation::kSPOT, std::nullopt, nullptr, &novelty_, kBatchRows);
  }

  storage::MemoryBlobStore store_;
  storage::ContentId victim_;
  PermutationNovelty novelty_;
};

TEST_F(DamagedDeltaRunTest, AScanYieldsItsFirstRowsBeforeReadingTheDamagedBlock) {
  SnapshotCursor cursor = reader().scan(ScanRange::all(), kAllColumns);
  expectFirstRowsThenDamage(cursor, victim_);
  ColumnBatch batch;
  // And next() keeps saying so.
  auto again = cursor.next(batch);
  EXPECT_FALSE(again.isOk());
  EXPECT_EQ(batch.rows, 0u);
}

TEST_F(DamagedDeltaRunTest, SeekReadsOnlyUpToTheFirstRow) {
  auto first = reader().seek(keyOf(10));
  ASSERT_TRUE(first.isOk()) << first.status().toString();
  ASSERT_TRUE(first->has_value());
  EXPECT_EQ((*first)->s, keyOf(10)[0]);
  // Past the damaged block's first key the seek must read it, and says so.
  auto late = reader().seek(keyOf(kKeys - 1));
  EXPECT_EQ(late.status().code(), core::StatusCode::kCorruption);
}

TEST(DamagedHistoryTest, AScanBeforeTheRootYieldsItsFirstRowsBeforeReadingTheDamagedBlock) {
  storage::MemoryBlobStore store;
  HistorySegmentWriter writer(store, Permutation::kSPOT, IndexConfig::tiny());
  for (uint64_t k = 0; k < kKeys; ++k) {
    const RowKey key = keyOf(k);
    ASSERT_TRUE(writer.add(HistoryEntry{IndexRow{key[0], key[1], 0, 0, 3, 0}, 9}).isOk());
  }
  auto ref = writer.finish();
  ASSERT_TRUE(ref.isOk());
  auto segment = HistorySegment::open(store, *ref);
  ASSERT_TRUE(segment.isOk());
  ASSERT_GT(segment->blocks().size(), 4u);
  const storage::ContentId victim = segment->blocks().back().id;
  ASSERT_TRUE(store.corruptForTesting(victim));
  const core::NodeId graph = 1;
  HistoryManifest manifest;
  manifest.append(graph, Permutation::kSPOT, *ref);
  auto history = std::make_shared<const HistoryView>(store, manifest);
  // The root is at t=10: a read at t=5 sees the history rows (asserted at 3, retracted at 9).
  const SnapshotReader reader(Permutation::kSPOT, std::nullopt, nullptr, nullptr, kBatchRows,
                              history, graph, /*rootT=*/10);
  SnapshotCursor cursor = reader.scan(ScanRange::all(), kAllColumns, /*asOf=*/5);
  expectFirstRowsThenDamage(cursor, victim);
  ColumnBatch batch;
  // The planner's estimate comes from the block directory: no block read, at least every row.
  auto estimate = reader.estimateCount(ScanRange::all(), /*asOf=*/5);
  ASSERT_TRUE(estimate.isOk()) << estimate.status().toString();
  EXPECT_GE(*estimate, kKeys);
  EXPECT_LE(*estimate, kKeys);  // every block holds visible rows only
  EXPECT_EQ(reader.count(ScanRange::all(), /*asOf=*/5).status().code(),
            core::StatusCode::kCorruption);
  // At t=9 the rows are retracted: nothing is visible, and no block needs reading.
  SnapshotCursor later = reader.scan(ScanRange::all(), kAllColumns, /*asOf=*/9);
  auto none = later.next(batch);
  ASSERT_TRUE(none.isOk()) << none.status().toString();
  EXPECT_FALSE(*none);
}

}  // namespace snapshot_reader_test
}  // namespace cairn::index
