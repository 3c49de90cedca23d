#pragma once
// PropertyWalk: one property's facts for nodes asked in ascending id order, read as a walk of
// PSOT (p, s, ...) rather than one point scan of SPOT per node. A label scan yields its nodes in
// id order, so `MATCH (n:User) RETURN avg(n.age)` reads pg:age once, front to back, where point
// scans would open a cursor (a tree descent, a leaflet decode, a batch) per node.
//
// Each read continues where the last stopped; when the walk runs past its batch it seeks again
// from the node asked (a fresh cursor, reading a short batch first), so far-apart nodes cost a
// seek each, not a read of every subject between them — the first two times; after that such a
// read returns false and the caller reads the node with a point read (SnapshotKeyProbe), which
// stays in the leaflet it last read. A walk that keeps seeking (nodes too
// sparse to share batches) or is asked out of order turns itself off: the caller then reads
// point by point, as it would without it. The facts of the last few thousand nodes are kept, so
// several expressions reading one node's property (min, max and avg of it), and the operators
// above a filter reading the rows it passed, read each node once.

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "core/object_type.h"
#include "index/novelty/snapshot_reader.h"

namespace cairn::query::graph {

struct PropertyFact {
  core::EncodedObject object;
  uint64_t i = 0;
};

class PropertyWalk {
 public:
  // `psot` reads the graph's PSOT; `p` is the property's predicate id.
  PropertyWalk(index::SnapshotReader psot, core::NodeId p, uint64_t asOf);
  PropertyWalk(const PropertyWalk&) = delete;
  PropertyWalk& operator=(const PropertyWalk&) = delete;

  // The facts of (s, p) with literal objects, in index order, into `out`; false (and `out`
  // untouched) when the walk cannot serve s: s is below a node read before, the walk is off, or
  // s is past its batch after two seeks and not dense (a point read is cheaper).
  // Throws core::Error(kStorageError) when the store fails.
  bool read(core::NodeId s, std::vector<PropertyFact>& out);

 private:
  void seek(core::NodeId s);
  // The cursor's next batch into batch_ (pos_ = 0); false at the end.
  bool fill(size_t maxRows);

  index::SnapshotReader psot_;
  core::NodeId p_;
  uint64_t asOf_;
  std::optional<index::SnapshotCursor> cursor_;
  index::ColumnBatch batch_;
  size_t pos_ = 0;
  bool ended_ = true;  // no rows after batch_
  bool started_ = false;
  bool off_ = false;
  core::NodeId last_ = 0;
  // The facts of the nodes read lately, for reads behind the walk (cleared when full).
  std::unordered_map<core::NodeId, std::vector<PropertyFact>> recent_;
  uint64_t reads_ = 0;
  uint64_t behind_ = 0;
  uint64_t seeks_ = 0;
  uint64_t readsSinceSeek_ = 0;
};

}  // namespace cairn::query::graph
