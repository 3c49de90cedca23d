#include "cypher/translate/query_translator.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "core/error.h"
#include "core/vocab.h"
#include "cypher/translate/expression_translator.h"
#include "cypher/translate/filter_placement.h"
#include "index/ledger/ledger.h"
#include "query/graph/property_graph_vocabulary.h"
#include "query/value/functions/function_registry.h"
#include "query/value/procedures.h"

namespace cairn::cypher {

namespace {

// Whether `e` reads a parameter's value.
bool mentionsParameter(const query::Expr& e) {
  if (e.kind == query::ExprKind::kParameter) return true;
  for (const auto& arg : e.args) {
    if (mentionsParameter(arg)) return true;
  }
  return false;
}

using query::AggregateCall;
using query::AlgebraPtr;
using query::Expr;
using query::Op;
using query::PatternTerm;

template <typename T>
std::shared_ptr<T> over(AlgebraPtr child) {
  return std::make_shared<T>(std::vector<AlgebraPtr>{std::move(child)});
}

bool isUnit(const AlgebraPtr& node) { return node->kind == query::AlgebraKind::kTable; }

[[noreturn]] void unsupported(const ast::SourcePosition& at, std::string what) {
  throw core::Error(core::ErrorCode::kUnsupported, std::move(what) + " is not supported yet",
                    at.line, at.column);
}

Expr propertyOf(const std::string& variable, const std::string& key) {
  Expr e = Expr::makeCall(Op::kProperty, {Expr::makeVariable(variable)});
  e.names = {key};
  return e;
}

// Replaces every subexpression whose rendering is one of `known`'s keys by its variable: how
// ORDER BY and aggregate items refer to what the projection already computed.
Expr substituteKnown(const Expr& e, const std::map<std::string, std::string>& known) {
  if (known.empty()) return e;
  auto it = known.find(query::toString(e));
  if (it != known.end()) return Expr::makeVariable(it->second);
  Expr out = e;
  for (Expr& arg : out.args) arg = substituteKnown(arg, known);
  return out;
}

// Renames free variables (not the local variable of a comprehension, which shadows).
Expr renameVariables(const Expr& e, const std::map<std::string, std::string>& renames) {
  if (e.kind == query::ExprKind::kVariable) {
    auto it = renames.find(e.variable);
    return it == renames.end() ? e : Expr::makeVariable(it->second);
  }
  if (!e.variable.empty() && renames.count(e.variable) > 0) {
    std::map<std::string, std::string> inner = renames;
    inner.erase(e.variable);
    Expr out = e;
    for (Expr& arg : out.args) arg = renameVariables(arg, inner);
    return out;
  }
  Expr out = e;
  for (Expr& arg : out.args) arg = renameVariables(arg, renames);
  return out;
}

bool containsAggregate(const ast::Expression& e) {
  if (e.kind == ast::ExprKind::kCountStar) return true;
  if (e.kind == ast::ExprKind::kFunctionCall && isAggregateFunction(e.name)) return true;
  for (const auto& c : e.children) {
    if (c && containsAggregate(*c)) return true;
  }
  return false;
}

std::optional<AggregateCall::Function> aggregateFunction(std::string_view name) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  using F = AggregateCall::Function;
  static const std::map<std::string, F, std::less<>> kNames = {
      {"count", F::kCount},
      {"sum", F::kSum},
      {"avg", F::kAvg},
      {"min", F::kMin},
      {"max", F::kMax},
      {"collect", F::kCollect},
      {"percentiledisc", F::kPercentileDisc},
      {"percentilecont", F::kPercentileCont},
      {"stdev", F::kStDev},
      {"stdevp", F::kStDevP}};
  auto it = kNames.find(lower);
  if (it == kNames.end()) return std::nullopt;
  return it->second;
}

class SingleQueryTranslator {
 public:
  SingleQueryTranslator(const query::value::Parameters& parameters, const TranslateContext& context)
      : parameters_(parameters), context_(context), names_(context.cypherNames()) {}

  // The node count of a label by its name, when the context knows label counts.
  LabelNodes labelNodes() const {
    if (!context_.labelNodes) return {};
    return [this](const std::string& label) { return context_.labelNodes(names_.iriOf(label)); };
  }

  // Whether the query is one CALL alone.
  void setStandaloneCall(bool standaloneCall) { standaloneCall_ = standaloneCall; }
  // TranslatedQuery::readsParameters of what was translated so far.
  bool readParameters() const { return *readParameters_; }

  AlgebraPtr plan = std::make_shared<query::TableNode>();
  std::vector<std::string> columns;

  void clause(const ast::Clause& c) {
    switch (c.kind()) {
      case ast::ClauseKind::kMatch:
        match(c.as<ast::MatchClause>());
        return;
      case ast::ClauseKind::kUnwind:
        unwind(c.as<ast::UnwindClause>());
        return;
      case ast::ClauseKind::kWith: {
        const auto& with = c.as<ast::WithClause>();
        project(with.body, with.where.get(), c.position(), /*isWith=*/true);
        return;
      }
      case ast::ClauseKind::kReturn:
        columns = project(c.as<ast::ReturnClause>().body, nullptr, c.position(), /*isWith=*/false);
        return;
      case ast::ClauseKind::kCall:
        callProcedure(c.as<ast::CallClause>());
        return;
      default:
        unsupported(c.position(),
                    std::string(ast::clauseKindName(c.kind())) + " in a reading query");
    }
  }

  // Starts from rows binding `variables` (translateSegment).
  std::shared_ptr<query::ValuesNode> startFromInput(const std::vector<std::string>& variables) {
    auto input = std::make_shared<query::ValuesNode>();
    input->variables = variables;
    plan = input;
    for (const auto& v : variables) bind(v);
    return input;
  }

  // MATCH of one pattern part (MERGE's match).
  void matchPart(const ast::PatternPart& part) {
    std::vector<std::string> clauseRels;
    addPart(plan, part, clauseRels);
  }

