// The history sidecar (index/history): segments written by successive publishes must answer
// time-travel reads exactly like a naive list of intervals, skip what cannot hold a visible row
// without fetching it, compact without changing any answer, and turn damaged blobs into a
// Corruption status naming the blob — never a crash.

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "index/history/history_compaction.h"
#include "index/history/history_entry.h"
#include "index/history/history_manifest.h"
#include "index/history/history_segment.h"
#include "index/index_config.h"
#include "index/tree/index_cache.h"
#include "index/tree/scan_range.h"
#include "storage/memory_blob_store.h"

namespace cairn::index {
namespace {

using storage::ContentId;

// Passes writes through; records every get() and can serve replacement bytes for chosen ids,
// bypassing the hash check, so parsers (not the store) meet the damage.
class ProbeStore final : public storage::BlobStore {
 public:
  core::Result<ContentId> put(std::string_view bytes) override { return inner_.put(bytes); }
  core::Result<std::string> get(const ContentId& id) const override {
    std::lock_guard lock(mutex_);
    fetched_.push_back(id);
    if (auto it = replaced_.find(id); it != replaced_.end()) return it->second;
    return inner_.get(id);
  }
  core::Result<bool> exists(const ContentId& id) const override { return inner_.exists(id); }
  core::Status sync() override { return inner_.sync(); }
  core::Status forEachBlob(const BlobVisitor& visit) const override {
    return inner_.forEachBlob(visit);
  }
  core::Status removeMany(std::span<const storage::ContentId> ids) override {
    return inner_.removeMany(ids);
  }

  std::vector<ContentId> fetched() const {
    std::lock_guard lock(mutex_);
    return fetched_;
  }
  void resetFetched() {
    std::lock_guard lock(mutex_);
    fetched_.clear();
  }
  void replace(const ContentId& id, std::string bytes) {
    std::lock_guard lock(mutex_);
    replaced_[id] = std::move(bytes);
  }
  void restore(const ContentId& id) {
    std::lock_guard lock(mutex_);
    replaced_.erase(id);
  }
  std::string original(const ContentId& id) const { return *inner_.get(id); }
  storage::MemoryBlobStore& inner() { return inner_; }

