#include "tests/support/ledger_quads.h"

#include <algorithm>

#include "core/error.h"

namespace cairn::testing {
namespace {

template <typename T>
T orThrow(core::Result<T> result) {
  if (!result.isOk()) throw core::Error(core::ErrorCode::kStorageError, result.status().toString());
  return std::move(result).value();
}

}  // namespace

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
    if (graph != core::kNoNode) graphTerm = orThrow(ledger.decodeNode(graph));
    auto cursor = reader->scan(index::ScanRange::all(), columns);
    index::ColumnBatch batch;
    while (orThrow(cursor.next(batch))) {
      for (size_t r = 0; r < batch.rows; ++r) {
        const core::EncodedObject object{
            static_cast<core::ObjectType>(batch.column(Column::kOType)[r]),
            batch.column(Column::kOKey)[r]};
        out.push_back(Quad{orThrow(ledger.decodeNode(batch.column(Column::kS)[r])),
                           orThrow(ledger.decodeNode(batch.column(Column::kP)[r])),
                           orThrow(ledger.decodeObject(object)), graphTerm});
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