  // Every named variable in scope, projected (a segment not ending with RETURN, MERGE's match).
  void projectScope() {
    columns = visible_;
    auto project = over<query::ProjectNode>(plan);
    project->variables = columns;
    plan = project;
  }

 private:
  std::string fresh(std::string_view what) {
    return " " + std::string(what) + std::to_string(++*counter_);
  }
  bool bound(const std::string& name) const { return bound_.count(name) > 0; }
  void bind(const std::string& name) {
    if (!bound_.insert(name).second) return;
    if (!isHiddenVariable(name)) visible_.push_back(name);
  }

  Expr translate(const ast::Expression& e) { return translateExpression(e, patternHooks()); }

  // Patterns and EXISTS subqueries inside expressions: each translated by a translator of its
  // own whose plan starts from the outer row, a ValuesNode binding the variables in scope here
  // (and the expression's `locals`) that the pattern reads, with one row of UNDEF. The engine's
  // pattern runner (query/plan/pattern_runner.h) puts each evaluation's values there. What the
  // pattern binds besides stays inside it.
  ExpressionHooks patternHooks() {
    ExpressionHooks hooks;
    hooks.pattern = [this](const ast::PatternPart& part, const std::vector<std::string>& locals) {
      SingleQueryTranslator inner = nested(locals);
      std::vector<std::string> clauseRels;
      inner.addPart(inner.plan, part, clauseRels);
      PatternAlgebra out{inner.withOuterRow(), {}};
      for (const auto& node : part.nodes) {
        if (inner.outer_.count(node.variable) > 0) out.outerVariables.push_back(node.variable);
      }
      for (const auto& rel : part.relationships) {
        if (inner.outer_.count(rel.variable) > 0) out.outerVariables.push_back(rel.variable);
      }
      return out;
    };
    hooks.existsSubquery = [this](const ast::Expression& e,
                                  const std::vector<std::string>& locals) {
      if (e.subquery) {
        AlgebraPtr all;
        for (const ast::SingleQuery& part : e.subquery->parts) {
          SingleQueryTranslator inner = nested(locals);
          for (const auto& clause : part.clauses) inner.clause(*clause);
          AlgebraPtr one = inner.withOuterRow();
          all = all ? std::make_shared<query::UnionNode>(std::vector<AlgebraPtr>{all, one}) : one;
        }
        return Expr::makeExists(all, /*negated=*/false);
      }
      if (!e.patternList) unsupported(e.position, "an EXISTS { } without a pattern");
      SingleQueryTranslator inner = nested(locals);
      std::vector<std::string> clauseRels;
      for (const auto& part : e.patternList->parts) inner.addPart(inner.plan, part, clauseRels);
      if (!e.children.empty() && e.children[0]) {
        inner.addFilter(inner.plan, inner.translate(*e.children[0]));
      }
      return Expr::makeExists(inner.withOuterRow(), /*negated=*/false);
    };
    return hooks;
  }

  // A translator for a pattern inside an expression: the variables in scope here (those of the
  // rows before an OPTIONAL MATCH included) and `locals` are bound, by the outer row.
  SingleQueryTranslator nested(const std::vector<std::string>& locals) const {
    SingleQueryTranslator inner(parameters_, context_);
    inner.counter_ = counter_;
    inner.readParameters_ = readParameters_;
    if (outerBound_ != nullptr) {
      for (const auto& v : *outerBound_) inner.bind(v);
    }
    for (const auto& v : visible_) inner.bind(v);
    for (const auto& v : bound_) inner.bind(v);
    for (const auto& v : locals) inner.bind(v);
    inner.outer_ = inner.bound_;
    inner.outerRow_ = std::make_shared<query::ValuesNode>();
    inner.plan = inner.outerRow_;
    return inner;
  }

  // A nested translator's plan, its outer row binding the outer variables the plan reads.
  AlgebraPtr withOuterRow() {
    for (const auto& v : query::referencedVariables(Expr::makeExists(plan, false))) {
      if (outer_.count(v) > 0) outerRow_->variables.push_back(v);
    }
    outerRow_->rows.assign(1, std::vector<std::optional<core::Term>>(outerRow_->variables.size()));
    return plan;
  }

  void addFilter(AlgebraPtr& base, Expr condition) {
    if (base->kind == query::AlgebraKind::kFilter) {
      auto copy = std::static_pointer_cast<query::FilterNode>(base->withChildren(base->children));
      copy->filters.push_back(std::move(condition));
      base = copy;
      return;
    }
    auto filter = over<query::FilterNode>(base);
    filter->filters.push_back(std::move(condition));
    base = filter;
  }

  // `n.k = v` for each entry of a pattern's property map (or parameter map).
  void propertyFilters(AlgebraPtr& base, const std::string& variable,
                       const ast::Expression* properties, bool list) {
    if (properties == nullptr) return;
    auto condition = [&](Expr value, const std::string& key) {
      if (!list) return Expr::makeCall(Op::kEqual, {propertyOf(variable, key), std::move(value)});
      // A variable-length relationship: every relationship of the list has the property.
      const std::string local = fresh("x");
      Expr all = Expr::makeCall(
          Op::kAll, {Expr::makeVariable(variable),
                     Expr::makeCall(Op::kEqual, {propertyOf(local, key), std::move(value)})});
      all.variable = local;
      return all;
    };
    if (properties->kind == ast::ExprKind::kMap) {
      for (size_t i = 0; i < properties->names.size(); ++i) {
        addFilter(base, condition(translate(*properties->children[i]), properties->names[i]));
      }
      return;
    }
    unsupported(properties->position, "a parameter as a pattern's property map");
  }

  void labelFilter(AlgebraPtr& base, const std::string& variable,
                   const std::vector<std::string>& labels) {
    if (labels.empty()) return;
    Expr has = Expr::makeCall(Op::kHasLabels, {Expr::makeVariable(variable)});
    has.names = labels;
    addFilter(base, std::move(has));
  }

