// Fast path "count-from-directory": SELECT (COUNT(*) AS ?n) { one triple pattern } — and
// COUNT(?v) where ?v is a variable of that pattern, which every solution binds — answered from
// the permutation directories (PermutationReader::count) without reading rows.
//
// Preconditions, checked here: a Group with no keys whose only aggregates are non-DISTINCT
// COUNT(*) / COUNT(?pattern variable); its input a BGP of exactly one pattern without a repeated
// variable; one graph in scope and the pattern's constants a key prefix (TripleSource decides).
// Otherwise the generic HashGroup runs.

#include "query/exec/index_scan.h"
#include "query/exec/values.h"
#include "query/plan/planner.h"

namespace cairn::query::plan {

OperatorPtr Planner::tryCountFromDirectory(const GroupNode& group, const GraphScope& scope) {
  if (!ctx_.enabled(kRewriteCountFromDirectory)) return nullptr;
  if (!group.keys.empty() || group.aggregates.empty()) return nullptr;
  const Algebra& input = *group.children.at(0);
  if (input.kind != AlgebraKind::kBgp || input.as<BgpNode>().triples.size() != 1) return nullptr;
  const TriplePattern& pattern = input.as<BgpNode>().triples[0];
  for (const auto& a : group.aggregates) {
    if (a.function != AggregateCall::Function::kCount || a.distinct) return nullptr;
    if (a.arg) {
      if (a.arg->kind != ExprKind::kVariable) return nullptr;
      const std::string& v = a.arg->variable;
      bool inPattern = false;
      for (const PatternTerm* t : {&pattern.subject, &pattern.predicate, &pattern.object}) {
        inPattern = inPattern || (t->isVariable && t->variable == v);
      }
      if (!inPattern) return nullptr;
    }
  }
  IndexScan scan(ctx_, pattern, scope);
  std::optional<uint64_t> count = scan.exactCount();
  if (!count) return nullptr;
  ValueId id = ctx_.terms().encode(
      core::Term::literal(std::to_string(*count), "http://www.w3.org/2001/XMLSchema#integer"));
  std::vector<std::string> vars;
  for (const auto& a : group.aggregates) vars.push_back(a.resultVariable);
  auto op =
      make<Values>(vars, std::vector<ValueRow>{ValueRow(vars.size(), id)}, "CountFromDirectory");
  for (const auto& [key, value] : scan.planInfo().details) op->addDetail(key, value);
  op->addDetail("rewrite", std::string(kRewriteCountFromDirectory));
  op->addDetail("count", std::to_string(*count));
  return op;
}

}  // namespace cairn::query::plan
