#pragma once
// PlanNode: one operator of a physical plan as the planner chose it — what EXPLAIN shows of it
// (name, output variables, parameters, estimated rows) and how to make it for one run. A plan
// is a tree of them, immutable once planned: it holds no per-run state (no cursors, tables,
// counters, memory charges or ExecContext), so it can be described without running and run any
// number of times, each run making its own operators from it (instantiate()).
//
// The planner builds operators as it goes (it reads their variables and estimates while it
// decides); each one it makes through makeOperator() (query/plan/operator_builder.h) carries a
// PlanDraft: the operator's constructor arguments, copied, with the operator arguments replaced
// by those operators' drafts. freeze() turns the finished tree of drafts into PlanNodes, taking
// each node's description from the operator it was drafted with.

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "query/exec/plan_info.h"

namespace cairn::query {

class ExecContext;
class Operator;
using OperatorPtr = std::unique_ptr<Operator>;

struct PlanNode {
  // Makes the operator for one run from its children's operators, made first, in the order of
  // `children` (entries it hands on to the operator are moved out).
  using Make = std::function<OperatorPtr(ExecContext&, std::vector<OperatorPtr>& children)>;

  std::string op;
  std::vector<std::string> variables;
  std::vector<std::pair<std::string, std::string>> details;
  double estimatedRows = -1;
  std::vector<std::shared_ptr<const PlanNode>> children;
  Make make;
  // The inputs EXPLAIN shows under this operator, in its order: one of `children`, or (child
  // -1) a part the operator plans on each run itself (a left join's right side planned with
  // the rows of the left), as it was planned with the plan.
  struct Shown {
    int child = -1;
    PlanInfo planned;
  };
  std::vector<Shown> shown;

  // The description EXPLAIN renders, without actuals.
  PlanInfo describe() const;
};

using PlanNodePtr = std::shared_ptr<const PlanNode>;

// A plan node while the planner builds it, tied to the operator it was made with.
struct PlanDraft {
  PlanNode::Make make;
  // The drafts of the operator arguments, in argument order; null for an operator argument that
  // was made without a draft (its part of the plan cannot be made again).
  std::vector<std::shared_ptr<PlanDraft>> children;
  // The operator made with this draft; null once it is destroyed.
  const Operator* prototype = nullptr;
};

// The plan node of `draft` with each node's description from its prototype; null when some part
// of the tree cannot be made again (a child without a draft, a prototype already gone).
PlanNodePtr freeze(const PlanDraft& draft);

// The operators of `node`'s tree for one run on `ctx`. An operator made from the plan that
// disagrees with it about its output variables fails a CAIRN_CHECK (a planner bug).
OperatorPtr instantiate(const PlanNode& node, ExecContext& ctx);

}  // namespace cairn::query
