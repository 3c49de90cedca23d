// Planning under Cypher's semantics (the context has a CypherRuntime): filters, extensions,
// grouping, sorting and unwinding evaluate openCypher expressions over Values, expansions read
// relationships; scans, joins, DISTINCT, projection, union and slices are the shared operators.
// SPARQL's expression-based rewrites (filter pushdown into scans, EXISTS as semi-joins, COUNT
// from directories, ORDER BY from the index) assume SPARQL's semantics and are not applied.

#include "core/error.h"
#include "query/exec/cypher_extend.h"
#include "query/exec/cypher_filter.h"
#include "query/exec/cypher_group.h"
#include "query/exec/cypher_sort.h"
#include "query/exec/expand.h"
#include "query/exec/project.h"
#include "query/exec/slice.h"
#include "query/exec/unwind.h"
#include "query/plan/planner.h"

namespace cairn::query::plan {

OperatorPtr Planner::planCypher(const Algebra& node, const GraphScope& scope) {
  auto child = [&](size_t i) { return plan(*node.children.at(i), scope); };
  OperatorPtr op;
  switch (node.kind) {
    case AlgebraKind::kFilter: {
      OperatorPtr input = child(0);
      const double rows = estimateOf(*input) * 0.5;
      op = std::make_unique<CypherFilter>(ctx_, std::move(input), node.as<FilterNode>().filters);
      op->setEstimatedRows(rows);
      return op;
    }
    case AlgebraKind::kExtend: {
      std::vector<CypherExtend::Binding> bindings;
      OperatorPtr input = plan(extendChain(node, bindings), scope);
      const double rows = estimateOf(*input);
      op = std::make_unique<CypherExtend>(ctx_, std::move(input), bindings);
      op->setEstimatedRows(rows);
      return op;
    }
    case AlgebraKind::kGroup: {
      const auto& group = node.as<GroupNode>();
      OperatorPtr input = child(0);
      const double rows = group.keys.empty() ? 1 : std::max(1.0, estimateOf(*input) / 10);
      op = std::make_unique<CypherGroup>(ctx_, std::move(input), group.keys, group.aggregates);
      op->setEstimatedRows(rows);
      return op;
    }
    case AlgebraKind::kOrderBy: {
      OperatorPtr input = child(0);
      const double rows = estimateOf(*input);
      op = std::make_unique<CypherSort>(ctx_, std::move(input), node.as<OrderByNode>().order,
                                        std::nullopt);
      op->setEstimatedRows(rows);
      return op;
    }
    case AlgebraKind::kSlice: {
      // ORDER BY + LIMIT: keep only offset + limit rows while sorting.
      const auto& slice = node.as<SliceNode>();
      const Algebra& input = *node.children.at(0);
      if (!slice.limit || input.kind != AlgebraKind::kOrderBy || !ctx_.enabled(kRewriteTopK)) {
        return nullptr;
      }
      const uint64_t k = slice.offset + *slice.limit;
      OperatorPtr sortInput = plan(*input.children.at(0), scope);
      const double sortedRows = std::min(estimateOf(*sortInput), static_cast<double>(k));
      OperatorPtr sorted = std::make_unique<CypherSort>(
          ctx_, std::move(sortInput), input.as<OrderByNode>().order, std::optional<uint64_t>(k));
      sorted->setEstimatedRows(sortedRows);
      const double rows = std::max(0.0, sortedRows - static_cast<double>(slice.offset));
      op = std::make_unique<Slice>(ctx_, std::move(sorted), slice.offset, slice.limit);
      op->setEstimatedRows(rows);
      return op;
    }
    case AlgebraKind::kExpand: {
      OperatorPtr input = child(0);
      const auto& expand = node.as<ExpandNode>();
      // Without statistics per relationship type yet: a few relationships per node.
      const double rows = estimateOf(*input) * (expand.variableLength ? 10 : 3);
      op = std::make_unique<Expand>(ctx_, std::move(input), expand);
      op->setEstimatedRows(rows);
      return op;
    }
    case AlgebraKind::kUnwind: {
      OperatorPtr input = child(0);
      const double rows = estimateOf(*input) * 10;
      const auto& unwind = node.as<UnwindNode>();
      op = std::make_unique<Unwind>(ctx_, std::move(input), unwind.variable, unwind.expr);
      op->setEstimatedRows(rows);
      return op;
    }
    case AlgebraKind::kLeftJoin:
      if (!node.as<LeftJoinNode>().filters.empty()) {
        throw core::Error(core::ErrorCode::kUnsupported,
                          "a Cypher left join with conditions (they belong in its right side)");
      }
      return nullptr;
    default:
      return nullptr;  // the shared plan
  }
}

}  // namespace cairn::query::plan
