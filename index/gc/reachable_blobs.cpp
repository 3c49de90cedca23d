#include "index/gc/reachable_blobs.h"

#include <string>
#include <utility>
#include <vector>

#include "index/commit/commit_record.h"
#include "index/delta/delta_manifest.h"
#include "index/dictionary/dictionary.h"
#include "index/history/history_manifest.h"
#include "index/history/history_segment.h"
#include "index/tree/branch_node.h"
#include "index/tree/leaf_node.h"

namespace cairn::index {

core::Result<IndexRoot> ReachableBlobs::addIndexRoot(const storage::ContentId& id) {
  CAIRN_ASSIGN_OR_RETURN(std::string json, store_.get(id));
  auto parsed = IndexRoot::fromJson(json);
  if (!parsed.isOk()) {
    return core::Status(parsed.status().code(),
                        "index root blob " + id.shortHex() + ": " + parsed.status().message());
  }
  const IndexRoot& root = *parsed;
  if (!mark(id)) return parsed;  // marked before, with everything it names
  ++indexRoots_;
  CAIRN_RETURN_IF_ERROR(addDictionary(DictionaryKind::kIri, root.iris));
  CAIRN_RETURN_IF_ERROR(addDictionary(DictionaryKind::kString, root.strings));
  for (const GraphIndex& graph : root.graphs) {
    if (!graph.stats.isNull()) mark(graph.stats);
    for (Permutation perm : kAllPermutations) {
      CAIRN_RETURN_IF_ERROR(addTree(perm, graph.permutation(perm)));
    }
  }
  CAIRN_RETURN_IF_ERROR(addHistory(root.history));
  CAIRN_RETURN_IF_ERROR(addDelta(root.delta));
  if (root.timeline) {
    for (const TimelineSegmentRef& segment : *root.timeline) mark(segment.id);
  }
  return parsed;
}

core::Status ReachableBlobs::addDictionary(DictionaryKind kind, const DictionaryRoot& root) {
  if (root.root.isNull() || contains(root.root)) return core::Status::ok();
  // No chunk cache: chunks are listed from the segment directories, never decoded.
  CAIRN_ASSIGN_OR_RETURN(auto dictionary, Dictionary::open(store_, kind, root, /*cacheBytes=*/0));
  for (const storage::ContentId& id : dictionary->blobIds()) mark(id);
  return core::Status::ok();
}

core::Status ReachableBlobs::addTree(Permutation perm, const PermutationRoot& root) {
  if (root.empty()) return core::Status::ok();
  std::vector<std::pair<storage::ContentId, uint32_t>> pending{{root.root, root.height}};
  while (!pending.empty()) {
    const auto [id, level] = pending.back();
    pending.pop_back();
    if (!mark(id)) continue;
    CAIRN_ASSIGN_OR_RETURN(std::string blob, store_.get(id));
    if (level == 0) {
      CAIRN_ASSIGN_OR_RETURN(LeafNode leaf, parseLeaf(blob, id, perm));
      for (const LeafletEntry& entry : leaf.entries) {
        if (!entry.leaflet.isNull()) mark(entry.leaflet);  // null: every column constant
      }
      continue;
    }
    CAIRN_ASSIGN_OR_RETURN(BranchNode branch, parseBranch(blob, id, perm));
    if (branch.level != level) {
      return core::Status::corruption("branch blob " + id.shortHex() + " has level " +
                                      std::to_string(branch.level) + " where its parent implies " +
                                      std::to_string(level));
    }
    for (const BranchEntry& entry : branch.entries) pending.emplace_back(entry.child, level - 1);
  }
  return core::Status::ok();
}

core::Status ReachableBlobs::addHistory(const storage::ContentId& manifestId) {
  if (manifestId.isNull() || !mark(manifestId)) return core::Status::ok();
  CAIRN_ASSIGN_OR_RETURN(HistoryManifest manifest, HistoryManifest::load(store_, manifestId));
  for (const GraphHistory& graph : manifest.graphs) {
    for (Permutation perm : kAllPermutations) {
      for (const HistorySegmentRef& ref : graph.of(perm)) {
        if (!mark(ref.id)) continue;
        CAIRN_ASSIGN_OR_RETURN(std::string blob, store_.get(ref.id));
        CAIRN_ASSIGN_OR_RETURN(HistoryDirectory directory, parseHistoryDirectory(blob, ref.id));
        for (const HistoryBlockInfo& block : directory.blocks) mark(block.id);
      }
    }
  }
  return core::Status::ok();
}

core::Status ReachableBlobs::addDelta(const storage::ContentId& manifestId) {
  if (manifestId.isNull() || !mark(manifestId)) return core::Status::ok();
  CAIRN_ASSIGN_OR_RETURN(DeltaManifest manifest, DeltaManifest::load(store_, manifestId));
  for (const GraphDeltaSegments& graph : manifest.graphs) {
    for (const DeltaSegment& segment : graph.segments) {
      for (const DeltaRunRef& run : segment.runs) {
        if (!mark(run.id)) continue;
        CAIRN_ASSIGN_OR_RETURN(std::string blob, store_.get(run.id));
        CAIRN_ASSIGN_OR_RETURN(DeltaDirectory directory, parseDeltaDirectory(blob, run.id));
        for (const DeltaBlockInfo& block : directory.blocks) mark(block.id);
      }
    }
  }
  return core::Status::ok();
}

core::Status ReachableBlobs::addCommitChain(const storage::ContentId& head) {
  uint64_t laterT = UINT64_MAX;
  for (storage::ContentId id = head; !id.isNull();) {
    // A chain that meets records marked before goes on exactly as they do.
    if (!mark(id)) return core::Status::ok();
    CAIRN_ASSIGN_OR_RETURN(std::string bytes, store_.get(id));
    CAIRN_ASSIGN_OR_RETURN(CommitHeader header, decodeCommitHeader(bytes, id.shortHex()));
    if (header.t >= laterT) {
      return core::Status::corruption("commit blob " + id.shortHex() + ": t " +
                                      std::to_string(header.t) + " is not before its successor's");
    }
    ++commitRecords_;
    laterT = header.t;
    id = header.previous;
  }
  return core::Status::ok();
}

}  // namespace cairn::index
