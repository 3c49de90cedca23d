// Cyclic join: the patterns of a BGP whose variables form cycles (triangles, 4-cycles,
// cliques), with the patterns that constrain one of their variables alone, as one CyclicJoin
// (query/exec/cyclic_join.h, a leapfrog triejoin) instead of a chain of binary joins.
//
// The cyclic core is what is left of the graph of binary patterns (constant predicate, two
// different variables) after peeling, again and again, every pattern with an end no other
// pattern touches; of a core in several pieces, the piece with the most patterns. The core
// and the one-variable patterns on its variables (`?a rdf:type C`, constant predicate) join in
// the CyclicJoin; the rest of the BGP is placed on top of it as usual.
//
// Chosen by estimated work: binary joins in the greedy order cost their intermediate rows
// (a triangle's 2-paths), the cyclic join reads each of its patterns once (twice the rows:
// the read and the trie) plus its output. A selective constant on the cycle keeps the binary
// joins (a few bind joins from one node); a cycle over whole predicates takes the cyclic join.
//
// Variable order: first the variable with the fewest distinct values by any of its patterns
// (ties: the most patterns), then repeatedly the variable with the most patterns to those
// chosen (ties: fewest values): each level then intersects as many lists as it can.

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "core/term.h"
#include "query/exec/cyclic_join.h"
#include "query/plan/planner.h"

