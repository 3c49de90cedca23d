// Garbage collection (index/gc) over a ledger that has seen commits and re-indexes, in memory:
// it removes exactly the blobs that a full read of the current root and of every commit does
// not touch; every answer (every permutation at every t, dictionary lookups) is the same before
// and after; retainRoots keeps that many old roots readable; pinned roots stay; a dry run removes
// nothing; orphans of a build that never published go; a damaged reachable blob or a head of no
// known kind stops it with nothing removed; blobs put while it runs survive.

#include "index/gc/garbage_collector.h"

#include <gtest/gtest.h>

#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "core/vocab.h"
#include "index/commit/commit_record.h"
#include "index/delta/delta_manifest.h"
#include "index/dictionary/dictionary.h"
#include "index/gc/reachable_blobs.h"
#include "index/history/history_manifest.h"
#include "index/ledger/ledger_name.h"
#include "index/write/index_builder.h"
#include "index/write/live_ledger.h"
#include "storage/memory_blob_store.h"
#include "storage/memory_head_store.h"
#include "storage/put_tracking_blob_store.h"
#include "tests/support/test_ledger.h"

namespace cairn::index {
namespace garbage_collector_test {

using core::Term;
using storage::ContentId;

Term iri(const std::string& local) { return Term::iri("http://example.org/" + local); }
Term number(int n) {
  return Term::literal(std::to_string(n), std::string(core::vocab::kXsd) + "integer");
}

TxQuad fact(Term s, Term p, Term o, std::optional<Term> g = std::nullopt) {
  TxQuad q{TxTerm::of(std::move(s)), TxTerm::of(std::move(p)), TxTerm::of(std::move(o)),
           std::nullopt};
  if (g) q.g = TxTerm::of(std::move(*g));
  return q;
}

// Passes everything through to a memory store; records the ids get() returned, and can run an
// action at the start of the sweep's listing (what a writer does while a collection runs).
class RecordingStore final : public storage::BlobStore {
 public:
  explicit RecordingStore(storage::MemoryBlobStore& inner) : inner_(inner) {}
  core::Result<ContentId> put(std::string_view bytes) override { return inner_.put(bytes); }
  core::Result<std::string> get(const ContentId& id) const override {
    auto got = inner_.get(id);
    std::lock_guard lock(mutex_);
    if (got.isOk()) read_.insert(id);
    return got;
  }
  core::Result<bool> exists(const ContentId& id) const override { return inner_.exists(id); }
  core::Status sync() override { return inner_.sync(); }
  core::Status forEachBlob(const BlobVisitor& visit) const override {
    if (onListing_) std::exchange(onListing_, nullptr)();
    return inner_.forEachBlob(visit);
  }
  core::Status removeMany(std::span<const ContentId> ids) override {
    return inner_.removeMany(ids);
  }

  std::set<ContentId> read() const {
    std::lock_guard lock(mutex_);
    return read_;
  }
  void clearRead() {
    std::lock_guard lock(mutex_);
    read_.clear();
  }
  void onListing(std::function<void()> action) { onListing_ = std::move(action); }

