// Cyclic expand: Cypher's pattern `(a:User)-[:F]->(b:User)-[:F]->(c:User)-[:F]->(a)` reaches the
// planner as a label scan of `a`, then expansions (each single-hop, one type) with label
// filters between them, the last one into `a`. Expanding it row by row enumerates every 2-path
// before the closing relationship drops most of them. Here the nodes are joined first, by the
// CyclicJoin that SPARQL's cycles use (cyclic_join_planner.cpp): one pattern `(from, T, to)`
// per expansion and one `(n, rdf:type, L)` per label, relationships' ends nodes only. Each
// expansion then runs into its two bound ends, reading the relationships themselves, so
// parallel relationships, relationship uniqueness and relationship variables keep Cypher's
// meaning; the other filters of the chain run last.
//
// Declined (null) when the chain holds anything else (variable-length, shortest paths, several
// or no types, undirected steps), a property equality (a seek from one node beats any join of
// whole types; the cost here would not see it), when the chain does not start at a label scan, when
// some pattern would stay outside the cyclic join, or when binary joins are estimated cheaper.

#include <algorithm>

#include "core/vocab.h"
#include "query/exec/cypher_filter.h"
#include "query/exec/expand.h"
#include "query/graph/property_graph_vocabulary.h"
#include "query/plan/planner.h"

namespace cairn::query::plan {

namespace {

// `n.k = value` (either way round): a condition a property seek answers from one node, which
// makes expanding from there cheaper than any join of whole relationship types. The cost
// below does not see such conditions, so a chain holding one keeps its expansions.
bool isPropertyEquality(const Expr& e) {
  if (e.kind != ExprKind::kCall || e.op != Op::kEqual || e.args.size() != 2) return false;
  return std::any_of(e.args.begin(), e.args.end(), [](const Expr& side) {
    return side.kind == ExprKind::kCall && side.op == Op::kProperty && side.args.size() == 1 &&
           side.args[0].kind == ExprKind::kVariable;
  });
}

TriplePattern labelPattern(const std::string& variable, std::string labelIri) {
  return {PatternTerm::var(variable),
          PatternTerm::constant(core::Term::iri(std::string(core::vocab::kRdfType))),
          PatternTerm::constant(core::Term::iri(std::move(labelIri)))};
}

}  // namespace

OperatorPtr Planner::tryCyclicExpand(const Algebra& top, const GraphScope& scope) {
  if (!ctx_.enabled(kRewriteCyclicJoin)) return nullptr;
  std::vector<const ExpandNode*> chain;
  std::vector<TriplePattern> triples;
  std::vector<Expr> others;
  const Algebra* node = &top;
  while (node->kind == AlgebraKind::kFilter || node->kind == AlgebraKind::kExpand) {
    if (node->kind == AlgebraKind::kFilter) {
      for (const Expr& f : node->as<FilterNode>().filters) {
        if (f.kind == ExprKind::kCall && f.op == Op::kHasLabels && f.args.size() == 1 &&
            f.args[0].kind == ExprKind::kVariable) {
          for (const auto& label : f.names)
            triples.push_back(labelPattern(f.args[0].variable, cypherIri(label)));
        } else if (isPropertyEquality(f)) {
          return nullptr;
        } else {
          others.push_back(f);
        }
      }
    } else {
      const auto& e = node->as<ExpandNode>();
      if (e.variableLength || e.shortest != ShortestPaths::kNone || e.types.size() != 1 ||
          e.direction == ExpandDirection::kBoth || e.from == e.to) {
        return nullptr;
      }
      chain.push_back(&e);
    }
    node = node->children.at(0).get();
  }
  if (chain.size() < 2 || node->kind != AlgebraKind::kBgp) return nullptr;
  for (const TriplePattern& t : node->as<BgpNode>().triples) {
    // The start's label scan: one-variable patterns with a constant predicate.
    if (t.predicate.isVariable || t.subject.isVariable == t.object.isVariable) return nullptr;
    triples.push_back(t);
  }
  std::reverse(chain.begin(), chain.end());
  // The chain's relationships have node ends: no node of it needs its marker checked.
  std::set<std::string> nodes;
  for (const ExpandNode* e : chain) nodes.insert({e->from, e->to});
  triples = withoutNodeMarkers(triples, nodes);
  for (const ExpandNode* e : chain) {
    const bool out = e->direction == ExpandDirection::kOutgoing;
    triples.push_back({PatternTerm::var(out ? e->from : e->to),
                       PatternTerm::constant(core::Term::iri(e->types[0])),
                       PatternTerm::var(out ? e->to : e->from)});
  }

  std::vector<size_t> remaining(triples.size());
  for (size_t i = 0; i < triples.size(); ++i) remaining[i] = i;
  double rows = 0;
  OperatorPtr op = tryCyclicJoin(triples, remaining, rows, scope, /*nodesOnly=*/true);
  if (!op || !remaining.empty()) return nullptr;
  for (const ExpandNode* e : chain) {
    op = make<Expand>(std::move(op), *e);
    op->setEstimatedRows(rows);
    op->addDetail("rewrite", std::string(kRewriteCyclicJoin));
  }
  if (!others.empty()) {
    op = make<CypherFilter>(std::move(op), others);
    op->setEstimatedRows(rows * 0.5);
  }
  return op;
}

}  // namespace cairn::query::plan