  // The rows of every node with `labels` (label facts; without labels, the node marker).
  AlgebraPtr nodeSource(const std::string& variable, const std::vector<std::string>& labels) {
    auto bgp = std::make_shared<query::BgpNode>();
    const core::Term type = core::Term::iri(std::string(core::vocab::kRdfType));
    if (labels.empty()) {
      bgp->triples.push_back(
          {PatternTerm::var(variable), PatternTerm::constant(type),
           PatternTerm::constant(core::Term::iri(std::string(query::graph::kNodeMarkerIri)))});
    }
    for (const auto& label : labels) {
      bgp->triples.push_back({PatternTerm::var(variable), PatternTerm::constant(type),
                              PatternTerm::constant(core::Term::iri(names_.iriOf(label)))});
    }
    return bgp;
  }

  static query::ExpandDirection directionOf(ast::RelationshipDirection d, bool forward) {
    switch (d) {
      case ast::RelationshipDirection::kOutgoing:
        return forward ? query::ExpandDirection::kOutgoing : query::ExpandDirection::kIncoming;
      case ast::RelationshipDirection::kIncoming:
        return forward ? query::ExpandDirection::kIncoming : query::ExpandDirection::kOutgoing;
      default:
        return query::ExpandDirection::kBoth;
    }
  }

  void expandStep(AlgebraPtr& base, const std::string& from, const ast::RelationshipPattern& rel,
                  const std::string& relName, const ast::NodePattern& toNode,
                  const std::string& toName, bool forward, std::vector<std::string>& clauseRels,
                  bool pathOrder) {
    const bool boundBefore = bound(relName);
    std::string walkedName = relName;
    if (boundBefore && rel.length && !forward) {
      // A list bound before, walked from the pattern's far end: walk it reversed.
      walkedName = fresh("reversed");
      auto extend = over<query::ExtendNode>(base);
      extend->variable = walkedName;
      extend->expr = call("reverse", {Expr::makeVariable(relName)});
      base = extend;
    }
    auto expand = over<query::ExpandNode>(base);
    expand->from = from;
    expand->relationship = walkedName;
    for (const auto& type : rel.types) expand->types.push_back(names_.iriOf(type));
    expand->direction = directionOf(rel.direction, forward);
    expand->to = toName;
    if (rel.length) {
      expand->variableLength = true;
      expand->minHops = static_cast<uint32_t>(rel.length->min.value_or(1));
      expand->maxHops = rel.length->max
                            ? std::optional<uint32_t>(static_cast<uint32_t>(*rel.length->max))
                            : std::nullopt;
    }
    expand->distinctFrom = clauseRels;
    base = expand;
    clauseRels.push_back(relName);
    if (expand->variableLength && !forward && !boundBefore &&
        (!isHiddenVariable(relName) || pathOrder)) {
      // Walked from its end, the list comes out last relationship first; Cypher lists them in
      // the order the pattern is written.
      const std::string walked = fresh("walked");
      expand->relationship = walked;
      clauseRels.back() = walked;
      auto extend = over<query::ExtendNode>(base);
      extend->variable = relName;
      extend->expr = call("reverse", {Expr::makeVariable(walked)});
      base = extend;
    }
    bind(relName);
    bind(toName);
    propertyFilters(base, relName, rel.properties.get(), rel.length.has_value());
    // A node bound before keeps its labels and properties checked all the same.
    labelFilter(base, toName, toNode.labels);
    propertyFilters(base, toName, toNode.properties.get(), false);
  }

  static Expr call(std::string_view function, std::vector<Expr> args) {
    Expr e = Expr::makeCall(Op::kFunction, std::move(args));
    e.iri = std::string(function);
    return e;
  }

  // The first single relationship of `part` bound before, if any.
  std::optional<size_t> boundRelationship(const ast::PatternPart& part,
                                          const std::vector<std::string>& relNames) const {
    for (size_t i = 0; i < relNames.size(); ++i) {
      if (!part.relationships[i].length && bound(relNames[i])) return i;
    }
    return std::nullopt;
  }

  // `base` with `node` bound to the end(s) of the bound relationship `relName` that a pattern
  // (node)-[rel]-(...) can start from: its start node for -->, its end node for <--, each end
  // once for an undirected pattern (a self-loop once). A null relationship gives a null node,
  // which the expansion after it drops.
  AlgebraPtr endsOf(const AlgebraPtr& base, const ast::RelationshipPattern& rel,
                    const std::string& relName, const std::string& node) {
    const Expr r = Expr::makeVariable(relName);
    Expr ends;
    switch (rel.direction) {
      case ast::RelationshipDirection::kOutgoing:
        ends = Expr::makeCall(Op::kList, {call("startnode", {r})});
        break;
      case ast::RelationshipDirection::kIncoming:
        ends = Expr::makeCall(Op::kList, {call("endnode", {r})});
        break;
      default: {
        Expr loop = Expr::makeCall(Op::kEqual, {call("startnode", {r}), call("endnode", {r})});
        ends = Expr::makeCall(
            Op::kCase, {std::move(loop), Expr::makeCall(Op::kList, {call("startnode", {r})}),
                        Expr::makeCall(Op::kList, {call("startnode", {r}), call("endnode", {r})})});
      }
    }
    auto unwind = over<query::UnwindNode>(base);
    unwind->variable = node;
    unwind->expr = std::move(ends);
    return unwind;
  }

