#include "cypher/translate/filter_placement.h"

#include <algorithm>

#include "query/algebra/op_traits.h"

namespace cairn::cypher {

namespace filter_placement {

using query::AlgebraKind;
using query::AlgebraPtr;
using query::Expr;
using query::ExprKind;
using query::Op;

bool isConstantValue(const Expr& e) {
  if (e.kind == ExprKind::kConstant || e.kind == ExprKind::kParameter) return true;
  if (e.kind != ExprKind::kCall) return false;
  if (e.op != Op::kUnaryMinus && e.op != Op::kUnaryPlus) return false;
  return e.args.size() == 1 && e.args[0].kind == ExprKind::kConstant;
}

bool isLiteralOrParameter(const ast::Expression& e) {
  switch (e.kind) {
    case ast::ExprKind::kBoolean:
    case ast::ExprKind::kInteger:
    case ast::ExprKind::kFloat:
    case ast::ExprKind::kString:
    case ast::ExprKind::kParameter:
      return true;
    case ast::ExprKind::kNegate:
      return e.children.size() == 1 && e.children[0] && isLiteralOrParameter(*e.children[0]);
    default:
      return false;
  }
}

bool isBoundValue(const ast::Expression& e, const std::set<std::string>& bound) {
  if (e.kind == ast::ExprKind::kVariable) return bound.count(e.name) > 0;
  if (e.kind == ast::ExprKind::kProperty) {
    return e.children.size() == 1 && e.children[0] && isBoundValue(*e.children[0], bound);
  }
  return false;
}

bool isPropertyOfVariable(const Expr& e) {
  return e.kind == ExprKind::kCall && e.op == Op::kProperty && e.args.size() == 1 &&
         e.args[0].kind == ExprKind::kVariable;
}

// A value operand that cannot raise: a constant, parameter, null, a property of an entity, an
// entity itself, or a list of those.
bool isSafeOperand(const Expr& e, const std::set<std::string>& entities) {
  switch (e.kind) {
    case ExprKind::kConstant:
    case ExprKind::kParameter:
    case ExprKind::kNull:
      return true;
    case ExprKind::kVariable:
      return entities.count(e.variable) > 0;
    case ExprKind::kCall:
      if (isConstantValue(e)) return true;
      if (e.op == Op::kProperty) {
        return isPropertyOfVariable(e) && entities.count(e.args[0].variable) > 0;
      }
      if (e.op == Op::kList) {
        return std::all_of(e.args.begin(), e.args.end(),
                           [&](const Expr& a) { return isSafeOperand(a, entities); });
      }
      return false;
    default:
      return false;
  }
}

bool bindsAll(const query::Algebra& node, const std::vector<std::string>& variables) {
  const std::vector<std::string> bound = query::inScopeVariables(node);
  return std::all_of(variables.begin(), variables.end(), [&](const std::string& v) {
    return std::find(bound.begin(), bound.end(), v) != bound.end();
  });
}

bool reads(const std::vector<std::string>& variables, const std::string& name) {
  return !name.empty() && std::find(variables.begin(), variables.end(), name) != variables.end();
}

// Whether the node adds no binding `variables` read, so a condition on them can go below it.
bool passesThrough(const query::Algebra& node, const std::vector<std::string>& variables) {
  switch (node.kind) {
    case AlgebraKind::kFilter:
      return true;
    case AlgebraKind::kExpand: {
      const auto& expand = node.as<query::ExpandNode>();
      return !reads(variables, expand.to) && !reads(variables, expand.relationship);
    }
    case AlgebraKind::kExtend:
      return !reads(variables, node.as<query::ExtendNode>().variable);
    default:
      return false;
  }
}

AlgebraPtr withFilter(const AlgebraPtr& node, Expr condition) {
  if (node->kind == AlgebraKind::kFilter) {
    auto copy = std::static_pointer_cast<query::FilterNode>(node->withChildren(node->children));
    copy->filters.push_back(std::move(condition));
    return copy;
  }
  auto filter = std::make_shared<query::FilterNode>(std::vector<AlgebraPtr>{node});
  filter->filters.push_back(std::move(condition));
  return filter;
}

AlgebraPtr place(const AlgebraPtr& node, Expr condition, const std::vector<std::string>& vars) {
  if (node->kind == AlgebraKind::kJoin) {
    for (size_t i = 0; i < node->children.size(); ++i) {
      if (!bindsAll(*node->children[i], vars)) continue;
      std::vector<AlgebraPtr> children = node->children;
      children[i] = place(children[i], std::move(condition), vars);
      return node->withChildren(std::move(children));
    }
    return withFilter(node, std::move(condition));
  }
  if (passesThrough(*node, vars)) {
    const AlgebraPtr& child = node->children.at(0);
    // Below a filter only when something under it binds less: conditions over a scan stay
    // together in one filter, where the planner looks for a property seek.
    const bool descend = node->kind != AlgebraKind::kFilter ||
                         child->kind == AlgebraKind::kExpand ||
                         child->kind == AlgebraKind::kExtend || child->kind == AlgebraKind::kJoin ||
                         child->kind == AlgebraKind::kFilter;
    if (descend && bindsAll(*child, vars)) {
      return node->withChildren({place(child, std::move(condition), vars)});
    }
  }
  return withFilter(node, std::move(condition));
}

}  // namespace filter_placement

std::set<std::string> variablesPinnedByEquality(const ast::Expression& where) {
  std::set<std::string> out;
  if (where.kind == ast::ExprKind::kAnd) {
    for (const auto& c : where.children) {
      if (c) out.merge(variablesPinnedByEquality(*c));
    }
    return out;
  }
  if (where.kind != ast::ExprKind::kEqual || where.children.size() != 2) return out;
  for (int side = 0; side < 2; ++side) {
    const ast::Expression* property = where.children[side].get();
    const ast::Expression* value = where.children[1 - side].get();
    if (property == nullptr || value == nullptr) continue;
    if (property->kind == ast::ExprKind::kProperty && property->children.size() == 1 &&
        property->children[0] && property->children[0]->kind == ast::ExprKind::kVariable &&
        filter_placement::isLiteralOrParameter(*value)) {
      out.insert(property->children[0]->name);
    }
  }
  return out;
}

size_t chooseStartNode(const ast::PatternPart& part, const std::vector<std::string>& nodeNames,
                       const std::set<std::string>& pinned, const std::set<std::string>& bound,
                       const LabelNodes& labelNodes) {
  auto pinnedByMap = [&](const ast::NodePattern& node) {
    if (!node.properties || node.properties->kind != ast::ExprKind::kMap) return false;
    return std::any_of(node.properties->children.begin(), node.properties->children.end(),
                       [&](const ast::ExpressionPtr& value) {
                         return value && (filter_placement::isLiteralOrParameter(*value) ||
                                          filter_placement::isBoundValue(*value, bound));
                       });
  };
  // The nodes of the rarest label (a node with several has at most that many).
  auto labelledRows = [&](const ast::NodePattern& node) -> std::optional<double> {
    if (!labelNodes) return std::nullopt;
    std::optional<double> rows;
    for (const std::string& label : node.labels) {
      const std::optional<double> r = labelNodes(label);
      if (!r) return std::nullopt;
      rows = rows ? std::min(*rows, *r) : *r;
    }
    return rows;
  };
  size_t best = 0;
  int bestScore = -1;
  // The best's label count, read only once a second labelled candidate needs comparing.
  std::optional<std::optional<double>> bestRows;
  for (size_t i = 0; i < part.nodes.size(); ++i) {
    const ast::NodePattern& node = part.nodes[i];
    const int score = (pinnedByMap(node) || pinned.count(nodeNames[i]) > 0 ? 2 : 0) +
                      (node.labels.empty() ? 0 : 1);
    if (score > bestScore) {
      best = i;
      bestScore = score;
      bestRows.reset();
    } else if (score == 1 && bestScore == 1 && labelNodes) {
      if (!bestRows) bestRows = labelledRows(part.nodes[best]);
      const std::optional<double> rows = labelledRows(node);
      if (*bestRows && rows && *rows < **bestRows) {
        best = i;
        bestRows = rows;
      }
    }
  }
  return best;
}

bool cannotRaise(const query::Expr& e, const std::set<std::string>& entities) {
  using namespace filter_placement;
  if (e.kind != ExprKind::kCall) return false;
  auto operandsSafe = [&] {
    return std::all_of(e.args.begin(), e.args.end(),
                       [&](const Expr& a) { return isSafeOperand(a, entities); });
  };
  if (query::isComparisonOperator(e.op)) return operandsSafe();
  switch (e.op) {
    case Op::kAnd:
    case Op::kOr:
    case Op::kXor:
    case Op::kNot:
      // Over predicates only: NOT 1 is a type error.
      return std::all_of(e.args.begin(), e.args.end(),
                         [&](const Expr& a) { return cannotRaise(a, entities); });
    case Op::kIsNull:
    case Op::kIsNotNull:
    case Op::kStartsWith:
    case Op::kEndsWith:
    case Op::kContains:
      return operandsSafe();
    case Op::kIn:
    case Op::kNotIn:
      // IN over something that is not a list raises: the list must be written out.
      return e.args.size() == 2 && e.args[1].kind == ExprKind::kCall && e.args[1].op == Op::kList &&
             operandsSafe();
    case Op::kHasLabels:
      return e.args.size() == 1 && e.args[0].kind == ExprKind::kVariable &&
             entities.count(e.args[0].variable) > 0;
    default:
      return false;
  }
}

query::AlgebraPtr placeCondition(const query::AlgebraPtr& plan, query::Expr condition) {
  const std::vector<std::string> vars = query::referencedVariables(condition);
  return filter_placement::place(plan, std::move(condition), vars);
}

}  // namespace cairn::cypher
