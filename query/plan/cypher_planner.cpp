// Planning under Cypher's semantics (the context has a CypherRuntime): filters, extensions,
// grouping, sorting and unwinding evaluate openCypher expressions over Values, expansions read
// relationships, OPTIONAL MATCH's left join treats null as a value that matches nothing (and
// starts the pattern from the left's nodes); scans, joins, DISTINCT, projection, union and
// slices are the shared operators.
// SPARQL's expression-based rewrites (filter pushdown into scans, EXISTS as semi-joins, COUNT
// from directories, ORDER BY from the index) assume SPARQL's semantics and are not applied.

#include "core/check.h"
#include "core/vocab.h"
#include "query/exec/cypher_extend.h"
#include "query/exec/cypher_filter.h"
#include "query/exec/cypher_group.h"
#include "query/exec/cypher_left_join.h"
#include "query/exec/cypher_runtime.h"
#include "query/exec/cypher_sort.h"
#include "query/exec/expand.h"
#include "query/exec/project.h"
#include "query/exec/property_seek.h"
#include "query/exec/shortest_path.h"
#include "query/exec/slice.h"
#include "query/exec/unwind.h"
#include "query/graph/cypher_names.h"
#include "query/graph/property_graph_vocabulary.h"
#include "query/plan/planner.h"

