#include "cypher/ast/ast_printer.h"

#include <cctype>
#include <charconv>
#include <cmath>

namespace cairn::cypher::ast {
namespace {

// Names print bare when they look like identifiers, else in backquotes (`` ` `` doubled).
void appendName(std::string& out, const std::string& name) {
  bool plain = !name.empty() && !(name[0] >= '0' && name[0] <= '9');
  for (char c : name) {
    unsigned char u = static_cast<unsigned char>(c);
    if (!(std::isalnum(u) || c == '_' || u >= 0x80)) plain = false;
  }
  if (plain) {
    out += name;
    return;
  }
  out += '`';
  for (char c : name) {
    if (c == '`') out += '`';
    out += c;
  }
  out += '`';
}

void appendString(std::string& out, const std::string& value) {
  out += '\'';
  for (char c : value) {
    switch (c) {
      case '\'':
        out += "\\'";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        out += c;
    }
  }
  out += '\'';
}

void appendFloat(std::string& out, double value) {
  if (std::isinf(value)) {
    out += value > 0 ? "inf" : "-inf";
    return;
  }
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof(buffer), value);
  std::string text(buffer, result.ptr);
  if (text.find_first_of(".en") == std::string::npos) text += ".0";
  out += text;
}

class Printer {
 public:
  std::string out;

  void expression(const Expression* e) {
    if (!e) {
      out += '_';
      return;
    }
    switch (e->kind) {
      case ExprKind::kNull:
        out += "null";
        return;
      case ExprKind::kBoolean:
        out += e->boolValue ? "true" : "false";
        return;
      case ExprKind::kInteger:
        out += std::to_string(e->intValue);
        return;
      case ExprKind::kFloat:
        appendFloat(out, e->floatValue);
        return;
      case ExprKind::kString:
        appendString(out, e->name);
        return;
      case ExprKind::kParameter:
        out += '$';
        if (!e->name.empty() && std::isdigit(static_cast<unsigned char>(e->name[0]))) {
          out += e->name;  // $0
        } else {
          appendName(out, e->name);
        }
        return;
      case ExprKind::kVariable:
        appendName(out, e->name);
        return;
      case ExprKind::kCountStar:
        out += "(count*)";
        return;
      case ExprKind::kMap:
        out += "(map";
        for (size_t i = 0; i < e->children.size(); ++i) {
          out += " (";
          appendName(out, e->names[i]);
          out += ' ';
          expression(e->children[i].get());
          out += ')';
        }
        out += ')';
        return;
      case ExprKind::kProperty:
        out += "(prop ";
        expression(e->children[0].get());
        out += ' ';
        appendName(out, e->name);
        out += ')';
        return;
      case ExprKind::kHasLabels:
        out += "(labels ";
        expression(e->children[0].get());
        labels(e->names);
        out += ')';
        return;
      case ExprKind::kListComprehension:
      case ExprKind::kAll:
      case ExprKind::kAny:
      case ExprKind::kNone:
      case ExprKind::kSingle:
        out += '(';
        out += exprKindName(e->kind);
        out += ' ';
        appendName(out, e->name);
        childList(*e);
        out += ')';
        return;
      case ExprKind::kReduce:
        out += "(reduce ";
        appendName(out, e->names[0]);
        out += ' ';
        appendName(out, e->name);
        childList(*e);
        out += ')';
        return;
      case ExprKind::kFunctionCall:
        out += "(call ";
        out += e->name;
        if (e->distinct) out += " distinct";
        childList(*e);
        out += ')';
        return;
      case ExprKind::kPatternComprehension:
        out += "(pattern-comp ";
        patternPart(*e->pattern);
        childList(*e);
        out += ')';
        return;
      case ExprKind::kPatternPredicate:
        out += "(pattern-pred ";
        patternPart(*e->pattern);
        out += ')';
        return;
      case ExprKind::kExistsSubquery:
        out += "(exists ";
        if (e->subquery) {
          query(*e->subquery);
        } else {
          pattern(*e->patternList);
          childList(*e);
        }
        out += ')';
        return;
      default:
        out += '(';
        out += exprKindName(e->kind);
        childList(*e);
        out += ')';
        return;
    }
  }

  void childList(const Expression& e) {
    for (const auto& child : e.children) {
      out += ' ';
      expression(child.get());
    }
  }

