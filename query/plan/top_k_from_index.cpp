// Fast path "top-k-from-index": ORDER BY ASC(?o) over { ?s <p> ?o } reads POST, whose rows for
// one predicate come ordered by (object type, object key); inline keys of one type are ordered
// by value (core/literal_codec.h). So when every object of <p> has the same inline type the
// scan is already sorted, no Sort runs, and a LIMIT above stops the scan after ~k rows.
//
// Preconditions, checked here: one ascending key that is the pattern's object variable; a
// constant predicate and a subject variable distinct from the object; one graph in scope where
// every row of <p> has the inline type its statistics show most (checked exactly by comparing
// the directory counts of POST prefixes (p) and (p, type)). Mixed types (integers and
// decimals, say) would sort by type code first, so they take the generic Sort.

#include "query/exec/index_scan.h"
#include "query/plan/planner.h"

namespace cairn::query::plan {

OperatorPtr Planner::tryTopKFromIndex(const Algebra& orderBy, const GraphScope& scope) {
  if (!ctx_.enabled(kRewriteTopKFromIndex)) return nullptr;
  if (orderBy.order.size() != 1 || orderBy.order[0].descending) return nullptr;
  const Expr& key = orderBy.order[0].expr;
  if (key.kind != ExprKind::kVariable) return nullptr;
  const Algebra& input = *orderBy.children.at(0);
  if (input.kind != AlgebraKind::kBgp || input.triples.size() != 1) return nullptr;
  const TriplePattern& p = input.triples[0];
  if (!p.object.isVariable || p.object.variable != key.variable || p.predicate.isVariable ||
      !p.subject.isVariable || p.subject.variable == p.object.variable) {
    return nullptr;
  }
  if (scope.graphs.size() != 1) return nullptr;
  auto predicate = ctx_.terms().findStored(p.predicate.term);
  if (!predicate) return nullptr;
  auto stats = ctx_.ledger().statistics(scope.graphs[0]);
  if (!stats.isOk()) return nullptr;
  const index::PredicateStats* ps = stats.value()->find(predicate->key);
  if (!ps || ps->ranges.empty()) return nullptr;
  // The statistics name the candidate type; the directories say exactly whether every row of
  // <p> has it (two counts, no rows read).
  const index::ValueRange* best = &ps->ranges[0];
  for (const auto& r : ps->ranges) {
    if (r.rows > best->rows) best = &r;
  }
  const index::PermutationReader* post = ctx_.reader(scope.graphs[0], index::Permutation::kPOST);
  if (!post) return nullptr;
  const uint64_t byPredicate[] = {predicate->key};
  const uint64_t byType[] = {predicate->key, best->type};
  auto all = post->count(index::ScanRange::prefix(byPredicate), ctx_.asOf());
  auto typed = post->count(index::ScanRange::prefix(byType), ctx_.asOf());
  if (!all.isOk() || !typed.isOk() || all.value() != typed.value()) return nullptr;
  auto op = std::make_unique<IndexScan>(ctx_, p, scope, /*objectOrder=*/true);
  op->addDetail("rewrite", std::string(kRewriteTopKFromIndex));
  op->addDetail("order", "ASC(?" + key.variable + ") from POST key order");
  op->setEstimatedRows(static_cast<double>(ps->rows));
  return op;
}

}  // namespace cairn::query::plan
