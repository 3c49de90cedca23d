// Fast path "top-k-from-index": ORDER BY ?o over { ?s <p> ?o } reads POST, whose rows for one
// predicate come ordered by (object type, object key); inline keys of one type are ordered by
// value (core/literal_codec.h). So when every object of <p> has the same inline type the scan
// is already sorted, no Sort runs, and a LIMIT above stops the scan after ~k rows.
//
// Two variants need the LIMIT's k and keep a TopK on top, over a few candidate rows:
//   top-k-from-index-desc   DESC(?o): the tail of the (p, type) range, from the key of its
//                           k-th row from the end (PermutationReader::tailStart, directory
//                           counts walked backwards), instead of every row.
//   top-k-from-index-mixed  when a few rows of <p> (at most kMixedOtherRows) have another type
//                           (an IRI, a lexically stored double, an integer among decimals):
//                           the first (or last) k rows of the main type plus the first (or
//                           last) k of the others in value order — sorted once per snapshot
//                           (ordered_other_rows.h) — which the TopK orders by SPARQL value
//                           comparison.
//
// Preconditions, checked here: one key that is the pattern's object variable; a constant
// predicate and a subject variable distinct from the object; one graph in scope; the main type
// is the one the statistics show most rows of, and directory counts of the POST ranges of <p>
// below and above that type say exactly how many rows have another.

#include <algorithm>

#include "query/exec/index_scan.h"
#include "query/exec/slice.h"
#include "query/exec/top_k.h"
#include "query/exec/union_all.h"
#include "query/exec/values.h"
#include "query/plan/object_order.h"
#include "query/plan/ordered_other_rows.h"
#include "query/plan/planner.h"

