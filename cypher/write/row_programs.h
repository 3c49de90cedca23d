#pragma once
// RowPrograms: the expressions of an updating clause compiled against the variables bound before
// it, and a row's values in the order those programs read them. Shared by SET, REMOVE, DELETE
// and MERGE.

#include <map>
#include <string>
#include <vector>

#include "cypher/ast/expression.h"
#include "query/value/value.h"
#include "query/value/value_program.h"

namespace cairn::cypher {

// One input row: the values of the variables bound so far, by name.
using BoundVariables = std::map<std::string, query::value::Value, std::less<>>;

class RowPrograms {
 public:
  explicit RowPrograms(std::vector<std::string> scope) : scope_(std::move(scope)) {}

  const std::vector<std::string>& scope() const { return scope_; }

  // Throws core::Error kSyntaxError "UndefinedVariable" when `e` reads a variable not in scope.
  query::value::ValueProgram compile(const ast::Expression& e) const;
  // The program reading variable `name` (in scope).
  query::value::ValueProgram variable(const std::string& name) const;
  // The row's values in scope order (null where it binds none).
  std::vector<query::value::Value> values(const BoundVariables& row) const;

 private:
  int slotOf(std::string_view name) const;

  std::vector<std::string> scope_;
};

}  // namespace cairn::cypher
