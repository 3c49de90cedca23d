#include "query/optimizer/transform.h"

namespace cairn::query::optimizer {

namespace {

// The expression with the patterns of its EXISTS rewritten; sets `changed` when one was.
Expr transformExpr(const Expr& expr, const NodeRewrite& rewrite, bool& changed) {
  Expr out = expr;
  if (expr.pattern) {
    AlgebraPtr pattern = std::const_pointer_cast<Algebra>(expr.pattern);
    AlgebraPtr rewritten = transformBottomUp(pattern, rewrite);
    if (rewritten != pattern) {
      out.pattern = rewritten;
      changed = true;
    }
  }
  for (Expr& arg : out.args) arg = transformExpr(arg, rewrite, changed);
  return out;
}

bool holdsPatterns(const Expr& expr) {
  if (expr.pattern) return true;
  for (const Expr& arg : expr.args) {
    if (holdsPatterns(arg)) return true;
  }
  return false;
}

// The node's own expressions with their EXISTS patterns rewritten, in place on `node` (a copy
// the caller owns); true when any changed.
bool transformOwnExprs(Algebra& node, const NodeRewrite& rewrite) {
  bool changed = false;
  auto each = [&](std::vector<Expr>& exprs) {
    for (Expr& e : exprs) {
      if (holdsPatterns(e)) e = transformExpr(e, rewrite, changed);
    }
  };
  switch (node.kind) {
    case AlgebraKind::kFilter:
      each(node.as<FilterNode>().filters);
      break;
    case AlgebraKind::kLeftJoin:
      each(node.as<LeftJoinNode>().filters);
      break;
    case AlgebraKind::kExtend: {
      Expr& e = node.as<ExtendNode>().expr;
      if (holdsPatterns(e)) e = transformExpr(e, rewrite, changed);
      break;
    }
    case AlgebraKind::kGroup:
      for (GroupKey& key : node.as<GroupNode>().keys) {
        if (holdsPatterns(key.expr)) key.expr = transformExpr(key.expr, rewrite, changed);
      }
      for (AggregateCall& agg : node.as<GroupNode>().aggregates) {
        if (agg.arg && holdsPatterns(*agg.arg)) agg.arg = transformExpr(*agg.arg, rewrite, changed);
        if (agg.extraArg && holdsPatterns(*agg.extraArg)) {
          agg.extraArg = transformExpr(*agg.extraArg, rewrite, changed);
        }
      }
      break;
    case AlgebraKind::kOrderBy:
      for (OrderCondition& cond : node.as<OrderByNode>().order) {
        if (holdsPatterns(cond.expr)) cond.expr = transformExpr(cond.expr, rewrite, changed);
      }
      break;
    case AlgebraKind::kUnwind: {
      Expr& e = node.as<UnwindNode>().expr;
      if (holdsPatterns(e)) e = transformExpr(e, rewrite, changed);
      break;
    }
    default:
      break;
  }
  return changed;
}

bool ownExprsHoldPatterns(const Algebra& node) {
  bool found = false;
  forEachOwnExpr(node, [&](const Expr& e) { found = found || holdsPatterns(e); });
  return found;
}

}  // namespace

AlgebraPtr transformBottomUp(const AlgebraPtr& node, const NodeRewrite& rewrite) {
  // The children list is built only once one of them changed: planning a point query walks
  // this tree too, and should not allocate for nothing.
  std::vector<AlgebraPtr> children;
  for (size_t i = 0; i < node->children.size(); ++i) {
    AlgebraPtr child = transformBottomUp(node->children[i], rewrite);
    if (children.empty() && child != node->children[i]) {
      children.assign(node->children.begin(), node->children.begin() + i);
    }
    if (!children.empty() || child != node->children[i]) children.push_back(std::move(child));
  }
  const bool changed = !children.empty();
  AlgebraPtr current = node;
  if (changed || ownExprsHoldPatterns(*node)) {
    AlgebraPtr copy = node->withChildren(changed ? std::move(children) : node->children);
    if (transformOwnExprs(*copy, rewrite) || changed) current = copy;
  }
  return rewrite(current);
}

}  // namespace cairn::query::optimizer
