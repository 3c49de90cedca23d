#include "index/history/history_manifest.h"

#include <algorithm>
#include <functional>
#include <mutex>

#include "index/history/history_block.h"
#include "index/leaflet/blob_format.h"
#include "index/leaflet/byte_io.h"

namespace cairn::index {
namespace {

constexpr std::string_view kManifestKind = "history manifest";
constexpr size_t kManifestHeaderSize = 16;
constexpr size_t kGraphHeaderSize = 8 + 4 * 4;
constexpr size_t kRefSize = 32 + 4 * 8;

// Empty if the ref can name a segment, else why.
std::string checkRef(const HistorySegmentRef& ref) {
  if (ref.id.isNull()) return "null segment id";
  if (ref.entries == 0) return "segment without entries";
  if (ref.minT >= ref.maxT) return "segment with empty t bounds";
  if (ref.bytes == 0) return "segment of 0 bytes";
  return {};
}

// Merges sorted runs into `out` (a k-way merge over a min-heap of run heads).
template <typename T, typename Less>
void mergeRuns(const std::vector<std::vector<T>>& runs, Less less, std::vector<T>& out) {
  std::vector<size_t> position(runs.size(), 0);
  // std heaps keep the greatest on top; order by "greater" head to pop the least.
  auto after = [&](size_t a, size_t b) { return less(runs[b][position[b]], runs[a][position[a]]); };
  std::vector<size_t> heap;
  for (size_t r = 0; r < runs.size(); ++r) {
    if (!runs[r].empty()) heap.push_back(r);
  }
  std::make_heap(heap.begin(), heap.end(), after);
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), after);
    const size_t r = heap.back();
    out.push_back(runs[r][position[r]]);
    if (++position[r] < runs[r].size()) {
      std::push_heap(heap.begin(), heap.end(), after);
    } else {
      heap.pop_back();
    }
  }
}

}  // namespace

bool GraphHistory::empty() const {
  return std::all_of(segments.begin(), segments.end(),
                     [](const std::vector<HistorySegmentRef>& list) { return list.empty(); });
}

bool HistoryManifest::empty() const {
  return std::all_of(graphs.begin(), graphs.end(),
                     [](const GraphHistory& graph) { return graph.empty(); });
}

const GraphHistory* HistoryManifest::findGraph(core::NodeId graph) const {
  auto it = std::lower_bound(graphs.begin(), graphs.end(), graph,
                             [](const GraphHistory& g, core::NodeId id) { return g.graph < id; });
  return it != graphs.end() && it->graph == graph ? &*it : nullptr;
}

std::string HistoryManifest::encode() const {
  std::string blob;
  ByteWriter out(blob);
  out.raw(kHistoryManifestMagic.data(), kHistoryManifestMagic.size());
  out.u16(kHistoryFormatVersion);
  out.u16(0);  // reserved
  CAIRN_CHECK(graphs.size() <= UINT32_MAX, "history manifest graph count");
  out.u32(static_cast<uint32_t>(graphs.size()));
  out.u32(static_cast<uint32_t>(kRefSize));
  for (size_t g = 0; g < graphs.size(); ++g) {
    CAIRN_CHECK(g == 0 || graphs[g - 1].graph < graphs[g].graph,
                "history manifest graphs must be strictly increasing");
    out.u64(graphs[g].graph);
    for (const auto& list : graphs[g].segments) {
      CAIRN_CHECK(list.size() <= UINT32_MAX, "history manifest segment count");
      out.u32(static_cast<uint32_t>(list.size()));
    }
    for (const auto& list : graphs[g].segments) {
      for (const HistorySegmentRef& ref : list) {
        out.id(ref.id);
        out.u64(ref.entries);
        out.u64(ref.minT);
        out.u64(ref.maxT);
        out.u64(ref.bytes);
      }
    }
  }
  return blob;
}

