#include "index/write/index_builder.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/cancel_flag.h"
#include "core/term.h"
#include "core/vocab.h"
#include "index/delta/delta_manifest.h"
#include "index/dictionary/dictionary_append.h"
#include "index/history/history_compaction.h"
#include "index/history/history_manifest.h"
#include "index/history/history_segment.h"
#include "index/novelty/novelty_run.h"
#include "index/novelty/size_tiers.h"
#include "index/stats/stats_update.h"
#include "index/tree/tree_merger.h"
#include "index/write/commit_time.h"
#include "storage/forwarding_blob_store.h"

namespace cairn::index {
namespace {

// Passes every call through and counts what is written, so the report can say what an indexing
// step cost in the store whichever component wrote it.
class CountingBlobStore final : public storage::ForwardingBlobStore {
 public:
  using ForwardingBlobStore::ForwardingBlobStore;

  core::Result<storage::ContentId> put(std::string_view bytes) override {
    bytes_ += bytes.size();
    ++blobs_;
    return ForwardingBlobStore::put(bytes);
  }
  core::Result<std::vector<storage::ContentId>> putMany(
      const std::vector<std::string_view>& blobs) override {
    for (std::string_view b : blobs) bytes_ += b.size();
    blobs_ += blobs.size();
    return ForwardingBlobStore::putMany(blobs);
  }

  uint64_t bytes() const { return bytes_; }
  uint64_t blobs() const { return blobs_; }