namespace cairn::query::plan {

namespace {

bool bindsAny(const std::vector<TriplePattern>& triples, const std::set<std::string>& variables) {
  for (const auto& t : triples) {
    for (const PatternTerm* term : {&t.subject, &t.predicate, &t.object}) {
      if (term->isVariable && variables.count(term->variable) > 0) return true;
    }
  }
  return false;
}

// The variables of `shared` that the BGP at the bottom of `right`'s chain of filters and
// expansions binds: where a seeded left join places its keys. Empty when the right side does
// not start from such a scan (a disconnected pattern joins several).
std::vector<std::string> seedVariables(const Algebra& right,
                                       const std::vector<std::string>& shared) {
  const Algebra* node = &right;
  while (node->kind == AlgebraKind::kFilter || node->kind == AlgebraKind::kExpand) {
    node = node->children.at(0).get();
  }
  if (node->kind != AlgebraKind::kBgp) return {};
  std::vector<std::string> out;
  for (const auto& v : shared) {
    if (bindsAny(node->as<BgpNode>().triples, {v})) out.push_back(v);
  }
  return out;
}

// Whether `e` has one value for the whole statement: constants, parameters, null, and lists and
// signs of them.
bool isStatementConstant(const Expr& e) {
  switch (e.kind) {
    case ExprKind::kConstant:
    case ExprKind::kNull:
    case ExprKind::kParameter:
      return true;
    case ExprKind::kCall:
      if (e.op != Op::kUnaryMinus && e.op != Op::kUnaryPlus && e.op != Op::kList) return false;
      return std::all_of(e.args.begin(), e.args.end(), isStatementConstant);
    default:
      return false;
  }
}

// Whether `e` reads only `rows`' variables, through values that are variables, constants,
// parameters, properties and lists of them: a key a bound PropertySeek evaluates per row.
bool isRowValue(const Expr& e, const std::set<std::string>& rows) {
  switch (e.kind) {
    case ExprKind::kConstant:
    case ExprKind::kNull:
    case ExprKind::kParameter:
      return true;
    case ExprKind::kVariable:
      return rows.count(e.variable) > 0;
    case ExprKind::kCall:
      if (e.op != Op::kProperty && e.op != Op::kList && e.op != Op::kUnaryMinus &&
          e.op != Op::kUnaryPlus) {
        return false;
      }
      return std::all_of(e.args.begin(), e.args.end(),
                         [&](const Expr& a) { return isRowValue(a, rows); });
    default:
      return false;
  }
}

// A condition `?n.k = value` (either way round) whose value `acceptable` takes.
struct PropertyEquality {
  std::string node;
  std::string key;
  const Expr* value = nullptr;
};

template <typename Acceptable>
std::optional<PropertyEquality> propertyEquality(const Expr& e, Acceptable acceptable) {
  if (e.kind != ExprKind::kCall || e.op != Op::kEqual || e.args.size() != 2) return std::nullopt;
  for (int side = 0; side < 2; ++side) {
    const Expr& property = e.args[side];
    const Expr& value = e.args[1 - side];
    if (property.kind == ExprKind::kCall && property.op == Op::kProperty &&
        property.args.size() == 1 && property.args[0].kind == ExprKind::kVariable &&
        property.names.size() == 1 && acceptable(property.args[0].variable, value)) {
      return PropertyEquality{property.args[0].variable, property.names[0], &value};
    }
  }
  return std::nullopt;
}

bool bindsAsSubject(const std::vector<TriplePattern>& triples, const std::string& variable) {
  return std::any_of(triples.begin(), triples.end(), [&](const TriplePattern& t) {
    return t.subject.isVariable && t.subject.variable == variable;
  });
}

// The conjunct of `filters` that is a property equality on a subject of `triples` with a value
// `acceptable` takes and the fewest rows per value (`rowsPerValue`, from the statistics).
struct SeekChoice {
  PropertyEquality equality;
  const Expr* conjunct = nullptr;
  double rowsPerValue = 0;
};

template <typename Acceptable, typename RowsPerValue>
std::optional<SeekChoice> mostSelectiveEquality(const std::vector<Expr>& filters,
                                                const std::vector<TriplePattern>& triples,
                                                Acceptable acceptable, RowsPerValue rowsPerValue) {
  std::vector<const Expr*> conjuncts;
  for (const Expr& f : filters) appendConjuncts(f, conjuncts);
  std::optional<SeekChoice> best;
  for (const Expr* c : conjuncts) {
    auto eq = propertyEquality(*c, acceptable);
    if (!eq || !bindsAsSubject(triples, eq->node)) continue;
    const double rows = rowsPerValue(*eq);
    if (!best || rows < best->rowsPerValue) best = SeekChoice{std::move(*eq), c, rows};
  }
  return best;
}

}  // namespace

std::string Planner::cypherIri(std::string_view name) const {
  return ctx_.cypher()->graph().names().iriOf(name);
}

OperatorPtr Planner::tryPropertySeek(const Algebra& filter, const GraphScope& scope) {
  const Algebra& input = *filter.children.at(0);
  if (seed_ || !ctx_.enabled(kRewritePropertySeek)) return nullptr;
  if (input.kind == AlgebraKind::kJoin) return tryBoundPropertySeek(filter, scope);
  if (input.kind != AlgebraKind::kBgp) return nullptr;
  const auto& triples = input.as<BgpNode>().triples;
  const auto& filters = filter.as<FilterNode>().filters;
  const auto rowsPerValue = [&](const PropertyEquality& eq) {
    return propertyFanout(eq.node, eq.key, scope);
  };
  const std::optional<SeekChoice> choice = mostSelectiveEquality(
      filters, triples,
      [](const std::string&, const Expr& value) { return isStatementConstant(value); },
      rowsPerValue);
  if (!choice) return nullptr;
  const PropertyEquality* best = &choice->equality;
  const double bestRows = choice->rowsPerValue;
  OperatorPtr scan = plan(input, scope);
  const double scanRows = estimateOf(*scan);
  if (bestRows >= scanRows) {
    OperatorPtr op = make<CypherFilter>(std::move(scan), filters);
    op->setEstimatedRows(scanRows * 0.5);
    return op;
  }
  auto seek = make<PropertySeek>(best->node, cypherIri(best->key), *best->value);
  seek->setEstimatedRows(bestRows);
  // The BGP's patterns check the seek's nodes (one probe each; they hold a property, so they
  // are nodes); the full condition stays above, as the seek may find more than the equal
  // values (property_seek.h).
  OperatorPtr checked =
      planBgp(withoutNodeMarkers(triples, {best->node}), {}, std::move(seek), {best->node}, scope);
  const double rows = estimateOf(*checked);
  OperatorPtr op = make<CypherFilter>(std::move(checked), filters);
  op->setEstimatedRows(rows);
  return op;
}

double Planner::propertyFanout(const std::string& node, const std::string& key,
                               const GraphScope& scope) {
  const TriplePattern property{PatternTerm::var(node),
                               PatternTerm::constant(core::Term::iri(cypherIri(key))),
                               PatternTerm::var(" value")};
  return cardinality_.fanout(property, {" value"}, scope);
}

OperatorPtr Planner::tryBoundPropertySeek(const Algebra& filter, const GraphScope& scope) {
  const Algebra& join = *filter.children.at(0);
  if (join.children.size() != 2) return nullptr;
  const auto& filters = filter.as<FilterNode>().filters;
  // One side a BGP of the node, the other the rows whose values key it (a cross product the
  // filter would otherwise cut down).
  for (size_t side = 0; side < 2; ++side) {
    const Algebra& pattern = *join.children[side];
    const Algebra& rows = *join.children[1 - side];
    if (pattern.kind != AlgebraKind::kBgp) continue;
    const auto& triples = pattern.as<BgpNode>().triples;
    const std::vector<std::string> rowList = inScopeVariables(rows);
    const std::set<std::string> rowVariables(rowList.begin(), rowList.end());
    const std::optional<SeekChoice> choice = mostSelectiveEquality(
        filters, triples,
        [&](const std::string& node, const Expr& value) {
          return rowVariables.count(node) == 0 && isRowValue(value, rowVariables);
        },
        [&](const PropertyEquality& eq) { return propertyFanout(eq.node, eq.key, scope); });
    if (!choice) continue;
    const PropertyEquality* best = &choice->equality;
    const Expr* bestConjunct = choice->conjunct;
    const double bestRows = choice->rowsPerValue;
    if (isStatementConstant(*best->value)) {
      // The key is the same for every row (`MATCH (a {id: $x}), (b {id: $y})`): one seek under
      // the pattern, joined with the rows, not a seek per row. The equality cannot raise (a
      // node's property against a constant), so it may go below the join.
      auto seekable = std::make_shared<FilterNode>(std::vector<AlgebraPtr>{join.children[side]});
      seekable->filters.push_back(*bestConjunct);
      const JoinNode joined(std::vector<AlgebraPtr>{join.children[1 - side], seekable});
      OperatorPtr input = plan(joined, scope);
      const double estimated = estimateOf(*input);
      OperatorPtr op = make<CypherFilter>(std::move(input), filters);
      op->setEstimatedRows(estimated);
      return op;
    }
    // Per row, a seek against a scan of the node's most selective pattern.
    double scanRows = -1;
    for (const auto& t : triples) {
      if (!t.subject.isVariable || t.subject.variable != best->node) continue;
      const double r = cardinality_.scanRows(t, scope);
      if (scanRows < 0 || r < scanRows) scanRows = r;
    }
    if (bestRows >= scanRows) return nullptr;
    OperatorPtr outer = plan(rows, scope);
    const double outerRows = estimateOf(*outer);
    auto seek =
        make<PropertySeek>(std::move(outer), best->node, cypherIri(best->key), *best->value);
    seek->setEstimatedRows(outerRows * bestRows);
    std::set<std::string> certain = certainVariables(rows);
    certain.insert(best->node);
    OperatorPtr checked =
        planBgp(withoutNodeMarkers(triples, {best->node}), {}, std::move(seek), certain, scope);
    const double estimated = estimateOf(*checked);
    OperatorPtr op = make<CypherFilter>(std::move(checked), filters);
    op->setEstimatedRows(estimated);
    return op;
  }
  return nullptr;
}

OperatorPtr Planner::planCypherLeftJoin(const Algebra& node, const GraphScope& scope) {
  OperatorPtr left = plan(*node.children.at(0), scope);
  const double rows = estimateOf(*left);
  AlgebraPtr right = node.children.at(1);
  const std::vector<std::string> rightVariables = inScopeVariables(*right);
  std::vector<std::string> shared;
  for (const auto& v : rightVariables) {
    if (left->column(v) >= 0) shared.push_back(v);
  }
  // Seeded where the pattern starts from a node the left binds (as an OptionalExpand would):
  // the alternative, the whole pattern from every node of the graph, is no mere rewrite, since
  // it finds a node only by its marker fact, which imported RDF nodes lack (see kBgp below).
  std::vector<std::string> seeds = seedVariables(*right, shared);
  auto factory = [right, scope](ExecContext& runCtx, OperatorPtr keys) {
    Planner& planner = Planner::of(runCtx);
    // A seeded join planning inside another's right side keeps the outer one's keys aside.
    OperatorPtr outer = std::move(planner.seed_);
    planner.seed_ = std::move(keys);
    OperatorPtr op = planner.plan(*right, scope);
    CAIRN_CHECK(!planner.seed_, "a seeded left join's keys are placed under its right side");
    planner.seed_ = std::move(outer);
    return op;
  };
  auto op = make<CypherLeftJoin>(std::move(left), rightVariables, factory, std::move(seeds),
                                 node.as<LeftJoinNode>().filters);
  op->setEstimatedRows(rows);
  return op;
}

OperatorPtr Planner::planCypher(const Algebra& node, const GraphScope& scope) {
  auto child = [&](size_t i) { return plan(*node.children.at(i), scope); };
  OperatorPtr op;
  switch (node.kind) {
    case AlgebraKind::kFilter: {
      if (OperatorPtr seek = tryPropertySeek(node, scope)) return seek;
      if (OperatorPtr cyclic = tryCyclicExpand(node, scope)) return cyclic;
      OperatorPtr input = child(0);
      const double rows = estimateOf(*input) * 0.5;
      op = make<CypherFilter>(std::move(input), node.as<FilterNode>().filters);
      op->setEstimatedRows(rows);
      return op;
    }
    case AlgebraKind::kExtend: {
      std::vector<CypherExtend::Binding> bindings;
      OperatorPtr input = plan(extendChain(node, bindings), scope);
      const double rows = estimateOf(*input);
      op = make<CypherExtend>(std::move(input), bindings);
      op->setEstimatedRows(rows);
      return op;
    }
    case AlgebraKind::kGroup: {
      const auto& group = node.as<GroupNode>();
      OperatorPtr input = tryTrailEnds(group, scope);
      if (!input) input = child(0);
      const double rows = group.keys.empty() ? 1 : std::max(1.0, estimateOf(*input) / 10);
      op = make<CypherGroup>(std::move(input), group.keys, group.aggregates);
      op->setEstimatedRows(rows);
      if (OperatorPtr fused = tryLabelAggregate(group, op)) {
        fused->setEstimatedRows(rows);
        return fused;
      }
      return op;
    }
    case AlgebraKind::kOrderBy: {
      OperatorPtr input = child(0);
      const double rows = estimateOf(*input);
      op = make<CypherSort>(std::move(input), node.as<OrderByNode>().order, std::nullopt);
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
      OperatorPtr sorted = make<CypherSort>(std::move(sortInput), input.as<OrderByNode>().order,
                                            std::optional<uint64_t>(k));
      sorted->setEstimatedRows(sortedRows);
      const double rows = std::max(0.0, sortedRows - static_cast<double>(slice.offset));
      op = make<Slice>(std::move(sorted), slice.offset, slice.limit);
      op->setEstimatedRows(rows);
      return op;
    }
    case AlgebraKind::kExpand: {
      if (OperatorPtr cyclic = tryCyclicExpand(node, scope)) return cyclic;
      OperatorPtr input = child(0);
      const auto& expand = node.as<ExpandNode>();
      if (expand.shortest != ShortestPaths::kNone) {
        const double rows = estimateOf(*input) * (expand.shortest == ShortestPaths::kOne ? 1 : 3);
        op = make<ShortestPath>(std::move(input), expand);
        op->setEstimatedRows(rows);
        return op;
      }
      // Without statistics per relationship type yet: a few relationships per node.
      const double rows = estimateOf(*input) * (expand.variableLength ? 10 : 3);
      op = make<Expand>(std::move(input), expand);
      op->setEstimatedRows(rows);
      return op;
    }
    case AlgebraKind::kUnwind: {
      OperatorPtr input = child(0);
      const double rows = estimateOf(*input) * 10;
      const auto& unwind = node.as<UnwindNode>();
      op = make<Unwind>(std::move(input), unwind.variable, unwind.expr);
      op->setEstimatedRows(rows);
      return op;
    }
    case AlgebraKind::kLeftJoin:
      return planCypherLeftJoin(node, scope);
    case AlgebraKind::kValues:
      return outerRow_ ? outerRow_(node.as<ValuesNode>()) : nullptr;
    case AlgebraKind::kBgp: {
      const auto& triples = node.as<BgpNode>().triples;
      if (!seed_) return planNodeScans(triples, nullptr, {}, scope);
      const std::set<std::string> keys(seed_->variables().begin(), seed_->variables().end());
      if (!bindsAny(triples, keys)) return planNodeScans(triples, nullptr, {}, scope);
      // The keys are nodes the left bound (keys are never null: all certainly bound).
      if (withoutNodeMarkers(triples, keys).empty()) return std::move(seed_);
      return planNodeScans(triples, std::move(seed_), keys, scope);
    }
    default:
      return nullptr;  // the shared plan
  }
}

}  // namespace cairn::query::plan