  // shortestPath / allShortestPaths((a)-[r:T*min..max]-(b)): both ends matched as nodes of
  // their own (a pair of seeks, or their cross product), then one search per pair
  // (query/exec/shortest_path.h). The relationship list is bound in order from `a`.
  void addShortestPathPart(AlgebraPtr& base, const ast::PatternPart& part,
                           std::vector<std::string>& clauseRels) {
    const ast::RelationshipPattern& rel = part.relationships.at(0);
    if (rel.properties) {
      unsupported(rel.properties->position, "a property map on shortestPath's relationship");
    }
    if (!rel.variable.empty() && bound(rel.variable)) {
      unsupported(rel.position, "shortestPath over a relationship variable bound before");
    }
    std::vector<std::string> nodeNames;
    for (const auto& node : part.nodes) {
      nodeNames.push_back(node.variable.empty() ? fresh("node") : node.variable);
    }
    const size_t first = bound(nodeNames[1]) && !bound(nodeNames[0])
                             ? 1
                             : chooseStartNode(part, nodeNames, pinned_, bound_, labelNodes());
    for (const size_t i : {first, 1 - first}) {
      if (bound(nodeNames[i])) {
        labelFilter(base, nodeNames[i], part.nodes[i].labels);
        propertyFilters(base, nodeNames[i], part.nodes[i].properties.get(), false);
        continue;
      }
      // Each end filtered on its own before the cross product, so a keyed end is one seek.
      AlgebraPtr source = nodeSource(nodeNames[i], part.nodes[i].labels);
      propertyFilters(source, nodeNames[i], part.nodes[i].properties.get(), false);
      base = isUnit(base)
                 ? source
                 : std::make_shared<query::JoinNode>(std::vector<AlgebraPtr>{base, source});
      bind(nodeNames[i]);
    }
    // A fixed-length relationship is a path of exactly one hop; its variable binds the one
    // relationship rather than a list.
    const bool single = !rel.length.has_value();
    const std::string list = rel.variable.empty() || single ? fresh("shortest") : rel.variable;
    auto expand = over<query::ExpandNode>(base);
    expand->from = nodeNames[0];
    expand->to = nodeNames[1];
    expand->relationship = list;
    for (const auto& type : rel.types) expand->types.push_back(names_.iriOf(type));
    expand->direction = directionOf(rel.direction, true);
    expand->variableLength = true;
    expand->minHops = single ? 1 : static_cast<uint32_t>(rel.length->min.value_or(1));
    expand->maxHops = single ? std::optional<uint32_t>(1)
                      : rel.length->max
                          ? std::optional<uint32_t>(static_cast<uint32_t>(*rel.length->max))
                          : std::nullopt;
    expand->shortest = part.function == ast::PathFunction::kShortestPath
                           ? query::ShortestPaths::kOne
                           : query::ShortestPaths::kAll;
    expand->distinctFrom = clauseRels;
    base = expand;
    clauseRels.push_back(list);
    bind(list);
    if (single && !rel.variable.empty()) {
      auto extend = over<query::ExtendNode>(base);
      extend->variable = rel.variable;
      extend->expr = call("head", {Expr::makeVariable(list)});
      base = extend;
      bind(rel.variable);
    }
    if (!part.pathVariable.empty()) {
      auto extend = over<query::ExtendNode>(base);
      extend->variable = part.pathVariable;
      extend->expr = call(query::value::kPathFunction,
                          {Expr::makeVariable(nodeNames[0]), Expr::makeVariable(list),
                           Expr::makeVariable(nodeNames[1])});
      base = extend;
      bind(part.pathVariable);
    }
  }

  void addPart(AlgebraPtr& base, const ast::PatternPart& part,
               std::vector<std::string>& clauseRels) {
    if (part.function != ast::PathFunction::kNone) {
      addShortestPathPart(base, part, clauseRels);
      return;
    }
    std::vector<std::string> nodeNames, relNames;
    for (const auto& node : part.nodes) {
      nodeNames.push_back(node.variable.empty() ? fresh("node") : node.variable);
    }
    for (const auto& rel : part.relationships) {
      relNames.push_back(rel.variable.empty() ? fresh("rel") : rel.variable);
    }
    size_t start = 0;
    while (start < nodeNames.size() && !bound(nodeNames[start])) ++start;
    if (start == nodeNames.size()) {
      // Nothing bound yet: start at a node the rows before an OPTIONAL MATCH bind (the planner
      // can then seed the scan with their nodes), else at the one constants pin down
      // (filter_placement.h).
      start = chooseStartNode(part, nodeNames, pinned_, bound_, labelNodes());
      bool seeded = false;
      for (size_t i = 0; outerBound_ != nullptr && i < nodeNames.size(); ++i) {
        if (outerBound_->count(nodeNames[i]) > 0) {
          start = i;
          seeded = true;
          break;
        }
      }
      const std::optional<size_t> relationship =
          seeded ? std::nullopt : boundRelationship(part, relNames);
      if (relationship) {
        // A relationship bound before: start from its end(s), not from every node.
        start = *relationship;
        base = endsOf(base, part.relationships[start], relNames[start], nodeNames[start]);
        bind(nodeNames[start]);
        labelFilter(base, nodeNames[start], part.nodes[start].labels);
      } else {
        AlgebraPtr source = nodeSource(nodeNames[start], part.nodes[start].labels);
        if (isUnit(base)) {
          base = source;
        } else {
          base = std::make_shared<query::JoinNode>(std::vector<AlgebraPtr>{base, source});
        }
        bind(nodeNames[start]);
      }
    } else {
      labelFilter(base, nodeNames[start], part.nodes[start].labels);
    }
    propertyFilters(base, nodeNames[start], part.nodes[start].properties.get(), false);
    for (size_t i = start; i + 1 < nodeNames.size(); ++i) {
      expandStep(base, nodeNames[i], part.relationships[i], relNames[i], part.nodes[i + 1],
                 nodeNames[i + 1], true, clauseRels, !part.pathVariable.empty());
    }
    for (size_t i = start; i > 0; --i) {
      expandStep(base, nodeNames[i], part.relationships[i - 1], relNames[i - 1], part.nodes[i - 1],
                 nodeNames[i - 1], false, clauseRels, !part.pathVariable.empty());
    }
    if (!part.pathVariable.empty()) {
      // p = ...: the path through the part's nodes and relationships in the order written.
      std::vector<Expr> steps{Expr::makeVariable(nodeNames[0])};
      for (size_t i = 0; i < relNames.size(); ++i) {
        steps.push_back(Expr::makeVariable(relNames[i]));
        steps.push_back(Expr::makeVariable(nodeNames[i + 1]));
      }
      auto extend = over<query::ExtendNode>(base);
      extend->variable = part.pathVariable;
      extend->expr = call(query::value::kPathFunction, std::move(steps));
      base = extend;
      bind(part.pathVariable);
    }
  }

