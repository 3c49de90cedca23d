#include "tests/support/naive_evaluator.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <set>
#include <string_view>
#include <utility>

#include "core/error.h"
#include "query/expr/aggregator.h"
#include "query/expr/expression_program.h"
#include "query/expr/function_context.h"

namespace cairn::testing {
namespace {

using core::Term;
using query::Algebra;
using query::AlgebraKind;
using query::PatternTerm;
using query::PropertyPath;

// One solution: a partial function from variables to terms (§18.1.8). An ordered map, so whole
// solutions compare and sort (DISTINCT, grouping) without extra code.
using Solution = std::map<std::string, Term, std::less<>>;
using Multiset = std::vector<Solution>;

struct Triple {
  Term s, p, o;
  auto operator<=>(const Triple&) const = default;
  bool operator==(const Triple&) const = default;
};
// An RDF graph: distinct triples, sorted.
using Graph = std::vector<Triple>;

// RDF 1.1: language tags compare case-insensitively; the evaluator keeps them lower case.
void lowerLanguage(Term& t) {
  for (char& c : t.language) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

bool compatible(const Solution& a, const Solution& b) {
  const Solution& small = a.size() <= b.size() ? a : b;
  const Solution& large = a.size() <= b.size() ? b : a;
  for (const auto& [name, value] : small) {
    auto it = large.find(name);
    if (it != large.end() && it->second != value) return false;
  }
  return true;
}

bool sharesVariable(const Solution& a, const Solution& b) {
  for (const auto& [name, value] : a) {
    if (b.count(name)) return true;
  }
  return false;
}

Solution merge(const Solution& a, const Solution& b) {
  Solution out = a;
  for (const auto& [name, value] : b) out.emplace(name, value);
  return out;
}

void sortDistinct(Graph& graph) {
  std::sort(graph.begin(), graph.end());
  graph.erase(std::unique(graph.begin(), graph.end()), graph.end());
}

// A solution written as one string literal, so COUNT(DISTINCT *) can hand whole solutions to an
// aggregator that de-duplicates terms.
Term solutionAsTerm(const Solution& mu) {
  std::string text;
  for (const auto& [name, value] : mu) {
    text += name;
    text += '=';
    text += core::toNTriples(value);
    text += '\n';
  }
  return Term::literal(std::move(text));
}

class Evaluator {
 public:
  Evaluator(const std::vector<Quad>& data, const query::Dataset& dataset,
            const NaiveOptions& options, const std::string& baseIri)
      : context_(options.now, baseIri, options.seed) {
    std::map<Term, Graph> all;
    Graph storeDefault;
    for (const Quad& q : data) {
      Triple t{q.subject, q.predicate, q.object};
      lowerLanguage(t.o);
      if (q.graph) {
        all[*q.graph].push_back(std::move(t));
      } else {
        storeDefault.push_back(std::move(t));
      }
    }
    if (!dataset.specified) {
      default_ = std::move(storeDefault);
      named_ = std::move(all);
    } else {
      // The default graph is the merge of the FROM graphs; blank nodes are shared across the
      // store's graphs, so the merge is a plain union.
      for (const std::string& iri : dataset.defaultGraphs) {
        auto it = all.find(Term::iri(iri));
        if (it != all.end()) default_.insert(default_.end(), it->second.begin(), it->second.end());
      }
      for (const std::string& iri : dataset.namedGraphs) {
        auto it = all.find(Term::iri(iri));
        if (it != all.end()) named_[it->first] = it->second;
      }
    }
    sortDistinct(default_);
    for (auto& [name, graph] : named_) sortDistinct(graph);
  }

  const Graph& defaultGraph() const { return default_; }

  Multiset eval(const Algebra& node, const Graph& graph) {
    switch (node.kind) {
      case AlgebraKind::kTable:
        return Multiset{Solution{}};
      case AlgebraKind::kBgp:
        return evalBgp(node.as<query::BgpNode>().triples, graph);
      case AlgebraKind::kPath:
        return evalPath(node.as<query::PathNode>(), graph);
      case AlgebraKind::kJoin:
        return evalJoin(eval(*node.children[0], graph), eval(*node.children[1], graph));
      case AlgebraKind::kLeftJoin:
        return evalLeftJoin(node.as<query::LeftJoinNode>(), graph);
      case AlgebraKind::kFilter:
        return evalFilter(node.as<query::FilterNode>(), graph);
      case AlgebraKind::kUnion: {
        Multiset out = eval(*node.children[0], graph);
        Multiset right = eval(*node.children[1], graph);
        out.insert(out.end(), std::make_move_iterator(right.begin()),
                   std::make_move_iterator(right.end()));
        return out;
      }
      case AlgebraKind::kMinus:
        return evalMinus(eval(*node.children[0], graph), eval(*node.children[1], graph));
      case AlgebraKind::kGraph:
        return evalGraph(node.as<query::GraphNode>());
      case AlgebraKind::kExtend:
        return evalExtend(node, graph);
      case AlgebraKind::kGroup:
        return evalGroup(node.as<query::GroupNode>(), graph);
      case AlgebraKind::kOrderBy:
        return evalOrderBy(node.as<query::OrderByNode>(), graph);
      case AlgebraKind::kProject: {
        Multiset out;
        for (const Solution& mu : eval(*node.children[0], graph)) {
          Solution projected;
          for (const std::string& v : node.as<query::ProjectNode>().variables) {
            auto it = mu.find(v);
            if (it != mu.end()) projected.emplace(v, it->second);
          }
          out.push_back(std::move(projected));
        }
        return out;
      }
      case AlgebraKind::kDistinct: {
        Multiset out;
        std::set<Solution> seen;
        for (Solution& mu : eval(*node.children[0], graph)) {
          if (seen.insert(mu).second) out.push_back(std::move(mu));
        }
        return out;
      }
      case AlgebraKind::kReduced:
        // REDUCED permits but does not require removing duplicates; keeping them all is a valid
        // answer, and callers compare REDUCED results loosely.
        return eval(*node.children[0], graph);
      case AlgebraKind::kSlice: {
        const auto& slice = node.as<query::SliceNode>();
        Multiset all = eval(*node.children[0], graph);
        Multiset out;
        for (uint64_t i = slice.offset; i < all.size(); ++i) {
          if (slice.limit && out.size() >= *slice.limit) break;
          out.push_back(std::move(all[i]));
        }
        return out;
      }
      case AlgebraKind::kValues: {
        const auto& values = node.as<query::ValuesNode>();
        Multiset out;
        for (const auto& row : values.rows) {
          Solution mu;
          for (size_t i = 0; i < values.variables.size() && i < row.size(); ++i) {
            if (row[i]) mu.emplace(values.variables[i], *row[i]);
          }
          out.push_back(std::move(mu));
        }
        return out;
      }
      case AlgebraKind::kService:
        throw core::Error(core::ErrorCode::kUnsupported, "naive evaluator: SERVICE");
    }
    throw core::Error(core::ErrorCode::kUnsupported, "naive evaluator: unknown algebra node");
  }

  // EXISTS { pattern } for `mu` (§18.6): the pattern is evaluated with mu's bindings standing in
  // for its variables (triple patterns, path ends, GRAPH ?g, expressions), and any solution
  // compatible with mu counts.
  bool exists(const Algebra& pattern, const Solution& mu, const Graph& graph) {
    outer_.push_back(&mu);
    Multiset result;
    try {
      result = eval(pattern, graph);
    } catch (...) {
      outer_.pop_back();
      throw;
    }
    outer_.pop_back();
    return std::any_of(result.begin(), result.end(),
                       [&](const Solution& r) { return compatible(r, mu); });
  }

  // The value of a variable in `mu`, else in the enclosing EXISTS substitutions, else nullptr.
  const Term* lookup(const Solution& mu, std::string_view name) const {
    auto it = mu.find(name);
    if (it != mu.end()) return &it->second;
    for (auto o = outer_.rbegin(); o != outer_.rend(); ++o) {
      auto found = (*o)->find(name);
      if (found != (*o)->end()) return &found->second;
    }
    return nullptr;
  }

  const std::string& slotName(int slot) const { return slotNames_[static_cast<size_t>(slot)]; }

  query::expr::ExpressionProgram compile(const query::Expr& e) {
    return query::expr::ExpressionProgram::compile(e, [this](std::string_view name) {
      auto it = slots_.find(name);
      if (it != slots_.end()) return it->second;
      int slot = static_cast<int>(slotNames_.size());
      slotNames_.emplace_back(name);
      slots_.emplace(std::string(name), slot);
      return slot;
    });
  }

  query::expr::FunctionContext& context() { return context_; }

  Multiset evalBgp(const std::vector<query::TriplePattern>& triples, const Graph& graph);
  Multiset evalPath(const query::PathNode& node, const Graph& graph);
  Multiset evalJoin(const Multiset& left, const Multiset& right);
  Multiset evalLeftJoin(const query::LeftJoinNode& node, const Graph& graph);
  Multiset evalFilter(const query::FilterNode& node, const Graph& graph);
  // The filters of a Filter or LeftJoin node, compiled.
  std::vector<query::expr::ExpressionProgram> compileFilters(const std::vector<query::Expr>& exprs);
  // Whether every filter holds for `mu`; an error counts as false (§17.2).
  bool allHold(const std::vector<query::expr::ExpressionProgram>& filters, const Graph& graph,
               const Solution& mu);
  Multiset evalMinus(const Multiset& left, const Multiset& right);
  Multiset evalGraph(const query::GraphNode& node);
  Multiset evalExtend(const Algebra& node, const Graph& graph);
  Multiset evalGroup(const query::GroupNode& node, const Graph& graph);
  Multiset evalOrderBy(const query::OrderByNode& node, const Graph& graph);

 private:
  bool bindTerm(const PatternTerm& pattern, const Term& value, Solution& mu) const;
  std::optional<Term> resolved(const PatternTerm& pattern) const;
  std::vector<Term> pathEnds(const PropertyPath& path, const Term& start, bool forward,
                             const Graph& graph) const;
  std::vector<Term> closure(const PropertyPath& step, const std::vector<Term>& from, bool forward,
                            const Graph& graph, bool includeFrom) const;

  Graph default_;
  std::map<Term, Graph> named_;
  std::vector<const Solution*> outer_;  // EXISTS substitutions, innermost last
  query::expr::FunctionContext context_;
  std::map<std::string, int, std::less<>> slots_;
  std::vector<std::string> slotNames_;
};

// One solution as the expression library sees it.
class SolutionValues : public query::expr::RowValues {
 public:
  SolutionValues(Evaluator& evaluator, const Graph& graph, const Solution& mu)
      : evaluator_(evaluator), graph_(graph), mu_(mu) {}

  const Term* value(int slot) const override {
    return evaluator_.lookup(mu_, evaluator_.slotName(slot));
  }
  bool exists(const Algebra& pattern) const override {
    return evaluator_.exists(pattern, mu_, graph_);
  }

 private:
  Evaluator& evaluator_;
  const Graph& graph_;
  const Solution& mu_;
};

bool Evaluator::bindTerm(const PatternTerm& pattern, const Term& value, Solution& mu) const {
  if (!pattern.isVariable) {
    if (pattern.term.language.empty()) return pattern.term == value;
    Term lowered = pattern.term;
    lowerLanguage(lowered);
    return lowered == value;
  }
  if (const Term* bound = lookup(mu, pattern.variable)) return *bound == value;
  mu.emplace(pattern.variable, value);
  return true;
}

std::optional<Term> Evaluator::resolved(const PatternTerm& pattern) const {
  if (!pattern.isVariable) return pattern.term;
  static const Solution kEmpty;
  if (const Term* bound = lookup(kEmpty, pattern.variable)) return *bound;
  return std::nullopt;
}

Multiset Evaluator::evalBgp(const std::vector<query::TriplePattern>& triples, const Graph& graph) {
  Multiset current{Solution{}};
  for (const query::TriplePattern& tp : triples) {
    Multiset next;
    for (const Solution& mu : current) {
      for (const Triple& t : graph) {
        Solution extended = mu;
        if (bindTerm(tp.subject, t.s, extended) && bindTerm(tp.predicate, t.p, extended) &&
            bindTerm(tp.object, t.o, extended)) {
          next.push_back(std::move(extended));
        }
      }
    }
    current = std::move(next);
  }
  return current;
}

// The nodes reachable from `start` by one `path` step, as a multiset (§18.4: links, sequences
// and alternatives keep duplicates; the closures and '?' are sets). `forward` false walks the
// path backwards (the ends are the starts of paths ending at `start`).
std::vector<Term> Evaluator::pathEnds(const PropertyPath& path, const Term& start, bool forward,
                                      const Graph& graph) const {
  std::vector<Term> out;
  switch (path.kind) {
    case PropertyPath::Kind::kLink:
      for (const Triple& t : graph) {
        if (t.p != path.iri) continue;
        if (forward && t.s == start) out.push_back(t.o);
        if (!forward && t.o == start) out.push_back(t.s);
      }
      return out;
    case PropertyPath::Kind::kInverse:
      return pathEnds(path.children[0], start, !forward, graph);
    case PropertyPath::Kind::kSequence: {
      std::vector<Term> current{start};
      for (size_t i = 0; i < path.children.size(); ++i) {
        const PropertyPath& step =
            forward ? path.children[i] : path.children[path.children.size() - 1 - i];
        std::vector<Term> next;
        for (const Term& node : current) {
          std::vector<Term> ends = pathEnds(step, node, forward, graph);
          next.insert(next.end(), ends.begin(), ends.end());
        }
        current = std::move(next);
      }
      return current;
    }
    case PropertyPath::Kind::kAlternative:
      for (const PropertyPath& child : path.children) {
        std::vector<Term> ends = pathEnds(child, start, forward, graph);
        out.insert(out.end(), ends.begin(), ends.end());
      }
      return out;
    case PropertyPath::Kind::kZeroOrOne: {
      out.push_back(start);
      for (Term& end : pathEnds(path.children[0], start, forward, graph)) {
        if (std::find(out.begin(), out.end(), end) == out.end()) out.push_back(std::move(end));
      }
      return out;
    }
    case PropertyPath::Kind::kZeroOrMore:
      return closure(path.children[0], {start}, forward, graph, /*includeFrom=*/true);
    case PropertyPath::Kind::kOneOrMore:
      return closure(path.children[0], pathEnds(path.children[0], start, forward, graph), forward,
                     graph, /*includeFrom=*/true);
    case PropertyPath::Kind::kNegatedSet: {
      auto excluded = [](const std::vector<Term>& iris, const Term& p) {
        return std::find(iris.begin(), iris.end(), p) != iris.end();
      };
      // !(a|^b) is !(a) | ^!(b) (§18.2.2.4); a part with no IRIs is absent.
      if (!path.iris.empty()) {
        for (const Triple& t : graph) {
          if (excluded(path.iris, t.p)) continue;
          if (forward && t.s == start) out.push_back(t.o);
          if (!forward && t.o == start) out.push_back(t.s);
        }
      }
      if (!path.inverseIris.empty()) {
        for (const Triple& t : graph) {
          if (excluded(path.inverseIris, t.p)) continue;
          if (forward && t.o == start) out.push_back(t.s);
          if (!forward && t.s == start) out.push_back(t.o);
        }
      }
      return out;
    }
  }
  return out;
}

// ALP (§18.4): every node reachable from `from` by zero or more `step`s, each once, in discovery
// order. `from` itself is part of the answer (the zero-length step of '*'; for '+' the caller
// passes the ends of the first step).
std::vector<Term> Evaluator::closure(const PropertyPath& step, const std::vector<Term>& from,
                                     bool forward, const Graph& graph, bool includeFrom) const {
  std::vector<Term> visited;
  std::set<Term> seen;
  std::vector<Term> frontier;
  for (const Term& node : from) {
    if (seen.insert(node).second) {
      frontier.push_back(node);
      if (includeFrom) visited.push_back(node);
    }
  }
  while (!frontier.empty()) {
    Term node = std::move(frontier.back());
    frontier.pop_back();
    for (Term& next : pathEnds(step, node, forward, graph)) {
      if (seen.insert(next).second) {
        visited.push_back(next);
        frontier.push_back(std::move(next));
      }
    }
  }
  return visited;
}

Multiset Evaluator::evalPath(const query::PathNode& node, const Graph& graph) {
  Multiset out;
  std::optional<Term> subject = resolved(node.subject);
  std::optional<Term> object = resolved(node.object);
  if (subject) {
    for (Term& end : pathEnds(node.path, *subject, true, graph)) {
      if (object) {
        if (end == *object) out.emplace_back();
      } else {
        out.push_back(Solution{{node.object.variable, std::move(end)}});
      }
    }
    return out;
  }
  if (object) {
    for (Term& end : pathEnds(node.path, *object, false, graph)) {
      out.push_back(Solution{{node.subject.variable, std::move(end)}});
    }
    return out;
  }
  // Both ends free: every node of the graph is a start (the zero-length paths of §18.4 range
  // over exactly these nodes).
  std::set<Term> nodes;
  for (const Triple& t : graph) {
    nodes.insert(t.s);
    nodes.insert(t.o);
  }
  bool sameVariable = node.subject.variable == node.object.variable;
  for (const Term& start : nodes) {
    for (Term& end : pathEnds(node.path, start, true, graph)) {
      if (sameVariable) {
        if (end == start) out.push_back(Solution{{node.subject.variable, start}});
      } else {
        out.push_back(Solution{{node.subject.variable, start},
                               {node.object.variable, std::move(end)}});
      }
    }
  }
  return out;
}

Multiset Evaluator::evalJoin(const Multiset& left, const Multiset& right) {
  Multiset out;
  for (const Solution& a : left) {
    for (const Solution& b : right) {
      if (compatible(a, b)) out.push_back(merge(a, b));
    }
  }
  return out;
}

Multiset Evaluator::evalLeftJoin(const query::LeftJoinNode& node, const Graph& graph) {
  Multiset left = eval(*node.children[0], graph);
  Multiset right = eval(*node.children[1], graph);
  const std::vector<query::expr::ExpressionProgram> filters = compileFilters(node.filters);
  Multiset out;
  for (const Solution& a : left) {
    bool extended = false;
    for (const Solution& b : right) {
      if (!compatible(a, b)) continue;
      Solution merged = merge(a, b);
      if (allHold(filters, graph, merged)) {
        out.push_back(std::move(merged));
        extended = true;
      }
    }
    if (!extended) out.push_back(a);
  }
  return out;
}

std::vector<query::expr::ExpressionProgram> Evaluator::compileFilters(
    const std::vector<query::Expr>& exprs) {
  std::vector<query::expr::ExpressionProgram> filters;
  for (const query::Expr& e : exprs) filters.push_back(compile(e));
  return filters;
}

bool Evaluator::allHold(const std::vector<query::expr::ExpressionProgram>& filters,
                        const Graph& graph, const Solution& mu) {
  SolutionValues values(*this, graph, mu);
  for (const auto& f : filters) {
    std::optional<bool> ok = f.evaluateCondition(values, context_);
    if (!ok || !*ok) return false;
  }
  return true;
}

Multiset Evaluator::evalFilter(const query::FilterNode& node, const Graph& graph) {
  Multiset input = eval(*node.children[0], graph);
  const std::vector<query::expr::ExpressionProgram> filters = compileFilters(node.filters);
  Multiset out;
  for (Solution& mu : input) {
    if (allHold(filters, graph, mu)) out.push_back(std::move(mu));
  }
  return out;
}

Multiset Evaluator::evalMinus(const Multiset& left, const Multiset& right) {
  Multiset out;
  for (const Solution& a : left) {
    bool removed = std::any_of(right.begin(), right.end(), [&](const Solution& b) {
      return sharesVariable(a, b) && compatible(a, b);
    });
    if (!removed) out.push_back(a);
  }
  return out;
}

Multiset Evaluator::evalGraph(const query::GraphNode& node) {
  Multiset out;
  std::optional<Term> name = resolved(node.graph);
  if (name) {
    auto it = named_.find(*name);
    if (it == named_.end()) return out;
    return eval(*node.children[0], it->second);
  }
  for (const auto& [graphName, graph] : named_) {
    for (Solution& mu : eval(*node.children[0], graph)) {
      auto bound = mu.find(node.graph.variable);
      if (bound != mu.end()) {
        if (bound->second == graphName) out.push_back(std::move(mu));
      } else {
        mu.emplace(node.graph.variable, graphName);
        out.push_back(std::move(mu));
      }
    }
  }
  return out;
}

// A chain of Extends (SELECT expressions, consecutive BINDs) is evaluated row by row, all of
// its expressions for one solution before the next: BNODE("x") must give the same node for the
// same string within one solution (§17.4.2.9), and the function context counts solutions.
Multiset Evaluator::evalExtend(const Algebra& node, const Graph& graph) {
  std::vector<const Algebra*> chain;
  const Algebra* base = &node;
  while (base->kind == AlgebraKind::kExtend) {
    chain.push_back(base);
    base = base->children[0].get();
  }
  std::reverse(chain.begin(), chain.end());
  Multiset input = eval(*base, graph);
  std::vector<query::expr::ExpressionProgram> programs;
  for (const Algebra* e : chain) programs.push_back(compile(e->as<query::ExtendNode>().expr));
  for (Solution& mu : input) {
    for (size_t i = 0; i < chain.size(); ++i) {
      std::optional<Term> value;
      {
        SolutionValues values(*this, graph, mu);
        value = programs[i].evaluate(values, context_);
      }
      if (value) mu.insert_or_assign(chain[i]->as<query::ExtendNode>().variable, std::move(*value));
    }
    context_.nextSolution();
  }
  return input;
}

Multiset Evaluator::evalGroup(const query::GroupNode& node, const Graph& graph) {
  Multiset input = eval(*node.children[0], graph);
  std::vector<query::expr::ExpressionProgram> keys;
  for (const query::GroupKey& k : node.keys) keys.push_back(compile(k.expr));
  std::vector<std::optional<query::expr::ExpressionProgram>> arguments;
  for (const query::AggregateCall& call : node.aggregates) {
    if (call.arg) {
      arguments.push_back(compile(*call.arg));
    } else {
      arguments.emplace_back();
    }
  }

  // Groups in first-seen order; a key that errors is an unbound key (it still groups).
  using Key = std::vector<std::optional<Term>>;
  std::map<Key, size_t> groupOf;
  std::vector<std::pair<Key, std::vector<const Solution*>>> groups;
  for (const Solution& mu : input) {
    Key key;
    SolutionValues values(*this, graph, mu);
    for (const auto& k : keys) key.push_back(k.evaluate(values, context_));
    auto [it, inserted] = groupOf.try_emplace(key, groups.size());
    if (inserted) groups.emplace_back(std::move(key), std::vector<const Solution*>{});
    groups[it->second].second.push_back(&mu);
  }
  // Without GROUP BY there is one group even over no solutions (§18.5.1: COUNT(*) of nothing is 0).
  if (node.keys.empty() && groups.empty()) groups.emplace_back();

  Multiset out;
  for (const auto& [key, members] : groups) {
    Solution result;
    for (size_t i = 0; i < node.keys.size(); ++i) {
      if (!node.keys[i].variable.empty() && key[i]) {
        result.emplace(node.keys[i].variable, *key[i]);
      }
    }
    for (size_t a = 0; a < node.aggregates.size(); ++a) {
      const query::AggregateCall& call = node.aggregates[a];
      std::unique_ptr<query::expr::Aggregator> aggregator = query::expr::makeAggregator(call);
      for (const Solution* mu : members) {
        if (!arguments[a]) {
          aggregator->add(call.distinct ? solutionAsTerm(*mu) : Term::literal("*"));
        } else {
          SolutionValues values(*this, graph, *mu);
          aggregator->add(arguments[a]->evaluate(values, context_));
        }
      }
      if (std::optional<Term> value = aggregator->result()) {
        result.insert_or_assign(call.resultVariable, std::move(*value));
      }
    }
    out.push_back(std::move(result));
  }
  return out;
}

Multiset Evaluator::evalOrderBy(const query::OrderByNode& node, const Graph& graph) {
  Multiset input = eval(*node.children[0], graph);
  std::vector<query::expr::ExpressionProgram> conditions;
  for (const query::OrderCondition& c : node.order) conditions.push_back(compile(c.expr));
  std::vector<std::pair<std::vector<std::optional<Term>>, size_t>> keyed;
  for (size_t i = 0; i < input.size(); ++i) {
    SolutionValues values(*this, graph, input[i]);
    std::vector<std::optional<Term>> key;
    for (const auto& c : conditions) key.push_back(c.evaluate(values, context_));
    keyed.emplace_back(std::move(key), i);
  }
  std::stable_sort(keyed.begin(), keyed.end(), [&](const auto& a, const auto& b) {
    for (size_t c = 0; c < conditions.size(); ++c) {
      const Term* x = a.first[c] ? &*a.first[c] : nullptr;
      const Term* y = b.first[c] ? &*b.first[c] : nullptr;
      int cmp = query::expr::compareForOrdering(x, y);
      if (cmp != 0) return node.order[c].descending ? cmp > 0 : cmp < 0;
    }
    return false;
  });
  Multiset out;
  for (auto& [key, index] : keyed) out.push_back(std::move(input[index]));
  return out;
}

// CONSTRUCT (§16.2): each solution instantiates the template with fresh blank nodes; triples with
// an unbound variable or an invalid term position are left out; the answer is a set.
std::vector<Quad> construct(const query::Query& query, const Multiset& solutions) {
  std::set<Quad> triples;
  for (size_t i = 0; i < solutions.size(); ++i) {
    const Solution& mu = solutions[i];
    auto instantiate = [&](const PatternTerm& p) -> std::optional<Term> {
      if (p.isVariable) {
        auto it = mu.find(p.variable);
        if (it == mu.end()) return std::nullopt;
        return it->second;
      }
      if (p.term.kind == core::TermKind::kBlank) {
        return Term::blank("c" + std::to_string(i) + "_" + p.term.value);
      }
      return p.term;
    };
    for (const query::TriplePattern& tp : query.constructTemplate) {
      std::optional<Term> s = instantiate(tp.subject);
      std::optional<Term> p = instantiate(tp.predicate);
      std::optional<Term> o = instantiate(tp.object);
      if (!s || !p || !o) continue;
      if (s->kind == core::TermKind::kLiteral || p->kind != core::TermKind::kIri) continue;
      triples.insert(Quad{std::move(*s), std::move(*p), std::move(*o), std::nullopt});
    }
  }
  return {triples.begin(), triples.end()};
}

// DESCRIBE: the triples of the default graph whose subject is a described resource. The spec
// leaves the description to the implementation; this is the smallest useful one.
std::vector<Quad> describe(const query::Query& query, const Multiset& solutions,
                           const Graph& graph) {
  std::set<Term> resources;
  for (const PatternTerm& p : query.describe) {
    if (!p.isVariable) {
      resources.insert(p.term);
      continue;
    }
    for (const Solution& mu : solutions) {
      auto it = mu.find(p.variable);
      if (it != mu.end()) resources.insert(it->second);
    }
  }
  if (query.describeAll) {
    for (const Solution& mu : solutions) {
      for (const auto& [name, value] : mu) resources.insert(value);
    }
  }
  std::vector<Quad> out;
  for (const Triple& t : graph) {
    if (resources.count(t.s)) out.push_back(Quad{t.s, t.p, t.o, std::nullopt});
  }
  return out;
}

}  // namespace

NaiveResult evaluateNaively(const query::Query& query, const std::vector<Quad>& data,
                            const NaiveOptions& options) {
  Evaluator evaluator(data, query.dataset, options, query.baseIri);
  Multiset solutions = query.pattern ? evaluator.eval(*query.pattern, evaluator.defaultGraph())
                                     : Multiset{Solution{}};
  NaiveResult result;
  result.form = query.form;
  switch (query.form) {
    case query::QueryForm::kSelect:
      result.variables = query.projection;
      for (const Solution& mu : solutions) {
        TermRow row;
        for (const std::string& v : query.projection) {
          auto it = mu.find(v);
          row.push_back(it == mu.end() ? std::nullopt : std::optional<Term>(it->second));
        }
        result.rows.push_back(std::move(row));
      }
      break;
    case query::QueryForm::kAsk:
      result.boolean = !solutions.empty();
      break;
    case query::QueryForm::kConstruct:
      result.triples = construct(query, solutions);
      break;
    case query::QueryForm::kDescribe:
      result.triples = describe(query, solutions, evaluator.defaultGraph());
      break;
  }
  return result;
}

}  // namespace cairn::testing
