#include "query/algebra/algebra.h"

#include <algorithm>

#include "core/check.h"

namespace cairn::query {

std::string_view algebraKindName(AlgebraKind kind) {
  switch (kind) {
    case AlgebraKind::kTable:
      return "Table";
    case AlgebraKind::kBgp:
      return "BGP";
    case AlgebraKind::kPath:
      return "Path";
    case AlgebraKind::kJoin:
      return "Join";
    case AlgebraKind::kLeftJoin:
      return "LeftJoin";
    case AlgebraKind::kFilter:
      return "Filter";
    case AlgebraKind::kUnion:
      return "Union";
    case AlgebraKind::kMinus:
      return "Minus";
    case AlgebraKind::kGraph:
      return "Graph";
    case AlgebraKind::kExtend:
      return "Extend";
    case AlgebraKind::kGroup:
      return "Group";
    case AlgebraKind::kOrderBy:
      return "OrderBy";
    case AlgebraKind::kProject:
      return "Project";
    case AlgebraKind::kDistinct:
      return "Distinct";
    case AlgebraKind::kReduced:
      return "Reduced";
    case AlgebraKind::kSlice:
      return "Slice";
    case AlgebraKind::kValues:
      return "Values";
    case AlgebraKind::kService:
      return "Service";
    case AlgebraKind::kExpand:
      return "Expand";
    case AlgebraKind::kUnwind:
      return "Unwind";
  }
  return "?";
}

void Algebra::checkKind(AlgebraKind expected) const {
  CAIRN_CHECK(kind == expected, "algebra node read as another kind");
}

AlgebraPtr Algebra::withChildren(std::vector<AlgebraPtr> newChildren) const {
  AlgebraPtr copy = clone();
  copy->children = std::move(newChildren);
  return copy;
}

namespace {

void addOnce(std::vector<std::string>& out, const std::string& name) {
  if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
}

void addTerm(std::vector<std::string>& out, const PatternTerm& term) {
  if (term.isVariable) addOnce(out, term.variable);
}

void collectInScope(const Algebra& node, std::vector<std::string>& out) {
  switch (node.kind) {
    case AlgebraKind::kTable:
      return;
    case AlgebraKind::kBgp:
      for (const auto& t : node.as<BgpNode>().triples) {
        addTerm(out, t.subject);
        addTerm(out, t.predicate);
        addTerm(out, t.object);
      }
      return;
    case AlgebraKind::kPath:
      addTerm(out, node.as<PathNode>().subject);
      addTerm(out, node.as<PathNode>().object);
      return;
    case AlgebraKind::kMinus:
      // Only the left side's variables can be bound by a MINUS result (§18.2.1).
      if (!node.children.empty()) collectInScope(*node.children[0], out);
      return;
    case AlgebraKind::kGraph:
      addTerm(out, node.as<GraphNode>().graph);
      break;
    case AlgebraKind::kService:
      addTerm(out, node.as<ServiceNode>().endpoint);
      break;
    case AlgebraKind::kExtend:
      for (const auto& child : node.children) collectInScope(*child, out);
      addOnce(out, node.as<ExtendNode>().variable);
      return;
    case AlgebraKind::kExpand: {
      for (const auto& child : node.children) collectInScope(*child, out);
      const auto& expand = node.as<ExpandNode>();
      addOnce(out, expand.from);
      if (!expand.relationship.empty()) addOnce(out, expand.relationship);
      addOnce(out, expand.to);
      return;
    }
    case AlgebraKind::kUnwind:
      for (const auto& child : node.children) collectInScope(*child, out);
      addOnce(out, node.as<UnwindNode>().variable);
      return;
    case AlgebraKind::kGroup:
      // After grouping only the keys and the aggregate results are bound.
      for (const auto& key : node.as<GroupNode>().keys) {
        if (!key.variable.empty()) addOnce(out, key.variable);
      }
      for (const auto& agg : node.as<GroupNode>().aggregates) addOnce(out, agg.resultVariable);
      return;
    case AlgebraKind::kProject:
      for (const auto& v : node.as<ProjectNode>().variables) addOnce(out, v);
      return;
    case AlgebraKind::kValues:
      for (const auto& v : node.as<ValuesNode>().variables) addOnce(out, v);
      return;
    default:
      break;
  }
  for (const auto& child : node.children) collectInScope(*child, out);
}

std::string joinExprs(const std::vector<Expr>& exprs, std::string_view separator) {
  std::string out;
  for (size_t i = 0; i < exprs.size(); ++i) {
    if (i > 0) out += separator;
    out += toString(exprs[i]);
  }
  return out;
}

std::string aggregateText(const AggregateCall& agg) {
  std::string out = "?" + agg.resultVariable + " := " + std::string(aggregateName(agg.function)) +
                    "(" + (agg.distinct ? "DISTINCT " : "");
  out += agg.arg ? toString(*agg.arg) : "*";
  if (agg.extraArg) out += ", " + toString(*agg.extraArg);
  if (agg.function == AggregateCall::Function::kGroupConcat) {
    out += "; SEPARATOR=" + core::toNTriples(core::Term::literal(agg.separator));
  }
  return out + ")";
}

// The node's own line, without indentation and children.
std::string describe(const Algebra& node) {
  std::string out(algebraKindName(node.kind));
  switch (node.kind) {
    case AlgebraKind::kBgp: {
      const auto& triples = node.as<BgpNode>().triples;
      for (size_t i = 0; i < triples.size(); ++i) {
        out += (i == 0 ? " " : " . ") + toString(triples[i]);
      }
      break;
    }
    case AlgebraKind::kPath: {
      const auto& path = node.as<PathNode>();
      out += " " + toString(path.subject) + " " + toString(path.path) + " " + toString(path.object);
      break;
    }
    case AlgebraKind::kLeftJoin: {
      const auto& filters = node.as<LeftJoinNode>().filters;
      if (!filters.empty()) out += " " + joinExprs(filters, " && ");
      break;
    }
    case AlgebraKind::kFilter: {
      const auto& filters = node.as<FilterNode>().filters;
      if (!filters.empty()) out += " " + joinExprs(filters, " && ");
      break;
    }
    case AlgebraKind::kGraph:
      out += " " + toString(node.as<GraphNode>().graph);
      break;
    case AlgebraKind::kService: {
      const auto& service = node.as<ServiceNode>();
      out += std::string(service.silent ? " SILENT " : " ") + toString(service.endpoint);
      break;
    }
    case AlgebraKind::kExtend: {
      const auto& extend = node.as<ExtendNode>();
      out += " ?" + extend.variable + " := " + toString(extend.expr);
      break;
    }
    case AlgebraKind::kGroup: {
      const auto& group = node.as<GroupNode>();
      out += " (";
      for (size_t i = 0; i < group.keys.size(); ++i) {
        if (i > 0) out += ", ";
        const GroupKey& key = group.keys[i];
        if (key.expr.kind == ExprKind::kVariable && key.expr.variable == key.variable) {
          out += "?" + key.variable;
        } else if (key.variable.empty()) {
          out += toString(key.expr);
        } else {
          out += "(" + toString(key.expr) + " AS ?" + key.variable + ")";
        }
      }
      out += ")";
      for (const auto& agg : group.aggregates) out += " " + aggregateText(agg);
      break;
    }
    case AlgebraKind::kOrderBy:
      for (const auto& cond : node.as<OrderByNode>().order) {
        out += (cond.descending ? " DESC(" : " ASC(") + toString(cond.expr) + ")";
      }
      break;
    case AlgebraKind::kProject:
      for (const auto& v : node.as<ProjectNode>().variables) out += " ?" + v;
      break;
    case AlgebraKind::kExpand: {
      const auto& expand = node.as<ExpandNode>();
      if (expand.shortest != ShortestPaths::kNone) {
        out += expand.shortest == ShortestPaths::kOne ? " shortest" : " all-shortest";
      }
      out += " (?" + expand.from + ")";
      out += expand.direction == ExpandDirection::kIncoming ? "<-[" : "-[";
      if (!expand.relationship.empty()) out += "?" + expand.relationship;
      for (size_t i = 0; i < expand.types.size(); ++i) {
        out += (i == 0 ? " " : "|") + core::toNTriples(core::Term::iri(expand.types[i]));
      }
      if (expand.variableLength) {
        out += " *" + std::to_string(expand.minHops) + "..";
        if (expand.maxHops) out += std::to_string(*expand.maxHops);
      }
      out += expand.direction == ExpandDirection::kOutgoing ? "]->" : "]-";
      out += "(?" + expand.to + ")";
      for (const auto& other : expand.distinctFrom) out += " distinct-from ?" + other;
      break;
    }
    case AlgebraKind::kUnwind: {
      const auto& unwind = node.as<UnwindNode>();
      out += " " + toString(unwind.expr) + " AS ?" + unwind.variable;
      break;
    }
    case AlgebraKind::kSlice: {
      const auto& slice = node.as<SliceNode>();
      out += " offset=" + std::to_string(slice.offset);
      if (slice.limit) out += " limit=" + std::to_string(*slice.limit);
      break;
    }
    case AlgebraKind::kValues: {
      const auto& values = node.as<ValuesNode>();
      out += " (";
      for (size_t i = 0; i < values.variables.size(); ++i) {
        out += (i == 0 ? "?" : " ?") + values.variables[i];
      }
      out += ")";
      for (const auto& row : values.rows) {
        out += " (";
        for (size_t i = 0; i < row.size(); ++i) {
          if (i > 0) out += " ";
          out += row[i] ? core::toNTriples(*row[i]) : "UNDEF";
        }
        out += ")";
      }
      break;
    }
    default:
      break;
  }
  return out;
}

}  // namespace

void forEachOwnExpr(const Algebra& node, const std::function<void(const Expr&)>& f) {
  switch (node.kind) {
    case AlgebraKind::kFilter:
      for (const auto& e : node.as<FilterNode>().filters) f(e);
      break;
    case AlgebraKind::kLeftJoin:
      for (const auto& e : node.as<LeftJoinNode>().filters) f(e);
      break;
    case AlgebraKind::kExtend:
      f(node.as<ExtendNode>().expr);
      break;
    case AlgebraKind::kGroup:
      for (const auto& key : node.as<GroupNode>().keys) f(key.expr);
      for (const auto& agg : node.as<GroupNode>().aggregates) {
        if (agg.arg) f(*agg.arg);
        if (agg.extraArg) f(*agg.extraArg);
      }
      break;
    case AlgebraKind::kOrderBy:
      for (const auto& cond : node.as<OrderByNode>().order) f(cond.expr);
      break;
    case AlgebraKind::kUnwind:
      f(node.as<UnwindNode>().expr);
      break;
    default:
      break;
  }
}

std::vector<std::string> inScopeVariables(const Algebra& node) {
  std::vector<std::string> out;
  collectInScope(node, out);
  return out;
}

std::string toString(const Algebra& node, int indent) {
  std::string out(static_cast<size_t>(indent) * 2, ' ');
  out += describe(node);
  out += '\n';
  for (const auto& child : node.children) out += toString(*child, indent + 1);
  return out;
}

}  // namespace cairn::query