 private:
  storage::MemoryBlobStore& inner_;
  mutable std::mutex mutex_;
  mutable std::set<ContentId> read_;
  mutable std::function<void()> onListing_;
};

std::set<ContentId> storedIds(const storage::MemoryBlobStore& store) {
  const auto ids = store.idsForTesting();
  return {ids.begin(), ids.end()};
}

// Every row of every graph and permutation at t, decoded: what any query at t can see.
std::vector<std::string> rowsAt(const Ledger& ledger, uint64_t t) {
  std::vector<std::string> rows;
  for (core::NodeId graph : ledger.graphIds(t)) {
    for (Permutation perm : kAllPermutations) {
      auto reader = ledger.reader(graph, perm);
      if (!reader) continue;
      auto cursor = reader->scan(ScanRange::all(), kAllColumns, t);
      ColumnBatch batch;
      while (true) {
        auto more = cursor.next(batch);
        EXPECT_TRUE(more.isOk()) << more.status().toString();
        if (!more.isOk() || !*more) break;
        for (size_t r = 0; r < batch.rows; ++r) {
          const IndexRow row = rowAt(batch, r);
          auto s = ledger.decodeNode(row.s);
          auto p = ledger.decodeNode(row.p);
          auto o = ledger.decodeObject({row.ot, row.ok});
          EXPECT_TRUE(s.isOk() && p.isOk() && o.isOk());
          if (!s.isOk() || !p.isOk() || !o.isOk()) return rows;
          rows.push_back(std::string(permutationName(perm)) + " g" + std::to_string(graph) + " " +
                         core::toNTriples(*s) + " " + core::toNTriples(*p) + " " +
                         core::toNTriples(*o) + " @" + std::to_string(row.t));
        }
      }
    }
  }
  return rows;
}

struct Answers {
  std::vector<std::vector<std::string>> rowsByT;  // index t: rows at t
  std::vector<std::optional<uint64_t>> termIds;   // encodeObject of the probe terms
  bool operator==(const Answers&) const = default;
};

std::vector<Term> probeTerms() {
  std::vector<Term> terms;
  for (int i = 0; i < 40; i += 3) terms.push_back(iri("s" + std::to_string(i)));
  for (int k = 0; k < 6; ++k) terms.push_back(Term::literal("round " + std::to_string(k)));
  terms.push_back(iri("g1"));
  terms.push_back(iri("never-seen"));
  return terms;
}

Answers answersOf(const Ledger& ledger) {
  Answers answers;
  for (uint64_t t = 0; t <= ledger.t(); ++t) answers.rowsByT.push_back(rowsAt(ledger, t));
  for (const Term& term : probeTerms()) {
    auto encoded = ledger.encodeObject(term);
    EXPECT_TRUE(encoded.isOk()) << encoded.status().toString();
    answers.termIds.push_back(encoded.isOk() && *encoded ? std::optional((*encoded)->key)
                                                         : std::nullopt);
  }
  return answers;
}

// Reads everything the ledger's current root and commits consist of: the commit chain (opening
// replays its newest records; the rest are read here: a collection keeps every record, the
// ledger's history of changes), the root's commit timeline, every graph and permutation at every t
// (so every leaflet and every history block), every dictionary entry by id and by term, every
// statistics blob. The blobs this touches are exactly what a collection must keep.
core::Status readEverything(storage::BlobStore& store, storage::HeadStore& heads,
                            const IndexConfig& config) {
  CAIRN_ASSIGN_OR_RETURN(auto live, LiveLedger::open(store, heads, "test", nullptr, config));
  const auto snapshot = live->snapshot();
  auto head = heads.getHead(ledgerCommitHeadName("test"));
  for (ContentId id = head.isOk() ? *head : ContentId{}; !id.isNull();) {
    CAIRN_ASSIGN_OR_RETURN(std::string bytes, store.get(id));
    CAIRN_ASSIGN_OR_RETURN(CommitRecord record, decodeCommitRecord(bytes, id.shortHex()));
    id = record.previous;
  }
  for (uint64_t t = 0; t <= snapshot->t(); ++t) {
    for (core::NodeId graph : snapshot->graphIds(t)) {
      for (Permutation perm : kAllPermutations) {
        auto reader = snapshot->reader(graph, perm);
        if (!reader) continue;
        auto cursor = reader->scan(ScanRange::all(), kAllColumns, t);
        ColumnBatch batch;
        while (true) {
          CAIRN_ASSIGN_OR_RETURN(bool more, cursor.next(batch));
          if (!more) break;
        }
      }
    }
  }
  const IndexRoot& root = snapshot->root();
  for (auto [kind, dictionaryRoot] : {std::pair{DictionaryKind::kIri, root.iris},
                                      std::pair{DictionaryKind::kString, root.strings}}) {
    CAIRN_ASSIGN_OR_RETURN(auto dictionary, Dictionary::open(store, kind, dictionaryRoot));
    for (uint64_t id = 1; id <= dictionary->size(); ++id) {
      CAIRN_ASSIGN_OR_RETURN(std::string term, dictionary->lookup(id));
      CAIRN_ASSIGN_OR_RETURN(auto found, dictionary->find(term));
      if (found != id) return core::Status::internal("find(lookup(id)) != id");
    }
  }
  for (const GraphIndex& graph : root.graphs) {
    CAIRN_RETURN_IF_ERROR(snapshot->statistics(graph.graph).status());
  }
  return core::Status::ok();
}

// A ledger of 40 facts in the default graph, then rounds of commits (inserts, deletes, a named
// graph, new terms), each round folded into a new root. Writes go through `tracked`, which wraps
// `recording`, which wraps the memory store; the collector gets `tracked`.
class GcTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::vector<cairn::testing::Quad> quads;
    for (int i = 0; i < 40; ++i) {
      quads.push_back({iri("s" + std::to_string(i)), iri("p" + std::to_string(i % 5)), number(i),
                       std::nullopt});
    }
    base_ = cairn::testing::makeTestLedger(quads, config_);
    recording_ = std::make_unique<RecordingStore>(*base_.blobs);
    tracked_ = std::make_unique<storage::PutTrackingBlobStore>(*recording_);
    live_ = open();
    roots_.push_back(live_->snapshot()->rootId());
  }

