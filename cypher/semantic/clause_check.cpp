#include "cypher/semantic/clause_check.h"

#include "cypher/semantic/expression_check.h"
#include "cypher/semantic/pattern_check.h"
#include "cypher/semantic/projection_check.h"
#include "cypher/semantic/semantic_error.h"
#include "cypher/semantic/type_rules.h"

namespace cairn::cypher::semantic {

namespace {

using ast::ClauseKind;
using ast::ExprKind;

// Binds a variable a clause introduces (UNWIND, YIELD): it must be new.
void bindNew(const std::string& name, StaticType type, Scope& scope, ast::SourcePosition position) {
  if (scope.contains(name)) {
    raise("VariableAlreadyBound", "variable " + quoted(name) + " is already bound", position);
  }
  scope.bind(name, type, position);
}

void requireBound(const std::string& name, const Scope& scope, ast::SourcePosition position) {
  if (!scope.contains(name)) {
    raise("UndefinedVariable", "variable " + quoted(name) + " not defined", position);
  }
}

void checkSetItems(const std::vector<ast::SetItem>& items, const Scope& scope) {
  for (const auto& item : items) {
    switch (item.kind) {
      case ast::SetItemKind::kProperty:
      case ast::SetItemKind::kReplaceProperties:
      case ast::SetItemKind::kMergeProperties:
        checkExpression(*item.target, scope);
        checkOptionalExpression(item.value.get(), scope);
        break;
      case ast::SetItemKind::kLabels:
        requireBound(item.variable, scope, item.position);
        break;
    }
  }
}

void checkCall(const ast::CallClause& call, Scope& scope) {
  for (const auto& argument : call.arguments) checkExpression(*argument, scope);
  for (const auto& item : call.yieldItems) {
    bindNew(item.alias.empty() ? item.field : item.alias, StaticType::any(), scope, item.position);
  }
  checkPredicate(call.where.get(), scope);
}

void checkDelete(const ast::DeleteClause& clause, const Scope& scope) {
  for (const auto& target : clause.targets) {
    if (target->kind == ExprKind::kHasLabels) {
      raise("InvalidDelete", "DELETE removes nodes, relationships and paths; use REMOVE for labels",
            target->position);
    }
    const StaticType type = checkExpression(*target, scope);
    requireArgument(type, kNodeBit | kRelationshipBit | kPathBit | kListBit, "the target of DELETE",
                    target->position);
  }
}

}  // namespace

void checkClause(const ast::Clause& clause, Scope& scope, std::vector<std::string>& columns) {
  switch (clause.kind()) {
    case ClauseKind::kMatch: {
      const auto& match = clause.as<ast::MatchClause>();
      bindPattern(match.pattern, PatternUse::kMatch, scope);
      checkPredicate(match.where.get(), scope);
      return;
    }
    case ClauseKind::kUnwind: {
      const auto& unwind = clause.as<ast::UnwindClause>();
      const StaticType list = checkExpression(*unwind.list, scope);
      bindNew(unwind.variable, list.element(), scope, clause.position());
      return;
    }
    case ClauseKind::kWith: {
      const auto& with = clause.as<ast::WithClause>();
      scope = checkProjection(with.body, with.where.get(), true, scope, clause.position()).scope;
      return;
    }
    case ClauseKind::kReturn: {
      Projection projection = checkProjection(clause.as<ast::ReturnClause>().body, nullptr, false,
                                              scope, clause.position());
      columns = std::move(projection.columns);
      scope = std::move(projection.scope);
      return;
    }
    case ClauseKind::kCall:
      checkCall(clause.as<ast::CallClause>(), scope);
      return;
    case ClauseKind::kCreate:
      bindPattern(clause.as<ast::CreateClause>().pattern, PatternUse::kCreate, scope);
      return;
    case ClauseKind::kMerge: {
      const auto& merge = clause.as<ast::MergeClause>();
      bindPatternPart(merge.pattern, PatternUse::kMerge, scope);
      for (const auto& action : merge.actions) checkSetItems(action.items, scope);
      return;
    }
    case ClauseKind::kSet:
      checkSetItems(clause.as<ast::SetClause>().items, scope);
      return;
    case ClauseKind::kRemove:
      for (const auto& item : clause.as<ast::RemoveClause>().items) {
        if (item.kind == ast::RemoveItemKind::kLabels) {
          requireBound(item.variable, scope, item.position);
        } else {
          checkExpression(*item.target, scope);
        }
      }
      return;
    case ClauseKind::kDelete:
      checkDelete(clause.as<ast::DeleteClause>(), scope);
      return;
    case ClauseKind::kForeach: {
      const auto& foreach = clause.as<ast::ForeachClause>();
      const StaticType list = checkExpression(*foreach.list, scope);
      // The variable and what the inner clauses bind stay inside FOREACH.
      Scope inner = scope;
      inner.bind(foreach.variable, list.element(), clause.position());
      std::vector<std::string> ignored;
      for (const auto& nested : foreach.clauses) checkClause(*nested, inner, ignored);
      return;
    }
  }
}

}  // namespace cairn::cypher::semantic
