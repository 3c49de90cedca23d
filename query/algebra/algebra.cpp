#include "query/algebra/algebra.h"

#include <algorithm>

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
  }
  return "?";
}

AlgebraPtr Algebra::make(AlgebraKind kind, std::vector<AlgebraPtr> children) {
  auto node = std::make_shared<Algebra>();
  node->kind = kind;
  node->children = std::move(children);
  return node;
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
      for (const auto& t : node.triples) {
        addTerm(out, t.subject);
        addTerm(out, t.predicate);
        addTerm(out, t.object);
      }
      return;
    case AlgebraKind::kPath:
      addTerm(out, node.pathSubject);
      addTerm(out, node.pathObject);
      return;
    case AlgebraKind::kMinus:
      // Only the left side's variables can be bound by a MINUS result (§18.2.1).
      if (!node.children.empty()) collectInScope(*node.children[0], out);
      return;
    case AlgebraKind::kGraph:
    case AlgebraKind::kService:
      addTerm(out, node.graph);
      break;
    case AlgebraKind::kExtend:
      for (const auto& child : node.children) collectInScope(*child, out);
      addOnce(out, node.variable);
      return;
    case AlgebraKind::kGroup:
      // After grouping only the keys and the aggregate results are bound.
      for (const auto& key : node.groupKeys) {
        if (!key.variable.empty()) addOnce(out, key.variable);
      }
      for (const auto& agg : node.aggregates) addOnce(out, agg.resultVariable);
      return;
    case AlgebraKind::kProject:
    case AlgebraKind::kValues:
      for (const auto& v : node.variables) addOnce(out, v);
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
    case AlgebraKind::kBgp:
      for (size_t i = 0; i < node.triples.size(); ++i) {
        out += (i == 0 ? " " : " . ") + toString(node.triples[i]);
      }
      break;
    case AlgebraKind::kPath:
      out += " " + toString(node.pathSubject) + " " + toString(node.path) + " " +
             toString(node.pathObject);
      break;
    case AlgebraKind::kLeftJoin:
    case AlgebraKind::kFilter:
      if (!node.filters.empty()) out += " " + joinExprs(node.filters, " && ");
      break;
    case AlgebraKind::kGraph:
      out += " " + toString(node.graph);
      break;
    case AlgebraKind::kService:
      out += std::string(node.silent ? " SILENT " : " ") + toString(node.graph);
      break;
    case AlgebraKind::kExtend:
      out += " ?" + node.variable + " := " + toString(node.expr);
      break;
    case AlgebraKind::kGroup:
      out += " (";
      for (size_t i = 0; i < node.groupKeys.size(); ++i) {
        if (i > 0) out += ", ";
        const GroupKey& key = node.groupKeys[i];
        if (key.expr.kind == ExprKind::kVariable && key.expr.variable == key.variable) {
          out += "?" + key.variable;
        } else if (key.variable.empty()) {
          out += toString(key.expr);
        } else {
          out += "(" + toString(key.expr) + " AS ?" + key.variable + ")";
        }
      }
      out += ")";
      for (const auto& agg : node.aggregates) out += " " + aggregateText(agg);
      break;
    case AlgebraKind::kOrderBy:
      for (const auto& cond : node.order) {
        out += (cond.descending ? " DESC(" : " ASC(") + toString(cond.expr) + ")";
      }
      break;
    case AlgebraKind::kProject:
      for (const auto& v : node.variables) out += " ?" + v;
      break;
    case AlgebraKind::kSlice:
      out += " offset=" + std::to_string(node.offset);
      if (node.limit) out += " limit=" + std::to_string(*node.limit);
      break;
    case AlgebraKind::kValues:
      out += " (";
      for (size_t i = 0; i < node.variables.size(); ++i) {
        out += (i == 0 ? "?" : " ?") + node.variables[i];
      }
      out += ")";
      for (const auto& row : node.rows) {
        out += " (";
        for (size_t i = 0; i < row.size(); ++i) {
          if (i > 0) out += " ";
          out += row[i] ? core::toNTriples(*row[i]) : "UNDEF";
        }
        out += ")";
      }
      break;
    default:
      break;
  }
  return out;
}

}  // namespace

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
