#pragma once
// orderedOtherRows: the rows of `?s <p> ?o` whose object is not of the predicate's main type,
// sorted by ?o in SPARQL's ORDER BY order (ties keep key order). These objects — lexically
// stored numbers ("+5", "4.50E0"), IRIs, an integer among decimals — are not in value order in
// POST, so top-k-from-index-mixed must compare every one of them; their number grows with the
// data (1,075 lexical doubles among 1M ratings at 10M triples). Sorted once per snapshot (by
// SortKeys, the comparison every ORDER BY uses) and
// kept in the snapshot's memo (index::Ledger::memoize), a LIMIT k query needs only the first
// (ASC) or last (DESC) k of them.

#include <memory>
#include <span>
#include <vector>

#include "index/novelty/snapshot_reader.h"
#include "query/exec/exec_context.h"

namespace cairn::query::plan {

struct OrderedOtherRows {
  std::vector<ValueRow> rows;  // (s, o), ascending by o
};

// The sorted rows of the POST ranges `ranges` (one predicate, the one graph of `scope`) at the
// query's t, as SortKeys orders `objectOrder` ascending; each row is (subject, object), named
// `subjectVariable` and objectOrder's variable. Memoized in the snapshot for reads of its
// latest state; worked out afresh at a past t.
std::shared_ptr<const OrderedOtherRows> orderedOtherRows(
    ExecContext& ctx, const index::SnapshotReader& post, uint64_t predicate,
    core::ObjectType mainType, std::span<const index::ScanRange> ranges,
    const std::string& subjectVariable, const OrderCondition& objectOrder, const GraphScope& scope);

}  // namespace cairn::query::plan