  std::shared_ptr<LiveLedger> open() {
    auto opened = LiveLedger::open(*tracked_, heads(), "test", nullptr, config_);
    EXPECT_TRUE(opened.isOk()) << opened.status().toString();
    return opened.isOk() ? std::move(opened).value() : nullptr;
  }

  storage::MemoryBlobStore& memory() { return *base_.blobs; }
  storage::MemoryHeadStore& heads() { return *base_.heads; }

  uint64_t commit(Transaction tx) {
    auto result = live_->commit(std::move(tx));
    EXPECT_TRUE(result.isOk()) << result.status().toString();
    return result.isOk() ? result->t : 0;
  }

  // Round k: deletes two facts, asserts new ones (new IRIs and strings), re-asserts one deleted
  // two rounds earlier, writes to graph g1; then, if `index`, a new root.
  void round(int k, bool index = true) {
    Transaction a;
    a.deletes.push_back(fact(iri("s" + std::to_string(k * 3)), iri("p" + std::to_string(k * 3 % 5)),
                             number(k * 3)));
    a.inserts.push_back(fact(iri("new" + std::to_string(k)), iri("q"),
                             Term::literal("round " + std::to_string(k))));
    commit(std::move(a));
    Transaction b;
    b.deletes.push_back(fact(iri("s" + std::to_string(k * 3 + 1)),
                             iri("p" + std::to_string((k * 3 + 1) % 5)), number(k * 3 + 1)));
    b.inserts.push_back(fact(iri("x" + std::to_string(k)), iri("p1"), number(1000 + k), iri("g1")));
    if (k >= 2) {
      const int back = (k - 2) * 3;
      b.inserts.push_back(
          fact(iri("s" + std::to_string(back)), iri("p" + std::to_string(back % 5)), number(back)));
    }
    commit(std::move(b));
    if (!index) return;
    // Even rounds fold, odd ones write a delta segment: the current root has both kinds of blob.
    IndexBuildOptions options;
    options.mode = k % 2 == 0 ? IndexBuildOptions::Mode::kFold : IndexBuildOptions::Mode::kDelta;
    auto report = live_->indexNow(options);
    ASSERT_TRUE(report.isOk()) << report.status().toString();
    roots_.push_back(live_->snapshot()->rootId());
  }

  // What LedgerRegistry pins: the roots of the snapshots in use.
  std::vector<ContentId> pinned() const {
    std::vector<ContentId> ids;
    for (const auto& root : live_->rootsInUse()) {
      if (auto held = root.lock()) ids.push_back(*held);
    }
    return ids;
  }

  core::Result<GcReport> collect(uint64_t retainRoots = 0, bool dryRun = false) {
    GcOptions options;
    options.retainRoots = retainRoots;
    options.dryRun = dryRun;
    options.beforeMark = [this]() -> core::Result<std::vector<ContentId>> { return pinned(); };
    return collectGarbage(*tracked_, heads(), options);
  }

