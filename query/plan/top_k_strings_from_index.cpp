// Fast path "top-k-from-index-strings": ORDER BY ?o [more keys] LIMIT k over { ?s <p> ?o }
// whose objects are plain strings, read from POST instead of sorting every row.
//
// The bulk importer numbers strings in byte order (Ledger::sortedStrings), and UTF-8 byte order
// is SPARQL's order of simple literals, so POST's rows of (p, xsd:string, ids 1..sorted) come in
// the order ORDER BY ASC(?o) wants. The candidates are:
//   - ASC: the range's rows up to the k-th row's string, all of its ties included (later keys,
//     ?s say, decide among them: POST orders ties by subject id, not by what the keys say);
//     DESC: from the first row of the string the range's k-th row from the end begins with
//     (PermutationReader::tailStart), to the range's end;
//   - every other row of <p>: other types, and strings that commits added after the import
//     (ids in arrival order) — at most kOtherRows of them, counted from the directories.
// A TopK over them orders by all the keys exactly as the generic plan would.
//
// Preconditions, checked here: a LIMIT; the first key is the pattern's object variable; a
// constant predicate and a subject variable distinct from the object; one graph in scope; the
// other rows few. The single-key inline case stays with top-k-from-index, which needs no TopK.

#include "query/exec/index_scan.h"
#include "query/exec/top_k.h"
#include "query/exec/union_all.h"
#include "query/plan/object_order.h"
#include "query/plan/planner.h"

namespace cairn::query::plan {

namespace {

// Rows outside the ordered range that the TopK still compares one by one.
constexpr uint64_t kOtherRows = 4096;

}  // namespace

OperatorPtr Planner::tryTopKStringsFromIndex(const OrderByNode& orderBy, const GraphScope& scope,
                                             uint64_t k) {
  if (!ctx_.enabled(kRewriteTopKFromIndexStrings) || k == 0) return nullptr;
  const TriplePattern* shape = objectOrderedPattern(orderBy, scope);
  if (!shape) return nullptr;
  const TriplePattern& p = *shape;
  const bool descending = orderBy.order[0].descending;
  const std::string& object = p.object.variable;
  const uint64_t sorted = ctx_.ledger().sortedStrings();
  if (sorted == 0) return nullptr;
  auto predicate = ctx_.terms().findStored(p.predicate.term);
  if (!predicate) return nullptr;
  const index::SnapshotReader* post = ctx_.reader(scope.graphs[0], index::Permutation::kPOST);
  if (!post) return nullptr;

  const uint64_t pk = predicate->key, string = core::otype::kString;
  const uint64_t byPredicate[] = {pk};
  const uint64_t firstString[] = {pk, string, 1};
  const uint64_t lastSorted[] = {pk, string, sorted};
  const uint64_t beforeStrings[] = {pk, string, 0};
  const uint64_t firstUnsorted[] = {pk, string, sorted + 1};
  const index::ScanRange all = index::ScanRange::prefix(byPredicate);
  const index::ScanRange ordered{index::ScanRange::prefix(firstString).low,
                                 index::ScanRange::prefix(lastSorted).high};
  const index::ScanRange others[] = {{all.low, index::ScanRange::prefix(beforeStrings).high},
                                     {index::ScanRange::prefix(firstUnsorted).low, all.high}};
  uint64_t otherRows = 0;
  for (const auto& range : others) {
    auto counted = post->count(range, ctx_.asOf());
    if (!counted.isOk()) return nullptr;
    otherRows += counted.value();
  }
  auto orderedRows = post->count(ordered, ctx_.asOf());
  if (!orderedRows.isOk() || orderedRows.value() == 0 || otherRows > kOtherRows) return nullptr;

  // The candidate range: up to the k-th string with its ties (ASC), or from the first row of
  // the string the last k rows begin with (DESC).
  index::ScanRange candidates = ordered;
  if (!descending) {
    index::SnapshotCursor cursor =
        post->scan(ordered, index::columnBit(index::Column::kOKey), ctx_.asOf());
    index::ColumnBatch batch;
    uint64_t seen = 0;
    while (seen < k) {
      auto more = cursor.next(batch, k - seen);
      if (!more.isOk()) throwStorageError(more.status());
      if (!more.value()) break;
      seen += batch.rows;
      if (seen >= k) {
        const uint64_t kth[] = {pk, string, batch.column(index::Column::kOKey).back()};
        candidates.high = index::ScanRange::prefix(kth).high;
      }
    }
  } else {
    auto low = post->tailStart(ordered, k, ctx_.asOf());
    if (!low.isOk()) throwStorageError(low.status());
    auto first = post->seek(low.value(), ctx_.asOf());
    if (!first.isOk()) throwStorageError(first.status());
    if (first.value()) {
      const uint64_t tie[] = {pk, string, first.value()->ok};
      const index::RowKey tieLow = index::ScanRange::prefix(tie).low;
      if (index::rowKeyLess(ordered.low, tieLow)) candidates.low = tieLow;
    }
  }

  const std::string order = std::string(descending ? "DESC" : "ASC") + "(?" + object +
                            ") from POST key order: strings numbered in byte order";
  OperatorPtr rows = make<IndexScan>(p, scope, /*objectOrder=*/true, candidates);
  rows->addDetail("rewrite", std::string(kRewriteTopKFromIndexStrings));
  rows->addDetail("order", order);
  rows->setEstimatedRows(static_cast<double>(k));
  if (otherRows > 0) {
    for (const auto& range : others) {
      auto scan = make<IndexScan>(p, scope, /*objectOrder=*/true, range);
      scan->setEstimatedRows(static_cast<double>(otherRows));
      rows = make<UnionAll>(std::move(rows), std::move(scan));
    }
    rows->addDetail("others", std::to_string(otherRows) +
                                  " rows of other types or of strings added since the import");
  }
  auto top = make<TopK>(std::move(rows), orderBy.order, k, scope);
  top->setEstimatedRows(static_cast<double>(k));
  return top;
}

}  // namespace cairn::query::plan
