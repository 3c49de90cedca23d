// Fast path "label-aggregate": a Cypher Group over one label's nodes (filters over the BGP
// (?n rdf:type <L>)) whose keys, aggregate arguments and conditions read n only through its
// properties, as a LabelAggregate (query/exec/label_aggregate.h) merging the label's POST range
// with the properties' PSOT ranges.
//
// Preconditions, checked here: at most one group key, n.k; aggregates count(*), count(n), or
// any aggregate of n.p (no second argument); each filter condition reads at most one property of
// n and nothing else of it, holds no pattern and is deterministic; no condition is `n.k = value`
// while property seeks are on (a seek reads fewer nodes than the whole label); property names
// without ':' (a foreign IRI as a name may map to two predicates). Otherwise the ordinary plan
// (CypherGroup over the label scan) runs.

#include <algorithm>

#include "core/vocab.h"
#include "query/exec/label_aggregate.h"
#include "query/graph/property_graph_vocabulary.h"
#include "query/plan/planner.h"

namespace cairn::query::plan {

namespace {

// The key of `e` when it is n.key, else nullopt.
std::optional<std::string> propertyKeyOf(const Expr& e, const std::string& node) {
  if (e.kind != ExprKind::kCall || e.op != Op::kProperty || e.names.size() != 1 ||
      e.args.size() != 1 || e.args[0].kind != ExprKind::kVariable || e.args[0].variable != node ||
      e.names[0].find(':') != std::string::npos) {
    return std::nullopt;
  }
  return e.names[0];
}

bool nonDeterministic(const Expr& e) {
  if (e.kind != ExprKind::kCall) return false;
  switch (e.op) {
    case Op::kRand:
    case Op::kUuid:
    case Op::kStrUuid:
    case Op::kBnode:
      return true;
    case Op::kFunction:
      return e.iri == "rand" || e.iri == "randomuuid";
    default:
      return false;
  }
}

// `e` with its reads of n.key replaced by the value variable, into `out`; the key into `key`.
// False when `e` reads n otherwise or two keys, holds a pattern or is not deterministic.
bool readsOneProperty(const Expr& e, const std::string& node, std::optional<std::string>& key,
                      Expr& out) {
  if (auto k = propertyKeyOf(e, node)) {
    if (key && *key != *k) return false;
    key = *k;
    out = Expr::makeVariable(std::string(kLabelAggregateValue));
    return true;
  }
  if (e.kind == ExprKind::kExists || e.kind == ExprKind::kNotExists || e.pattern ||
      nonDeterministic(e) || e.variable == node) {
    return false;
  }
  out = e;
  for (size_t i = 0; i < e.args.size(); ++i) {
    if (!readsOneProperty(e.args[i], node, key, out.args[i])) return false;
  }
  return true;
}

// `n.k = value` (either way round), which a property seek answers better.
bool isKeyEquality(const Expr& e, const std::string& node) {
  if (e.kind != ExprKind::kCall || e.op != Op::kEqual || e.args.size() != 2) return false;
  for (int side = 0; side < 2; ++side) {
    const Expr& other = e.args[1 - side];
    if (propertyKeyOf(e.args[side], node) &&
        (other.kind == ExprKind::kConstant || other.kind == ExprKind::kParameter)) {
      return true;
    }
  }
  return false;
}

}  // namespace

OperatorPtr Planner::tryLabelAggregate(const GroupNode& group, OperatorPtr& fallback) {
  if (!ctx_.enabled(kRewriteLabelAggregate) || group.keys.size() > 1) return nullptr;
  std::vector<const FilterNode*> filters;
  const Algebra* input = group.children.at(0).get();
  while (input->kind == AlgebraKind::kFilter) {
    filters.push_back(&input->as<FilterNode>());
    input = input->children.at(0).get();
  }
  if (input->kind != AlgebraKind::kBgp || input->as<BgpNode>().triples.size() != 1) {
    return nullptr;
  }
  const TriplePattern& t = input->as<BgpNode>().triples[0];
  if (!t.subject.isVariable || t.predicate.isVariable || t.object.isVariable ||
      t.predicate.term != core::Term::iri(std::string(core::vocab::kRdfType)) ||
      t.object.term.kind != core::TermKind::kIri || t.object.term.value == graph::kNodeMarkerIri) {
    return nullptr;
  }
  const std::string& node = t.subject.variable;

  LabelAggregateSpec spec;
  spec.label = t.object.term.value;
  auto propertyIndex = [&](const std::string& key) {
    const std::string iri = cypherIri(key);
    auto it = std::find(spec.properties.begin(), spec.properties.end(), iri);
    if (it != spec.properties.end()) return static_cast<int>(it - spec.properties.begin());
    spec.properties.push_back(iri);
    return static_cast<int>(spec.properties.size() - 1);
  };
  // The lowest filter runs first.
  for (auto f = filters.rbegin(); f != filters.rend(); ++f) {
    for (const Expr& condition : (*f)->filters) {
      if (ctx_.enabled(kRewritePropertySeek) && isKeyEquality(condition, node)) return nullptr;
      std::optional<std::string> key;
      LabelAggregateSpec::Condition c;
      if (!readsOneProperty(condition, node, key, c.expr)) return nullptr;
      c.property = key ? propertyIndex(*key) : -1;
      spec.conditions.push_back(std::move(c));
    }
  }
  if (!group.keys.empty()) {
    const GroupKey& key = group.keys[0];
    const std::optional<std::string> k = propertyKeyOf(key.expr, node);
    if (!k || key.variable.empty()) return nullptr;
    spec.keyProperty = propertyIndex(*k);
    spec.keyVariable = key.variable;
  }
  for (const AggregateCall& call : group.aggregates) {
    if (call.extraArg) return nullptr;
    LabelAggregateSpec::Aggregate a;
    a.call = call;
    if (!call.arg || (call.arg->kind == ExprKind::kVariable && call.arg->variable == node)) {
      // count(*), count(n): every node counts once.
      if (call.function != AggregateCall::Function::kCount || call.distinct) return nullptr;
    } else {
      const std::optional<std::string> k = propertyKeyOf(*call.arg, node);
      if (!k) return nullptr;
      a.property = propertyIndex(*k);
      a.call.arg = Expr::makeVariable(std::string(kLabelAggregateValue));
    }
    spec.aggregates.push_back(std::move(a));
  }
  spec.outputVariables = fallback->variables();
  auto op = make<LabelAggregate>(std::move(spec), std::move(fallback));
  op->addDetail("rewrite", std::string(kRewriteLabelAggregate));
  return op;
}

}  // namespace cairn::query::plan
