#include "index/history/history_compaction.h"

#include <algorithm>
#include <string>
#include <vector>

namespace cairn::index {
namespace {

// One input of the merge: a segment and the next entry to take from it.
struct Source {
  HistorySegment segment;
  size_t block = 0;
  std::shared_ptr<const HistoryBlock> loaded;  // block `block`; null once exhausted
  size_t position = 0;

  const HistoryEntry& head() const { return loaded->entries[position]; }

  core::Status load() {
    loaded.reset();
    position = 0;
    if (block >= segment.blocks().size()) return core::Status::ok();
    CAIRN_ASSIGN_OR_RETURN(loaded, segment.loadBlock(block));
    return core::Status::ok();
  }
  core::Status advance() {
    if (++position < loaded->entries.size()) return core::Status::ok();
    ++block;
    return load();
  }
};

}  // namespace

core::Result<HistorySegmentRef> compactSegments(storage::BlobStore& store, Permutation perm,
                                                std::span<const HistorySegmentRef> segments,
                                                const IndexConfig& config,
                                                std::shared_ptr<IndexCache> cache) {
  if (segments.empty()) return core::Status::invalidArgument("compacting no history segments");
  std::vector<Source> sources;
  sources.reserve(segments.size());
  uint64_t expected = 0;
  for (const HistorySegmentRef& ref : segments) {
    CAIRN_ASSIGN_OR_RETURN(HistorySegment segment, HistorySegment::open(store, ref, cache));
    if (segment.perm() != perm) {
      return core::Status::invalidArgument("compacting " + std::string(permutationName(perm)) +
                                           " history: segment " + ref.id.shortHex() + " holds " +
                                           std::string(permutationName(segment.perm())));
    }
    expected += ref.entries;
    sources.push_back(Source{std::move(segment), 0, nullptr, 0});
  }
  if (segments.size() == 1) return segments.front();

  std::vector<size_t> heap;
  for (size_t s = 0; s < sources.size(); ++s) {
    CAIRN_RETURN_IF_ERROR(sources[s].load());
    if (sources[s].loaded != nullptr) heap.push_back(s);
  }
  // A min-heap of the sources' heads in segment order.
  auto after = [&](size_t a, size_t b) {
    return historyEntryLess(perm, sources[b].head(), sources[a].head());
  };
  std::make_heap(heap.begin(), heap.end(), after);

  HistorySegmentWriter writer(store, perm, config);
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), after);
    Source& source = sources[heap.back()];
    if (core::Status added = writer.add(source.head()); !added.isOk()) {
      return core::Status(added.code(), "compacting history segments: " + added.message());
    }
    CAIRN_RETURN_IF_ERROR(source.advance());
    if (source.loaded != nullptr) {
      std::push_heap(heap.begin(), heap.end(), after);
    } else {
      heap.pop_back();
    }
  }
  CAIRN_ASSIGN_OR_RETURN(HistorySegmentRef merged, writer.finish());
  CAIRN_CHECK(merged.entries == expected, "compaction lost or invented history entries");
  return merged;
}

}  // namespace cairn::index