  // A WHERE that reads a shortest path (or its relationships) asks for the shortest paths that
  // satisfy it, a search with the predicate inside; filtering the shortest ones afterwards
  // would answer something else, so it is refused until the search takes predicates.
  static void refusePathPredicates(const ast::MatchClause& m, const Expr& where) {
    const std::vector<std::string> read = query::referencedVariables(where);
    auto reads = [&](const std::string& v) {
      return !v.empty() && std::find(read.begin(), read.end(), v) != read.end();
    };
    for (const auto& part : m.pattern.parts) {
      if (part.function == ast::PathFunction::kNone) continue;
      if (reads(part.pathVariable) || reads(part.relationships.at(0).variable)) {
        unsupported(m.where->position, "a WHERE on a shortestPath's path or relationships");
      }
    }
  }

  void match(const ast::MatchClause& m) {
    std::vector<std::string> clauseRels;
    pinned_ = m.where ? variablesPinnedByEquality(*m.where) : std::set<std::string>{};
    if (!m.optional) {
      for (const auto& part : m.pattern.parts) addPart(plan, part, clauseRels);
      pinned_.clear();
      if (m.where) placeWhere(plan, m, translate(*m.where));
      return;
    }
    // OPTIONAL MATCH: the pattern on its own, left-joined on the variables it shares with the
    // rows so far (a null shared variable matches nothing). Its WHERE belongs to the pattern
    // (rows that fail it keep nulls); conditions reading variables only the rows so far bind
    // become the left join's, evaluated over the joined row.
    const std::set<std::string> outer = bound_;
    const std::vector<std::string> outerVisible = visible_;
    bound_.clear();
    visible_.clear();
    outerBound_ = &outer;
    AlgebraPtr right = std::make_shared<query::TableNode>();
    for (const auto& part : m.pattern.parts) addPart(right, part, clauseRels);
    pinned_.clear();
    if (m.where) placeWhere(right, m, translate(*m.where));
    outerBound_ = nullptr;
    std::set<std::string> outerOnly;
    for (const auto& v : outer) {
      if (!bound(v)) outerOnly.insert(v);
    }
    auto join = std::make_shared<query::LeftJoinNode>(std::vector<AlgebraPtr>{plan, right});
    join->children[1] = withoutConditionsOn(right, outerOnly, join->filters);
    const std::vector<std::string> rightVisible = visible_;
    const std::set<std::string> rightBound = bound_;
    bound_ = outer;
    visible_ = outerVisible;
    for (const auto& v : rightVisible) bind(v);
    for (const auto& v : rightBound) bound_.insert(v);
    plan = join;
  }

  // WHERE of a MATCH over its pattern `base` (refused when it reads a shortest path): each
  // conjunct that cannot raise at the lowest point binding what it reads, the others (in order)
  // on top.
  void placeWhere(AlgebraPtr& base, const ast::MatchClause& m, const Expr& where) {
    refusePathPredicates(m, where);
    const ast::Pattern& pattern = m.pattern;
    std::set<std::string> entities;
    for (const auto& part : pattern.parts) {
      for (const auto& node : part.nodes) entities.insert(node.variable);
      for (const auto& rel : part.relationships) {
        if (!rel.length) entities.insert(rel.variable);
      }
    }
    entities.erase("");
    std::vector<const Expr*> conjuncts;
    query::appendConjuncts(where, conjuncts);
    std::vector<Expr> rest;
    for (const Expr* c : conjuncts) {
      if (cannotRaise(*c, entities)) {
        base = placeCondition(base, *c);
      } else {
        rest.push_back(*c);
      }
    }
    if (rest.empty()) return;
    Expr top = std::move(rest[0]);
    for (size_t i = 1; i < rest.size(); ++i) {
      top = Expr::makeCall(Op::kAnd, {std::move(top), std::move(rest[i])});
    }
    addFilter(base, std::move(top));
  }

  // `node` without the filter conditions that read one of `variables` (which its rows do not
  // bind); those are appended to `moved`, innermost first.
  static AlgebraPtr withoutConditionsOn(const AlgebraPtr& node,
                                        const std::set<std::string>& variables,
                                        std::vector<Expr>& moved) {
    std::vector<AlgebraPtr> children;
    bool changed = false;
    for (const auto& child : node->children) {
      children.push_back(withoutConditionsOn(child, variables, moved));
      changed = changed || children.back() != child;
    }
    if (node->kind != query::AlgebraKind::kFilter) {
      return changed ? node->withChildren(std::move(children)) : node;
    }
    const auto& filters = node->as<query::FilterNode>().filters;
    std::vector<Expr> kept;
    for (const Expr& f : filters) {
      bool reads = false;
      for (const auto& v : query::referencedVariables(f)) reads = reads || variables.count(v) > 0;
      (reads ? moved : kept).push_back(f);
    }
    if (kept.empty()) return children.at(0);
    if (!changed && kept.size() == filters.size()) return node;
    auto copy =
        std::static_pointer_cast<query::FilterNode>(node->withChildren(std::move(children)));
    copy->filters = std::move(kept);
    return copy;
  }

  void unwind(const ast::UnwindClause& u) {
    auto node = over<query::UnwindNode>(plan);
    node->variable = u.variable;
    node->expr = translate(*u.list);
    plan = node;
    bind(u.variable);
  }