  // The blobs a full read of the ledger touches, through a fresh recording (Ok or the failure).
  core::Result<std::set<ContentId>> blobsOfEverything() {
    recording_->clearRead();
    CAIRN_RETURN_IF_ERROR(readEverything(*recording_, heads(), config_));
    return recording_->read();
  }

  IndexConfig config_ = IndexConfig::tiny();
  cairn::testing::TestLedger base_;
  std::unique_ptr<RecordingStore> recording_;
  std::unique_ptr<storage::PutTrackingBlobStore> tracked_;
  std::shared_ptr<LiveLedger> live_;
  std::vector<ContentId> roots_;  // each root published, oldest first
};

TEST_F(GcTest, RemovesExactlyWhatTheCurrentRootAndCommitsDoNotUse) {
  for (int k = 0; k < 4; ++k) round(k);
  round(4, /*index=*/false);  // commits after the last root: replayed from the chain
  const Answers before = answersOf(*live_->snapshot());
  const std::set<ContentId> stored = storedIds(memory());
  const uint64_t bytesBefore = memory().byteCount();

  auto report = collect();
  ASSERT_TRUE(report.isOk()) << report.status().toString();
  EXPECT_GT(report->blobsRemoved, 0u);
  EXPECT_EQ(report->blobsScanned, stored.size());
  EXPECT_EQ(report->blobsReachable + report->blobsRemoved, stored.size());
  EXPECT_EQ(report->blobsPutMeanwhile, 0u);
  EXPECT_EQ(report->bytesRemoved, bytesBefore - memory().byteCount());
  EXPECT_EQ(report->indexRoots, 1u);
  EXPECT_EQ(report->commitRecords, 10u);
  EXPECT_FALSE(tracked_->tracking());

  // Nothing needed went (the full read succeeds) and nothing else stayed.
  auto needed = blobsOfEverything();
  ASSERT_TRUE(needed.isOk()) << needed.status().toString();
  EXPECT_EQ(storedIds(memory()), *needed);
  EXPECT_EQ(memory().blobCount(), report->blobsReachable);

  // Same answers from the ledger in use and from one reopened over what is left.
  EXPECT_EQ(answersOf(*live_->snapshot()), before);
  live_ = open();
  ASSERT_NE(live_, nullptr);
  EXPECT_EQ(answersOf(*live_->snapshot()), before);

  // A second collection finds nothing more.
  auto again = collect();
  ASSERT_TRUE(again.isOk()) << again.status().toString();
  EXPECT_EQ(again->blobsRemoved, 0u);
}

TEST_F(GcTest, WritesAndIndexingGoOnAfterACollection) {
  for (int k = 0; k < 3; ++k) round(k);
  ASSERT_TRUE(collect().isOk());
  round(3);
  round(4);
  const Answers before = answersOf(*live_->snapshot());
  ASSERT_TRUE(collect().isOk());
  live_ = open();
  ASSERT_NE(live_, nullptr);
  EXPECT_EQ(answersOf(*live_->snapshot()), before);
  auto needed = blobsOfEverything();
  ASSERT_TRUE(needed.isOk()) << needed.status().toString();
  EXPECT_EQ(storedIds(memory()), *needed);
}