core::Result<HistoryManifest> HistoryManifest::parse(std::string_view blob,
                                                     const storage::ContentId& id) {
  ByteReader in(blob);
  BlobMagic magic{};
  uint16_t version = 0;
  uint16_t reserved = 0;
  uint32_t graphCount = 0;
  uint32_t refSize = 0;
  if (!(in.raw(magic.data(), magic.size()) && in.u16(version) && in.u16(reserved) &&
        in.u32(graphCount) && in.u32(refSize))) {
    return corruptBlob(kManifestKind, id, "truncated header");
  }
  if (magic != kHistoryManifestMagic) return corruptBlob(kManifestKind, id, "bad magic");
  if (version != kHistoryFormatVersion) {
    return corruptBlob(kManifestKind, id, "unsupported format version " + std::to_string(version));
  }
  if (reserved != 0) return corruptBlob(kManifestKind, id, "reserved field not zero");
  if (refSize != kRefSize)
    return corruptBlob(kManifestKind, id, "ref size " + std::to_string(refSize));
  if (uint64_t{graphCount} * kGraphHeaderSize > in.remaining()) {
    return corruptBlob(kManifestKind, id, std::to_string(graphCount) + " graphs cannot fit");
  }

  HistoryManifest manifest;
  manifest.graphs.resize(graphCount);
  for (uint32_t g = 0; g < graphCount; ++g) {
    GraphHistory& graph = manifest.graphs[g];
    const std::string where = "graph " + std::to_string(g) + ": ";
    std::array<uint32_t, 4> counts{};
    bool ok = in.u64(graph.graph);
    for (uint32_t& count : counts) ok = ok && in.u32(count);
    if (!ok) return corruptBlob(kManifestKind, id, where + "truncated");
    if (g > 0 && !(manifest.graphs[g - 1].graph < graph.graph)) {
      return corruptBlob(kManifestKind, id, where + "out of graph order");
    }
    uint64_t refs = 0;
    for (uint32_t count : counts) refs += count;
    if (refs * kRefSize > in.remaining()) {
      return corruptBlob(kManifestKind, id, where + std::to_string(refs) + " segments cannot fit");
    }
    for (int p = 0; p < 4; ++p) {
      graph.segments[p].resize(counts[p]);
      for (uint32_t s = 0; s < counts[p]; ++s) {
        HistorySegmentRef& ref = graph.segments[p][s];
        if (!(in.id(ref.id) && in.u64(ref.entries) && in.u64(ref.minT) && in.u64(ref.maxT) &&
              in.u64(ref.bytes))) {
          return corruptBlob(kManifestKind, id, where + "truncated segment ref");
        }
        if (std::string problem = checkRef(ref); !problem.empty()) {
          return corruptBlob(kManifestKind, id,
                             where + std::string(permutationName(static_cast<Permutation>(p))) +
                                 " segment " + std::to_string(s) + ": " + problem);
        }
      }
    }
  }
  if (in.remaining() != 0) {
    return corruptBlob(kManifestKind, id,
                       std::to_string(in.remaining()) + " bytes after the last graph");
  }
  return manifest;
}

void HistoryManifest::append(core::NodeId graph, Permutation perm, const HistorySegmentRef& ref) {
  const std::string problem = checkRef(ref);
  CAIRN_CHECK(problem.empty(), "appending an invalid history segment ref");
  auto it = std::lower_bound(graphs.begin(), graphs.end(), graph,
                             [](const GraphHistory& g, core::NodeId id) { return g.graph < id; });
  if (it == graphs.end() || it->graph != graph) {
    it = graphs.insert(it, GraphHistory{});
    it->graph = graph;
  }
  it->of(perm).push_back(ref);
}

core::Result<HistoryManifest> HistoryManifest::withSegments(
    std::span<const GraphHistory> added) const {
  HistoryManifest manifest = *this;
  for (const GraphHistory& graph : added) {
    for (int p = 0; p < 4; ++p) {
      for (const HistorySegmentRef& ref : graph.segments[p]) {
        if (std::string problem = checkRef(ref); !problem.empty()) {
          return core::Status::invalidArgument("adding history segment " + ref.id.shortHex() +
                                               ": " + problem);
        }
        manifest.append(graph.graph, static_cast<Permutation>(p), ref);
      }
    }
  }
  std::erase_if(manifest.graphs, [](const GraphHistory& graph) { return graph.empty(); });
  return manifest;
}

