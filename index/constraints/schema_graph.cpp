#include "index/constraints/schema_graph.h"

#include "index/ledger/ledger.h"

namespace cairn::index {

core::Status scanRows(const SnapshotReader& reader, const ScanRange& range, ColumnMask columns,
                      uint64_t asOf, const std::function<bool(const ColumnBatch&, size_t)>& visit) {
  SnapshotCursor cursor = reader.scan(range, columns, asOf);
  ColumnBatch batch;
  while (true) {
    auto more = cursor.next(batch);
    if (!more.isOk()) return more.status();
    for (size_t r = 0; r < batch.rows; ++r) {
      if (!visit(batch, r)) return core::Status::ok();
    }
    if (!*more) return core::Status::ok();
  }
}

core::Status forEachSchemaFact(const Ledger& state, uint64_t asOf,
                               const std::function<void(const IndexRow&)>& visit) {
  CAIRN_ASSIGN_OR_RETURN(auto graph, state.encodeIri(kSchemaGraphIri));
  if (!graph || !state.hasGraph(*graph, asOf)) return core::Status::ok();
  auto spot = state.reader(*graph, Permutation::kSPOT);
  if (!spot) return core::Status::ok();
  return scanRows(*spot, ScanRange::all(), kAllColumns, asOf,
                  [&](const ColumnBatch& batch, size_t r) {
                    visit(rowAt(batch, r));
                    return true;
                  });
}

}  // namespace cairn::index
