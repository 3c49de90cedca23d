#include "cypher/ast/clause.h"

namespace cairn::cypher::ast {

std::string_view clauseKindName(ClauseKind kind) {
  switch (kind) {
    case ClauseKind::kMatch:
      return "match";
    case ClauseKind::kUnwind:
      return "unwind";
    case ClauseKind::kWith:
      return "with";
    case ClauseKind::kReturn:
      return "return";
    case ClauseKind::kCall:
      return "call";
    case ClauseKind::kCreate:
      return "create";
    case ClauseKind::kMerge:
      return "merge";
    case ClauseKind::kSet:
      return "set";
    case ClauseKind::kRemove:
      return "remove";
    case ClauseKind::kDelete:
      return "delete";
    case ClauseKind::kForeach:
      return "foreach";
  }
  return "?";
}

bool isUpdatingClause(ClauseKind kind) {
  switch (kind) {
    case ClauseKind::kCreate:
    case ClauseKind::kMerge:
    case ClauseKind::kSet:
    case ClauseKind::kRemove:
    case ClauseKind::kDelete:
    case ClauseKind::kForeach:
      return true;
    default:
      return false;
  }
}

}  // namespace cairn::cypher::ast
