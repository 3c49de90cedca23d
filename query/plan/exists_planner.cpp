// EXISTS and NOT EXISTS (§18.6: evaluate the pattern with the solution's bindings substituted).
//
// Semi/anti join ("exists-semi-join"): when the pattern only joins and unions triples, paths and
// VALUES, substituting a solution's values equals keeping the pattern's solutions compatible
// with it, so the pattern runs once and the input is filtered by a hash semi (anti) join.
//
// Otherwise, per row: the pattern's triple, path and expression variables bound by the row are
// replaced by their terms, the result is joined with the row's bindings of the variables the
// pattern has in scope (so VALUES, BIND targets and subquery projections inside the pattern
// still have to agree with them), planned, and pulled until its first solution.

#include "query/exec/bind_join.h"
#include "query/exec/filter.h"
#include "query/exec/semi_join.h"
#include "query/exec/values.h"
#include "query/plan/planner.h"

namespace cairn::query::plan {

namespace {

bool semiJoinable(const Algebra& node) {
  switch (node.kind) {
    case AlgebraKind::kBgp:
    case AlgebraKind::kPath:
    case AlgebraKind::kTable:
    case AlgebraKind::kValues:
      return true;
    case AlgebraKind::kJoin:
    case AlgebraKind::kUnion:
      for (const auto& c : node.children) {
        if (!semiJoinable(*c)) return false;
      }
      return true;
    default:
      return false;
  }
}

using Bindings = std::map<std::string, core::Term>;

PatternTerm substituteTerm(const PatternTerm& t, const Bindings& b) {
  if (!t.isVariable) return t;
  auto it = b.find(t.variable);
  return it == b.end() ? t : PatternTerm::constant(it->second);
}

Expr substituteExpr(const Expr& e, const Bindings& b);

AlgebraPtr substitute(const Algebra& node, const Bindings& b) {
  std::vector<AlgebraPtr> children;
  for (const auto& c : node.children) children.push_back(substitute(*c, b));
  AlgebraPtr out = node.withChildren(std::move(children));
  switch (out->kind) {
    case AlgebraKind::kBgp:
      for (auto& t : out->as<BgpNode>().triples) {
        t.subject = substituteTerm(t.subject, b);
        t.predicate = substituteTerm(t.predicate, b);
        t.object = substituteTerm(t.object, b);
      }
      break;
    case AlgebraKind::kPath: {
      auto& path = out->as<PathNode>();
      path.subject = substituteTerm(path.subject, b);
      path.object = substituteTerm(path.object, b);
      break;
    }
    case AlgebraKind::kFilter:
      for (auto& f : out->as<FilterNode>().filters) f = substituteExpr(f, b);
      break;
    case AlgebraKind::kLeftJoin:
      for (auto& f : out->as<LeftJoinNode>().filters) f = substituteExpr(f, b);
      break;
    case AlgebraKind::kExtend:
      out->as<ExtendNode>().expr = substituteExpr(out->as<ExtendNode>().expr, b);
      break;
    default:
      break;
  }
  return out;
}

Expr substituteExpr(const Expr& e, const Bindings& b) {
  // BOUND(?v) of a substituted variable: the variable was bound, so the answer is true (a
  // constant argument would make BOUND an error).
  if (e.kind == ExprKind::kCall && e.op == Op::kBound && e.args.size() == 1 &&
      e.args[0].kind == ExprKind::kVariable && b.count(e.args[0].variable)) {
    return Expr::makeConstant(
        core::Term::literal("true", "http://www.w3.org/2001/XMLSchema#boolean"));
  }
  if (e.kind == ExprKind::kVariable) {
    auto it = b.find(e.variable);
    return it == b.end() ? e : Expr::makeConstant(it->second);
  }
  Expr out = e;
  for (auto& a : out.args) a = substituteExpr(a, b);
  if (e.pattern) out.pattern = substitute(*e.pattern, b);
  return out;
}

}  // namespace

OperatorPtr Planner::planExistsFilter(OperatorPtr input, const Expr& condition,
                                      const GraphScope& scope) {
  const bool anti = condition.kind == ExprKind::kNotExists;
  double rows = std::max(1.0, estimateOf(*input) * 0.5);
  const Algebra* pattern = condition.pattern.get();
  if (ctx_.enabled(kRewriteExistsSemiJoin) && ctx_.enabled(kRewriteBindJoin) && pattern &&
      pattern->kind == AlgebraKind::kBgp && pattern->as<BgpNode>().triples.size() == 1 &&
      bindCheaper(estimateOf(*input),
                  cardinality_.scanRows(pattern->as<BgpNode>().triples[0], scope))) {
    // One pattern under a small input: look each row up, stopping at the first match.
    auto op = make<BindJoin>(std::move(input), pattern->as<BgpNode>().triples[0], scope,
                             anti ? BindJoin::Mode::kAnti : BindJoin::Mode::kSemi);
    op->addDetail("rewrite", std::string(kRewriteExistsSemiJoin));
    op->setEstimatedRows(rows);
    return op;
  }
  if (ctx_.enabled(kRewriteExistsSemiJoin) && condition.pattern &&
      semiJoinable(*condition.pattern)) {
    OperatorPtr pattern = plan(*condition.pattern, scope);
    auto op = make<SemiJoin>(std::move(input), std::move(pattern), anti);
    op->addDetail("rewrite", std::string(kRewriteExistsSemiJoin));
    op->setEstimatedRows(rows);
    return op;
  }
  auto op = make<Filter>(std::move(input), std::vector<Expr>{condition}, scope);
  op->addDetail("algorithm", "per-row substitution");
  op->setEstimatedRows(rows);
  return op;
}

void Planner::installExistsEvaluator() {
  ctx_.setExistsEvaluator([this](const Algebra& pattern, const GraphScope& scope,
                                 const std::vector<std::string>& variables, const ValueRow& row) {
    Bindings bindings;
    for (size_t i = 0; i < variables.size() && i < row.size(); ++i) {
      if (row[i].isBound()) bindings.emplace(variables[i], ctx_.terms().decode(row[i]));
    }
    AlgebraPtr substituted = substitute(pattern, bindings);
    // The row's values of the variables the pattern keeps in scope must agree with it.
    auto inScope = inScopeVariables(*substituted);
    auto table = std::make_shared<ValuesNode>();
    table->rows.emplace_back();
    for (const auto& v : inScope) {
      auto it = bindings.find(v);
      if (it == bindings.end()) continue;
      table->variables.push_back(v);
      table->rows[0].push_back(it->second);
    }
    AlgebraPtr query = substituted;
    if (!table->variables.empty()) {
      query = std::make_shared<JoinNode>(std::vector<AlgebraPtr>{table, substituted});
    }
    Planner inner(ctx_);
    OperatorPtr op = inner.plan(*query, scope);
    Batch batch;
    return op->next(batch);
  });
}

}  // namespace cairn::query::plan
