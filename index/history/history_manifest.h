#pragma once
// The history an index root names (IndexRoot::history, docs/formats/history.md): for each graph
// and permutation, the segments written by successive index publishes, oldest first. One small
// binary blob; a root without history names the null id.
//
// HistoryView reads it: for (graph, permutation, range, asOf) it returns the history rows visible
// at asOf, merged in key order across segments. Segments whose [minT, maxT) misses asOf are
// skipped by their refs without being opened; the others' directories are opened on first use
// and kept.
//
// Thread-safety: HistoryManifest is a plain value. HistoryView's const methods may be called
// concurrently (segment directories open under a mutex). `store` must outlive every view.

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/object_type.h"
#include "core/status.h"
#include "index/history/history_entry.h"
#include "index/history/history_segment.h"
#include "index/permutation.h"
#include "index/tree/index_cache.h"
#include "index/tree/scan_range.h"
#include "storage/blob_store.h"
#include "storage/content_id.h"

namespace cairn::index {

// The history segments of one graph.
struct GraphHistory {
  core::NodeId graph = core::kNoNode;                      // kNoNode = the default graph
  std::array<std::vector<HistorySegmentRef>, 4> segments;  // indexed by Permutation, oldest first

  const std::vector<HistorySegmentRef>& of(Permutation p) const {
    return segments[static_cast<int>(p)];
  }
  std::vector<HistorySegmentRef>& of(Permutation p) { return segments[static_cast<int>(p)]; }
  bool empty() const;  // no segment in any permutation
  bool operator==(const GraphHistory&) const = default;
};

struct HistoryManifest {
  std::vector<GraphHistory> graphs;  // strictly increasing graph id

  bool empty() const;  // no segment at all
  const GraphHistory* findGraph(core::NodeId graph) const;

  // The blob; deterministic (equal manifests, equal bytes). Graphs must be strictly increasing.
  std::string encode() const;
  // Validates magic, version, sizes, graph order and every ref (non-null id, entries >= 1,
  // minT < maxT, bytes >= 1). Corruption names the manifest blob `id`.
  static core::Result<HistoryManifest> parse(std::string_view blob, const storage::ContentId& id);

  // Fetches and parses a manifest; the null id is the empty manifest.
  static core::Result<HistoryManifest> load(const storage::BlobStore& store,
                                            const storage::ContentId& id);
  // Stores the blob and returns its id; an empty manifest is not stored and gets the null id.
  core::Result<storage::ContentId> save(storage::BlobStore& store) const;

  // Appends one new segment (a valid ref, as HistorySegmentWriter::finish returns) to the list of
  // (graph, perm), adding the graph in order if it is new.
  void append(core::NodeId graph, Permutation perm, const HistorySegmentRef& ref);

  // The next manifest: each of `added`'s lists (any of which may be empty) appended to the same
  // graph's and permutation's list here, in order; a graph may appear more than once. Graphs left
  // without any segment are dropped. InvalidArgument on an invalid ref.
  core::Result<HistoryManifest> withSegments(std::span<const GraphHistory> added) const;

  // The next manifest after compaction: segments [first, first + count) of (graph, perm) replaced
  // by `merged`, which must hold exactly their entries and span exactly their [minT, maxT)
  // (InvalidArgument otherwise, or if there are no such segments).
  core::Result<HistoryManifest> withCompacted(core::NodeId graph, Permutation perm, size_t first,
                                              size_t count, const HistorySegmentRef& merged) const;

  bool operator==(const HistoryManifest&) const = default;
};

class HistoryView {
 public:
  // No history: every read returns nothing.
  HistoryView() = default;
  HistoryView(const storage::BlobStore& store, HistoryManifest manifest,
              std::shared_ptr<IndexCache> cache = nullptr);
  HistoryView(const HistoryView&) = delete;
  HistoryView& operator=(const HistoryView&) = delete;

  // The history named by an index root (null id: none). `cache` as in HistorySegment::open.
  static core::Result<std::shared_ptr<const HistoryView>> open(
      const storage::BlobStore& store, const storage::ContentId& manifestId,
      std::shared_ptr<IndexCache> cache = nullptr);

  bool empty() const { return manifest_.empty(); }
  const HistoryManifest& manifest() const { return manifest_; }
  // The graphs with at least one segment, in increasing id order.
  std::vector<core::NodeId> graphs() const;
  bool hasGraph(core::NodeId graph) const;

  // Appends, in key order, the rows of (graph, perm) with a key in `range` that were visible at
  // asOf (from <= asOf < to) and have since been retracted or superseded. Keys are unique across
  // segments at one asOf, since intervals of one key are disjoint (checked in debug builds).
  core::Status visibleAt(core::NodeId graph, Permutation perm, const ScanRange& range,
                         uint64_t asOf, std::vector<IndexRow>& out) const;

  // A window of visibleAt: reads at most `limit` rows of each segment from range.low on, and
  // appends, in key order, the visible rows with a key up to the returned key — range.high, or
  // less when a segment stopped at its limit (the smallest key such a segment stopped at).
  core::Result<RowKey> visibleWindow(core::NodeId graph, Permutation perm, const ScanRange& range,
                                     uint64_t asOf, size_t limit, std::vector<IndexRow>& out) const;

  // The sum of the segments' visibleUpperBound(range, asOf): at least the number of rows
  // visibleAt would return, from the directories alone.
  core::Result<uint64_t> visibleUpperBound(core::NodeId graph, Permutation perm,
                                           const ScanRange& range, uint64_t asOf) const;

  // Appends every history entry of (graph, perm) with a key in `range`, at every t, merged in
  // historyEntryLess order (key, then newest first).
  core::Status entriesIn(core::NodeId graph, Permutation perm, const ScanRange& range,
                         std::vector<HistoryEntry>& out) const;

  // Segment directories this view has opened so far.
  size_t openedSegments() const;

 private:
  core::Result<HistorySegment> segment(size_t graphIndex, Permutation perm, size_t s) const;
  // Calls `visit` with each segment of (graph, perm) whose [minT, maxT) holds asOf, in order;
  // stops at the first failure: a segment that cannot be opened, or `visit`'s own.
  core::Status forEachSegmentMeeting(
      core::NodeId graph, Permutation perm, uint64_t asOf,
      const std::function<core::Status(const HistorySegment&)>& visit) const;
  // A segment's Corruption, also naming the manifest that lists it.
  core::Status inManifest(const core::Status& failure) const;

  const storage::BlobStore* store_ = nullptr;
  std::shared_ptr<IndexCache> cache_;
  HistoryManifest manifest_;
  storage::ContentId manifestId_;  // the id manifest_ is stored under; null when empty
  mutable std::mutex mutex_;
  // Parallel to manifest_.graphs[g].segments[p]; null until first opened.
  mutable std::vector<std::array<std::vector<std::shared_ptr<const HistorySegment>>, 4>> opened_;
  mutable size_t openedCount_ = 0;
};

}  // namespace cairn::index
