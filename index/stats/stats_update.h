#pragma once
// Incremental statistics: the indexer's way to keep a graph's LedgerStats current after a batch
// of commits without rereading the graph. Added rows are counted by a StatsBuilder and merged;
// removed rows are subtracted from every exact count (triples, per-predicate rows, class
// counts, rows per value range). Sketches cannot forget, so distinct-subject and distinct-object
// estimates and value-range bounds stay those of every row ever indexed: upper bounds, which is
// the safe side for a planner. A rebuild from the current rows tightens them.

#include <cstdint>
#include <span>

#include "index/permutation.h"
#include "index/stats/ledger_stats.h"

namespace cairn::index {

// `base` with `added` counted in and `removed` taken out. `added` must not hold rows `base`
// already counts, and `removed` only rows it counts (the indexer passes the net change).
// rdfTypeIriId: the IRI id of rdf:type (0 if the ledger has none).
LedgerStats updatedStats(const LedgerStats& base, std::span<const IndexRow> added,
                         std::span<const IndexRow> removed, uint64_t rdfTypeIriId);

}  // namespace cairn::index
