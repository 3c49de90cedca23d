#include "query/exec/plan_node.h"

#include "core/check.h"
#include "query/exec/operator.h"

namespace cairn::query {

namespace {

PlanInfo withoutActuals(PlanInfo info) {
  info.actual.reset();
  for (PlanInfo& child : info.children) child = withoutActuals(std::move(child));
  return info;
}

}  // namespace

PlanInfo PlanNode::describe() const {
  PlanInfo info;
  info.op = op;
  info.details = details;
  info.estimatedRows = estimatedRows;
  for (const Shown& s : shown) {
    info.children.push_back(s.child >= 0 ? children[s.child]->describe() : s.planned);
  }
  return info;
}

PlanNodePtr freeze(const PlanDraft& draft) {
  if (draft.prototype == nullptr || !draft.make) return nullptr;
  auto node = std::make_shared<PlanNode>();
  const Operator& op = *draft.prototype;
  node->op = op.name();
  node->variables = op.variables();
  node->details = op.details();
  node->estimatedRows = op.estimatedRows();
  node->make = draft.make;
  node->children.reserve(draft.children.size());
  for (const auto& child : draft.children) {
    if (child == nullptr) return nullptr;
    PlanNodePtr frozen = freeze(*child);
    if (frozen == nullptr) return nullptr;
    node->children.push_back(std::move(frozen));
  }
  for (const Operator* input : op.inputOperators()) {
    PlanNode::Shown shown;
    for (size_t i = 0; i < draft.children.size(); ++i) {
      if (draft.children[i]->prototype == input) shown.child = static_cast<int>(i);
    }
    if (shown.child < 0) shown.planned = withoutActuals(input->planInfo());
    node->shown.push_back(std::move(shown));
  }
  return node;
}

OperatorPtr instantiate(const PlanNode& node, ExecContext& ctx) {
  std::vector<OperatorPtr> children;
  children.reserve(node.children.size());
  for (const auto& child : node.children) children.push_back(instantiate(*child, ctx));
  OperatorPtr op = node.make(ctx, children);
  CAIRN_CHECK(op->variables() == node.variables,
              "an operator made from its plan disagrees with it about its variables");
  op->adoptPlan(node);
  return op;
}

}  // namespace cairn::query