  // CALL proc(args) [YIELD field [AS alias], ... [WHERE ...]]: an UNWIND over the call's rows
  // (kProcedureFunction gives them as maps from output names to values), each yielded field
  // bound by an extension. The signature is checked here, where the catalog is known (the
  // semantic pass does not know procedures): the procedure must exist, take as many arguments
  // as given, and accept the constant ones; `CALL proc` without parentheses takes its arguments
  // from the parameters of the same names, in a standalone call only.
  void callProcedure(const ast::CallClause& call) {
    const ast::SourcePosition at = call.position();
    auto fail = [&](core::ErrorCode code, const char* detail, const std::string& message) {
      throw core::Error(code, detail, message, at.line, at.column);
    };
    const query::value::Procedure* procedure =
        context_.procedures ? context_.procedures->find(call.procedure) : nullptr;
    if (procedure == nullptr) {
      fail(core::ErrorCode::kProcedureError, "ProcedureNotFound",
           "there is no procedure named " + call.procedure);
    }
    const query::value::ProcedureSignature& signature = procedure->signature;
    std::vector<Expr> args{Expr::makeConstant(core::Term::literal(call.procedure))};
    auto checkType = [&](const query::value::ProcedureField& input, const Expr& argument) {
      if (!query::referencedVariables(argument).empty()) return;  // known only per row
      const query::value::Value value = constantValue(argument);
      if (!query::value::acceptsValue(input.type, value)) {
        fail(core::ErrorCode::kSyntaxError, "InvalidArgumentType",
             "argument " + input.name + " of " + call.procedure + " must be " + input.type +
                 ", not " + std::string(query::value::kindName(value.kind())));
      }
    };
    if (call.explicitArguments) {
      if (call.arguments.size() != signature.inputs.size()) {
        fail(core::ErrorCode::kSyntaxError, "InvalidNumberOfArguments",
             call.procedure + " takes " + std::to_string(signature.inputs.size()) +
                 " arguments, not " + std::to_string(call.arguments.size()));
      }
      for (size_t i = 0; i < call.arguments.size(); ++i) {
        args.push_back(translate(*call.arguments[i]));
        checkType(signature.inputs[i], args.back());
      }
    } else {
      if (!standaloneCall_ && !signature.inputs.empty()) {
        fail(core::ErrorCode::kSyntaxError, "InvalidArgumentPassingMode",
             "arguments of " + call.procedure +
                 " come implicitly from parameters only in a standalone call");
      }
      for (const auto& input : signature.inputs) {
        if (parameters_.find(input.name) == parameters_.end()) {
          fail(core::ErrorCode::kParameterMissing, "MissingParameter",
               "parameter $" + input.name + " (an argument of " + call.procedure + ") is missing");
        }
        args.push_back(Expr::makeParameter(input.name));
        checkType(input, args.back());
      }
    }
    // What the call binds: the YIELD items, or every output of a standalone call.
    std::vector<std::pair<std::string, std::string>> yields;  // output, variable
    auto output = [&](const std::string& name) {
      for (const auto& o : signature.outputs) {
        if (o.name == name) return;
      }
      fail(core::ErrorCode::kSyntaxError, "UndefinedVariable",
           call.procedure + " has no output named " + name);
    };
    if (call.hasYield && !call.yieldStar) {
      for (const auto& item : call.yieldItems) {
        output(item.field);
        yields.emplace_back(item.field, item.alias.empty() ? item.field : item.alias);
      }
    } else if (standaloneCall_) {
      for (const auto& o : signature.outputs) yields.emplace_back(o.name, o.name);
    }
    const std::string row = fresh("call");
    auto node = over<query::UnwindNode>(plan);
    node->variable = row;
    node->expr = SingleQueryTranslator::call(query::value::kProcedureFunction, std::move(args));
    plan = node;
    for (const auto& [field, variable] : yields) {
      auto extend = over<query::ExtendNode>(plan);
      extend->variable = variable;
      Expr read = Expr::makeCall(Op::kProperty, {Expr::makeVariable(row)});
      read.names = {field};
      extend->expr = std::move(read);
      plan = extend;
      bind(variable);
    }
    if (call.where) addFilter(plan, translate(*call.where));
    if (!standaloneCall_) return;
    // A standalone call answers its outputs; one without outputs answers no rows (it still
    // runs once: the filter reads its one row).
    columns.clear();
    for (const auto& [field, variable] : yields) columns.push_back(variable);
    if (signature.outputs.empty()) {
      addFilter(plan, Expr::makeConstant(core::Term::literal(
                          "false", std::string(core::vocab::kXsd) + "boolean")));
    }
  }

  // The value of an expression that reads no row (constants and parameters).
  query::value::Value constantValue(const Expr& expr) const {
    if (mentionsParameter(expr)) *readParameters_ = true;
    auto program = query::value::ValueProgram::compile(expr, [](std::string_view) { return -1; });
    query::value::EvalContext context;
    context.parameters = &parameters_;
    return program.evaluate(query::value::SpanRow({}), context);
  }

  // A SKIP or LIMIT count: a non-negative integer, known before the query runs.
  uint64_t count(const ast::Expression& e, std::string_view what) {
    Expr expr = translate(e);
    const bool fromParameter =
        !query::referencedVariables(expr).empty() || e.kind == ast::ExprKind::kParameter;
    const query::value::Value v = constantValue(expr);
    const auto code =
        fromParameter ? core::ErrorCode::kArgumentError : core::ErrorCode::kSyntaxError;
    if (v.kind() != query::value::ValueKind::kInteger) {
      throw core::Error(code, "InvalidArgumentType",
                        std::string(what) + " must be a non-negative integer", e.position.line,
                        e.position.column);
    }
    if (v.asInteger() < 0) {
      throw core::Error(code, "NegativeIntegerArgument",
                        std::string(what) + " must be a non-negative integer", e.position.line,
                        e.position.column);
    }
    return static_cast<uint64_t>(v.asInteger());
  }

  struct Item {
    std::string name;
    const ast::Expression* expression = nullptr;  // null: a variable carried by `*`
  };