  void labels(const std::vector<std::string>& names) {
    for (const std::string& name : names) {
      out += " :";
      appendName(out, name);
    }
  }

  void patternPart(const PatternPart& part) {
    out += '(';
    out += part.function == PathFunction::kShortestPath       ? "shortest-path"
           : part.function == PathFunction::kAllShortestPaths ? "all-shortest-paths"
                                                              : "path";
    if (!part.pathVariable.empty()) {
      out += " = ";
      appendName(out, part.pathVariable);
    }
    for (size_t i = 0; i < part.nodes.size(); ++i) {
      if (i > 0) relationship(part.relationships[i - 1]);
      const NodePattern& node = part.nodes[i];
      out += " (node";
      if (!node.variable.empty()) {
        out += ' ';
        appendName(out, node.variable);
      }
      labels(node.labels);
      if (node.properties) {
        out += ' ';
        expression(node.properties.get());
      }
      out += ')';
    }
    out += ')';
  }

  void relationship(const RelationshipPattern& rel) {
    out += " (rel ";
    switch (rel.direction) {
      case RelationshipDirection::kOutgoing:
        out += "out";
        break;
      case RelationshipDirection::kIncoming:
        out += "in";
        break;
      case RelationshipDirection::kEither:
        out += "either";
        break;
      case RelationshipDirection::kBoth:
        out += "both";
        break;
    }
    if (!rel.variable.empty()) {
      out += ' ';
      appendName(out, rel.variable);
    }
    for (size_t i = 0; i < rel.types.size(); ++i) {
      out += i == 0 ? " :" : "|";
      appendName(out, rel.types[i]);
    }
    if (rel.length) {
      out += " *";
      if (rel.length->min) out += std::to_string(*rel.length->min);
      if (rel.length->min != rel.length->max || !rel.length->min) {
        out += "..";
        if (rel.length->max) out += std::to_string(*rel.length->max);
      }
    }
    if (rel.properties) {
      out += ' ';
      expression(rel.properties.get());
    }
    out += ')';
  }

  void pattern(const Pattern& p) {
    out += "(pattern";
    for (const PatternPart& part : p.parts) {
      out += ' ';
      patternPart(part);
    }
    out += ')';
  }

  void where(const ExpressionPtr& e) {
    if (!e) return;
    out += " (where ";
    expression(e.get());
    out += ')';
  }

  void projection(const ProjectionBody& body) {
    if (body.distinct) out += " distinct";
    if (body.star) out += " *";
    for (const ProjectionItem& item : body.items) {
      out += " (item ";
      expression(item.expression.get());
      if (!item.alias.empty()) {
        out += ' ';
        appendName(out, item.alias);
      }
      out += ')';
    }
    if (!body.orderBy.empty()) {
      out += " (order-by";
      for (const SortItem& sort : body.orderBy) {
        out += sort.descending ? " (desc " : " (asc ";
        expression(sort.expression.get());
        out += ')';
      }
      out += ')';
    }
    if (body.skip) {
      out += " (skip ";
      expression(body.skip.get());
      out += ')';
    }
    if (body.limit) {
      out += " (limit ";
      expression(body.limit.get());
      out += ')';
    }
  }

  void setItem(const SetItem& item) {
    switch (item.kind) {
      case SetItemKind::kProperty:
      case SetItemKind::kReplaceProperties:
      case SetItemKind::kMergeProperties:
        out += item.kind == SetItemKind::kMergeProperties ? " (+= " : " (= ";
        expression(item.target.get());
        out += ' ';
        expression(item.value.get());
        out += ')';
        return;
      case SetItemKind::kLabels:
        out += " (set-labels ";
        appendName(out, item.variable);
        labels(item.labels);
        out += ')';
        return;
    }
  }

