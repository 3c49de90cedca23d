#pragma once
// Planner: turns the logical algebra (query/algebra/) into a tree of physical operators
// (query/exec/) for one execution context. One method per concern, each in its own file:
//
//   planner.cpp               dispatch per algebra kind, solution modifiers, dataset/graphs
//   join_planner.cpp          joins: flattening, BGP + outer placement, paths, hash vs bind
//   bgp_planner.cpp           greedy placement of a BGP's patterns (reducers, sources,
//                             expanders) with its filters placed as soon as they can run
//   exists_planner.cpp        EXISTS / NOT EXISTS: semi/anti join, or per-row substitution
//   count_from_directory.cpp  fast path: COUNT of one pattern from the index directories
//   factorized_count_planner.cpp  fast path: COUNT / GROUP BY COUNT over a tree of patterns
//                             (with OPTIONAL trees) from per-value counts, no joined rows
//   cypher_planner.cpp        the nodes whose operators differ under Cypher's semantics
//   top_k_from_index.cpp      fast path: ORDER BY ?o over one predicate read in POST order
//                             (ASC from the front, DESC from the tail, a few other-typed rows
//                             merged by a TopK)
//   property_join_planner.cpp a star of bind-joined attributes of one subject as one
//                             PropertyJoin: a SPOT read per subject and range of predicates
//   cyclic_join_planner.cpp   the cycles of a BGP (triangles, cliques) as one worst-case-optimal
//                             CyclicJoin when cheaper than binary joins
//   cyclic_expand_planner.cpp the same for Cypher's chains of expansions that close cycles
//   node_scan_planner.cpp     Cypher's "n is a node" (the marker pattern): implied by another
//                             pattern, or read by a NodeScan of every node
//   top_k_strings_from_index.cpp  fast path: ORDER BY ?o [more keys] LIMIT k over a predicate's
//                             plain strings, numbered in byte order by the import
//
// Every rewrite and fast path has a name (docs/query-engine.md) that QueryOptions::
// disabledRewrites switches off; the operators it produced say so in their PlanInfo details.

#include <algorithm>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "query/algebra/algebra.h"
#include "query/exec/exec_context.h"
#include "query/exec/operator.h"
#include "query/plan/cardinality.h"
#include "query/plan/operator_builder.h"

namespace cairn::query::plan {

// Names of the rewrites and fast paths (QueryOptions::disabledRewrites).
inline constexpr std::string_view kRewriteBindJoin = "bind-join";
inline constexpr std::string_view kRewriteMergeJoin = "merge-join";
inline constexpr std::string_view kRewriteFilterPushdown = "filter-pushdown";
inline constexpr std::string_view kRewriteTopK = "top-k";
inline constexpr std::string_view kRewriteTopKFromIndex = "top-k-from-index";
inline constexpr std::string_view kRewriteTopKFromIndexDesc = "top-k-from-index-desc";
inline constexpr std::string_view kRewriteTopKFromIndexMixed = "top-k-from-index-mixed";
inline constexpr std::string_view kRewriteTopKFromIndexStrings = "top-k-from-index-strings";
inline constexpr std::string_view kRewriteCountFromDirectory = "count-from-directory";
inline constexpr std::string_view kRewriteFactorizedCount = "factorized-count";
inline constexpr std::string_view kRewriteExistsSemiJoin = "exists-semi-join";
inline constexpr std::string_view kRewriteGreedyOrder = "greedy-join-order";
inline constexpr std::string_view kRewritePropertySeek = "property-seek";
inline constexpr std::string_view kRewriteLabelAggregate = "label-aggregate";
inline constexpr std::string_view kRewriteTrailEnds = "trail-ends";
inline constexpr std::string_view kRewritePropertyJoin = "property-join";
inline constexpr std::string_view kRewriteCyclicJoin = "cyclic-join";

// Rows assumed for an operator without an estimate.
inline constexpr double kUnknownRows = 1000;
// Rows assumed for a property path with a constant end (a walk from one node).
inline constexpr double kPathFromConstantRows = 100;
// A pattern this small (standalone) is a reducer: placed first.
inline constexpr double kReducerRows = 64;
// A bind-join probe costs about this many scanned rows: a descent to one leaflet and a cursor
// (measured warm at ~2 us per probe against ~0.07 us per scanned row on 1M facts).
inline constexpr double kProbeCost = 16;
// Whether `probes` index lookups beat scanning `scanRows` rows. A single probe never costs more
// than reading the leaflet a scan would start with.
inline bool bindCheaper(double probes, double scanRows) {
  return probes * kProbeCost <= std::max(scanRows, kProbeCost);
}

class Planner : public ExecContext::RunPlanner {
 public:
  // Installs itself as `ctx`'s run planner (ExecContext::runPlanner) unless `ctx` has one.
  explicit Planner(ExecContext& ctx);
  ~Planner() override;

  // The planner of the run on `ctx` (the one that planned it, or the one made to run a kept
  // plan): what parts planned while the query runs are planned with.
  static Planner& of(ExecContext& ctx);