core::Result<HistoryManifest> HistoryManifest::withCompacted(
    core::NodeId graph, Permutation perm, size_t first, size_t count,
    const HistorySegmentRef& merged) const {
  if (std::string problem = checkRef(merged); !problem.empty()) {
    return core::Status::invalidArgument("compacted history segment: " + problem);
  }
  HistoryManifest manifest = *this;
  auto it = std::find_if(manifest.graphs.begin(), manifest.graphs.end(),
                         [&](const GraphHistory& g) { return g.graph == graph; });
  if (it == manifest.graphs.end()) {
    return core::Status::invalidArgument("no history for graph " + std::to_string(graph));
  }
  std::vector<HistorySegmentRef>& list = it->of(perm);
  if (count == 0 || first > list.size() || count > list.size() - first) {
    return core::Status::invalidArgument("segments [" + std::to_string(first) + ", +" +
                                         std::to_string(count) + ") of " +
                                         std::to_string(list.size()));
  }
  uint64_t entries = 0;
  uint64_t minT = UINT64_MAX;
  uint64_t maxT = 0;
  for (size_t s = first; s < first + count; ++s) {
    entries += list[s].entries;
    minT = std::min(minT, list[s].minT);
    maxT = std::max(maxT, list[s].maxT);
  }
  if (merged.entries != entries || merged.minT != minT || merged.maxT != maxT) {
    return core::Status::invalidArgument(
        "compacted history segment " + merged.id.shortHex() + " holds " +
        std::to_string(merged.entries) + " entries in [" + std::to_string(merged.minT) + ", " +
        std::to_string(merged.maxT) + "), the segments it replaces " + std::to_string(entries) +
        " in [" + std::to_string(minT) + ", " + std::to_string(maxT) + ")");
  }
  list.erase(list.begin() + static_cast<std::ptrdiff_t>(first),
             list.begin() + static_cast<std::ptrdiff_t>(first + count));
  list.insert(list.begin() + static_cast<std::ptrdiff_t>(first), merged);
  return manifest;
}

core::Result<HistoryManifest> HistoryManifest::load(const storage::BlobStore& store,
                                                    const storage::ContentId& id) {
  if (id.isNull()) return HistoryManifest{};
  CAIRN_ASSIGN_OR_RETURN(std::string blob, store.get(id));
  return parse(blob, id);
}

core::Result<storage::ContentId> HistoryManifest::save(storage::BlobStore& store) const {
  if (empty()) return storage::ContentId{};
  return store.put(encode());
}

HistoryView::HistoryView(const storage::BlobStore& store, HistoryManifest manifest,
                         std::shared_ptr<IndexCache> cache)
    : store_(&store), cache_(std::move(cache)), manifest_(std::move(manifest)) {
  if (!manifest_.empty()) manifestId_ = storage::ContentId::of(manifest_.encode());
  opened_.resize(manifest_.graphs.size());
  for (size_t g = 0; g < manifest_.graphs.size(); ++g) {
    for (int p = 0; p < 4; ++p) opened_[g][p].resize(manifest_.graphs[g].segments[p].size());
  }
}

core::Result<std::shared_ptr<const HistoryView>> HistoryView::open(
    const storage::BlobStore& store, const storage::ContentId& manifestId,
    std::shared_ptr<IndexCache> cache) {
  CAIRN_ASSIGN_OR_RETURN(HistoryManifest manifest, HistoryManifest::load(store, manifestId));
  auto view = std::make_shared<HistoryView>(store, std::move(manifest), std::move(cache));
  view->manifestId_ = manifestId;  // what the store holds, whatever encode() gives now
  return std::shared_ptr<const HistoryView>(std::move(view));
}

std::vector<core::NodeId> HistoryView::graphs() const {
  std::vector<core::NodeId> ids;
  for (const GraphHistory& graph : manifest_.graphs) {
    if (!graph.empty()) ids.push_back(graph.graph);
  }
  return ids;
}

bool HistoryView::hasGraph(core::NodeId graph) const {
  const GraphHistory* history = manifest_.findGraph(graph);
  return history != nullptr && !history->empty();
}

core::Status HistoryView::inManifest(const core::Status& failure) const {
  // A segment that disagrees with its ref may be the damaged one, or the manifest may be.
  if (failure.code() != core::StatusCode::kCorruption) return failure;
  return core::Status(failure.code(), failure.message() + " (listed by history manifest " +
                                          manifestId_.shortHex() + ")");
}

size_t HistoryView::openedSegments() const {
  std::lock_guard lock(mutex_);
  return openedCount_;
}

core::Result<HistorySegment> HistoryView::segment(size_t graphIndex, Permutation perm,
                                                  size_t s) const {
  const int p = static_cast<int>(perm);
  {
    std::lock_guard lock(mutex_);
    if (const auto& slot = opened_[graphIndex][p][s]; slot != nullptr) return *slot;
  }
  // Opened outside the lock: concurrent first readers may both fetch it; one copy is kept.
  const HistorySegmentRef& ref = manifest_.graphs[graphIndex].segments[p][s];
  core::Result<HistorySegment> result = HistorySegment::open(*store_, ref, cache_);
  if (!result.isOk()) return inManifest(result.status());
  HistorySegment opened = std::move(result).value();
  if (opened.perm() != perm) {
    return inManifest(corruptBlob("history segment", ref.id,
                                  "listed under " + std::string(permutationName(perm)) +
                                      " but holds " + std::string(permutationName(opened.perm()))));
  }
  std::lock_guard lock(mutex_);
  auto& slot = opened_[graphIndex][p][s];
  if (slot == nullptr) {
    slot = std::make_shared<const HistorySegment>(std::move(opened));
    ++openedCount_;
  }
  return *slot;
}