 private:
  storage::MemoryBlobStore inner_;
  mutable std::mutex mutex_;
  mutable std::vector<ContentId> fetched_;
  std::map<ContentId, std::string> replaced_;
};

// Small blocks, so a few hundred entries cross many block boundaries whatever the environment.
IndexConfig smallBlocks() {
  IndexConfig config;
  config.leafletRows = 7;
  return config;
}

// Random facts, each with a history of disjoint intervals [from, to) inside [1, maxT].
std::vector<HistoryEntry> randomHistory(std::mt19937_64& rng, size_t facts, uint64_t maxT) {
  static constexpr core::ObjectType kTypes[] = {core::otype::kIri, core::otype::kString,
                                                core::otype::kInteger, core::otype::kBlank};
  std::set<std::array<uint64_t, 5>> seen;
  std::vector<HistoryEntry> out;
  while (seen.size() < facts) {
    IndexRow row;
    row.s = 1 + rng() % 40;
    row.p = 100 + rng() % 6;
    row.ot = kTypes[rng() % std::size(kTypes)];
    row.ok = rng() % 4 == 0 ? rng() : rng() % 30;
    row.i = rng() % 8 == 0 ? rng() % 3 : 0;
    if (!seen.insert({row.s, row.p, row.ot, row.ok, row.i}).second) continue;
    uint64_t t = 1 + rng() % (maxT / 2);
    const int intervals = 1 + static_cast<int>(rng() % 5);
    for (int k = 0; k < intervals && t < maxT; ++k) {
      const uint64_t to = std::min(maxT, t + 1 + rng() % 30);
      HistoryEntry entry{row, to};
      entry.row.t = t;
      out.push_back(entry);
      t = to + (rng() % 3 == 0 ? 0 : rng() % 20);  // re-asserted at once, or later
    }
  }
  return out;
}

void sortFor(Permutation perm, std::vector<HistoryEntry>& entries) {
  std::sort(entries.begin(), entries.end(), [perm](const HistoryEntry& a, const HistoryEntry& b) {
    return historyEntryLess(perm, a, b);
  });
}

core::Result<HistorySegmentRef> writeSegment(storage::BlobStore& store, Permutation perm,
                                             std::vector<HistoryEntry> entries,
                                             const IndexConfig& config) {
  sortFor(perm, entries);
  HistorySegmentWriter writer(store, perm, config);
  for (const HistoryEntry& entry : entries) CAIRN_RETURN_IF_ERROR(writer.add(entry));
  return writer.finish();
}

std::vector<IndexRow> naiveVisible(const std::vector<HistoryEntry>& entries, Permutation perm,
                                   const ScanRange& range, uint64_t asOf) {
  std::vector<IndexRow> out;
  for (const HistoryEntry& e : entries) {
    if (range.contains(rowKey(perm, e.row)) && e.visibleAt(asOf)) out.push_back(e.row);
  }
  std::sort(out.begin(), out.end(),
            [perm](const IndexRow& a, const IndexRow& b) { return rowLess(perm, a, b); });
  return out;
}

std::vector<HistoryEntry> naiveEntries(std::vector<HistoryEntry> entries, Permutation perm,
                                       const ScanRange& range) {
  std::erase_if(entries,
                [&](const HistoryEntry& e) { return !range.contains(rowKey(perm, e.row)); });
  sortFor(perm, entries);
  return entries;
}

// A range shaped like a triple pattern (a prefix of some entry's key), an arbitrary span
// between two keys, everything, or nothing.
ScanRange randomRange(std::mt19937_64& rng, Permutation perm,
                      const std::vector<HistoryEntry>& entries) {
  const RowKey a = rowKey(perm, entries[rng() % entries.size()].row);
  switch (rng() % 6) {
    case 0:
      return ScanRange::all();
    case 1: {
      ScanRange empty;
      empty.low = a;
      empty.high = a;
      empty.high[0] = a[0] == 0 ? 0 : a[0] - 1;
      empty.low[0] = empty.high[0] + 1;
      return empty;
    }
    case 2: {
      RowKey b = rowKey(perm, entries[rng() % entries.size()].row);
      ScanRange range;
      range.low = std::min(a, b);
      range.high = std::max(a, b);
      if (rng() % 2 == 0) range.low[4] += 1;  // not exactly on a key
      return range;
    }
    default: {
      const size_t n = rng() % (kKeyColumnCount + 1);
      return ScanRange::prefix(std::span<const uint64_t>(a.data(), n));
    }
  }
}

std::string describe(const ScanRange& range, uint64_t asOf) {
  std::string out = "range [";
  for (uint64_t v : range.low) out += std::to_string(v) + " ";
  out += "] .. [";
  for (uint64_t v : range.high) out += std::to_string(v) + " ";
  return out + "] asOf " + std::to_string(asOf);
}

// A fact (s, 10, <iri 20>) present during [from, to).
HistoryEntry historyEntry(uint64_t s, uint64_t from, uint64_t to) {
  HistoryEntry e;
  e.row.s = s;
  e.row.p = 10;
  e.row.ot = core::otype::kIri;
  e.row.ok = 20;
  e.row.t = from;
  e.retractedT = to;
  return e;
}

bool namesBlob(const core::Status& status, const ContentId& id) {
  return status.message().find(id.shortHex()) != std::string::npos;
}

// A ledger's history as successive publishes would write it: each of `windows` segments holds the
// intervals whose `to` falls in its publish window, for two graphs and every permutation.
struct PublishedHistory {
  static constexpr core::NodeId kOtherGraph = 77;
  uint64_t maxT = 0;
  std::map<core::NodeId, std::vector<HistoryEntry>> entries;
  std::vector<uint64_t> windowEnds;  // segment w holds to in [windowEnds[w-1], windowEnds[w])
  HistoryManifest manifest;
  ContentId manifestId;
};

PublishedHistory publish(ProbeStore& store, uint64_t seed, size_t facts, int windows,
                         const IndexConfig& config) {
  std::mt19937_64 rng(seed);
  PublishedHistory h;
  h.maxT = 200;
  h.entries[core::kNoNode] = randomHistory(rng, facts, h.maxT);
  h.entries[PublishedHistory::kOtherGraph] = randomHistory(rng, facts / 4 + 1, h.maxT);
  std::set<uint64_t> cuts;
  while (static_cast<int>(cuts.size()) < windows - 1) cuts.insert(2 + rng() % (h.maxT - 2));
  h.windowEnds.assign(cuts.begin(), cuts.end());
  h.windowEnds.push_back(h.maxT + 1);
  uint64_t windowStart = 0;
  for (uint64_t windowEnd : h.windowEnds) {
    std::vector<GraphHistory> added;
    for (const auto& [graph, all] : h.entries) {
      std::vector<HistoryEntry> published;
      for (const HistoryEntry& e : all) {
        if (e.retractedT >= windowStart && e.retractedT < windowEnd) published.push_back(e);
      }
      GraphHistory g;
      g.graph = graph;
      if (!published.empty()) {
        for (Permutation perm : kAllPermutations) {
          core::Result<HistorySegmentRef> ref = writeSegment(store, perm, published, config);
          EXPECT_TRUE(ref.isOk()) << ref.status().toString();
          if (ref.isOk()) g.of(perm).push_back(*ref);
        }
      }
      added.push_back(std::move(g));  // possibly with empty lists
    }
    core::Result<HistoryManifest> next = h.manifest.withSegments(added);
    EXPECT_TRUE(next.isOk()) << next.status().toString();
    h.manifest = *next;
    windowStart = windowEnd;
  }
  core::Result<ContentId> id = h.manifest.save(store);
  EXPECT_TRUE(id.isOk()) << id.status().toString();
  h.manifestId = *id;
  return h;
}

void expectViewMatchesNaive(const HistoryView& view, const PublishedHistory& h, uint64_t seed,
                            int queries) {
  std::mt19937_64 rng(seed);
  for (const auto& [graph, all] : h.entries) {
    for (Permutation perm : kAllPermutations) {
      SCOPED_TRACE(std::string(permutationName(perm)) + " graph " + std::to_string(graph));
      for (int q = 0; q < queries; ++q) {
        const ScanRange range = randomRange(rng, perm, all);
        const uint64_t asOf = rng() % (h.maxT + 3);
        std::vector<IndexRow> got = {IndexRow{1, 2, 3, 4, 5, 6}};  // appended to, not replaced
        ASSERT_TRUE(view.visibleAt(graph, perm, range, asOf, got).isOk());
        ASSERT_EQ(got.front(), (IndexRow{1, 2, 3, 4, 5, 6}));
        got.erase(got.begin());
        ASSERT_EQ(got, naiveVisible(all, perm, range, asOf)) << describe(range, asOf);
        if (q % 8 == 0) {
          std::vector<HistoryEntry> entries;
          ASSERT_TRUE(view.entriesIn(graph, perm, range, entries).isOk());
          ASSERT_EQ(entries, naiveEntries(all, perm, range)) << describe(range, asOf);
        }
      }
    }
  }
}

TEST(HistoryTest, RandomHistoriesReadLikeANaiveList) {
  for (const IndexConfig& config : {IndexConfig::defaults(), smallBlocks()}) {
    for (uint64_t seed : {1u, 2u, 3u}) {
      SCOPED_TRACE("seed " + std::to_string(seed) + " block rows " +
                   std::to_string(config.leafletRows));
      ProbeStore store;
      const PublishedHistory h = publish(store, seed, 300, 5, config);
      ASSERT_FALSE(h.manifestId.isNull());
      core::Result<std::shared_ptr<const HistoryView>> view =
          HistoryView::open(store, h.manifestId, std::make_shared<IndexCache>(size_t{1} << 20));
      ASSERT_TRUE(view.isOk()) << view.status().toString();
      EXPECT_EQ((*view)->graphs(),
                (std::vector<core::NodeId>{core::kNoNode, PublishedHistory::kOtherGraph}));
      EXPECT_FALSE((*view)->hasGraph(5));
      expectViewMatchesNaive(**view, h, seed * 31, 150);
      // Without a cache, the same answers.
      HistoryView uncached(store, h.manifest);
      expectViewMatchesNaive(uncached, h, seed * 37, 40);
    }
  }
}

TEST(HistoryTest, SegmentReadsEachPublishOnItsOwn) {
  ProbeStore store;
  std::mt19937_64 rng(11);
  std::vector<HistoryEntry> entries = randomHistory(rng, 200, 100);
  for (Permutation perm : kAllPermutations) {
    core::Result<HistorySegmentRef> ref = writeSegment(store, perm, entries, smallBlocks());
    ASSERT_TRUE(ref.isOk()) << ref.status().toString();
    EXPECT_EQ(ref->entries, entries.size());
    uint64_t minT = UINT64_MAX;
    uint64_t maxT = 0;
    for (const HistoryEntry& e : entries) {
      minT = std::min(minT, e.row.t);
      maxT = std::max(maxT, e.retractedT);
    }
    EXPECT_EQ(ref->minT, minT);
    EXPECT_EQ(ref->maxT, maxT);
    core::Result<HistorySegment> segment = HistorySegment::open(store, *ref);
    ASSERT_TRUE(segment.isOk()) << segment.status().toString();
    EXPECT_EQ(segment->perm(), perm);
    EXPECT_EQ(segment->blocks().size(), (entries.size() + 6) / 7);
    uint64_t bytes = store.original(ref->id).size();
    for (const HistoryBlockInfo& block : segment->blocks()) {
      EXPECT_LE(block.entries, 7u);
      bytes += store.original(block.id).size();
    }
    EXPECT_EQ(ref->bytes, bytes);
    std::vector<HistoryEntry> all;
    ASSERT_TRUE(segment->entriesIn(ScanRange::all(), all).isOk());
    EXPECT_EQ(all, naiveEntries(entries, perm, ScanRange::all()));
    for (int q = 0; q < 200; ++q) {
      const ScanRange range = randomRange(rng, perm, entries);
      const uint64_t asOf = rng() % 105;
      std::vector<IndexRow> got;
      ASSERT_TRUE(segment->visibleAt(range, asOf, got).isOk());
      ASSERT_EQ(got, naiveVisible(entries, perm, range, asOf)) << describe(range, asOf);
    }
  }
}

TEST(HistoryTest, ReadsSkipSegmentsAndBlocksThatCannotMatch) {
  ProbeStore store;
  const PublishedHistory h = publish(store, 5, 400, 6, smallBlocks());
  // The blobs of every segment, found before counting starts.
  std::map<ContentId, std::set<ContentId>> blobsOf;  // directory id -> its block ids
  std::map<ContentId, HistorySegment> segments;
  for (const GraphHistory& g : h.manifest.graphs) {
    for (const auto& list : g.segments) {
      for (const HistorySegmentRef& ref : list) {
        core::Result<HistorySegment> segment = HistorySegment::open(store, ref);
        ASSERT_TRUE(segment.isOk());
        for (const HistoryBlockInfo& block : segment->blocks()) blobsOf[ref.id].insert(block.id);
        segments.emplace(ref.id, *segment);
      }
    }
  }
  std::mt19937_64 rng(6);
  const std::vector<HistoryEntry>& all = h.entries.at(core::kNoNode);
  int skippedSegments = 0;
  int skippedBlocks = 0;
  for (int q = 0; q < 120; ++q) {
    const Permutation perm = kAllPermutations[q % 4];
    const ScanRange range = q % 3 == 0 ? ScanRange::all() : randomRange(rng, perm, all);
    // Mostly recent reads, which the old segments cannot answer.
    const uint64_t asOf = q % 2 == 0 ? h.maxT - rng() % 20 : rng() % (h.maxT + 1);
    HistoryView view(store, h.manifest);  // no cache: every block read is a fetch
    store.resetFetched();
    std::vector<IndexRow> rows;
    ASSERT_TRUE(view.visibleAt(core::kNoNode, perm, range, asOf, rows).isOk());
    ASSERT_EQ(rows, naiveVisible(all, perm, range, asOf));
    const std::vector<ContentId> fetchedList = store.fetched();
    const std::multiset<ContentId> fetched(fetchedList.begin(), fetchedList.end());
    for (const HistorySegmentRef& ref : h.manifest.findGraph(core::kNoNode)->of(perm)) {
      const HistorySegment& segment = segments.at(ref.id);
      if (!ref.meets(asOf)) {
        ++skippedSegments;
        EXPECT_EQ(fetched.count(ref.id), 0u) << "segment outside asOf was opened";
        for (const ContentId& block : blobsOf[ref.id]) EXPECT_EQ(fetched.count(block), 0u);
        continue;
      }
      EXPECT_EQ(fetched.count(ref.id), range.isEmpty() ? 0u : 1u);
      for (const HistoryBlockInfo& block : segment.blocks()) {
        const bool keysMeet =
            !range.isEmpty() && !(block.lastKey < range.low) && !(range.high < block.firstKey);
        const bool needed = keysMeet && block.mayBeVisibleAt(asOf);
        if (!needed) ++skippedBlocks;
        EXPECT_EQ(fetched.count(block.id), needed ? 1u : 0u) << describe(range, asOf);
      }
    }
  }
  EXPECT_GT(skippedSegments, 50);
  EXPECT_GT(skippedBlocks, 1000);

  // No history: nothing is fetched, nothing returned.
  store.resetFetched();
  core::Result<std::shared_ptr<const HistoryView>> none = HistoryView::open(store, ContentId{});
  ASSERT_TRUE(none.isOk());
  EXPECT_TRUE((*none)->empty());
  std::vector<IndexRow> rows;
  ASSERT_TRUE(
      (*none)->visibleAt(core::kNoNode, Permutation::kSPOT, ScanRange::all(), 10, rows).isOk());
  EXPECT_TRUE(rows.empty());
  EXPECT_TRUE(store.fetched().empty());
}

TEST(HistoryTest, DirectoriesOpenOnceAndConcurrently) {
  ProbeStore store;
  const PublishedHistory h = publish(store, 8, 300, 4, smallBlocks());
  core::Result<std::shared_ptr<const HistoryView>> view =
      HistoryView::open(store, h.manifestId, std::make_shared<IndexCache>(size_t{4} << 20));
  ASSERT_TRUE(view.isOk());
  EXPECT_EQ((*view)->openedSegments(), 0u);
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937_64 rng(100 + t);
      const std::vector<HistoryEntry>& all = h.entries.at(core::kNoNode);
      for (int q = 0; q < 150; ++q) {
        const Permutation perm = kAllPermutations[rng() % 4];
        const ScanRange range = randomRange(rng, perm, all);
        const uint64_t asOf = rng() % (h.maxT + 1);
        std::vector<IndexRow> rows;
        if (!(*view)->visibleAt(core::kNoNode, perm, range, asOf, rows).isOk() ||
            rows != naiveVisible(all, perm, range, asOf)) {
          ++failures;
        }
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(failures.load(), 0);
  size_t segments = 0;
  for (const auto& list : h.manifest.findGraph(core::kNoNode)->segments) segments += list.size();
  EXPECT_LE((*view)->openedSegments(), segments);
  EXPECT_GT((*view)->openedSegments(), 0u);
}

TEST(HistoryTest, CompactionChangesNoAnswer) {
  for (const IndexConfig& config : {IndexConfig::defaults(), smallBlocks()}) {
    ProbeStore store;
    const PublishedHistory h = publish(store, 21, 300, 5, config);
    HistoryManifest compacted = h.manifest;
    for (const auto& [graph, all] : h.entries) {
      for (Permutation perm : kAllPermutations) {
        const std::vector<HistorySegmentRef> refs = h.manifest.findGraph(graph)->of(perm);
        ASSERT_GE(refs.size(), 3u);
        // A run in the middle first, then everything.
        core::Result<HistorySegmentRef> middle =
            compactSegments(store, perm, std::span(refs).subspan(1, 2), config);
        ASSERT_TRUE(middle.isOk()) << middle.status().toString();
        EXPECT_EQ(middle->entries, refs[1].entries + refs[2].entries);
        core::Result<HistoryManifest> next = compacted.withCompacted(graph, perm, 1, 2, *middle);
        ASSERT_TRUE(next.isOk()) << next.status().toString();
        EXPECT_EQ(next->findGraph(graph)->of(perm).size(), refs.size() - 1);
        EXPECT_EQ(next->findGraph(graph)->of(perm)[1], *middle);
        compacted = *next;
      }
    }
    HistoryView partial(store, compacted);
    expectViewMatchesNaive(partial, h, 5, 60);

    for (const auto& [graph, all] : h.entries) {
      for (Permutation perm : kAllPermutations) {
        const std::vector<HistorySegmentRef> refs = compacted.findGraph(graph)->of(perm);
        core::Result<HistorySegmentRef> merged = compactSegments(store, perm, refs, config);
        ASSERT_TRUE(merged.isOk()) << merged.status().toString();
        EXPECT_EQ(merged->entries, all.size());
        core::Result<HistoryManifest> next =
            compacted.withCompacted(graph, perm, 0, refs.size(), *merged);
        ASSERT_TRUE(next.isOk()) << next.status().toString();
        compacted = *next;
        // Compacting the already compacted segment again gives the same bytes.
        core::Result<HistorySegmentRef> again =
            compactSegments(store, perm, std::vector<HistorySegmentRef>{*merged}, config);
        ASSERT_TRUE(again.isOk());
        EXPECT_EQ(*again, *merged);
      }
    }
    HistoryView full(store, compacted);
    expectViewMatchesNaive(full, h, 6, 60);
    // Compaction equals writing everything as one segment in the first place.
    for (Permutation perm : kAllPermutations) {
      core::Result<HistorySegmentRef> direct =
          writeSegment(store, perm, h.entries.at(core::kNoNode), config);
      ASSERT_TRUE(direct.isOk());
      EXPECT_EQ(*direct, compacted.findGraph(core::kNoNode)->of(perm).front());
    }
  }
}

TEST(HistoryTest, CompactionRejectsMismatchedInputs) {
  ProbeStore store;
  HistoryEntry entry = historyEntry(1, 5, 9);
  HistoryEntry overlapping = entry;
  overlapping.row.t = 7;
  overlapping.retractedT = 12;
  auto a = writeSegment(store, Permutation::kSPOT, {entry}, smallBlocks());
  auto b = writeSegment(store, Permutation::kSPOT, {overlapping}, smallBlocks());
  auto c = writeSegment(store, Permutation::kPSOT, {entry}, smallBlocks());
  ASSERT_TRUE(a.isOk() && b.isOk() && c.isOk());
  const std::vector<HistorySegmentRef> overlap = {*a, *b};
  EXPECT_EQ(compactSegments(store, Permutation::kSPOT, overlap).status().code(),
            core::StatusCode::kInvalidArgument);
  const std::vector<HistorySegmentRef> mixed = {*a, *c};
  EXPECT_EQ(compactSegments(store, Permutation::kSPOT, mixed).status().code(),
            core::StatusCode::kInvalidArgument);
  EXPECT_EQ(compactSegments(store, Permutation::kSPOT, {}).status().code(),
            core::StatusCode::kInvalidArgument);

  HistoryManifest manifest;
  manifest.append(core::kNoNode, Permutation::kSPOT, *a);
  manifest.append(core::kNoNode, Permutation::kSPOT, *b);
  // The merged ref must account for exactly the segments it replaces.
  EXPECT_FALSE(manifest.withCompacted(core::kNoNode, Permutation::kSPOT, 0, 2, *a).isOk());
  EXPECT_FALSE(manifest.withCompacted(core::kNoNode, Permutation::kSPOT, 1, 2, *a).isOk());
  EXPECT_FALSE(manifest.withCompacted(9, Permutation::kSPOT, 0, 1, *a).isOk());
  EXPECT_TRUE(manifest.withCompacted(core::kNoNode, Permutation::kSPOT, 1, 1, *b).isOk());
}

TEST(HistoryTest, WriterRejectsEntriesOutOfOrder) {
  ProbeStore store;
  const Permutation perm = Permutation::kPOST;
  const auto entry = historyEntry;
  {
    HistorySegmentWriter writer(store, perm, smallBlocks());
    EXPECT_TRUE(writer.add(entry(5, 10, 20)).isOk());
    // POST orders by p, ot, ok, then s: s 4 < s 5 is out of order.
    EXPECT_EQ(writer.add(entry(4, 1, 2)).code(), core::StatusCode::kInvalidArgument);
    // Same key: older entries follow newer ones, and must end before the newer one starts.
    EXPECT_EQ(writer.add(entry(5, 30, 40)).code(), core::StatusCode::kInvalidArgument);
    EXPECT_EQ(writer.add(entry(5, 10, 15)).code(), core::StatusCode::kInvalidArgument);
    EXPECT_EQ(writer.add(entry(5, 5, 11)).code(), core::StatusCode::kInvalidArgument);
    EXPECT_TRUE(writer.add(entry(5, 5, 10)).isOk());  // [5, 10) then [10, 20): disjoint
    EXPECT_EQ(writer.add(entry(6, 7, 7)).code(), core::StatusCode::kInvalidArgument);
    EXPECT_EQ(writer.add(entry(6, 8, 7)).code(), core::StatusCode::kInvalidArgument);
    EXPECT_TRUE(writer.add(entry(6, 1, 2)).isOk());
    EXPECT_EQ(writer.entryCount(), 3u);
    core::Result<HistorySegmentRef> ref = writer.finish();
    ASSERT_TRUE(ref.isOk());
    EXPECT_EQ(ref->entries, 3u);
    EXPECT_EQ(ref->minT, 1u);
    EXPECT_EQ(ref->maxT, 20u);
    EXPECT_EQ(writer.add(entry(7, 1, 2)).code(), core::StatusCode::kInvalidArgument);
    EXPECT_EQ(writer.finish().status().code(), core::StatusCode::kInvalidArgument);
  }
  HistorySegmentWriter empty(store, perm);
  EXPECT_EQ(empty.finish().status().code(), core::StatusCode::kInvalidArgument);
}

TEST(HistoryTest, ManifestRoundTripsDeterministically) {
  ProbeStore store;
  const PublishedHistory h = publish(store, 3, 100, 3, smallBlocks());
  const std::string blob = h.manifest.encode();
  EXPECT_EQ(ContentId::of(blob), h.manifestId);
  core::Result<HistoryManifest> parsed = HistoryManifest::load(store, h.manifestId);
  ASSERT_TRUE(parsed.isOk()) << parsed.status().toString();
  EXPECT_EQ(*parsed, h.manifest);
  EXPECT_EQ(parsed->encode(), blob);
  // Default graph first, each list oldest first (one segment per window that retracted).
  ASSERT_EQ(h.manifest.graphs.size(), 2u);
  EXPECT_EQ(h.manifest.graphs[0].graph, core::kNoNode);
  const auto& spot = h.manifest.graphs[0].of(Permutation::kSPOT);
  ASSERT_GE(spot.size(), 2u);
  for (size_t s = 1; s < spot.size(); ++s) EXPECT_LT(spot[s - 1].maxT, spot[s].maxT);

  // Appending nothing keeps the manifest; adding a graph with only empty lists adds nothing.
  GraphHistory nothing;
  nothing.graph = 12345;
  core::Result<HistoryManifest> same = h.manifest.withSegments(std::span(&nothing, 1));
  ASSERT_TRUE(same.isOk());
  EXPECT_EQ(*same, h.manifest);
  GraphHistory bad;
  bad.graph = 1;
  bad.of(Permutation::kOPST).push_back(HistorySegmentRef{});
  EXPECT_EQ(h.manifest.withSegments(std::span(&bad, 1)).status().code(),
            core::StatusCode::kInvalidArgument);
  // The empty manifest is the null id, and back.
  core::Result<ContentId> emptyId = HistoryManifest{}.save(store);
  ASSERT_TRUE(emptyId.isOk());
  EXPECT_TRUE(emptyId->isNull());
  EXPECT_TRUE(HistoryManifest::load(store, ContentId{})->empty());
}

// Reads a whole history through `store`: every graph, permutation, a few asOf; the first failure.
core::Status readEverything(const storage::BlobStore& store, const ContentId& manifestId,
                            uint64_t maxT) {
  CAIRN_ASSIGN_OR_RETURN(std::shared_ptr<const HistoryView> view,
                         HistoryView::open(store, manifestId));
  for (const GraphHistory& g : view->manifest().graphs) {
    for (Permutation perm : kAllPermutations) {
      for (uint64_t asOf : {uint64_t{0}, maxT / 3, maxT / 2, maxT}) {
        std::vector<IndexRow> rows;
        CAIRN_RETURN_IF_ERROR(view->visibleAt(g.graph, perm, ScanRange::all(), asOf, rows));
      }
      std::vector<HistoryEntry> entries;
      CAIRN_RETURN_IF_ERROR(view->entriesIn(g.graph, perm, ScanRange::all(), entries));
    }
  }
  return core::Status::ok();
}

// Serves damaged versions of blob `id` and reads everything through them. Truncations must fail
// with Corruption naming the blob; so must single-byte changes at `mustFailBytes`. Changes
// elsewhere may go unnoticed (a byte of a value, say) or name a blob that does not exist (a byte
// of an id), but any Corruption names the blob. Never a crash.
void expectDamageReported(ProbeStore& store, const ContentId& manifestId, uint64_t maxT,
                          const ContentId& id, const std::vector<size_t>& mustFailBytes) {
  const std::string original = store.original(id);
  // Every position near the start (headers, first records), a sample of the rest.
  auto probed = [](size_t at) { return at < 160 || at % 5 == 0; };
  for (size_t length = 0; length < original.size(); ++length) {
    if (!probed(length)) continue;
    store.replace(id, original.substr(0, length));
    core::Status status = readEverything(store, manifestId, maxT);
    ASSERT_EQ(status.code(), core::StatusCode::kCorruption)
        << "truncated to " << length << ": " << status.toString();
    ASSERT_TRUE(namesBlob(status, id)) << status.toString();
  }
  store.replace(id, original + std::string(1, '\0'));
  EXPECT_EQ(readEverything(store, manifestId, maxT).code(), core::StatusCode::kCorruption);
  for (size_t at = 0; at < original.size(); ++at) {
    if (!probed(at)) continue;
    for (uint8_t flip : {uint8_t{0x01}, uint8_t{0x80}}) {
      std::string damaged = original;
      damaged[at] = static_cast<char>(damaged[at] ^ flip);
      store.replace(id, damaged);
      core::Status status = readEverything(store, manifestId, maxT);
      const bool mustFail =
          std::find(mustFailBytes.begin(), mustFailBytes.end(), at) != mustFailBytes.end();
      if (status.isOk()) {
        EXPECT_FALSE(mustFail) << "byte " << at << " damaged unnoticed";
        continue;
      }
      // A damaged id names a blob that does not exist; anything else is this blob's corruption.
      if (status.code() == core::StatusCode::kNotFound) continue;
      ASSERT_EQ(status.code(), core::StatusCode::kCorruption) << status.toString();
      ASSERT_TRUE(namesBlob(status, id)) << "byte " << at << ": " << status.toString();
    }
  }
  store.restore(id);
  ASSERT_TRUE(readEverything(store, manifestId, maxT).isOk());
}

std::vector<size_t> byteRange(size_t first, size_t last) {
  std::vector<size_t> out;
  for (size_t b = first; b < last; ++b) out.push_back(b);
  return out;
}

TEST(HistoryTest, DamagedBlobsAreCorruptionNamingTheBlob) {
  ProbeStore store;
  const PublishedHistory h = publish(store, 4, 16, 2, smallBlocks());
  ASSERT_TRUE(readEverything(store, h.manifestId, h.maxT).isOk());
  // The POST segment of the default graph with the most entries.
  const auto& list = h.manifest.graphs[0].of(Permutation::kPOST);
  const HistorySegmentRef ref = *std::max_element(
      list.begin(), list.end(), [](const auto& a, const auto& b) { return a.entries < b.entries; });
  core::Result<HistorySegment> segment = HistorySegment::open(store, ref);
  ASSERT_TRUE(segment.isOk());
  ASSERT_GE(segment->blocks().size(), 2u);

  // Manifest: magic, version, reserved, graph count, ref size, the first graph's counts.
  SCOPED_TRACE("manifest");
  expectDamageReported(store, h.manifestId, h.maxT, h.manifestId, byteRange(0, 16));
  // Directory: the whole header, and in the first block record its entry count, reserved
  // word and t bounds (each is cross-checked against the header or the block).
  SCOPED_TRACE("directory");
  std::vector<size_t> directoryBytes = byteRange(0, 40);
  for (size_t b : byteRange(40 + 80, 40 + 104)) directoryBytes.push_back(b);
  for (size_t b : byteRange(40, 40 + 80)) directoryBytes.push_back(b);  // keys: the block disagrees
  expectDamageReported(store, h.manifestId, h.maxT, ref.id, directoryBytes);
  // Block: the header and the seven column records.
  SCOPED_TRACE("block");
  expectDamageReported(store, h.manifestId, h.maxT, segment->blocks()[1].id, byteRange(0, 16));

  // Blobs whose bytes no longer hash to their id are the store's Corruption, naming them too.
  const ContentId blockId = segment->blocks()[0].id;
  ASSERT_TRUE(store.inner().corruptForTesting(blockId));
  core::Status status = readEverything(store, h.manifestId, h.maxT);
  EXPECT_EQ(status.code(), core::StatusCode::kCorruption);
  EXPECT_TRUE(namesBlob(status, blockId)) << status.toString();
}

TEST(HistoryTest, ConsistentlyHashedButInconsistentBlobsAreCorruption) {
  ProbeStore store;
  std::mt19937_64 rng(9);
  const std::vector<HistoryEntry> entries = randomHistory(rng, 60, 50);
  const Permutation perm = Permutation::kOPST;
  core::Result<HistorySegmentRef> ref = writeSegment(store, perm, entries, smallBlocks());
  ASSERT_TRUE(ref.isOk());
  core::Result<HistoryDirectory> directory =
      parseHistoryDirectory(store.original(ref->id), ref->id);
  ASSERT_TRUE(directory.isOk());

  // A ref that disagrees with its directory.
  HistorySegmentRef wrongRef = *ref;
  wrongRef.entries += 1;
  core::Result<HistorySegment> opened = HistorySegment::open(store, wrongRef);
  ASSERT_EQ(opened.status().code(), core::StatusCode::kCorruption);
  EXPECT_TRUE(namesBlob(opened.status(), ref->id));

  // A directory record that lies about its block's bounds: found when the block is read.
  HistoryDirectory lying = *directory;
  lying.blocks[2].maxTo += 1;
  lying.maxT = std::max(lying.maxT, lying.blocks[2].maxTo);
  core::Result<ContentId> lyingId = store.put(encodeHistoryDirectory(lying));
  ASSERT_TRUE(lyingId.isOk());
  core::Result<HistorySegment> lyingSegment = HistorySegment::open(store, *lyingId);
  ASSERT_TRUE(lyingSegment.isOk());
  std::vector<HistoryEntry> out;
  core::Status status = lyingSegment->entriesIn(ScanRange::all(), out);
  ASSERT_EQ(status.code(), core::StatusCode::kCorruption);
  EXPECT_TRUE(namesBlob(status, lying.blocks[2].id)) << status.toString();

  // The same block already cached by the honest directory is still checked against the liar.
  auto cache = std::make_shared<IndexCache>(size_t{1} << 20);
  core::Result<HistorySegment> honest = HistorySegment::open(store, *ref, cache);
  ASSERT_TRUE(honest.isOk());
  ASSERT_TRUE(honest->entriesIn(ScanRange::all(), out).isOk());
  core::Result<HistorySegment> cachedLiar = HistorySegment::open(store, *lyingId, cache);
  ASSERT_TRUE(cachedLiar.isOk());
  EXPECT_EQ(cachedLiar->loadBlock(2).status().code(), core::StatusCode::kCorruption);

  // Blocks swapped between two records: out of the order their keys claim.
  HistoryDirectory swapped = *directory;
  std::swap(swapped.blocks[0].id, swapped.blocks[1].id);
  core::Result<ContentId> swappedId = store.put(encodeHistoryDirectory(swapped));
  core::Result<HistorySegment> swappedSegment = HistorySegment::open(store, *swappedId);
  ASSERT_TRUE(swappedSegment.isOk());
  EXPECT_EQ(swappedSegment->entriesIn(ScanRange::all(), out).code(), core::StatusCode::kCorruption);

  // A manifest listing a segment under the wrong permutation.
  HistoryManifest manifest;
  manifest.append(core::kNoNode, Permutation::kSPOT, *ref);
  HistoryView view(store, manifest);
  std::vector<IndexRow> rows;
  status = view.visibleAt(core::kNoNode, Permutation::kSPOT, ScanRange::all(), ref->minT, rows);
  ASSERT_EQ(status.code(), core::StatusCode::kCorruption);
  EXPECT_TRUE(namesBlob(status, ref->id));
}

}  // namespace
}  // namespace cairn::index
