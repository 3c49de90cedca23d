#include "query/graph/stored_facts.h"

#include <array>

#include "core/error.h"
#include "core/vocab.h"
#include "index/tree/column_batch.h"
#include "index/tree/scan_range.h"
#include "query/graph/property_graph_vocabulary.h"

namespace cairn::query::graph {

core::EncodedObject nodeObject(core::NodeId node) {
  return {core::isBlankNode(node) ? core::otype::kBlank : core::otype::kIri, node};
}

std::optional<core::NodeId> StoredFacts::iri(std::string_view iri) const {
  auto it = iris_.find(std::string(iri));
  if (it == iris_.end()) {
    it = iris_.emplace(std::string(iri), core::valueOrThrow(state_.encodeIri(iri))).first;
  }
  return it->second;
}

std::optional<core::NodeId> StoredFacts::edgesGraph() const { return iri(kEdgesGraphIri); }

const index::SnapshotReader* StoredFacts::reader(core::NodeId graph,
                                                 index::Permutation perm) const {
  const uint64_t key = (graph << 2) | static_cast<uint64_t>(perm);
  auto it = readers_.find(key);
  if (it == readers_.end()) it = readers_.emplace(key, state_.reader(graph, perm)).first;
  return it->second ? &*it->second : nullptr;
}

namespace {

// Appends to `out` the facts with subject `s` (and predicate `p` unless kNoNode) that the SPOT
// reader `spot` has at `asOf`, in index order.
void appendSubjectFacts(const index::SnapshotReader& spot, core::NodeId s, core::NodeId p,
                        uint64_t asOf, std::vector<SubjectFact>& out) {
  const std::array<uint64_t, 2> prefix = {s, p};
  const auto range = index::ScanRange::prefix(std::span(prefix.data(), p == core::kNoNode ? 1 : 2));
  const index::ColumnMask columns =
      index::columnBit(index::Column::kP) | index::columnBit(index::Column::kOType) |
      index::columnBit(index::Column::kOKey) | index::columnBit(index::Column::kI);
  index::SnapshotCursor cursor = spot.scan(range, columns, asOf);
  index::ColumnBatch batch;
  while (core::valueOrThrow(cursor.next(batch))) {
    const auto& ps = batch.column(index::Column::kP);
    const auto& ots = batch.column(index::Column::kOType);
    const auto& oks = batch.column(index::Column::kOKey);
    const auto& is = batch.column(index::Column::kI);
    for (size_t r = 0; r < batch.rows; ++r) {
      out.push_back(SubjectFact{
          ps[r], core::EncodedObject{static_cast<core::ObjectType>(ots[r]), oks[r]}, is[r]});
    }
  }
}

}  // namespace

std::vector<SubjectFact> StoredFacts::ofSubject(core::NodeId graph, core::NodeId s,
                                                core::NodeId p) const {
  std::vector<SubjectFact> facts;
  if (const index::SnapshotReader* spot = reader(graph, index::Permutation::kSPOT)) {
    appendSubjectFacts(*spot, s, p, UINT64_MAX, facts);
  }
  return facts;
}

std::vector<ObjectFact> StoredFacts::withObject(core::NodeId graph, core::NodeId o) const {
  std::vector<ObjectFact> facts;
  const index::SnapshotReader* opst = reader(graph, index::Permutation::kOPST);
  if (opst == nullptr) return facts;
  const core::EncodedObject object = nodeObject(o);
  const std::array<uint64_t, 2> prefix = {object.type, object.key};
  const index::ColumnMask columns = index::columnBit(index::Column::kS) |
                                    index::columnBit(index::Column::kP) |
                                    index::columnBit(index::Column::kI);
  index::SnapshotCursor cursor = opst->scan(index::ScanRange::prefix(prefix), columns);
  index::ColumnBatch batch;
  while (core::valueOrThrow(cursor.next(batch))) {
    const auto& ss = batch.column(index::Column::kS);
    const auto& ps = batch.column(index::Column::kP);
    const auto& is = batch.column(index::Column::kI);
    for (size_t r = 0; r < batch.rows; ++r) facts.push_back(ObjectFact{ss[r], ps[r], is[r]});
  }
  return facts;
}

bool StoredFacts::labelInUse(std::string_view labelIri) const {
  const auto type = iri(core::vocab::kRdfType);
  const auto label = iri(labelIri);
  if (!type || !label) return false;
  const index::SnapshotReader* post = reader(core::kNoNode, index::Permutation::kPOST);
  if (post == nullptr) return false;
  const core::EncodedObject object = nodeObject(*label);
  const std::array<uint64_t, 3> prefix = {*type, object.type, object.key};
  return core::valueOrThrow(post->count(index::ScanRange::prefix(prefix))) > 0;
}

}  // namespace cairn::query::graph
