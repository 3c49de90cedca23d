// LedgerRegistry::collectGarbage over a real store: the roots that snapshots in use still read —
// of an open ledger after re-indexing, and of a ledger dropped meanwhile — survive collections,
// readable from the store alone, until the last snapshot of them goes.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "index/ledger/ledger_name.h"
#include "server/ledgers/ledger_registry.h"
#include "storage/memory_head_store.h"
#include "tests/support/ledger_quads.h"
#include "tests/unit/storage/temp_dir.h"

namespace cairn::server {
namespace ledger_registry_gc_test {

using storage::ContentId;

index::TxQuad fact(const std::string& s, const std::string& o) {
  return {index::TxTerm::of(core::Term::iri("http://ex.org/" + s)),
          index::TxTerm::of(core::Term::iri("http://ex.org/v")),
          index::TxTerm::of(core::Term::literal(o)), std::nullopt};
}

class LedgerRegistryGcTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto store = storage::RocksDbStore::open(dir_.path() / "data");
    ASSERT_TRUE(store.isOk()) << store.status().toString();
    store_ = store->get();
    // No decoded-node cache: every read after a collection goes to the store.
    registry_ = std::make_unique<LedgerRegistry>(std::move(store).value(), /*cacheBytes=*/0,
                                                 dir_.path() / "tmp");
    std::ofstream file(dir_.path() / "base.nt");
    for (int i = 0; i < 300; ++i) {
      file << "<http://ex.org/s" << i << "> <http://ex.org/v> \"" << i << "\" .\n";
    }
    file.close();
    registry_->create("a", {index::ImportInput{(dir_.path() / "base.nt").string(), std::nullopt}},
                      std::nullopt);
  }

  // Changes a tenth of the facts and folds them into a new root.
  void reindex(int round) {
    auto live = registry_->live("a");
    index::Transaction tx;
    for (int i = round; i < 300; i += 10) {
      tx.deletes.push_back(fact("s" + std::to_string(i), std::to_string(i)));
      tx.inserts.push_back(fact("s" + std::to_string(i), "round " + std::to_string(round)));
    }
    ASSERT_TRUE(live->commit(std::move(tx)).isOk());
    ASSERT_TRUE(live->indexNow().isOk());
  }

  // The facts of index root `root`, read from the store alone (fresh dictionaries and trees).
  std::vector<std::string> factsOfRoot(const ContentId& root) {
    storage::MemoryHeadStore heads;
    EXPECT_TRUE(heads.compareAndSetHead(index::ledgerHeadName("probe"), ContentId{}, root).isOk());
    auto ledger =
        index::Ledger::open(*store_, heads, "probe", nullptr, index::IndexConfig::defaults());
    if (!ledger.isOk()) return {"cannot open: " + ledger.status().toString()};
    try {
      return cairn::testing::ledgerNQuads(**ledger);
    } catch (const core::Error& e) {
      return {"cannot read: " + e.message()};
    }
  }

  storage::testing::TempDir dir_;
  storage::RocksDbStore* store_ = nullptr;
  std::unique_ptr<LedgerRegistry> registry_;
};

TEST_F(LedgerRegistryGcTest, RootsOfSnapshotsInUseSurviveUntilReleased) {
  reindex(0);
  std::shared_ptr<const index::Ledger> held = registry_->get("a");  // a long query's snapshot
  const ContentId heldRoot = held->rootId();
  const std::vector<std::string> heldFacts = cairn::testing::ledgerNQuads(*held);
  reindex(1);
  reindex(2);

  const GcOutcome first = registry_->collectGarbage(0, /*dryRun=*/false);
  EXPECT_EQ(first.report.indexRoots, 2u);  // the head's and the held one
  EXPECT_GT(first.report.blobsRemoved, 0u);
  EXPECT_EQ(factsOfRoot(heldRoot), heldFacts);
  EXPECT_EQ(cairn::testing::ledgerNQuads(*held), heldFacts);

  // Dropped while the snapshot is still read: its root stays, the rest of the ledger goes.
  const ContentId currentRoot = registry_->get("a")->rootId();
  registry_->drop("a");
  const GcOutcome afterDrop = registry_->collectGarbage(0, /*dryRun=*/false);
  EXPECT_EQ(afterDrop.report.indexRoots, 1u);
  EXPECT_EQ(afterDrop.report.commitRecords, 0u);
  EXPECT_FALSE(*store_->exists(currentRoot));
  EXPECT_EQ(factsOfRoot(heldRoot), heldFacts);

  held.reset();
  const GcOutcome last = registry_->collectGarbage(0, /*dryRun=*/false);
  EXPECT_EQ(last.report.indexRoots, 0u);
  EXPECT_EQ(last.report.blobsReachable, 0u);
  EXPECT_EQ(last.report.blobsRemoved, last.report.blobsScanned);
  EXPECT_FALSE(*store_->exists(heldRoot));
}

}  // namespace ledger_registry_gc_test
}  // namespace cairn::server