core::Status HistoryView::visibleAt(core::NodeId graph, Permutation perm, const ScanRange& range,
                                    uint64_t asOf, std::vector<IndexRow>& out) const {
  return visibleWindow(graph, perm, range, asOf, SIZE_MAX, out).status();
}

core::Result<RowKey> HistoryView::visibleWindow(core::NodeId graph, Permutation perm,
                                                const ScanRange& range, uint64_t asOf, size_t limit,
                                                std::vector<IndexRow>& out) const {
  RowKey end = range.high;
  if (range.isEmpty()) return end;
  std::vector<std::vector<IndexRow>> runs;
  CAIRN_RETURN_IF_ERROR(forEachSegmentMeeting(graph, perm, asOf, [&](const HistorySegment& s) {
    std::vector<IndexRow> run;
    CAIRN_RETURN_IF_ERROR(s.visibleAt(range, asOf, run, limit));
    // Stopped at its limit: its rows after the last one read are unknown.
    if (run.size() >= limit) end = std::min(end, rowKey(perm, run.back()));
    if (!run.empty()) runs.push_back(std::move(run));
    return core::Status::ok();
  }));
  const size_t start = out.size();
  if (runs.size() == 1) {
    out.insert(out.end(), runs[0].begin(), runs[0].end());
  } else if (runs.size() > 1) {
    mergeRuns(
        runs, [perm](const IndexRow& a, const IndexRow& b) { return rowLess(perm, a, b); }, out);
  }
  auto past = std::partition_point(out.begin() + static_cast<std::ptrdiff_t>(start), out.end(),
                                   [&](const IndexRow& row) { return !(end < rowKey(perm, row)); });
  out.erase(past, out.end());
#ifndef NDEBUG
  for (size_t r = start + 1; r < out.size(); ++r) {
    CAIRN_DCHECK(rowLess(perm, out[r - 1], out[r]),
                 "history rows of one key visible at one asOf in two segments");
  }
#endif
  return end;
}

core::Status HistoryView::forEachSegmentMeeting(
    core::NodeId graph, Permutation perm, uint64_t asOf,
    const std::function<core::Status(const HistorySegment&)>& visit) const {
  const GraphHistory* history = manifest_.findGraph(graph);
  if (history == nullptr) return core::Status::ok();
  const size_t graphIndex = static_cast<size_t>(history - manifest_.graphs.data());
  const std::vector<HistorySegmentRef>& refs = history->of(perm);
  for (size_t s = 0; s < refs.size(); ++s) {
    if (!refs[s].meets(asOf)) continue;
    CAIRN_ASSIGN_OR_RETURN(HistorySegment reader, segment(graphIndex, perm, s));
    CAIRN_RETURN_IF_ERROR(visit(reader));
  }
  return core::Status::ok();
}

core::Result<uint64_t> HistoryView::visibleUpperBound(core::NodeId graph, Permutation perm,
                                                      const ScanRange& range, uint64_t asOf) const {
  uint64_t rows = 0;
  CAIRN_RETURN_IF_ERROR(forEachSegmentMeeting(graph, perm, asOf, [&](const HistorySegment& s) {
    rows += s.visibleUpperBound(range, asOf);
    return core::Status::ok();
  }));
  return rows;
}

core::Status HistoryView::entriesIn(core::NodeId graph, Permutation perm, const ScanRange& range,
                                    std::vector<HistoryEntry>& out) const {
  const GraphHistory* history = manifest_.findGraph(graph);
  if (history == nullptr || range.isEmpty()) return core::Status::ok();
  const size_t graphIndex = static_cast<size_t>(history - manifest_.graphs.data());
  const std::vector<HistorySegmentRef>& refs = history->of(perm);
  std::vector<std::vector<HistoryEntry>> runs;
  for (size_t s = 0; s < refs.size(); ++s) {
    CAIRN_ASSIGN_OR_RETURN(HistorySegment reader, segment(graphIndex, perm, s));
    std::vector<HistoryEntry> run;
    CAIRN_RETURN_IF_ERROR(reader.entriesIn(range, run));
    if (!run.empty()) runs.push_back(std::move(run));
  }
  if (runs.size() == 1) {
    out.insert(out.end(), runs[0].begin(), runs[0].end());
  } else if (runs.size() > 1) {
    mergeRuns(
        runs,
        [perm](const HistoryEntry& a, const HistoryEntry& b) {
          return historyEntryLess(perm, a, b);
        },
        out);
  }
  return core::Status::ok();
}

}  // namespace cairn::index
