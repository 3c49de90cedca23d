#include "tests/support/ledger_quads.h"

#include <algorithm>

#include "core/error.h"

namespace cairn::testing {

std::vector<Quad> ledgerQuads(const index::Ledger& ledger) {
  using index::Column;
  const index::ColumnMask columns = index::columnBit(Column::kS) | index::columnBit(Column::kP) |
                                    index::columnBit(Column::kOType) |
                                    index::columnBit(Column::kOKey);
  std::vector<Quad> out;
  for (core::NodeId graph : ledger.graphIds()) {
    auto reader = ledger.reader(graph, index::Permutation::kSPOT);
    if (!reader) continue;
    std::optional<core::Term> graphTerm;
    if (graph != core::kNoNode) graphTerm = core::valueOrThrow(ledger.decodeNode(graph));
    auto cursor = reader->scan(index::ScanRange::all(), columns);
    index::ColumnBatch batch;
    while (core::valueOrThrow(cursor.next(batch))) {
      for (size_t r = 0; r < batch.rows; ++r) {
        const core::EncodedObject object{
            static_cast<core::ObjectType>(batch.column(Column::kOType)[r]),
            batch.column(Column::kOKey)[r]};
        out.push_back(Quad{core::valueOrThrow(ledger.decodeNode(batch.column(Column::kS)[r])),
                           core::valueOrThrow(ledger.decodeNode(batch.column(Column::kP)[r])),
                           core::valueOrThrow(ledger.decodeObject(object)), graphTerm});
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> ledgerNQuads(const index::Ledger& ledger) {
  std::vector<std::string> out;
  for (const Quad& q : ledgerQuads(ledger)) out.push_back(toNQuads(q));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace cairn::testing