  void clause(const Clause& c) {
    out += '(';
    out += clauseKindName(c.kind());
    switch (c.kind()) {
      case ClauseKind::kMatch: {
        const auto& match = c.as<MatchClause>();
        if (match.optional) out += " optional";
        out += ' ';
        pattern(match.pattern);
        where(match.where);
        break;
      }
      case ClauseKind::kUnwind: {
        const auto& unwind = c.as<UnwindClause>();
        out += ' ';
        expression(unwind.list.get());
        out += ' ';
        appendName(out, unwind.variable);
        break;
      }
      case ClauseKind::kWith: {
        const auto& with = c.as<WithClause>();
        projection(with.body);
        where(with.where);
        break;
      }
      case ClauseKind::kReturn:
        projection(c.as<ReturnClause>().body);
        break;
      case ClauseKind::kCall: {
        const auto& call = c.as<CallClause>();
        out += ' ';
        out += call.procedure;
        if (call.explicitArguments) {
          out += " (args";
          for (const auto& arg : call.arguments) {
            out += ' ';
            expression(arg.get());
          }
          out += ')';
        }
        if (call.hasYield) {
          out += " (yield";
          if (call.yieldStar) out += " *";
          for (const YieldItem& item : call.yieldItems) {
            out += ' ';
            appendName(out, item.field);
            if (!item.alias.empty()) {
              out += "->";
              appendName(out, item.alias);
            }
          }
          out += ')';
        }
        where(call.where);
        break;
      }
      case ClauseKind::kCreate:
        out += ' ';
        pattern(c.as<CreateClause>().pattern);
        break;
      case ClauseKind::kMerge: {
        const auto& merge = c.as<MergeClause>();
        out += ' ';
        patternPart(merge.pattern);
        for (const MergeAction& action : merge.actions) {
          out += action.onMatch ? " (on-match" : " (on-create";
          for (const SetItem& item : action.items) setItem(item);
          out += ')';
        }
        break;
      }
      case ClauseKind::kSet:
        for (const SetItem& item : c.as<SetClause>().items) setItem(item);
        break;
      case ClauseKind::kRemove:
        for (const RemoveItem& item : c.as<RemoveClause>().items) {
          out += ' ';
          if (item.kind == RemoveItemKind::kProperty) {
            expression(item.target.get());
          } else {
            out += "(remove-labels ";
            appendName(out, item.variable);
            labels(item.labels);
            out += ')';
          }
        }
        break;
      case ClauseKind::kDelete: {
        const auto& del = c.as<DeleteClause>();
        if (del.detach) out += " detach";
        for (const auto& target : del.targets) {
          out += ' ';
          expression(target.get());
        }
        break;
      }
      case ClauseKind::kForeach: {
        const auto& foreach = c.as<ForeachClause>();
        out += ' ';
        appendName(out, foreach.variable);
        out += ' ';
        expression(foreach.list.get());
        for (const auto& inner : foreach.clauses) {
          out += ' ';
          clause(*inner);
        }
        break;
      }
    }
    out += ')';
  }

  void singleQuery(const SingleQuery& q) {
    out += "(query";
    for (const auto& c : q.clauses) {
      out += ' ';
      clause(*c);
    }
    out += ')';
  }

  // UNION folds to the left: A UNION B UNION ALL C prints (union-all (union A B) C).
  void query(const Query& q) {
    for (size_t i = q.parts.size() - 1; i > 0; --i) {
      out += q.unionAll[i - 1] ? "(union-all " : "(union ";
    }
    singleQuery(q.parts[0]);
    for (size_t i = 1; i < q.parts.size(); ++i) {
      out += ' ';
      singleQuery(q.parts[i]);
      out += ')';
    }
  }
};

}  // namespace

std::string toSExpression(const Expression& expression) {
  Printer printer;
  printer.expression(&expression);
  return std::move(printer.out);
}

std::string toSExpression(const PatternPart& part) {
  Printer printer;
  printer.patternPart(part);
  return std::move(printer.out);
}

std::string toSExpression(const Pattern& pattern) {
  Printer printer;
  printer.pattern(pattern);
  return std::move(printer.out);
}

std::string toSExpression(const Clause& clause) {
  Printer printer;
  printer.clause(clause);
  return std::move(printer.out);
}

std::string toSExpression(const Query& query) {
  Printer printer;
  printer.query(query);
  return std::move(printer.out);
}

std::string toSExpression(const Statement& statement) {
  Printer printer;
  if (statement.mode == StatementMode::kExplain) printer.out += "(explain ";
  if (statement.mode == StatementMode::kProfile) printer.out += "(profile ";
  printer.query(statement.query);
  if (statement.mode != StatementMode::kNormal) printer.out += ')';
  return std::move(printer.out);
}

}  // namespace cairn::cypher::ast