  // Whether the operators made from now on carry PlanDrafts (query/exec/plan_node.h), so the
  // plan can be frozen and made again for another run. Off for parts planned while a query
  // runs, which belong to that run only.
  void setDrafting(bool drafting) { drafting_ = drafting; }

  // The operator tree for `node` over `scope`. Throws core::Error (kUnsupported for SERVICE).
  OperatorPtr plan(const Algebra& node, const GraphScope& scope);

  // Installs the EXISTS evaluator (per-row substitution) into the context.
  void installExistsEvaluator();

  // Under a CypherRuntime, plans each ValuesNode as the operator `source` makes of it: how a
  // Cypher pattern inside an expression reads its outer row (query/plan/pattern_runner.h).
  using OuterRowSource = std::function<OperatorPtr(const ValuesNode&)>;
  void setOuterRowSource(OuterRowSource source) { outerRow_ = std::move(source); }

  // The bindings of a chain of Extend nodes from `node` down, in evaluation order (a chain runs
  // as one operator), and the first node below the chain.
  static const Algebra& extendChain(const Algebra& node,
                                    std::vector<std::pair<std::string, Expr>>& bindings);

  // Variables every solution of `node` binds (for placing filters early).
  static std::set<std::string> certainVariables(const Algebra& node);

 private:
  OperatorPtr planJoin(const Algebra& node, const std::vector<Expr>& filters,
                       const GraphScope& scope);
  OperatorPtr planFilter(const Algebra& node, const GraphScope& scope);
  OperatorPtr planGraph(const Algebra& node, const GraphScope& scope);
  OperatorPtr planSlice(const Algebra& node, const GraphScope& scope);
  // Under a CypherRuntime: the IRI of a Cypher name (label, type or key) in this ledger
  // (query/graph/cypher_names.h).
  std::string cypherIri(std::string_view name) const;
  // Under a CypherRuntime: the operator for the node where Cypher's differs from the shared one
  // (cypher_planner.cpp); null where the shared plan applies.
  OperatorPtr planCypher(const Algebra& node, const GraphScope& scope);
  // OPTIONAL MATCH: a CypherLeftJoin, seeded with the left's nodes where the right side starts
  // from a scan of a shared variable (cypher_planner.cpp).
  OperatorPtr planCypherLeftJoin(const Algebra& node, const GraphScope& scope);
  // A Cypher filter over a BGP with a condition `n.k = value` (value a constant or parameter):
  // the BGP placed on a PropertySeek of n, when the statistics expect fewer rows from it than
  // from the BGP's own plan; null otherwise (cypher_planner.cpp).
  OperatorPtr tryPropertySeek(const Algebra& filter, const GraphScope& scope);
  // The same over a join of rows with a BGP of n, the value reading the rows' variables
  // (`UNWIND $ids AS x MATCH (u {id: x})`): a PropertySeek per row in place of the cross product.
  OperatorPtr tryBoundPropertySeek(const Algebra& filter, const GraphScope& scope);
  // The rows per distinct value of n's property k, by the statistics.
  double propertyFanout(const std::string& node, const std::string& key, const GraphScope& scope);