namespace cairn::query::plan {

namespace {

// Rows of other types the mixed variant still merges: each is compared by value in the TopK.
constexpr uint64_t kMixedOtherRows = 4096;

}  // namespace

OperatorPtr Planner::tryTopKFromIndex(const OrderByNode& orderBy, const GraphScope& scope,
                                      std::optional<uint64_t> k) {
  if (!ctx_.enabled(kRewriteTopKFromIndex)) return nullptr;
  if (orderBy.order.size() != 1) return nullptr;
  const bool descending = orderBy.order[0].descending;
  if (descending && (!k || !ctx_.enabled(kRewriteTopKFromIndexDesc))) return nullptr;
  const TriplePattern* ordered = objectOrderedPattern(orderBy, scope);
  if (!ordered) return nullptr;
  const TriplePattern& p = *ordered;
  const Expr& key = orderBy.order[0].expr;
  auto predicate = ctx_.terms().findStored(p.predicate.term);
  if (!predicate) return nullptr;
  auto stats = ctx_.ledger().statistics(scope.graphs[0]);
  if (!stats.isOk() || !stats.value()) return nullptr;
  const index::PredicateStats* ps = stats.value()->find(predicate->key);
  if (!ps || ps->ranges.empty()) return nullptr;
  // The statistics name the candidate type; the directories say exactly how many rows of <p>
  // have another: counts of the POST ranges below and above it (no rows read).
  const index::ValueRange* best = &ps->ranges[0];
  for (const auto& r : ps->ranges) {
    if (r.rows > best->rows) best = &r;
  }
  const index::SnapshotReader* post = ctx_.reader(scope.graphs[0], index::Permutation::kPOST);
  if (!post) return nullptr;
  const uint64_t byPredicate[] = {predicate->key};
  const uint64_t byType[] = {predicate->key, best->type};
  const index::ScanRange predicateRange = index::ScanRange::prefix(byPredicate);
  const index::ScanRange typedRange = index::ScanRange::prefix(byType);
  struct OtherRows {
    index::ScanRange range;
    uint64_t rows = 0;
  };
  std::vector<OtherRows> otherRanges;
  if (best->type > 0) {
    const uint64_t below[] = {predicate->key, uint64_t{best->type} - 1};
    otherRanges.push_back({{predicateRange.low, index::ScanRange::prefix(below).high}});
  }
  if (best->type < UINT16_MAX) {
    const uint64_t above[] = {predicate->key, uint64_t{best->type} + 1};
    otherRanges.push_back({{index::ScanRange::prefix(above).low, predicateRange.high}});
  }
  uint64_t others = 0;
  for (OtherRows& other : otherRanges) {
    auto counted = post->count(other.range, ctx_.asOf());
    if (!counted.isOk()) return nullptr;
    other.rows = counted.value();
    others += other.rows;
  }
  const bool mixed = others > 0;
  if (mixed && (!k || others > kMixedOtherRows || !ctx_.enabled(kRewriteTopKFromIndexMixed))) {
    return nullptr;
  }
  const std::string order =
      std::string(descending ? "DESC" : "ASC") + "(?" + key.variable + ") from POST key order";

  if (!descending && !mixed) {
    auto op = make<IndexScan>(p, scope, /*objectOrder=*/true);
    op->addDetail("rewrite", std::string(kRewriteTopKFromIndex));
    op->addDetail("order", order);
    op->setEstimatedRows(static_cast<double>(ps->rows));
    return op;
  }

  // The k rows of the main type that can be in the answer: the first k (ASC) or the last k
  // (DESC).
  OperatorPtr candidates;
  if (!descending) {
    auto scan = make<IndexScan>(p, scope, /*objectOrder=*/true, typedRange);
    candidates = make<Slice>(std::move(scan), 0, *k);
  } else {
    // From the tree alone tailStart is exactly the k-th row from the range's end; novelty can
    // add rows after it (asserts, and retracted rows it steps back over). The TopK keeps the
    // best k of whatever the scan yields, so no count is needed to skip the extra ones.
    auto low = post->tailStart(typedRange, *k, ctx_.asOf());
    if (!low.isOk()) throwStorageError(low.status());
    const index::ScanRange tail{low.value(), typedRange.high};
    candidates = make<IndexScan>(p, scope, /*objectOrder=*/true, tail);
  }
  candidates->setEstimatedRows(static_cast<double>(*k));
  candidates->addDetail(
      "rewrite", std::string(descending ? kRewriteTopKFromIndexDesc : kRewriteTopKFromIndex));
  candidates->addDetail("order", order);
  if (mixed) {
    // The rows of other types, in value order and kept per snapshot (ordered_other_rows.h):
    // only the k nearest in the query's direction can be in the answer.
    std::vector<index::ScanRange> ranges;
    for (const OtherRows& other : otherRanges) {
      if (other.rows > 0) ranges.push_back(other.range);
    }
    auto sorted = orderedOtherRows(ctx_, *post, predicate->key, best->type, ranges,
                                   p.subject.variable, orderBy.order[0], scope);
    const size_t take = std::min<size_t>(*k, sorted->rows.size());
    std::vector<ValueRow> nearest;
    if (descending) {
      nearest.assign(sorted->rows.end() - static_cast<ptrdiff_t>(take), sorted->rows.end());
    } else {
      nearest.assign(sorted->rows.begin(), sorted->rows.begin() + static_cast<ptrdiff_t>(take));
    }
    auto otherRows = make<Values>(std::vector<std::string>{p.subject.variable, p.object.variable},
                                  std::move(nearest));
    otherRows->setEstimatedRows(static_cast<double>(take));
    otherRows->addDetail("rows",
                         std::string(descending ? "last " : "first ") + std::to_string(take) +
                             " of the other types' rows in value order (kept per snapshot)");
    candidates = make<UnionAll>(std::move(candidates), std::move(otherRows));
    candidates->addDetail("rewrite", std::string(kRewriteTopKFromIndexMixed));
    candidates->addDetail("others", std::to_string(others) + " rows of other types");
  }
  auto top = make<TopK>(std::move(candidates), orderBy.order, *k, scope);
  top->setEstimatedRows(static_cast<double>(*k));
  return top;
}

}  // namespace cairn::query::plan