namespace cairn::query::plan {

namespace {

bool binaryShape(const TriplePattern& p) {
  return !p.predicate.isVariable && p.subject.isVariable && p.object.isVariable &&
         p.subject.variable != p.object.variable;
}

// The variable of a one-variable pattern with a constant predicate, or empty.
std::string unaryVariable(const TriplePattern& p) {
  if (p.predicate.isVariable || p.subject.isVariable == p.object.isVariable) return "";
  return p.subject.isVariable ? p.subject.variable : p.object.variable;
}

}  // namespace

OperatorPtr Planner::tryCyclicJoin(const std::vector<TriplePattern>& triples,
                                   std::vector<size_t>& remaining, double& rows,
                                   const GraphScope& scope, bool nodesOnly) {
  if (!ctx_.enabled(kRewriteCyclicJoin) || !ctx_.enabled(kRewriteGreedyOrder)) return nullptr;

  // Peel the graph of binary patterns down to its cycles.
  std::vector<size_t> core;
  for (size_t index : remaining) {
    if (binaryShape(triples[index])) core.push_back(index);
  }
  // A cycle needs at least two patterns (two between the same variables, at the least).
  if (core.size() < 2) return nullptr;
  for (bool peeled = true; peeled && !core.empty();) {
    std::map<std::string, int> degree;
    for (size_t index : core) {
      ++degree[triples[index].subject.variable];
      ++degree[triples[index].object.variable];
    }
    const size_t before = core.size();
    std::erase_if(core, [&](size_t index) {
      return degree[triples[index].subject.variable] < 2 ||
             degree[triples[index].object.variable] < 2;
    });
    peeled = core.size() < before;
  }
  if (core.empty()) return nullptr;

  // The piece with the most patterns (flood fill over shared variables).
  std::vector<int> piece(core.size(), -1);
  int pieces = 0;
  for (size_t start = 0; start < core.size(); ++start) {
    if (piece[start] >= 0) continue;
    std::vector<size_t> stack{start};
    piece[start] = pieces;
    while (!stack.empty()) {
      const TriplePattern& a = triples[core[stack.back()]];
      stack.pop_back();
      for (size_t j = 0; j < core.size(); ++j) {
        const TriplePattern& b = triples[core[j]];
        if (piece[j] >= 0) continue;
        if (a.subject.variable == b.subject.variable || a.subject.variable == b.object.variable ||
            a.object.variable == b.subject.variable || a.object.variable == b.object.variable) {
          piece[j] = pieces;
          stack.push_back(j);
        }
      }
    }
    ++pieces;
  }
  std::vector<size_t> sizes(pieces, 0);
  for (int p : piece) ++sizes[p];
  const int biggest =
      static_cast<int>(std::max_element(sizes.begin(), sizes.end()) - sizes.begin());
  std::vector<size_t> chosen;
  std::set<std::string> variables;
  for (size_t j = 0; j < core.size(); ++j) {
    if (piece[j] != biggest) continue;
    chosen.push_back(core[j]);
    variables.insert(triples[core[j]].subject.variable);
    variables.insert(triples[core[j]].object.variable);
  }
  for (size_t index : remaining) {
    const std::string v = unaryVariable(triples[index]);
    if (!v.empty() && variables.count(v)) chosen.push_back(index);
  }
  std::sort(chosen.begin(), chosen.end());

  // Binary joins in the greedy order: their intermediate rows, and the join's output.
  double binaryWork = 0, output = 0;
  {
    std::set<std::string> bound;
    std::vector<size_t> left = chosen;
    double current = 0;
    while (!left.empty()) {
      size_t best = 0;
      double bestRows = std::numeric_limits<double>::infinity(), bestCost = 0;
      for (size_t k = 0; k < left.size(); ++k) {
        const TriplePattern& p = triples[left[k]];
        std::set<std::string> shared;
        for (const PatternTerm* t : {&p.subject, &p.object}) {
          if (t->isVariable && bound.count(t->variable)) shared.insert(t->variable);
        }
        if (!bound.empty() && shared.empty()) continue;
        const double scan = cardinality_.scanRows(p, scope);
        double perRow = bound.empty() ? scan : cardinality_.fanout(p, shared, scope);
        if (shared.size() == 2 && scan > 0) {
          // A pattern that closes a cycle: the chance that a pair of values is one of its rows,
          // rows / (subjects x objects). fanout() never goes below one row per binding.
          const double perSubject = cardinality_.fanout(p, {p.subject.variable}, scope);
          const double perObject = cardinality_.fanout(p, {p.object.variable}, scope);
          perRow = std::min(perRow, perSubject * perObject / scan);
        }
        const double after = bound.empty() ? scan : current * perRow;
        if (after < bestRows) {
          best = k;
          bestRows = after;
          bestCost = bound.empty() ? scan : std::min(current * kProbeCost, scan) + after;
        }
      }
      if (!std::isfinite(bestRows)) return nullptr;  // not connected: cannot happen
      const TriplePattern& p = triples[left[best]];
      for (const PatternTerm* t : {&p.subject, &p.object}) {
        if (t->isVariable) bound.insert(t->variable);
      }
      binaryWork += bestCost;
      current = bestRows;
      left.erase(left.begin() + static_cast<ptrdiff_t>(best));
    }
    output = current;
  }
  // The cyclic join: each trie read and built once (twice its rows), then its output. A
  // predicate's two-variable patterns share at most two tries (subject first: PSOT, object
  // first: POST); one-variable patterns with the same constants share one.
  double cyclicWork = output;
  {
    std::map<std::string, int> binaries;
    std::set<std::string> unaries;
    for (size_t index : chosen) {
      const TriplePattern& p = triples[index];
      const double scan = cardinality_.scanRows(p, scope);
      if (binaryShape(p)) {
        if (++binaries[core::toNTriples(p.predicate.term)] <= 2) cyclicWork += 2 * scan;
        continue;
      }
      TriplePattern key = p;
      (key.subject.isVariable ? key.subject : key.object) = PatternTerm::var("");
      if (unaries.insert(describePattern(key)).second) cyclicWork += 2 * scan;
    }
  }
  if (cyclicWork >= binaryWork) return nullptr;

  // Variable order.
  std::map<std::string, double> values;  // fewest distinct values by any pattern
  std::map<std::string, int> degree;
  for (size_t index : chosen) {
    const TriplePattern& p = triples[index];
    const double scan = cardinality_.scanRows(p, scope);
    for (const PatternTerm* t : {&p.subject, &p.object}) {
      if (!t->isVariable) continue;
      double distinct = scan;
      if (binaryShape(p)) {
        const double perValue = cardinality_.fanout(p, {t->variable}, scope);
        distinct = perValue > 0 ? scan / perValue : scan;
      }
      auto [at, fresh] = values.emplace(t->variable, distinct);
      if (!fresh) at->second = std::min(at->second, distinct);
      if (binaryShape(p)) ++degree[t->variable];
    }
  }
  std::vector<std::string> order;
  std::set<std::string> placed;
  while (order.size() < variables.size()) {
    std::string best;
    int bestLinks = -1;
    for (const std::string& v : variables) {
      if (placed.count(v)) continue;
      int links = 0;
      for (size_t index : chosen) {
        const TriplePattern& p = triples[index];
        if (!binaryShape(p)) continue;
        if ((p.subject.variable == v && placed.count(p.object.variable)) ||
            (p.object.variable == v && placed.count(p.subject.variable))) {
          ++links;
        }
      }
      if (order.empty()) links = degree[v];
      const bool better =
          best.empty() ||
          (order.empty()
               ? values[v] < values[best] || (values[v] == values[best] && links > bestLinks)
               : links > bestLinks || (links == bestLinks && values[v] < values[best]));
      if (better) {
        best = v;
        bestLinks = links;
      }
    }
    order.push_back(best);
    placed.insert(best);
  }

  std::vector<TriplePattern> patterns;
  for (size_t index : chosen) patterns.push_back(triples[index]);
  std::erase_if(remaining, [&](size_t index) {
    return std::binary_search(chosen.begin(), chosen.end(), index);
  });
  auto op = make<CyclicJoin>(order, patterns, scope, nodesOnly);
  op->addDetail("rewrite", std::string(kRewriteCyclicJoin));
  if (ctx_.describesPlan()) {
    op->addDetail("rejected", "binary joins: ~" + formatRows(binaryWork) + " rows of work > ~" +
                                  formatRows(cyclicWork) + " read and joined here");
  }
  rows = std::max(output, 0.0);
  op->setEstimatedRows(rows);
  return op;
}

}  // namespace cairn::query::plan
