#pragma once
// The persisted delta layer an index root names (IndexRoot::delta, docs/formats/delta.md): for
// each graph, the segments index runs wrote since the permutation trees were last folded, oldest
// first. A segment holds the changes of the commits (afterT, throughT] in four runs, one per
// permutation (index/delta/delta_run.h), and the net rows they add per predicate — what readers
// and planners add to the trees' statistics without reading a block.
//
// Why a delta layer: a 1K-triple commit to a large ledger touches leaflets all over every
// permutation, so folding it into the trees rewrites a large share of the index. Persisting it as
// a segment costs about its own size; the indexer folds the layer into the trees only once it
// has grown to a fraction of them (index/write/index_builder.h), so each leaflet is rewritten
// once per many commits instead of once per commit.
//
// One small JSON blob; a root without a delta layer names the null id.
//
// Thread-safety: a plain value.

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/object_type.h"
#include "core/status.h"
#include "index/delta/delta_run.h"
#include "storage/blob_store.h"

namespace cairn::index {

struct DeltaSegment {
  uint64_t afterT = 0;    // the segment holds the changes of commits afterT < t <= throughT
  uint64_t throughT = 0;  // > afterT
  uint64_t flakes = 0;    // changes (each run holds this many entries)
  int64_t rowDelta = 0;   // net rows the changes add to the graph (negative: remove)
  std::map<uint64_t, int64_t> predicateRows;  // net rows per predicate id; zero entries left out
  std::array<DeltaRunRef, 4> runs;            // indexed by Permutation

  const DeltaRunRef& run(Permutation p) const { return runs[static_cast<int>(p)]; }
  uint64_t bytes() const;  // the four runs as stored
};

struct GraphDeltaSegments {
  core::NodeId graph = core::kNoNode;  // kNoNode = the default graph
  std::vector<DeltaSegment> segments;  // oldest first; their t ranges follow each other
};

struct DeltaManifest {
  std::vector<GraphDeltaSegments> graphs;  // strictly increasing graph id, none empty

  bool empty() const { return graphs.empty(); }
  uint64_t flakes() const;  // over all graphs and segments
  const GraphDeltaSegments* findGraph(core::NodeId graph) const;

  // The blob; deterministic. Graphs must be strictly increasing.
  std::string encode() const;
  // Validates the structure: graphs increasing and non-empty, segments' t ranges non-empty and in
  // order, every run named with as many entries as the segment has flakes. Corruption names the
  // manifest blob `id`.
  static core::Result<DeltaManifest> parse(std::string_view blob, const storage::ContentId& id);
  // Fetches and parses a manifest; the null id is the empty manifest.
  static core::Result<DeltaManifest> load(const storage::BlobStore& store,
                                          const storage::ContentId& id);
  // Stores a non-empty manifest and returns its id; the empty manifest is the null id.
  core::Result<storage::ContentId> save(storage::BlobStore& store) const;
};

}  // namespace cairn::index