  // WITH / RETURN: returns the column names; afterwards only they are in scope.
  std::vector<std::string> project(const ast::ProjectionBody& body, const ast::Expression* where,
                                   const ast::SourcePosition& at, bool isWith) {
    std::vector<Item> items;
    if (body.star) {
      std::vector<std::string> names = visible_;
      std::sort(names.begin(), names.end());
      for (const auto& n : names) items.push_back({n, nullptr});
    }
    for (const auto& item : body.items) {
      items.push_back({item.alias.empty() ? item.text : item.alias, item.expression.get()});
    }
    // WITH * with nothing named in scope only continues the rows (MATCH () CREATE () WITH *).
    if (items.empty() && !isWith) {
      throw core::Error(core::ErrorCode::kSyntaxError, "NoVariablesInScope",
                        "RETURN * and WITH * need variables in scope", at.line, at.column);
    }
    bool aggregating = false;
    for (const auto& item : items) {
      aggregating = aggregating || (item.expression && containsAggregate(*item.expression));
    }

    std::vector<std::string> names;
    for (const auto& item : items) names.push_back(item.name);
    // Renderings of the items' expressions, so ORDER BY can name them by expression.
    std::map<std::string, std::string> itemByExpr;
    std::map<std::string, std::string> temps;  // alias -> temporary, when an alias is bound
    std::vector<std::string> computed;         // the variables holding the items, in order

    if (aggregating) {
      auto group = over<query::GroupNode>(plan);
      std::vector<std::pair<std::string, Expr>> post;
      std::map<std::string, std::string> keyByExpr;
      for (const auto& item : items) {
        if (item.expression == nullptr || !containsAggregate(*item.expression)) {
          Expr e = item.expression ? translate(*item.expression) : Expr::makeVariable(item.name);
          keyByExpr[query::toString(e)] = item.name;
          itemByExpr[query::toString(e)] = item.name;
          group->keys.push_back({std::move(e), item.name});
        }
      }
      for (const auto& item : items) {
        if (item.expression == nullptr || !containsAggregate(*item.expression)) continue;
        itemByExpr[query::toString(renderable(*item.expression))] = item.name;
        Expr lifted = lift(*item.expression, group->aggregates, item.name);
        if (lifted.kind == query::ExprKind::kVariable && lifted.variable == item.name) continue;
        post.emplace_back(item.name, substituteKnown(lifted, keyByExpr));
      }
      plan = group;
      for (auto& [name, e] : post) {
        auto extend = over<query::ExtendNode>(plan);
        extend->variable = name;
        extend->expr = std::move(e);
        plan = extend;
      }
      computed = names;
    } else {
      bool conflict = false;
      for (const auto& item : items) {
        if (item.expression == nullptr) continue;
        Expr e = translate(*item.expression);
        const bool same = e.kind == query::ExprKind::kVariable && e.variable == item.name;
        if (!same && bound(item.name)) conflict = true;
      }
      for (const auto& item : items) {
        if (item.expression == nullptr) {
          computed.push_back(item.name);
          continue;
        }
        Expr e = translate(*item.expression);
        itemByExpr[query::toString(e)] = item.name;
        if (e.kind == query::ExprKind::kVariable && e.variable == item.name) {
          computed.push_back(item.name);
          continue;
        }
        const std::string target = conflict ? fresh("item") : item.name;
        if (conflict) temps[item.name] = target;
        auto extend = over<query::ExtendNode>(plan);
        extend->variable = target;
        extend->expr = std::move(e);
        plan = extend;
        computed.push_back(target);
      }
    }

    // What ORDER BY's expressions read: the items by name or by expression, and (without
    // DISTINCT or aggregation) the variables in scope before the projection.
    std::map<std::string, std::string> known;
    for (const auto& [text, name] : itemByExpr) {
      known[text] = temps.count(name) ? temps.at(name) : name;
    }
    auto sortExpr = [&](const ast::Expression& e) {
      Expr x = substituteKnown(renderable(e), known);
      return renameVariables(x, temps);
    };

    auto projectTo = [&](const std::vector<std::string>& vars) {
      auto project = over<query::ProjectNode>(plan);
      project->variables = vars;
      plan = project;
    };

    // WITH's WHERE reads the projected columns and, unless the WITH aggregates, the variables
    // in scope before it (WithWhere7): then it filters while those are still columns, before
    // DISTINCT or else after SKIP/LIMIT; otherwise after the projection.
    std::optional<Expr> earlyWhere;
    if (where != nullptr && !aggregating) {
      Expr condition = translate(*where);
      for (const auto& v : query::referencedVariables(condition)) {
        if (std::find(names.begin(), names.end(), v) == names.end()) {
          earlyWhere = renameVariables(condition, temps);
          where = nullptr;
          break;
        }
      }
    }

    if (body.distinct || aggregating) {
      if (earlyWhere) addFilter(plan, *earlyWhere);
      projectTo(computed);
      if (body.distinct) plan = over<query::DistinctNode>(plan);
    }
    if (!body.orderBy.empty()) {
      auto order = over<query::OrderByNode>(plan);
      for (const auto& sort : body.orderBy) {
        order->order.push_back({sortExpr(*sort.expression), sort.descending});
      }
      plan = order;
    }
    if (body.skip || body.limit) {
      auto slice = over<query::SliceNode>(plan);
      if (body.skip) slice->offset = count(*body.skip, "SKIP");
      if (body.limit) slice->limit = count(*body.limit, "LIMIT");
      plan = slice;
    }
    if (earlyWhere && !body.distinct) addFilter(plan, *earlyWhere);
    projectTo(computed);
    if (!temps.empty()) {
      for (const auto& [alias, temp] : temps) {
        auto extend = over<query::ExtendNode>(plan);
        extend->variable = alias;
        extend->expr = Expr::makeVariable(temp);
        plan = extend;
      }
      projectTo(names);
    }
    bound_.clear();
    visible_.clear();
    for (const auto& n : names) bind(n);
    if (where != nullptr) addFilter(plan, translate(*where));
    return names;
  }

  // The AggregateCall of an aggregate expression (count(*), sum(x), ...), its result unnamed.
  AggregateCall aggregateCall(const ast::Expression& e) {
    AggregateCall call;
    if (e.kind == ast::ExprKind::kCountStar) {
      call.function = AggregateCall::Function::kCount;
      return call;
    }
    call.function = *aggregateFunction(e.name);
    call.distinct = e.distinct;
    if (!e.children.empty() && e.children[0]) call.arg = translate(*e.children[0]);
    if (e.children.size() > 1 && e.children[1]) call.extraArg = translate(*e.children[1]);
    return call;
  }