 private:
  std::atomic<uint64_t> bytes_{0};
  std::atomic<uint64_t> blobs_{0};
};

// The net effect of the novelty on one graph, worked out once from its SPOT changes and then
// sorted into each permutation's order.
struct GraphDelta {
  std::vector<IndexRow> upserts;  // rows of the new root that are new or have a new t
  std::vector<IndexRow> deletes;  // rows of the old root that are gone
  std::vector<IndexRow> added;    // facts the old root lacked and the new one has (statistics)
  std::vector<HistoryEntry> history;
  uint64_t flakes = 0;
};

core::Result<GraphDelta> graphDelta(const Ledger& snapshot, core::NodeId graph,
                                    const PermutationNovelty& spot,
                                    const std::atomic<bool>* cancel) {
  GraphDelta delta;
  CAIRN_ASSIGN_OR_RETURN(const std::vector<NoveltyEntry> entries, spot.allEntries());
  delta.flakes = entries.size();
  std::optional<SnapshotReader> reader = snapshot.reader(graph, Permutation::kSPOT);
  const PermutationReader* base = reader ? reader->base() : nullptr;
  // Each fact the old root holds costs a seek into it: for millions of changes this loop alone
  // takes seconds, so it looks at the flag too.
  size_t facts = 0;
  for (size_t begin = 0; begin < entries.size();) {
    CAIRN_RETURN_IF_ERROR(core::cancelledEvery(cancel, facts++, "working out a fold's changes"));
    size_t end = begin + 1;
    while (end < entries.size() && entries[end].key == entries[begin].key) ++end;
    // entries[begin, end): one fact, newest change first. By the novelty's invariant the
    // changes alternate and the oldest one flips the fact's presence in the old root.
    const NoveltyEntry& newest = entries[begin];
    const NoveltyEntry& oldest = entries[end - 1];
    const bool inBase = !oldest.assert;
    std::optional<uint64_t> openSince;  // t of the assert that made the fact present
    IndexRow baseRow;
    if (inBase) {
      std::optional<IndexRow> found;
      if (base != nullptr) {
        CAIRN_ASSIGN_OR_RETURN(found, base->seek(oldest.key));
      }
      if (!found || rowKey(Permutation::kSPOT, *found) != oldest.key) {
        return core::Status::corruption("novelty retracts a fact the index root lacks (t " +
                                        std::to_string(oldest.t) + ")");
      }
      baseRow = *found;
      openSince = baseRow.t;
    }
    for (size_t k = end; k-- > begin;) {
      const NoveltyEntry& change = entries[k];
      if (change.assert) {
        openSince = change.t;
        continue;
      }
      if (!openSince) {
        return core::Status::corruption("novelty retracts an absent fact at t " +
                                        std::to_string(change.t));
      }
      HistoryEntry entry;
      entry.row = rowOfEntry(Permutation::kSPOT, change);
      entry.row.t = *openSince;
      entry.retractedT = change.t;
      delta.history.push_back(entry);
      openSince.reset();
    }
    if (newest.assert) {
      delta.upserts.push_back(rowOfEntry(Permutation::kSPOT, newest));
      if (!inBase) delta.added.push_back(delta.upserts.back());
    } else if (inBase) {
      delta.deletes.push_back(baseRow);
    }
    begin = end;
  }
  return delta;
}

// The changes of `delta` as one permutation's sorted RowChange list.
std::vector<RowChange> rowChanges(const GraphDelta& delta, Permutation perm) {
  std::vector<RowChange> changes;
  changes.reserve(delta.upserts.size() + delta.deletes.size());
  for (const IndexRow& row : delta.upserts) changes.push_back(RowChange{row, true});
  for (const IndexRow& row : delta.deletes) changes.push_back(RowChange{row, false});
  std::sort(changes.begin(), changes.end(), [perm](const RowChange& a, const RowChange& b) {
    return rowKey(perm, a.row) < rowKey(perm, b.row);
  });
  return changes;
}

// History entries in a segment's order: key, then newest first.
std::vector<HistoryEntry> historyIn(const GraphDelta& delta, Permutation perm) {
  std::vector<HistoryEntry> out = delta.history;
  std::sort(out.begin(), out.end(), [perm](const HistoryEntry& a, const HistoryEntry& b) {
    const RowKey ka = rowKey(perm, a.row);
    const RowKey kb = rowKey(perm, b.row);
    if (ka != kb) return ka < kb;
    return a.row.t > b.row.t;
  });
  return out;
}

// No delta run merges segments into one of more than this many changes: a merge holds back the
// next delta run (and so the writers' novelty) for as long as it takes, and a larger one saves
// little — the layer is folded into the trees long before such segments pile up.
constexpr uint64_t kMaxMergedSegmentFlakes = uint64_t{1} << 20;

// How many of a graph's newest delta segments a delta run merges into the segment it writes:
// by the size-tiered rule, among those that start at or after `keepBefore`.
size_t segmentsToAbsorb(const std::vector<DeltaSegment>& segments, uint64_t newFlakes,
                        uint64_t keepBefore) {
  std::vector<uint64_t> sizes;
  for (const DeltaSegment& s : segments) {
    if (s.afterT >= keepBefore) sizes.push_back(s.flakes);
  }
  sizes.push_back(newFlakes);
  return tieredMergeCount(std::move(sizes), kMaxMergedSegmentFlakes) - 1;
}

// After a fold appended history segments: compacts each list's newest segments of `graph` by the
// size-tiered rule (index/novelty/size_tiers.h), so time-travel reads open a logarithmic number
// of segment directories however many folds a ledger has seen (history_compaction.h).
core::Status compactNewestHistory(storage::BlobStore& blobs, const Ledger& snapshot,
                                  core::NodeId graph, HistoryManifest& manifest) {
  for (Permutation perm : kAllPermutations) {
    const GraphHistory* history = manifest.findGraph(graph);
    if (history == nullptr) return core::Status::ok();
    const std::vector<HistorySegmentRef>& list = history->of(perm);
    std::vector<uint64_t> sizes;
    for (const HistorySegmentRef& ref : list) sizes.push_back(ref.entries);
    const size_t count = tieredMergeCount(sizes);
    if (count < 2) continue;
    const size_t first = list.size() - count;
    CAIRN_ASSIGN_OR_RETURN(HistorySegmentRef merged,
                           compactSegments(blobs, perm, std::span(list).subspan(first),
                                           snapshot.config(), snapshot.cache()));
    CAIRN_ASSIGN_OR_RETURN(manifest, manifest.withCompacted(graph, perm, first, count, merged));
  }
  return core::Status::ok();
}

// Adds the net row changes of `entries` (one permutation-ordered run of SPOT changes over a
// stretch of commits) to `segment`. A key's changes alternate, so an odd number of them flips
// its presence: +1 when the newest asserts, -1 when it retracts; an even number changes nothing.
void addRowDeltas(std::span<const NoveltyEntry> entries, DeltaSegment& segment) {
  for (size_t begin = 0; begin < entries.size();) {
    size_t end = begin + 1;
    while (end < entries.size() && rowKeyEqual(entries[end].key, entries[begin].key)) ++end;
    if ((end - begin) % 2 == 1) {
      const int64_t step = entries[begin].assert ? 1 : -1;
      const uint64_t p = rowOfEntry(Permutation::kSPOT, entries[begin]).p;
      segment.rowDelta += step;
      if ((segment.predicateRows[p] += step) == 0) segment.predicateRows.erase(p);
    }
    begin = end;
  }
}

// The delta run: one new segment per graph the commits since the root touched (merging the
// graph's newest segments per segmentsToAbsorb), a new manifest; trees, statistics and history
// unchanged.
core::Status persistDelta(storage::BlobStore& blobs, const Ledger& snapshot, IndexRoot& next,
                          IndexBuildReport& report, uint64_t keepSegmentsBefore,
                          const std::atomic<bool>* cancel) {
  const IndexRoot& old = snapshot.root();
  const Novelty& novelty = snapshot.novelty();
  CAIRN_ASSIGN_OR_RETURN(DeltaManifest manifest, DeltaManifest::load(blobs, old.delta));
  for (core::NodeId graph : novelty.graphs()) {
    const PermutationNovelty* spot = novelty.find(graph, Permutation::kSPOT);
    if (spot == nullptr || spot->memorySize() == 0) continue;
    auto slot =
        std::lower_bound(manifest.graphs.begin(), manifest.graphs.end(), graph,
                         [](const GraphDeltaSegments& g, core::NodeId id) { return g.graph < id; });
    if (slot == manifest.graphs.end() || slot->graph != graph) {
      slot = manifest.graphs.insert(slot, GraphDeltaSegments{graph, {}});
    }
    std::vector<DeltaSegment>& segments = slot->segments;
    if (spot->persistedRuns().size() != segments.size()) {
      return core::Status::internal("the snapshot's delta runs do not match its root's manifest");
    }
    const size_t absorbed = segmentsToAbsorb(segments, spot->memorySize(), keepSegmentsBefore);
    const size_t first = segments.size() - absorbed;

    DeltaSegment segment;
    segment.afterT = absorbed > 0 ? segments[first].afterT : old.t;
    segment.throughT = snapshot.t();
    for (Permutation perm : kAllPermutations) {
      CAIRN_ASSIGN_OR_RETURN(const std::vector<NoveltyEntry> entries,
                             novelty.find(graph, perm)->entriesFrom(first));
      // The changes of the whole stretch (afterT, throughT]: their net rows are the segment's.
      if (perm == Permutation::kSPOT) addRowDeltas(entries, segment);
      DeltaRunWriter writer(blobs, perm, snapshot.config());
      for (size_t e = 0; e < entries.size(); ++e) {
        CAIRN_RETURN_IF_ERROR(core::cancelledEvery(cancel, e, "writing a delta run"));
        CAIRN_RETURN_IF_ERROR(writer.add(entries[e]));
      }
      CAIRN_ASSIGN_OR_RETURN(segment.runs[static_cast<int>(perm)], writer.finish());
      segment.flakes = entries.size();
    }
    report.flakes += spot->memorySize();
    report.segmentsMerged += absorbed;
    segments.resize(first);
    segments.push_back(std::move(segment));
  }
  report.deltaFlakes = manifest.flakes();
  next.baseT = old.baseT;
  CAIRN_ASSIGN_OR_RETURN(next.delta, manifest.save(blobs));
  return core::Status::ok();
}

// One permutation's share of a fold: its tree with the changes merged, and the history segment
// of what they retracted or superseded (none when nothing was).
struct PermutationFold {
  core::Status status;
  MergeResult merged;
  std::optional<HistorySegmentRef> history;
};

PermutationFold foldPermutation(storage::BlobStore& blobs, const Ledger& snapshot, Permutation perm,
                                const PermutationRoot& baseRoot, const GraphDelta& delta,
                                const std::atomic<bool>* cancel) {
  PermutationFold fold;
  // Sorting the changes into this permutation's order takes a while for millions of them: a
  // permutation whose turn comes after a cancel does not start.
  fold.status = core::cancelledIf(cancel, "a fold");
  if (!fold.status.isOk()) return fold;
  auto merged = mergeIntoTree(blobs, perm, baseRoot, rowChanges(delta, perm), snapshot.cache(),
                              snapshot.config(), cancel);
  if (!merged.isOk()) {
    fold.status = merged.status();
    return fold;
  }
  fold.merged = std::move(merged).value();
  if (delta.history.empty()) return fold;
  HistorySegmentWriter writer(blobs, perm, snapshot.config());
  for (const HistoryEntry& entry : historyIn(delta, perm)) {
    fold.status = writer.add(entry);
    if (!fold.status.isOk()) return fold;
  }
  auto ref = writer.finish();
  if (!ref.isOk()) {
    fold.status = ref.status();
    return fold;
  }
  fold.history = *ref;
  return fold;
}

// The fold: the delta layer and the new changes merged into the trees, statistics and history.
core::Status foldAll(storage::BlobStore& blobs, const Ledger& snapshot, IndexRoot& next,
                     IndexBuildReport& report, unsigned threads, const std::atomic<bool>* cancel) {
  tbb::task_arena arena(static_cast<int>(threads));
  const IndexRoot& old = snapshot.root();
  const Novelty& novelty = snapshot.novelty();
  report.folded = true;

  CAIRN_ASSIGN_OR_RETURN(auto rdfType,
                         snapshot.encodeNode(core::Term::iri(std::string(core::vocab::kRdfType))));
  const uint64_t rdfTypeId = rdfType.value_or(0);

  CAIRN_ASSIGN_OR_RETURN(HistoryManifest manifest, HistoryManifest::load(blobs, old.history));
  std::vector<GraphIndex> graphs;
  for (const GraphIndex& g : old.graphs) {
    if (novelty.find(g.graph, Permutation::kSPOT) == nullptr) graphs.push_back(g);
  }
  for (core::NodeId graph : novelty.graphs()) {
    const PermutationNovelty* spot = novelty.find(graph, Permutation::kSPOT);
    if (spot == nullptr || spot->empty()) {
      if (const GraphIndex* g = old.findGraph(graph)) graphs.push_back(*g);
      continue;
    }
    CAIRN_RETURN_IF_ERROR(core::cancelledIf(cancel, "a fold"));
    CAIRN_ASSIGN_OR_RETURN(GraphDelta delta, graphDelta(snapshot, graph, *spot, cancel));
    report.flakes += delta.flakes;
    report.rowsChanged += delta.upserts.size() + delta.deletes.size();
    report.historyEntries += delta.history.size();

    const GraphIndex* before = old.findGraph(graph);
    GraphIndex after;
    after.graph = graph;
    // The four permutations merge in parallel: each touches only its own tree (the store and
    // the cache are thread-safe), and a fold of scattered changes rewrites most leaflets of
    // all four, so this is where a fold spends its time.
    std::array<PermutationFold, 4> folds;
    arena.execute([&] {
      tbb::parallel_for(0, 4, [&](int p) {
        const Permutation perm = kAllPermutations[p];
        const PermutationRoot baseRoot = before ? before->permutation(perm) : PermutationRoot{};
        folds[p] = foldPermutation(blobs, snapshot, perm, baseRoot, delta, cancel);
      });
    });
    for (int p = 0; p < 4; ++p) {
      CAIRN_RETURN_IF_ERROR(folds[p].status);
      after.permutations[p] = folds[p].merged.root;
      report.leafletsRewritten += folds[p].merged.stats.leafletsRewritten;
      report.leafletsReused += folds[p].merged.stats.leafletsReused;
      if (folds[p].history) manifest.append(graph, kAllPermutations[p], *folds[p].history);
    }
    if (!delta.history.empty()) {
      CAIRN_RETURN_IF_ERROR(compactNewestHistory(blobs, snapshot, graph, manifest));
    }
    after.triples = after.permutation(Permutation::kSPOT).rows;
    if (after.triples == 0) continue;  // a graph exists while it has triples

    LedgerStats stats;
    if (before != nullptr) {
      CAIRN_ASSIGN_OR_RETURN(auto shared, snapshot.statistics(graph));
      stats = *shared;
    }
    stats = updatedStats(stats, delta.added, delta.deletes, rdfTypeId);
    CAIRN_ASSIGN_OR_RETURN(after.stats, stats.save(blobs));
    graphs.push_back(std::move(after));
  }
  std::sort(graphs.begin(), graphs.end(),
            [](const GraphIndex& a, const GraphIndex& b) { return a.graph < b.graph; });
  next.graphs = std::move(graphs);
  next.quads = 0;
  for (const GraphIndex& g : next.graphs) next.quads += g.triples;
  if (!manifest.empty()) {
    CAIRN_ASSIGN_OR_RETURN(next.history, manifest.save(blobs));
  }
  next.baseT = next.t;
  next.delta = storage::ContentId{};
  return core::Status::ok();
}

// The old root's timeline extended by `times` through t, or nullopt when they do not extend it
// exactly (see buildIndexRoot).
core::Result<std::optional<std::vector<TimelineSegmentRef>>> extendedTimeline(
    storage::BlobStore& blobs, const IndexRoot& old, uint64_t t,
    std::span<const CommitTime> times) {
  using Timeline = std::optional<std::vector<TimelineSegmentRef>>;
  if (old.timeline) {
    const uint64_t covered = old.timeline->empty() ? 0 : old.timeline->back().lastT;
    if (times.empty()) return old.t == t ? old.timeline : Timeline();  // no commit since
    if (times.front().t <= covered || times.back().t != t) return Timeline();
    CAIRN_ASSIGN_OR_RETURN(auto extended, appendToTimeline(blobs, *old.timeline, times));
    return Timeline(std::move(extended));
  }
  if (times.empty() || times.front().t > old.originT || times.back().t != t) return Timeline();
  CAIRN_ASSIGN_OR_RETURN(auto started, appendToTimeline(blobs, {}, times));
  return Timeline(std::move(started));
}

}  // namespace

uint64_t IndexBuildOptions::foldThreshold(uint64_t quads) const {
  if (foldFlakes != 0) return foldFlakes;
  return std::clamp<uint64_t>(quads / 16, uint64_t{1} << 16, uint64_t{1} << 22);
}

unsigned IndexBuildOptions::foldConcurrency() const {
  if (foldThreads != 0) return foldThreads;
  const unsigned cores = std::thread::hardware_concurrency();
  return cores > 1 ? cores - 1 : 1;
}

core::Result<BuiltIndexRoot> buildIndexRoot(storage::BlobStore& store, const Ledger& snapshot,
                                            const IndexBuildOptions& options,
                                            std::span<const CommitTime> times) {
  const auto started = std::chrono::steady_clock::now();
  CountingBlobStore blobs(store);
  const IndexRoot& old = snapshot.root();
  const Novelty& novelty = snapshot.novelty();

  BuiltIndexRoot built;
  IndexBuildReport& report = built.report;
  report.fromT = old.t;
  report.toT = snapshot.t();

  IndexRoot next = old;  // languages, datatypes and blank nodes already include the commits
  next.t = snapshot.t();
  next.createdAt = commitTimeNow();
  next.previous = snapshot.rootId();

  // Dictionaries: one append segment per kind for the terms the commits added.
  const std::vector<std::string> iris = snapshot.newTerms(DictionaryKind::kIri);
  const std::vector<std::string> strings = snapshot.newTerms(DictionaryKind::kString);
  report.newIris = iris.size();
  report.newStrings = strings.size();
  CAIRN_ASSIGN_OR_RETURN(next.iris,
                         appendToDictionary(blobs, DictionaryKind::kIri, old.iris, iris,
                                            DictionaryOptions::defaults(), options.cancel));
  CAIRN_ASSIGN_OR_RETURN(next.strings,
                         appendToDictionary(blobs, DictionaryKind::kString, old.strings, strings,
                                            DictionaryOptions::defaults(), options.cancel));

  CAIRN_ASSIGN_OR_RETURN(next.timeline, extendedTimeline(blobs, old, next.t, times));

  CAIRN_RETURN_IF_ERROR(core::cancelledIf(options.cancel, "an index run"));
  using Mode = IndexBuildOptions::Mode;
  const uint64_t pending = novelty.flakeCount() + novelty.persistedFlakeCount();
  const bool fold = options.mode == Mode::kFold || novelty.empty() ||
                    (options.mode == Mode::kAuto && pending > options.foldThreshold(old.quads));
  if (fold) {
    CAIRN_RETURN_IF_ERROR(
        foldAll(blobs, snapshot, next, report, options.foldConcurrency(), options.cancel));
  } else {
    CAIRN_RETURN_IF_ERROR(
        persistDelta(blobs, snapshot, next, report, options.keepSegmentsBefore, options.cancel));
  }

  const std::string json = next.toJson();
  CAIRN_ASSIGN_OR_RETURN(built.id, blobs.put(json));
  CAIRN_RETURN_IF_ERROR(blobs.sync());
  built.root = std::move(next);
  report.bytesWritten = blobs.bytes();
  report.blobsWritten = blobs.blobs();
  report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return built;
}

core::Result<std::optional<BuiltIndexRoot>> carryDeltaOntoFold(
    storage::BlobStore& store, const BuiltIndexRoot& fold, const IndexRoot& foldedFrom,
    const IndexRoot& current, const storage::ContentId& currentId) {
  const auto started = std::chrono::steady_clock::now();
  const std::optional<BuiltIndexRoot> kSuperseded;
  if (current.baseT != foldedFrom.baseT || current.t < foldedFrom.t) return kSuperseded;
  CountingBlobStore blobs(store);
  CAIRN_ASSIGN_OR_RETURN(const DeltaManifest folded, DeltaManifest::load(blobs, foldedFrom.delta));
  CAIRN_ASSIGN_OR_RETURN(DeltaManifest later, DeltaManifest::load(blobs, current.delta));
  // Each graph's folded segments must open its current list unchanged; what follows them is
  // the layer of the new root.
  for (const GraphDeltaSegments& graph : folded.graphs) {
    const GraphDeltaSegments* now = later.findGraph(graph.graph);
    if (now == nullptr || now->segments.size() < graph.segments.size()) return kSuperseded;
    for (size_t i = 0; i < graph.segments.size(); ++i) {
      if (now->segments[i].runs != graph.segments[i].runs) return kSuperseded;
    }
  }
  for (GraphDeltaSegments& graph : later.graphs) {
    const GraphDeltaSegments* done = folded.findGraph(graph.graph);
    const size_t drop = done == nullptr ? 0 : done->segments.size();
    graph.segments.erase(graph.segments.begin(), graph.segments.begin() + drop);
  }
  std::erase_if(later.graphs, [](const GraphDeltaSegments& g) { return g.segments.empty(); });

  BuiltIndexRoot built;
  IndexRoot& next = built.root;
  next = current;  // t, dictionaries, languages, datatypes, blank nodes: the newest
  next.createdAt = commitTimeNow();
  next.previous = currentId;
  next.baseT = fold.root.baseT;
  next.quads = fold.root.quads;
  next.graphs = fold.root.graphs;
  next.history = fold.root.history;
  CAIRN_ASSIGN_OR_RETURN(next.delta, later.save(blobs));
  CAIRN_ASSIGN_OR_RETURN(built.id, blobs.put(next.toJson()));
  CAIRN_RETURN_IF_ERROR(blobs.sync());

  built.report = fold.report;
  built.report.toT = next.t;
  built.report.deltaFlakes = later.flakes();
  built.report.bytesWritten += blobs.bytes();
  built.report.blobsWritten += blobs.blobs();
  built.report.seconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return std::optional<BuiltIndexRoot>(std::move(built));
}

}  // namespace cairn::index
