#pragma once
// IndexRoot: everything a ledger's index consists of at one `t`, stored as one content-addressed
// JSON blob (docs/formats/index-root.md). A ledger's head names its current root; older roots stay
// readable for readers that started on them until garbage collection (index/gc) removes them.
// Time travel needs none of them: the current root's history and the commits answer every t.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/object_type.h"
#include "core/status.h"
#include "index/commit/commit_timeline.h"
#include "index/dictionary/dictionary_root.h"
#include "index/permutation.h"
#include "index/tree/permutation_root.h"
#include "storage/content_id.h"

namespace cairn::index {

// The four permutations (and statistics) of one graph.
struct GraphIndex {
  core::NodeId graph = core::kNoNode;           // kNoNode = the default graph
  std::array<PermutationRoot, 4> permutations;  // indexed by Permutation
  storage::ContentId stats;                     // LedgerStats blob for this graph
  uint64_t triples = 0;

  const PermutationRoot& permutation(Permutation p) const {
    return permutations[static_cast<int>(p)];
  }
};

struct IndexRoot {
  static constexpr int kFormatVersion = 1;

  uint64_t t = 0;  // the last commit this index covers
  // The last commit the permutation trees, statistics and history cover; the commits after it,
  // up to t, are in the delta layer (`delta`). Equal to t when there is none.
  uint64_t baseT = 0;
  std::string createdAt;        // ISO-8601 UTC
  storage::ContentId previous;  // the root this one replaced (null for the first)
  // The ledger's first root (its import, or creation): its t and time, carried forward by every
  // later root so as-of times before the first commit still resolve after re-indexing.
  uint64_t originT = 0;
  std::string originAt;
  uint64_t quads = 0;  // distinct (g, s, p, o) over all graphs
  DictionaryRoot iris;
  DictionaryRoot strings;
  std::vector<std::string> languages;  // languages[code - 1]
  std::vector<std::string> datatypes;  // datatypes[code - 1]
  uint64_t blankNodes = 0;             // blank-node ordinals allocated so far
  std::vector<GraphIndex> graphs;      // sorted by graph id; the default graph, if any, first
  // Where retracted and superseded facts live (write path); null while there is no history.
  storage::ContentId history;
  // The persisted delta layer (index/delta/delta_manifest.h): the changes of commits
  // (baseT, t]; null when baseT == t.
  storage::ContentId delta;
  // The times of every commit up to t, and of the origin (index/commit/commit_timeline.h), so
  // opening the ledger needs no walk back through the commits before t. nullopt in roots written
  // before it (and by imports): opening those walks every commit record for its time.
  std::optional<std::vector<TimelineSegmentRef>> timeline;

  std::string toJson() const;
  static core::Result<IndexRoot> fromJson(std::string_view json);
  const GraphIndex* findGraph(core::NodeId graph) const;
};

}  // namespace cairn::index