  // Places `triples` greedily on top of `outer` (may be null), applying each of `filters` as
  // soon as its variables are all certainly bound (`certain`: the variables outer always
  // binds). Placed filters are removed from `filters`; the caller applies the rest.
  OperatorPtr placeBgp(const std::vector<TriplePattern>& triples, std::vector<Expr>& filters,
                       OperatorPtr outer, const std::set<std::string>& certain,
                       const GraphScope& scope);
  // Where placeBgp bind-joins `first` (its subject a variable `current` binds): `first` and the
  // other patterns of triples[remaining] on that subject that would be bind-joined as reducers
  // (at most one match per subject), as one PropertyJoin on `current` reading each subject's
  // SPOT rows once per range of predicates. The absorbed patterns leave `remaining` and are
  // appended to `placed` and `subjectBinders`; `rows` becomes the estimate after them. False
  // (nothing changed) when no other pattern qualifies or the star's reads would cost no less
  // than the bind joins (property_join_planner.cpp).
  // `certain`: the variables every row of `current` binds (an unbound subject would match any
  // subject, which a read of one subject's rows cannot give).
  bool placePropertyJoin(OperatorPtr& current, const TriplePattern& first,
                         const std::vector<TriplePattern>& triples, std::vector<size_t>& remaining,
                         const std::set<std::string>& bound, const std::set<std::string>& certain,
                         std::vector<const TriplePattern*>& subjectBinders, double& rows,
                         std::vector<const TriplePattern*>& placed, const GraphScope& scope);
  // The patterns of triples[remaining] whose variables form cycles, with the one-variable
  // patterns on those variables, as one CyclicJoin, when the statistics expect it to do less
  // work than binary joins in the greedy order; the joined patterns leave `remaining` and
  // `rows` is the join's estimate. Null (nothing changed) otherwise (cyclic_join_planner.cpp).
  // `nodesOnly`: CyclicJoin's, for Cypher relationships.
  OperatorPtr tryCyclicJoin(const std::vector<TriplePattern>& triples,
                            std::vector<size_t>& remaining, double& rows, const GraphScope& scope,
                            bool nodesOnly = false);
  // Under a CypherRuntime: a chain of label filters and single-hop expansions of one type over
  // a label scan whose expansions close cycles (`(a)-[:F]->(b)-[:F]->(c)-[:F]->(a)`), as a
  // CyclicJoin of the nodes followed by an expand-into per relationship (which reads the
  // relationships themselves: parallel ones, uniqueness, relationship variables), when the
  // cyclic join is cheaper than binary joins; null otherwise (cyclic_expand_planner.cpp).
  OperatorPtr tryCyclicExpand(const Algebra& top, const GraphScope& scope);
  // Under a CypherRuntime, a BGP holding node-marker patterns `(?n rdf:type sys:Node)`, which
  // the translator writes for "n is a node" (docs/cypher.md), placed on `outer` (may be null)
  // whose `outerNodes` are nodes: a marker whose node another pattern binds as subject, or
  // outer binds, is dropped (a subject is a node); the other nodes come from a NodeScan each
  // (every node, imported RDF's included), the remaining patterns placed on top. Null when
  // there is neither a marker pattern nor `outer` (node_scan_planner.cpp).
  OperatorPtr planNodeScans(const std::vector<TriplePattern>& triples, OperatorPtr outer,
                            const std::set<std::string>& outerNodes, const GraphScope& scope);
  // The patterns of `triples` but the markers of `nodes` (variables known to hold nodes).
  static std::vector<TriplePattern> withoutNodeMarkers(const std::vector<TriplePattern>& triples,
                                                       const std::set<std::string>& nodes);
  // placeBgp, then the remaining filters on top.
  OperatorPtr planBgp(const std::vector<TriplePattern>& triples, std::vector<Expr> filters,
                      OperatorPtr outer, const std::set<std::string>& certain,
                      const GraphScope& scope);
  // Joins two planned inputs by hash, building the smaller.
  OperatorPtr hashJoin(OperatorPtr a, OperatorPtr b, double rows);
  // Applies `filters` (EXISTS conjuncts as semi/anti joins where allowed) on top of `input`.
  OperatorPtr applyFilters(OperatorPtr input, const std::vector<Expr>& filters,
                           const GraphScope& scope);
  OperatorPtr planExistsFilter(OperatorPtr input, const Expr& condition, const GraphScope& scope);

  // Fast paths: null when their preconditions do not hold.
  OperatorPtr tryCountFromDirectory(const GroupNode& group, const GraphScope& scope);
  // COUNTs over a tree of patterns as a FactorizedCount (query/exec/factorized_count.h) that
  // falls back to `fallback`, the group's ordinary plan, which it then owns; null (`fallback`
  // untouched) when the shape does not fit or the ordinary plan is estimated cheaper
  // (factorized_count_planner.cpp).
  OperatorPtr tryFactorizedCount(const GroupNode& group, const GraphScope& scope,
                                 OperatorPtr& fallback);
  // Cypher aggregates over one label's nodes and their properties as a LabelAggregate
  // (query/exec/label_aggregate.h) that falls back to `fallback`, the group's ordinary plan,
  // which it then owns; null (and `fallback` untouched) when the shape does not fit
  // (label_aggregate_planner.cpp).
  OperatorPtr tryLabelAggregate(const GroupNode& group, OperatorPtr& fallback);
  // The input of a Cypher group that reads only distinct values, when it is filters over a
  // chain of fixed expansions: the chain as one TrailEnds emitting each end once per row
  // (trail_ends_planner.cpp); null otherwise.
  OperatorPtr tryTrailEnds(const GroupNode& group, const GraphScope& scope);
  // `k`: the rows a LIMIT above keeps (offset + limit), when there is one; the DESC and mixed
  // variants need it.
  OperatorPtr tryTopKFromIndex(const OrderByNode& orderBy, const GraphScope& scope,
                               std::optional<uint64_t> k);
  // ORDER BY ?o [more keys] LIMIT k (k = offset + limit) over `?s <p> ?o` with plain string
  // objects: a TopK over POST's first (last) k strings with their ties and the few other rows
  // (top_k_strings_from_index.cpp); null when the shape does not fit.
  OperatorPtr tryTopKStringsFromIndex(const OrderByNode& orderBy, const GraphScope& scope,
                                      uint64_t k);

  OperatorPtr emptyResult(std::vector<std::string> variables, std::string why);

  // Every operator of a plan is made here (operator_builder.h).
  template <class Op, class... Args>
  std::unique_ptr<Op> make(Args&&... args) {
    return makeOperator<Op>(ctx_, drafting_, std::forward<Args>(args)...);
  }

  ExecContext& ctx_;
  Cardinality cardinality_;
  bool drafting_ = false;
  // While a seeded CypherLeftJoin plans its right side: the left batch's key rows, on which the
  // first BGP binding one of their variables is placed (then null again).
  OperatorPtr seed_;
  OuterRowSource outerRow_;  // setOuterRowSource()
};

double estimateOf(const Operator& op);

}  // namespace cairn::query::plan