  // `e` with each aggregate call replaced by a variable bound to its result (added to `out`).
  // `wholeName`: the variable for an item that is one aggregate call.
  Expr lift(const ast::Expression& e, std::vector<AggregateCall>& out,
            const std::string& wholeName) {
    ExpressionHooks hooks = patternHooks();
    hooks.aggregate = [&](const ast::Expression& a) {
      AggregateCall call = aggregateCall(a);
      call.resultVariable = &a == &e && !wholeName.empty() ? wholeName : fresh("agg");
      Expr variable = Expr::makeVariable(call.resultVariable);
      out.push_back(std::move(call));
      return variable;
    };
    return translateExpression(e, hooks);
  }

  // `e` as ORDER BY may repeat a projected expression: aggregates stand for a variable named by
  // their rendering, only to compare expressions.
  Expr renderable(const ast::Expression& e) {
    ExpressionHooks hooks = patternHooks();
    hooks.aggregate = [&](const ast::Expression& a) {
      AggregateCall call = aggregateCall(a);
      return Expr::makeVariable(" " + std::string(query::aggregateName(call.function)) +
                                (call.distinct ? "(DISTINCT " : "(") +
                                (call.arg ? query::toString(*call.arg) : "*") + ")");
    };
    return translateExpression(e, hooks);
  }

  const query::value::Parameters& parameters_;
  const TranslateContext& context_;
  const query::graph::CypherNames& names_;
  // Whether the query is one CALL alone (standalone: its outputs are the columns, and arguments
  // may come implicitly from the parameters).
  bool standaloneCall_ = false;
  // While an OPTIONAL MATCH's pattern is translated: the variables bound before it.
  const std::set<std::string>* outerBound_ = nullptr;
  // A nested translator's (patternHooks): the variables bound outside, and the outer row.
  std::set<std::string> outer_;
  std::shared_ptr<query::ValuesNode> outerRow_;
  std::set<std::string> bound_;
  std::vector<std::string> visible_;
  // While a MATCH's pattern is translated: nodes its WHERE pins by equality with a constant.
  std::set<std::string> pinned_;
  std::shared_ptr<int> counter_ = std::make_shared<int>(0);  // shared with nested translators
  // TranslatedQuery::readsParameters, shared with nested translators.
  std::shared_ptr<bool> readParameters_ = std::make_shared<bool>(false);
};

TranslatedQuery translateSingle(const ast::SingleQuery& part,
                                const query::value::Parameters& parameters,
                                const TranslateContext& context) {
  SingleQueryTranslator t(parameters, context);
  t.setStandaloneCall(part.clauses.size() == 1 &&
                      part.clauses[0]->kind() == ast::ClauseKind::kCall);
  for (const auto& clause : part.clauses) t.clause(*clause);
  return {t.plan, t.columns, t.readParameters()};
}

}  // namespace

TranslateContext translateContextOf(const index::Ledger& ledger, uint64_t asOf,
                                    const query::value::ProcedureCatalog* procedures) {
  TranslateContext context;
  context.names = query::graph::cypherNames(ledger, asOf);
  context.procedures = procedures != nullptr ? procedures : &query::value::builtInProcedures();
  context.labelNodes = [&ledger, asOf](const std::string& labelIri) -> std::optional<double> {
    const auto type = ledger.encodeIri(core::vocab::kRdfType);
    const auto label = ledger.encodeIri(labelIri);
    if (!type.isOk() || !label.isOk()) return std::nullopt;
    if (!type.value() || !label.value()) return 0.0;  // no node has it
    const auto post = ledger.reader(core::kNoNode, index::Permutation::kPOST);
    if (!post) return 0.0;
    const uint64_t prefix[] = {*type.value(), core::otype::kIri, *label.value()};
    const auto rows = post->estimateCount(index::ScanRange::prefix(prefix), asOf);
    if (!rows.isOk()) return std::nullopt;
    return static_cast<double>(rows.value());
  };
  return context;
}

TranslatedQuery translateQuery(const ast::Query& query, const query::value::Parameters& parameters,
                               const TranslateContext& context) {
  TranslatedQuery out = translateSingle(query.parts.at(0), parameters, context);
  for (size_t i = 1; i < query.parts.size(); ++i) {
    TranslatedQuery next = translateSingle(query.parts[i], parameters, context);
    if (next.columns != out.columns) {
      throw core::Error(core::ErrorCode::kSyntaxError, "DifferentColumnsInUnion",
                        "all sub queries of a UNION must return the same column names",
                        query.parts[i].position.line, query.parts[i].position.column);
    }
    out.readsParameters = out.readsParameters || next.readsParameters;
    auto u = std::make_shared<query::UnionNode>(std::vector<AlgebraPtr>{out.pattern, next.pattern});
    const bool all = i - 1 < query.unionAll.size() && query.unionAll[i - 1];
    out.pattern = all ? AlgebraPtr(u) : AlgebraPtr(over<query::DistinctNode>(u));
  }
  return out;
}

TranslatedQuery translateSegment(const ast::SingleQuery& part, size_t begin, size_t end,
                                 const std::vector<std::string>& inputColumns,
                                 const query::value::Parameters& parameters,
                                 std::shared_ptr<query::ValuesNode>* input,
                                 const TranslateContext& context) {
  SingleQueryTranslator t(parameters, context);
  *input = nullptr;
  if (begin > 0 || !inputColumns.empty()) *input = t.startFromInput(inputColumns);
  for (size_t i = begin; i < end && i < part.clauses.size(); ++i) t.clause(*part.clauses[i]);
  const bool returns = end > begin && end <= part.clauses.size() &&
                       part.clauses[end - 1]->kind() == ast::ClauseKind::kReturn;
  if (!returns) t.projectScope();
  return {t.plan, t.columns};
}

TranslatedQuery translatePatternMatch(const ast::PatternPart& part,
                                      const std::vector<std::string>& inputColumns,
                                      const query::value::Parameters& parameters,
                                      std::shared_ptr<query::ValuesNode>* input,
                                      const TranslateContext& context) {
  SingleQueryTranslator t(parameters, context);
  *input = t.startFromInput(inputColumns);
  t.matchPart(part);
  t.projectScope();
  return {t.plan, t.columns};
}

}  // namespace cairn::cypher
