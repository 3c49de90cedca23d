// Fast path "factorized-count": COUNT aggregates (and GROUP BY one variable) over a tree of
// triple patterns, with OPTIONAL trees on it, as a FactorizedCount (query/exec/factorized_count.h)
// that counts from per-value messages instead of joined rows.
//
// Preconditions, checked here: one graph in scope; at most one group key, a variable of the
// required patterns; every aggregate a COUNT of *, of a pattern variable, or (without a key)
// COUNT(DISTINCT ?v) of a required variable; the input a BGP, or a chain of LeftJoins without
// filters whose right sides are BGPs; every pattern with a constant stored predicate, no
// variable twice in one pattern; the required patterns a tree (connected, acyclic) over their
// variables; each optional's patterns a tree sharing exactly one variable with the required
// ones and none with the other optionals.
//
// Chosen by cost: the fast path scans every row of every pattern (key columns only), so it runs
// when that is not much more than the work of the ordinary plan — the rows each of its
// operators is estimated to produce, plus kProbeCost per bind-join probe; a selective constant
// that lets the joins probe a few rows keeps the ordinary plan.

#include <numeric>

#include "query/exec/factorized_count.h"
#include "query/exec/hash_group.h"
#include "query/exec/pattern_slots.h"
#include "query/plan/planner.h"

namespace cairn::query::plan {

namespace {

// The ordinary plan reads and joins its rows; the fast path reads key columns and merges
// sorted counts. It is chosen while it scans at most this many times the ordinary plan's work
// (plus a floor, below which either is fast).
constexpr double kScanPerPlannedRow = 2;
constexpr double kScanFloor = 4096;
// Rows per distinct object from which a leaf's per-object counts are taken by seeking from one
// object to the next (a descent and a directory count each, about two leaflets' boundaries)
// rather than by reading every row.
constexpr double kLongObjectRun = 4096;

// The ordinary plan's work: rows out of every operator, and a probe's cost per bind-join input
// row (BindJoin, BindLeftJoin, ...).
double plannedWork(const PlanInfo& node) {
  double work = std::max(0.0, node.estimatedRows);
  if (node.op.rfind("Bind", 0) == 0 && !node.children.empty()) {
    work += std::max(0.0, node.children[0].estimatedRows) * kProbeCost;
  }
  for (const PlanInfo& child : node.children) work += plannedWork(child);
  return work;
}

// Union-find over variable indexes, for the tree checks.
struct Components {
  std::vector<int> parent;
  explicit Components(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  int find(int v) { return parent[v] == v ? v : parent[v] = find(parent[v]); }
  // False when a and b were already connected (the edge closes a cycle).
  bool join(int a, int b) {
    a = find(a);
    b = find(b);
    if (a == b) return false;
    parent[a] = b;
    return true;
  }
};

class SpecBuilder {
 public:
  SpecBuilder(ExecContext& ctx, FactorizedCountSpec& spec) : ctx_(ctx), spec_(spec) {}

  // The pattern with its terms resolved; nullopt when the shape does not fit.
  std::optional<CountPattern> pattern(const TriplePattern& t) {
    if (t.predicate.isVariable || t.predicate.term.kind != core::TermKind::kIri)
      return std::nullopt;
    if (t.subject.isVariable && t.object.isVariable && t.subject.variable == t.object.variable) {
      return std::nullopt;
    }
    CountPattern p;
    p.text = describePattern(t);
    // A constant the store does not hold (or a literal subject) leaves the pattern no rows.
    auto predicate = ctx_.terms().findStored(t.predicate.term);
    if (predicate) p.predicate = predicate->key;
    p.impossible = !predicate;
    if (t.subject.isVariable) {
      p.subjectVar = variable(t.subject.variable);
    } else {
      auto s = ctx_.terms().findStored(t.subject.term);
      if (s && core::isNode(s->type)) p.subject = *s;
      p.impossible = p.impossible || !s || !core::isNode(s->type);
    }
    if (t.object.isVariable) {
      p.objectVar = variable(t.object.variable);
    } else {
      auto o = ctx_.terms().findStored(t.object.term);
      if (o) p.object = *o;
      p.impossible = p.impossible || !o;
    }
    return p;
  }

