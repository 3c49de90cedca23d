#include "query/optimizer/flatten_joins.h"

#include "query/optimizer/transform.h"

namespace cairn::query::optimizer {

namespace {

// Children come flattened already (the rewrite runs bottom-up): a Join child is an n-ary Join.
void collectOperands(const AlgebraPtr& node, std::vector<AlgebraPtr>& out) {
  for (const AlgebraPtr& child : node->children) {
    if (child->kind == AlgebraKind::kJoin) {
      collectOperands(child, out);
    } else if (child->kind != AlgebraKind::kTable) {
      out.push_back(child);
    }
  }
}

// Whether the Join has anything to flatten: a nested Join, a unit table or two BGPs.
bool flat(const Algebra& join) {
  size_t bgps = 0;
  for (const AlgebraPtr& child : join.children) {
    if (child->kind == AlgebraKind::kJoin || child->kind == AlgebraKind::kTable) return false;
    if (child->kind == AlgebraKind::kBgp && ++bgps > 1) return false;
  }
  return true;
}

AlgebraPtr flattenJoin(const AlgebraPtr& node) {
  if (node->kind != AlgebraKind::kJoin || flat(*node)) return node;
  std::vector<AlgebraPtr> operands;
  collectOperands(node, operands);
  // The BGPs merged in the order they appear, in the place of the first of them.
  std::shared_ptr<BgpNode> merged;
  std::vector<AlgebraPtr> children;
  for (const AlgebraPtr& operand : operands) {
    if (operand->kind != AlgebraKind::kBgp) {
      children.push_back(operand);
      continue;
    }
    if (!merged) {
      merged = std::make_shared<BgpNode>();
      children.push_back(merged);
    }
    const auto& triples = operand->as<BgpNode>().triples;
    merged->triples.insert(merged->triples.end(), triples.begin(), triples.end());
  }
  if (children.empty()) return std::make_shared<TableNode>();
  if (children.size() == 1) return children[0];
  return std::make_shared<JoinNode>(std::move(children));
}

}  // namespace

AlgebraPtr flattenJoins(const AlgebraPtr& root) { return transformBottomUp(root, flattenJoin); }

}  // namespace cairn::query::optimizer
