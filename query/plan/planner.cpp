#include "query/plan/planner.h"

#include <algorithm>

#include "core/check.h"
#include "core/error.h"
#include "query/exec/batched_left_join.h"
#include "query/exec/bind_join.h"
#include "query/exec/distinct.h"
#include "query/exec/extend.h"
#include "query/exec/filter.h"
#include "query/exec/hash_group.h"
#include "query/exec/left_join.h"
#include "query/exec/minus.h"
#include "query/exec/named_graphs.h"
#include "query/exec/project.h"
#include "query/exec/property_path.h"
#include "query/exec/slice.h"
#include "query/exec/sort.h"
#include "query/exec/top_k.h"
#include "query/exec/union_all.h"
#include "query/exec/values.h"

namespace cairn::query::plan {

Planner::Planner(ExecContext& ctx) : ctx_(ctx), cardinality_(ctx) {
  if (ctx_.runPlanner() == nullptr) ctx_.setRunPlanner(this);
}

Planner::~Planner() {
  if (ctx_.runPlanner() == this) ctx_.setRunPlanner(nullptr);
}

Planner& Planner::of(ExecContext& ctx) {
  CAIRN_CHECK(ctx.runPlanner() != nullptr, "a query runs without its planner");
  return static_cast<Planner&>(*ctx.runPlanner());
}

double estimateOf(const Operator& op) {
  return op.estimatedRows() >= 0 ? op.estimatedRows() : kUnknownRows;
}

OperatorPtr Planner::emptyResult(std::vector<std::string> variables, std::string why) {
  auto op = make<Values>(std::move(variables), std::vector<ValueRow>{}, "Empty");
  op->addDetail("why", std::move(why));
  return op;
}

std::set<std::string> Planner::certainVariables(const Algebra& node) {
  std::set<std::string> out;
  auto addTerm = [&](const PatternTerm& t) {
    if (t.isVariable) out.insert(t.variable);
  };
  switch (node.kind) {
    case AlgebraKind::kBgp:
      for (const auto& t : node.as<BgpNode>().triples) {
        addTerm(t.subject);
        addTerm(t.predicate);
        addTerm(t.object);
      }
      break;
    case AlgebraKind::kPath:
      addTerm(node.as<PathNode>().subject);
      addTerm(node.as<PathNode>().object);
      break;
    case AlgebraKind::kJoin:
      for (const auto& c : node.children) {
        auto sub = certainVariables(*c);
        out.insert(sub.begin(), sub.end());
      }
      break;
    case AlgebraKind::kLeftJoin:
    case AlgebraKind::kMinus:
    case AlgebraKind::kFilter:
    case AlgebraKind::kOrderBy:
    case AlgebraKind::kDistinct:
    case AlgebraKind::kReduced:
    case AlgebraKind::kSlice:
    case AlgebraKind::kExtend:
      if (!node.children.empty()) out = certainVariables(*node.children[0]);
      break;
    case AlgebraKind::kGraph:
      if (!node.children.empty()) out = certainVariables(*node.children[0]);
      addTerm(node.as<GraphNode>().graph);
      break;
    case AlgebraKind::kUnion: {
      if (node.children.size() == 2) {
        auto a = certainVariables(*node.children[0]);
        auto b = certainVariables(*node.children[1]);
        std::set_intersection(a.begin(), a.end(), b.begin(), b.end(),
                              std::inserter(out, out.begin()));
      }
      break;
    }
    case AlgebraKind::kProject: {
      auto sub = certainVariables(*node.children[0]);
      for (const auto& v : node.as<ProjectNode>().variables) {
        if (sub.count(v)) out.insert(v);
      }
      break;
    }
    case AlgebraKind::kGroup: {
      auto sub = certainVariables(*node.children[0]);
      for (const auto& k : node.as<GroupNode>().keys) {
        if (k.expr.kind == ExprKind::kVariable && sub.count(k.expr.variable) &&
            k.variable == k.expr.variable) {
          out.insert(k.variable);
        }
      }
      break;
    }
    case AlgebraKind::kValues: {
      const auto& values = node.as<ValuesNode>();
      for (size_t i = 0; i < values.variables.size(); ++i) {
        bool all = true;
        for (const auto& row : values.rows) all = all && i < row.size() && row[i].has_value();
        if (all) out.insert(values.variables[i]);
      }
      break;
    }
    case AlgebraKind::kExpand: {
      out = certainVariables(*node.children[0]);
      const auto& expand = node.as<ExpandNode>();
      out.insert(expand.from);
      out.insert(expand.to);
      if (!expand.relationship.empty()) out.insert(expand.relationship);
      break;
    }
    case AlgebraKind::kUnwind:
      out = certainVariables(*node.children[0]);
      break;
    case AlgebraKind::kTable:
    case AlgebraKind::kService:
      break;
  }
  return out;
}

const Algebra& Planner::extendChain(const Algebra& node,
                                    std::vector<std::pair<std::string, Expr>>& bindings) {
  const Algebra* base = &node;
  while (base->kind == AlgebraKind::kExtend) {
    const auto& extend = base->as<ExtendNode>();
    bindings.insert(bindings.begin(), {extend.variable, extend.expr});
    base = base->children.at(0).get();
  }
  return *base;
}

OperatorPtr Planner::plan(const Algebra& node, const GraphScope& scope) {
  if (ctx_.cypher() != nullptr) {
    if (OperatorPtr op = planCypher(node, scope)) return op;
  }
  auto child = [&](size_t i) { return plan(*node.children.at(i), scope); };
  OperatorPtr op;
  switch (node.kind) {
    case AlgebraKind::kTable:
      op = make<Values>(std::vector<std::string>{}, std::vector<ValueRow>{ValueRow{}}, "Unit");
      break;
    case AlgebraKind::kBgp:
      op = planBgp(node.as<BgpNode>().triples, {}, nullptr, {}, scope);
      break;
    case AlgebraKind::kPath: {
      const auto& path = node.as<PathNode>();
      op = make<PropertyPathScan>(nullptr, path.subject, path.path, path.object, scope);
      op->setEstimatedRows(path.subject.isVariable && path.object.isVariable
                               ? kUnknownRows * 10
                               : kPathFromConstantRows);
      break;
    }
    case AlgebraKind::kJoin:
      op = planJoin(node, {}, scope);
      break;
    case AlgebraKind::kLeftJoin: {
      const auto& filters = node.as<LeftJoinNode>().filters;
      OperatorPtr left = child(0);
      double rows = estimateOf(*left);
      const Algebra& right = *node.children.at(1);
      const std::vector<TriplePattern>* rightTriples =
          right.kind == AlgebraKind::kBgp ? &right.as<BgpNode>().triples : nullptr;
      if (ctx_.enabled(kRewriteBindJoin) && rightTriples && rightTriples->size() == 1 &&
          bindCheaper(rows, cardinality_.scanRows((*rightTriples)[0], scope))) {
        // OPTIONAL { one pattern } over a small input: probe the index per row.
        op = make<BindJoin>(std::move(left), (*rightTriples)[0], scope, BindJoin::Mode::kLeftOuter,
                            filters);
        op->setEstimatedRows(rows);
        break;
      }
      if (ctx_.enabled(kRewriteBindJoin) && rightTriples && rightTriples->size() > 1) {
        double cheapest = -1;
        for (const auto& t : *rightTriples) {
          double scan = cardinality_.scanRows(t, scope);
          cheapest = cheapest < 0 ? scan : std::min(cheapest, scan);
        }
        if (bindCheaper(rows, cheapest)) {
          // OPTIONAL { several patterns } over a small input: probe per left batch.
          std::vector<std::string> rightVars;
          for (const auto& v : certainVariables(right)) rightVars.push_back(v);
          const std::vector<TriplePattern>* triples = rightTriples;
          op = make<BatchedLeftJoin>(
              std::move(left), std::move(rightVars),
              [triples, scope](ExecContext& runCtx, OperatorPtr keys) {
                std::vector<Expr> none;
                return Planner::of(runCtx).placeBgp(*triples, none, std::move(keys), {}, scope);
              },
              filters, scope);
          op->setEstimatedRows(rows);
          break;
        }
      }
      op = make<LeftJoin>(std::move(left), child(1), filters, scope);
      op->setEstimatedRows(rows);
      break;
    }
    case AlgebraKind::kFilter:
      op = planFilter(node, scope);
      break;
    case AlgebraKind::kUnion: {
      OperatorPtr left = child(0);
      OperatorPtr right = child(1);
      double rows = estimateOf(*left) + estimateOf(*right);
      op = make<UnionAll>(std::move(left), std::move(right));
      op->setEstimatedRows(rows);
      break;
    }
    case AlgebraKind::kMinus: {
      OperatorPtr left = child(0);
      double rows = estimateOf(*left);
      op = make<Minus>(std::move(left), child(1));
      op->setEstimatedRows(rows);
      break;
    }
    case AlgebraKind::kGraph:
      op = planGraph(node, scope);
      break;
    case AlgebraKind::kExtend: {
      // A chain of Extends runs as one operator (one solution for BNODE across them).
      std::vector<Extend::Binding> bindings;
      OperatorPtr input = plan(extendChain(node, bindings), scope);
      double rows = estimateOf(*input);
      op = make<Extend>(std::move(input), bindings, scope);
      op->setEstimatedRows(rows);
      break;
    }
    case AlgebraKind::kGroup: {
      op = tryCountFromDirectory(node.as<GroupNode>(), scope);
      if (op) break;
      const auto& group = node.as<GroupNode>();
      OperatorPtr input = child(0);
      double rows = group.keys.empty() ? 1 : std::max(1.0, estimateOf(*input) / 10);
      op = make<HashGroup>(std::move(input), group.keys, group.aggregates, scope);
      op->setEstimatedRows(rows);
      if (OperatorPtr fused = tryFactorizedCount(group, scope, op)) {
        fused->setEstimatedRows(rows);
        op = std::move(fused);
      }
      break;
    }
    case AlgebraKind::kOrderBy: {
      op = tryTopKFromIndex(node.as<OrderByNode>(), scope, std::nullopt);
      if (op) break;
      OperatorPtr input = child(0);
      double rows = estimateOf(*input);
      op = make<Sort>(std::move(input), node.as<OrderByNode>().order, scope);
      op->setEstimatedRows(rows);
      break;
    }
    case AlgebraKind::kProject: {
      OperatorPtr input = child(0);
      double rows = estimateOf(*input);
      op = make<Project>(std::move(input), node.as<ProjectNode>().variables);
      op->setEstimatedRows(rows);
      break;
    }
    case AlgebraKind::kReduced:
      // REDUCED permits but does not require dropping duplicates: keep the stream as is.
      op = child(0);
      break;
    case AlgebraKind::kDistinct: {
      OperatorPtr input = child(0);
      double rows = estimateOf(*input);
      op = make<Distinct>(std::move(input));
      op->setEstimatedRows(rows);
      break;
    }
    case AlgebraKind::kSlice:
      op = planSlice(node, scope);
      break;
    case AlgebraKind::kValues: {
      const auto& values = node.as<ValuesNode>();
      std::vector<ValueRow> rows;
      for (const auto& row : values.rows) {
        ValueRow ids(values.variables.size());
        for (size_t i = 0; i < ids.size() && i < row.size(); ++i) {
          if (row[i]) ids[i] = ctx_.terms().encode(*row[i]);
        }
        rows.push_back(std::move(ids));
      }
      op = make<Values>(values.variables, std::move(rows));
      break;
    }
    case AlgebraKind::kService:
      throw core::Error(core::ErrorCode::kUnsupported, "SERVICE (federation) is not supported");
    case AlgebraKind::kExpand:
    case AlgebraKind::kUnwind:
      throw core::Error(core::ErrorCode::kUnsupported,
                        std::string(algebraKindName(node.kind)) + " runs only in a Cypher query");
  }
  return op;
}

OperatorPtr Planner::planFilter(const Algebra& node, const GraphScope& scope) {
  const Algebra& input = *node.children.at(0);
  const auto& filters = node.as<FilterNode>().filters;
  if (ctx_.enabled(kRewriteFilterPushdown)) {
    if (input.kind == AlgebraKind::kBgp) {
      return planBgp(input.as<BgpNode>().triples, filters, nullptr, {}, scope);
    }
    if (input.kind == AlgebraKind::kJoin) return planJoin(input, filters, scope);
  }
  return applyFilters(plan(input, scope), filters, scope);
}

OperatorPtr Planner::applyFilters(OperatorPtr input, const std::vector<Expr>& filters,
                                  const GraphScope& scope) {
  std::vector<Expr> plain;
  for (const Expr& f : filters) {
    if (f.kind == ExprKind::kExists || f.kind == ExprKind::kNotExists) {
      input = planExistsFilter(std::move(input), f, scope);
    } else {
      plain.push_back(f);
    }
  }
  if (plain.empty()) return input;
  double rows = estimateOf(*input) * 0.5;
  auto op = make<Filter>(std::move(input), plain, scope);
  op->setEstimatedRows(rows);
  return op;
}

OperatorPtr Planner::planGraph(const Algebra& node, const GraphScope& scope) {
  const Algebra& inner = *node.children.at(0);
  const PatternTerm& graph = node.as<GraphNode>().graph;
  const auto& named = ctx_.namedGraphs();
  if (!graph.isVariable) {
    auto id = ctx_.terms().findStored(graph.term);
    bool isNamed = id && core::isNode(id->type) &&
                   std::find(named.begin(), named.end(), id->key) != named.end();
    if (!isNamed) {
      // Still plan the pattern for its variables, over no graph at all.
      OperatorPtr probe = plan(inner, GraphScope{});
      return emptyResult(probe->variables(), "graph " + core::toNTriples(graph.term) +
                                                 " is not a named graph of the dataset");
    }
    return plan(inner, GraphScope{{id->key}});
  }
  (void)scope;
  auto op =
      make<NamedGraphs>(graph.variable, named, [&inner](ExecContext& runCtx, const GraphScope& g) {
        return Planner::of(runCtx).plan(inner, g);
      });
  op->setEstimatedRows(kUnknownRows);
  return op;
}

OperatorPtr Planner::planSlice(const Algebra& sliceNode, const GraphScope& scope) {
  const auto& node = sliceNode.as<SliceNode>();
  const Algebra& input = *node.children.at(0);
  OperatorPtr op;
  // ORDER BY + LIMIT: keep only offset+limit rows (TopK) under the projection.
  const Algebra* order = &input;
  const Algebra* project = nullptr;
  if (order->kind == AlgebraKind::kProject) {
    project = order;
    order = order->children.at(0).get();
  }
  if (node.limit && order->kind == AlgebraKind::kOrderBy && ctx_.enabled(kRewriteTopK)) {
    // Strings first: it declines unless nearly every row is a plain string, where the inline
    // path would take them all for the few rows of another type.
    OperatorPtr sorted =
        tryTopKStringsFromIndex(order->as<OrderByNode>(), scope, node.offset + *node.limit);
    if (!sorted) {
      sorted = tryTopKFromIndex(order->as<OrderByNode>(), scope, node.offset + *node.limit);
    }
    if (!sorted) {
      OperatorPtr input = plan(*order->children.at(0), scope);
      const double rows =
          std::min(estimateOf(*input), static_cast<double>(node.offset + *node.limit));
      sorted = make<TopK>(std::move(input), order->as<OrderByNode>().order,
                          node.offset + *node.limit, scope);
      sorted->setEstimatedRows(rows);
    }
    if (project) {
      const double rows = estimateOf(*sorted);
      sorted = make<Project>(std::move(sorted), project->as<ProjectNode>().variables);
      sorted->setEstimatedRows(rows);
    }
    op = std::move(sorted);
  } else {
    op = plan(input, scope);
  }
  double rows = std::max(0.0, estimateOf(*op) - static_cast<double>(node.offset));
  if (node.limit) rows = std::min(rows, static_cast<double>(*node.limit));
  auto slice = make<Slice>(std::move(op), node.offset, node.limit);
  slice->setEstimatedRows(rows);
  return slice;
}

}  // namespace cairn::query::plan