TEST_F(GcTest, RetainRootsKeepsThatManyOldRootsReadable) {
  for (int k = 0; k < 4; ++k) round(k);
  ASSERT_EQ(roots_.size(), 5u);  // the import's root and four re-indexes
  std::vector<Answers> atRoot;
  for (const ContentId& root : roots_) {
    storage::MemoryHeadStore scratch;
    ASSERT_TRUE(scratch.compareAndSetHead(ledgerHeadName("old"), ContentId{}, root).isOk());
    auto ledger = Ledger::open(memory(), scratch, "old", nullptr, config_);
    ASSERT_TRUE(ledger.isOk());
    atRoot.push_back(answersOf(**ledger));
  }

  auto report = collect(/*retainRoots=*/2);
  ASSERT_TRUE(report.isOk()) << report.status().toString();
  EXPECT_EQ(report->indexRoots, 3u);
  for (size_t r = 0; r < roots_.size(); ++r) {
    const bool kept = r + 3 >= roots_.size();
    EXPECT_EQ(*memory().exists(roots_[r]), kept) << "root " << r;
    if (!kept) continue;
    storage::MemoryHeadStore scratch;
    ASSERT_TRUE(scratch.compareAndSetHead(ledgerHeadName("old"), ContentId{}, roots_[r]).isOk());
    auto ledger = Ledger::open(memory(), scratch, "old", nullptr, config_);
    ASSERT_TRUE(ledger.isOk()) << "root " << r << ": " << ledger.status().toString();
    EXPECT_EQ(answersOf(**ledger), atRoot[r]) << "root " << r;
  }

  // Fewer now: the older of the two goes. More later: the walk ends at the first removed root.
  auto fewer = collect(/*retainRoots=*/1);
  ASSERT_TRUE(fewer.isOk()) << fewer.status().toString();
  EXPECT_EQ(fewer->indexRoots, 2u);
  EXPECT_FALSE(*memory().exists(roots_[2]));
  auto more = collect(/*retainRoots=*/10);
  ASSERT_TRUE(more.isOk()) << more.status().toString();
  EXPECT_EQ(more->indexRoots, 2u);
  EXPECT_EQ(more->blobsRemoved, 0u);
}

TEST_F(GcTest, RootsThatSnapshotsStillReadAreKept) {
  round(0);
  std::shared_ptr<const Ledger> held = live_->snapshot();  // a reader's snapshot
  const Answers heldAnswers = answersOf(*held);
  round(1);
  round(2);
  EXPECT_EQ(pinned().size(), 2u);  // the held root and the current one

  auto report = collect();
  ASSERT_TRUE(report.isOk()) << report.status().toString();
  EXPECT_EQ(report->indexRoots, 2u);
  EXPECT_TRUE(*memory().exists(held->rootId()));
  EXPECT_FALSE(*memory().exists(roots_[2]));  // between them, held by nobody
  EXPECT_EQ(answersOf(*held), heldAnswers);

  const ContentId heldRoot = held->rootId();
  held.reset();
  EXPECT_EQ(pinned().size(), 1u);
  ASSERT_TRUE(collect().isOk());
  EXPECT_FALSE(*memory().exists(heldRoot));
}

TEST_F(GcTest, ADryRunRemovesNothingAndCountsWhatARealRunRemoves) {
  for (int k = 0; k < 3; ++k) round(k);
  const std::set<ContentId> stored = storedIds(memory());
  auto dry = collect(0, /*dryRun=*/true);
  ASSERT_TRUE(dry.isOk()) << dry.status().toString();
  EXPECT_TRUE(dry->dryRun);
  EXPECT_GT(dry->blobsRemoved, 0u);
  EXPECT_EQ(storedIds(memory()), stored);
  auto real = collect();
  ASSERT_TRUE(real.isOk()) << real.status().toString();
  EXPECT_EQ(real->blobsRemoved, dry->blobsRemoved);
  EXPECT_EQ(real->bytesRemoved, dry->bytesRemoved);
  EXPECT_EQ(memory().blobCount(), stored.size() - dry->blobsRemoved);
}

TEST_F(GcTest, OrphansOfABuildThatNeverPublishedAreRemoved) {
  round(0);
  ASSERT_TRUE(collect().isOk());
  const std::set<ContentId> clean = storedIds(memory());
  round(1, /*index=*/false);
  const std::set<ContentId> withCommits = storedIds(memory());
  // An indexing run that wrote everything, root included, and then crashed before the head moved.
  auto built = buildIndexRoot(*tracked_, *live_->snapshot());
  ASSERT_TRUE(built.isOk()) << built.status().toString();
  ASSERT_GT(memory().blobCount(), withCommits.size());
  // And an import that failed half-way: a few blobs nobody names.
  ASSERT_TRUE(tracked_->put("a leaflet of an import that failed").isOk());

  const size_t storedWithOrphans = memory().blobCount();
  auto report = collect();
  ASSERT_TRUE(report.isOk()) << report.status().toString();
  EXPECT_EQ(report->blobsRemoved, storedWithOrphans - withCommits.size());
  EXPECT_EQ(storedIds(memory()), withCommits);
  EXPECT_FALSE(*memory().exists(built->id));
  EXPECT_GT(withCommits.size(), clean.size());  // the two commit records stay
}

