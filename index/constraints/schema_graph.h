#pragma once
// The ledger's schema graph: where declarations about the data live as ordinary facts
// (uniqueness constraints, prefix declarations), so they are durable, readable at every past t
// and visible to SPARQL, apart from the default graph that queries read.

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "core/status.h"
#include "core/term.h"
#include "index/novelty/snapshot_reader.h"
#include "index/write/transaction.h"

namespace cairn::index {

class Ledger;

inline constexpr std::string_view kSchemaGraphIri = "urn:cairn:sys:schema";

// The fact (subject, predicate, object) in the schema graph, as a commit inserts or deletes it.
inline TxQuad schemaFact(const core::Term& subject, std::string_view predicate, core::Term object) {
  TxQuad q{TxTerm::of(subject), TxTerm::of(core::Term::iri(std::string(predicate))),
           TxTerm::of(std::move(object))};
  q.g = TxTerm::of(core::Term::iri(std::string(kSchemaGraphIri)));
  return q;
}

// Every row of `range` in `reader` at asOf, with the columns `columns`, passed to `visit` (which
// returns false to stop).
core::Status scanRows(const SnapshotReader& reader, const ScanRange& range, ColumnMask columns,
                      uint64_t asOf, const std::function<bool(const ColumnBatch&, size_t)>& visit);

// Every fact of `state`'s schema graph at asOf, passed to `visit`: one pass over its SPOT (the
// schema graph is small). None when the ledger has no schema graph then.
core::Status forEachSchemaFact(const Ledger& state, uint64_t asOf,
                               const std::function<void(const IndexRow&)>& visit);

}  // namespace cairn::index
