#include "index/write/index_builder.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <optional>
#include <vector>

#include "core/term.h"
#include "core/vocab.h"
#include "index/dictionary/dictionary_append.h"
#include "index/history/history_manifest.h"
#include "index/history/history_segment.h"
#include "index/novelty/novelty_run.h"
#include "index/stats/stats_update.h"
#include "index/tree/tree_merger.h"
#include "index/write/commit_time.h"

namespace cairn::index {
namespace {

// Passes every call through and counts what is written, so the report can say what an indexing
// step cost in the store whichever component wrote it.
class CountingBlobStore final : public storage::BlobStore {
 public:
  explicit CountingBlobStore(storage::BlobStore& inner) : inner_(inner) {}

  core::Result<storage::ContentId> put(std::string_view bytes) override {
    bytes_ += bytes.size();
    ++blobs_;
    return inner_.put(bytes);
  }
  core::Result<std::vector<storage::ContentId>> putMany(
      const std::vector<std::string_view>& blobs) override {
    for (std::string_view b : blobs) bytes_ += b.size();
    blobs_ += blobs.size();
    return inner_.putMany(blobs);
  }
  core::Result<std::string> get(const storage::ContentId& id) const override {
    return inner_.get(id);
  }
  core::Result<bool> exists(const storage::ContentId& id) const override {
    return inner_.exists(id);
  }
  core::Status sync() override { return inner_.sync(); }
  core::Status forEachBlob(const BlobVisitor& visit) const override {
    return inner_.forEachBlob(visit);
  }
  core::Status removeMany(std::span<const storage::ContentId> ids) override {
    return inner_.removeMany(ids);
  }

  uint64_t bytes() const { return bytes_; }
  uint64_t blobs() const { return blobs_; }

 private:
  storage::BlobStore& inner_;
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
                                    const PermutationNovelty& spot) {
  GraphDelta delta;
  const std::vector<NoveltyEntry> entries = spot.allEntries();
  delta.flakes = entries.size();
  std::optional<SnapshotReader> reader = snapshot.reader(graph, Permutation::kSPOT);
  const PermutationReader* base = reader ? reader->base() : nullptr;
  for (size_t begin = 0; begin < entries.size();) {
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

}  // namespace

core::Result<BuiltIndexRoot> buildIndexRoot(storage::BlobStore& store, const Ledger& snapshot) {
  const auto started = std::chrono::steady_clock::now();
  CountingBlobStore blobs(store);
  const IndexRoot& old = snapshot.root();
  const Novelty& novelty = snapshot.novelty();
  const IndexConfig& config = snapshot.config();

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
                         appendToDictionary(blobs, DictionaryKind::kIri, old.iris, iris));
  CAIRN_ASSIGN_OR_RETURN(next.strings,
                         appendToDictionary(blobs, DictionaryKind::kString, old.strings, strings));

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
    CAIRN_ASSIGN_OR_RETURN(GraphDelta delta, graphDelta(snapshot, graph, *spot));
    report.flakes += delta.flakes;
    report.rowsChanged += delta.upserts.size() + delta.deletes.size();
    report.historyEntries += delta.history.size();

    const GraphIndex* before = old.findGraph(graph);
    GraphIndex after;
    after.graph = graph;
    for (Permutation perm : kAllPermutations) {
      const PermutationRoot baseRoot = before ? before->permutation(perm) : PermutationRoot{};
      const std::vector<RowChange> changes = rowChanges(delta, perm);
      CAIRN_ASSIGN_OR_RETURN(MergeResult merged, mergeIntoTree(blobs, perm, baseRoot, changes,
                                                               snapshot.cache(), config));
      after.permutations[static_cast<int>(perm)] = merged.root;
      report.leafletsRewritten += merged.stats.leafletsRewritten;
      report.leafletsReused += merged.stats.leafletsReused;
      if (!delta.history.empty()) {
        HistorySegmentWriter writer(blobs, perm, config);
        for (const HistoryEntry& entry : historyIn(delta, perm)) {
          CAIRN_RETURN_IF_ERROR(writer.add(entry));
        }
        CAIRN_ASSIGN_OR_RETURN(HistorySegmentRef ref, writer.finish());
        manifest.append(graph, perm, ref);
      }
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

}  // namespace cairn::index