TEST_F(GcTest, ADamagedReachableBlobStopsItWithNothingRemoved) {
  round(0);
  round(1);
  // One blob of each kind the mark reads, and a leaflet it only lists (then gone, not damaged).
  const auto snapshot = live_->snapshot();
  const IndexRoot& root = snapshot->root();
  auto dictionary = Dictionary::open(memory(), DictionaryKind::kIri, root.iris);
  ASSERT_TRUE(dictionary.isOk());
  const ContentId dictionarySegment = (*dictionary)->blobIds()[1];
  const ContentId tree = root.graphs.front().permutation(Permutation::kPOST).root;
  auto manifest = HistoryManifest::load(memory(), root.history);
  ASSERT_TRUE(manifest.isOk() && !manifest->empty());
  const ContentId segment = manifest->graphs.front().of(Permutation::kSPOT).front().id;
  const ContentId commitHead = *heads().getHead(ledgerCommitHeadName("test"));
  auto delta = DeltaManifest::load(memory(), root.delta);
  ASSERT_TRUE(delta.isOk() && !delta->empty());
  const ContentId deltaRun = delta->graphs.front().segments.front().run(Permutation::kOPST).id;
  for (const ContentId& victim :
       {snapshot->rootId(), dictionarySegment, tree, segment, commitHead, root.delta, deltaRun}) {
    SCOPED_TRACE(victim.shortHex());
    const std::set<ContentId> stored = storedIds(memory());
    ASSERT_TRUE(memory().corruptForTesting(victim));
    auto report = collect();
    ASSERT_FALSE(report.isOk());
    EXPECT_EQ(report.status().code(), core::StatusCode::kCorruption);
    EXPECT_NE(report.status().message().find(victim.shortHex()), std::string::npos)
        << report.status().toString();
    EXPECT_NE(report.status().message().find("nothing removed"), std::string::npos);
    EXPECT_EQ(storedIds(memory()), stored);
    EXPECT_FALSE(tracked_->tracking());
    ASSERT_TRUE(memory().corruptForTesting(victim));  // flips the same bit back
    ASSERT_TRUE(memory().get(victim).isOk());
  }

  // A leaflet the current root names, gone from the store: found missing by the sweep.
  ReachableBlobs reachable(memory());
  ASSERT_TRUE(reachable.addIndexRoot(snapshot->rootId()).isOk());
  std::optional<ContentId> leaflet;
  for (const ContentId& id : reachable.ids()) {
    auto bytes = memory().get(id);
    if (bytes.isOk() && bytes->starts_with("CNLT")) leaflet = id;
  }
  ASSERT_TRUE(leaflet.has_value());
  std::string saved = *memory().get(*leaflet);
  const std::vector<ContentId> gone{*leaflet};
  ASSERT_TRUE(memory().removeMany(gone).isOk());
  const std::set<ContentId> stored = storedIds(memory());
  auto report = collect();
  ASSERT_FALSE(report.isOk());
  EXPECT_EQ(report.status().code(), core::StatusCode::kNotFound);
  EXPECT_NE(report.status().message().find(leaflet->shortHex()), std::string::npos)
      << report.status().toString();
  EXPECT_EQ(storedIds(memory()), stored);
  ASSERT_TRUE(memory().put(saved).isOk());
  EXPECT_TRUE(collect().isOk());
}

