#pragma once
// Clauses of openCypher's AST. Each clause is its own struct deriving from Clause, whose kind
// says which one it is: a pass switches on kind() and uses as<T>() to reach the fields.

#include <memory>
#include <string>
#include <vector>

#include "core/check.h"
#include "cypher/ast/expression.h"
#include "cypher/ast/pattern.h"

namespace cairn::cypher::ast {

enum class ClauseKind {
  kMatch,
  kUnwind,
  kWith,
  kReturn,
  kCall,
  kCreate,
  kMerge,
  kSet,
  kRemove,
  kDelete,
  kForeach,
};

std::string_view clauseKindName(ClauseKind kind);
// Whether a clause of this kind changes the graph (CREATE, MERGE, SET, REMOVE, DELETE, FOREACH).
bool isUpdatingClause(ClauseKind kind);

class Clause {
 public:
  Clause(ClauseKind kind, SourcePosition position) : kind_(kind), position_(position) {}
  virtual ~Clause() = default;
  Clause(const Clause&) = delete;
  Clause& operator=(const Clause&) = delete;

  ClauseKind kind() const { return kind_; }
  SourcePosition position() const { return position_; }

  // The clause as its concrete type; T::kKind must equal kind() (checked).
  template <typename T>
  const T& as() const {
    CAIRN_CHECK(T::kKind == kind_, "clause read as another kind");
    return static_cast<const T&>(*this);
  }
  template <typename T>
  T& as() {
    CAIRN_CHECK(T::kKind == kind_, "clause read as another kind");
    return static_cast<T&>(*this);
  }

 private:
  ClauseKind kind_;
  SourcePosition position_;
};

using ClausePtr = std::unique_ptr<Clause>;

struct MatchClause : Clause {
  static constexpr ClauseKind kKind = ClauseKind::kMatch;
  explicit MatchClause(SourcePosition position) : Clause(kKind, position) {}
  bool optional = false;
  Pattern pattern;
  ExpressionPtr where;  // null when absent
};

struct UnwindClause : Clause {
  static constexpr ClauseKind kKind = ClauseKind::kUnwind;
  explicit UnwindClause(SourcePosition position) : Clause(kKind, position) {}
  ExpressionPtr list;
  std::string variable;
};

struct ProjectionItem {
  SourcePosition position;
  ExpressionPtr expression;
  std::string alias;  // empty without AS
  // The expression's source text exactly as written: the column name of an unaliased item.
  std::string text;
};

struct SortItem {
  ExpressionPtr expression;
  bool descending = false;
};

// What WITH and RETURN share.
struct ProjectionBody {
  bool distinct = false;
  bool star = false;  // `*`, possibly followed by more items
  std::vector<ProjectionItem> items;
  std::vector<SortItem> orderBy;
  ExpressionPtr skip;   // null when absent
  ExpressionPtr limit;  // null when absent
};

struct WithClause : Clause {
  static constexpr ClauseKind kKind = ClauseKind::kWith;
  explicit WithClause(SourcePosition position) : Clause(kKind, position) {}
  ProjectionBody body;
  ExpressionPtr where;  // null when absent
};

struct ReturnClause : Clause {
  static constexpr ClauseKind kKind = ClauseKind::kReturn;
  explicit ReturnClause(SourcePosition position) : Clause(kKind, position) {}
  ProjectionBody body;
};

struct YieldItem {
  SourcePosition position;
  std::string field;  // the procedure's output name
  std::string alias;  // empty without AS
};

struct CallClause : Clause {
  static constexpr ClauseKind kKind = ClauseKind::kCall;
  explicit CallClause(SourcePosition position) : Clause(kKind, position) {}
  std::string procedure;  // qualified name as written: "test.my.proc"
  // False for `CALL proc` without parentheses: the arguments then come from the parameters.
  bool explicitArguments = false;
  std::vector<ExpressionPtr> arguments;
  bool yieldStar = false;  // YIELD * (standalone calls only)
  bool hasYield = false;   // a YIELD clause was written
  std::vector<YieldItem> yieldItems;
  ExpressionPtr where;  // YIELD ... WHERE, null when absent
};

struct CreateClause : Clause {
  static constexpr ClauseKind kKind = ClauseKind::kCreate;
  explicit CreateClause(SourcePosition position) : Clause(kKind, position) {}
  Pattern pattern;
};

enum class SetItemKind {
  kProperty,           // target (a kProperty expression) = value
  kReplaceProperties,  // n = map: target is a kVariable
  kMergeProperties,    // n += map
  kLabels,             // n:A:B: variable and labels
};

struct SetItem {
  SourcePosition position;
  SetItemKind kind = SetItemKind::kProperty;
  ExpressionPtr target;
  ExpressionPtr value;
  std::string variable;             // kLabels
  std::vector<std::string> labels;  // kLabels
};

struct SetClause : Clause {
  static constexpr ClauseKind kKind = ClauseKind::kSet;
  explicit SetClause(SourcePosition position) : Clause(kKind, position) {}
  std::vector<SetItem> items;
};

struct MergeAction {
  SourcePosition position;
  bool onMatch = false;  // ON MATCH SET, else ON CREATE SET
  std::vector<SetItem> items;
};

struct MergeClause : Clause {
  static constexpr ClauseKind kKind = ClauseKind::kMerge;
  explicit MergeClause(SourcePosition position) : Clause(kKind, position) {}
  PatternPart pattern;
  std::vector<MergeAction> actions;  // in written order
};

enum class RemoveItemKind { kProperty, kLabels };

struct RemoveItem {
  SourcePosition position;
  RemoveItemKind kind = RemoveItemKind::kProperty;
  ExpressionPtr target;             // kProperty: a kProperty expression
  std::string variable;             // kLabels
  std::vector<std::string> labels;  // kLabels
};

struct RemoveClause : Clause {
  static constexpr ClauseKind kKind = ClauseKind::kRemove;
  explicit RemoveClause(SourcePosition position) : Clause(kKind, position) {}
  std::vector<RemoveItem> items;
};

struct DeleteClause : Clause {
  static constexpr ClauseKind kKind = ClauseKind::kDelete;
  explicit DeleteClause(SourcePosition position) : Clause(kKind, position) {}
  bool detach = false;
  std::vector<ExpressionPtr> targets;
};

struct ForeachClause : Clause {
  static constexpr ClauseKind kKind = ClauseKind::kForeach;
  explicit ForeachClause(SourcePosition position) : Clause(kKind, position) {}
  std::string variable;
  ExpressionPtr list;
  std::vector<ClausePtr> clauses;  // updating clauses only
};

}  // namespace cairn::cypher::ast