  int variable(const std::string& name) {
    auto it = std::find(spec_.variables.begin(), spec_.variables.end(), name);
    if (it != spec_.variables.end()) return static_cast<int>(it - spec_.variables.begin());
    spec_.variables.push_back(name);
    return static_cast<int>(spec_.variables.size() - 1);
  }

  int find(const std::string& name) const {
    auto it = std::find(spec_.variables.begin(), spec_.variables.end(), name);
    return it == spec_.variables.end() ? -1 : static_cast<int>(it - spec_.variables.begin());
  }

 private:
  ExecContext& ctx_;
  FactorizedCountSpec& spec_;
};

// The variables `patterns` mention.
std::vector<int> variablesOf(const std::vector<CountPattern>& patterns) {
  std::vector<int> out;
  for (const auto& p : patterns) {
    for (int v : {p.subjectVar, p.objectVar}) {
      if (v >= 0 && std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
    }
  }
  return out;
}

// Whether `patterns` form one tree over their variables (a pattern without variables is a
// condition of its own, outside the tree).
bool isTree(const std::vector<CountPattern>& patterns, size_t variables) {
  const std::vector<int> vars = variablesOf(patterns);
  if (vars.empty()) return false;
  Components components(variables);
  for (const auto& p : patterns) {
    if (p.subjectVar >= 0 && p.objectVar >= 0 && !components.join(p.subjectVar, p.objectVar)) {
      return false;
    }
  }
  const int root = components.find(vars[0]);
  for (int v : vars) {
    if (components.find(v) != root) return false;
  }
  return true;
}

}  // namespace

OperatorPtr Planner::tryFactorizedCount(const GroupNode& group, const GraphScope& scope,
                                        OperatorPtr& fallback) {
  if (!ctx_.enabled(kRewriteFactorizedCount)) return nullptr;
  if (scope.graphs.size() != 1 || group.keys.size() > 1 || group.aggregates.empty()) {
    return nullptr;
  }
  // The input: BGP, or LeftJoin(... LeftJoin(BGP, BGP) ..., BGP) without filters.
  std::vector<const BgpNode*> optionalBgps;
  const Algebra* node = group.children.at(0).get();
  while (node->kind == AlgebraKind::kLeftJoin) {
    if (!node->as<LeftJoinNode>().filters.empty()) return nullptr;
    const Algebra& right = *node->children.at(1);
    if (right.kind != AlgebraKind::kBgp) return nullptr;
    optionalBgps.insert(optionalBgps.begin(), &right.as<BgpNode>());
    node = node->children.at(0).get();
  }
  if (node->kind != AlgebraKind::kBgp) return nullptr;

  FactorizedCountSpec spec;
  spec.graph = scope.graphs[0];
  SpecBuilder builder(ctx_, spec);
  std::vector<double> rows;  // per required pattern
  double scanned = 0;
  for (const TriplePattern& t : node->as<BgpNode>().triples) {
    auto p = builder.pattern(t);
    if (!p) return nullptr;
    spec.required.push_back(*p);
    rows.push_back(cardinality_.scanRows(t, scope));
    scanned += rows.back();
  }
  const std::vector<int> requiredVars = variablesOf(spec.required);
  if (!isTree(spec.required, spec.variables.size())) return nullptr;
  std::vector<int> taken = requiredVars;  // variables of the required and earlier optionals
  for (const BgpNode* bgp : optionalBgps) {
    FactorizedCountSpec::Optional optional;
    for (const TriplePattern& t : bgp->triples) {
      auto p = builder.pattern(t);
      if (!p) return nullptr;
      optional.patterns.push_back(*p);
      scanned += cardinality_.scanRows(t, scope);
    }
    if (!isTree(optional.patterns, spec.variables.size())) return nullptr;
    for (int v : variablesOf(optional.patterns)) {
      if (std::find(taken.begin(), taken.end(), v) == taken.end()) {
        taken.push_back(v);
        continue;
      }
      const bool required =
          std::find(requiredVars.begin(), requiredVars.end(), v) != requiredVars.end();
      if (!required || optional.link >= 0) return nullptr;
      optional.link = v;
    }
    if (optional.link < 0) return nullptr;
    spec.optionals.push_back(std::move(optional));
  }
  auto isRequired = [&](int v) {
    return v >= 0 && std::find(requiredVars.begin(), requiredVars.end(), v) != requiredVars.end();
  };
  auto optionalOf = [&](int v) {
    for (size_t j = 0; j < spec.optionals.size(); ++j) {
      const auto vars = variablesOf(spec.optionals[j].patterns);
      if (v != spec.optionals[j].link && std::find(vars.begin(), vars.end(), v) != vars.end()) {
        return static_cast<int>(j);
      }
    }
    return -1;
  };

  if (!group.keys.empty()) {
    const GroupKey& key = group.keys[0];
    if (key.expr.kind != ExprKind::kVariable) return nullptr;
    spec.keyVariable = builder.find(key.expr.variable);
    if (!isRequired(spec.keyVariable)) return nullptr;
    spec.keyNamed = !key.variable.empty();
  }
  const int root = spec.keyVariable >= 0
                       ? spec.keyVariable
                       : FactorizedCount::chooseRoot(spec.required, spec.variables.size(), rows);
  for (const AggregateCall& call : group.aggregates) {
    if (call.function != AggregateCall::Function::kCount || call.extraArg) return nullptr;
    FactorizedCountSpec::Aggregate a;
    a.root = root;
    a.text = std::string("COUNT(") + (call.distinct ? "DISTINCT " : "") +
             (call.arg ? toString(*call.arg) : "*") + ")";
    if (call.arg) {
      if (call.arg->kind != ExprKind::kVariable) return nullptr;
      const int v = builder.find(call.arg->variable);
      if (call.distinct) {
        if (spec.keyVariable >= 0 || !isRequired(v)) return nullptr;
        a.distinct = true;
        a.variable = v;
        a.root = v;
      } else if (!isRequired(v)) {
        a.countsOptional = optionalOf(v);
        if (a.countsOptional < 0) return nullptr;
      }
    } else if (call.distinct) {
      return nullptr;
    }
    spec.aggregates.push_back(a);
  }
  // Objects whose runs are long (few distinct values: a gender, a class) are counted value by
  // value from the directories, not row by row.
  const std::vector<int> uses = spec.variableUses();
  auto markFewObjects = [&](std::vector<CountPattern>& patterns) {
    for (CountPattern& p : patterns) {
      // Only a leaf subject sends plain run lengths to the object.
      if (p.objectVar < 0 || p.subjectVar < 0 || uses[p.subjectVar] != 1 || p.impossible) {
        continue;
      }
      const PredicateEstimate* e = cardinality_.predicateEstimate(p.predicate, scope);
      p.fewObjects = e && e->objects > 0 && e->rows / e->objects >= kLongObjectRun;
    }
  };
  markFewObjects(spec.required);
  for (auto& optional : spec.optionals) markFewObjects(optional.patterns);
  const double work = plannedWork(fallback->planInfo());
  if (scanned > kScanPerPlannedRow * work + kScanFloor) return nullptr;

  spec.outputVariables = groupOutputVariables(group.keys, group.aggregates);
  auto op = make<FactorizedCount>(std::move(spec), std::move(fallback));
  op->addDetail("rewrite", std::string(kRewriteFactorizedCount));
  return op;
}

}  // namespace cairn::query::plan