TEST_F(GcTest, OtherHeadsKeepWhatTheirBlobIsOrStopIt) {
  round(0);
  round(1);
  // A head of an unknown kind naming an old root keeps it (and all it names).
  ASSERT_TRUE(heads().compareAndSetHead("backup/first", ContentId{}, roots_[0]).isOk());
  auto report = collect();
  ASSERT_TRUE(report.isOk()) << report.status().toString();
  EXPECT_EQ(report->indexRoots, 2u);
  EXPECT_TRUE(*memory().exists(roots_[0]));
  EXPECT_FALSE(*memory().exists(roots_[1]));
  storage::MemoryHeadStore scratch;
  ASSERT_TRUE(scratch.compareAndSetHead(ledgerHeadName("first"), ContentId{}, roots_[0]).isOk());
  auto first = Ledger::open(memory(), scratch, "first", nullptr, config_);
  ASSERT_TRUE(first.isOk());
  EXPECT_FALSE(rowsAt(**first, (*first)->t()).empty());

  // One naming a blob that is neither an index root nor a commit record stops the collection.
  const ContentId opaque = *tracked_->put("what is this?");
  ASSERT_TRUE(heads().compareAndSetHead("mystery", ContentId{}, opaque).isOk());
  const std::set<ContentId> stored = storedIds(memory());
  auto stopped = collect();
  ASSERT_FALSE(stopped.isOk());
  EXPECT_NE(stopped.status().message().find("mystery"), std::string::npos)
      << stopped.status().toString();
  EXPECT_NE(stopped.status().message().find(opaque.shortHex()), std::string::npos);
  EXPECT_EQ(storedIds(memory()), stored);
  // So does one naming a blob that is not stored.
  ASSERT_TRUE(heads().compareAndSetHead("mystery", opaque, ContentId::of("absent")).isOk());
  auto absent = collect();
  ASSERT_FALSE(absent.isOk());
  EXPECT_EQ(absent.status().code(), core::StatusCode::kNotFound);
  EXPECT_EQ(storedIds(memory()), stored);
  ASSERT_TRUE(heads().deleteHead("mystery").isOk());
  EXPECT_TRUE(collect().isOk());
}

TEST_F(GcTest, BlobsPutWhileItRunsSurvive) {
  round(0);
  round(1);
  ASSERT_TRUE(collect().isOk());
  // Garbage with known bytes: a commit record of another ledger, never published.
  const std::string orphan = "a blob nobody names, until a writer puts it again";
  ASSERT_TRUE(tracked_->put(orphan).isOk());
  // After the heads are read and before the sweep lists the store, a writer commits (its record
  // is new and the commit head moves past what the mark saw), indexes (new blobs, a new root)
  // and puts the orphan's bytes again, as a build that happens to write equal bytes would.
  uint64_t t = 0;
  recording_->onListing([&] {
    Transaction tx;
    tx.inserts.push_back(fact(iri("during"), iri("gc"), Term::literal("yes")));
    t = commit(std::move(tx));
    ASSERT_TRUE(live_->indexNow().isOk());
    ASSERT_TRUE(tracked_->put(orphan).isOk());
  });
  auto report = collect();
  ASSERT_TRUE(report.isOk()) << report.status().toString();
  EXPECT_GT(report->blobsPutMeanwhile, 0u);
  EXPECT_TRUE(*memory().exists(ContentId::of(orphan)));
  live_ = open();
  ASSERT_NE(live_, nullptr);
  EXPECT_EQ(live_->snapshot()->t(), t);
  auto needed = blobsOfEverything();
  ASSERT_TRUE(needed.isOk()) << needed.status().toString();
  // The next collection removes what the writer left unreachable (the old root's own blobs,
  // the orphan) and keeps the rest.
  auto next = collect();
  ASSERT_TRUE(next.isOk()) << next.status().toString();
  EXPECT_FALSE(*memory().exists(ContentId::of(orphan)));
  EXPECT_EQ(storedIds(memory()), *needed);
}

TEST_F(GcTest, OneCollectionAtATime) {
  ASSERT_TRUE(tracked_->startTracking().isOk());
  auto second = collect();
  ASSERT_FALSE(second.isOk());
  EXPECT_EQ(second.status().code(), core::StatusCode::kInvalidArgument);
  // The failed start leaves the first one's tracking alone.
  EXPECT_TRUE(tracked_->tracking());
  tracked_->stopTracking();
}

}  // namespace garbage_collector_test
}  // namespace cairn::index
