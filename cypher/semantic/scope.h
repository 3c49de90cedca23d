#pragma once
// The variables visible at a point of a query, each with its static type: a node, relationship
// or path variable bound by a pattern has that entity's type, a value variable the type of the
// expression that bound it. Clauses replace the scope as they bind (MATCH, UNWIND, CALL ...
// YIELD) or project (WITH, RETURN); expressions that introduce local variables (list
// comprehensions, quantifiers, reduce, pattern comprehensions) check their parts in a copy.

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "cypher/ast/expression.h"
#include "cypher/semantic/static_type.h"

namespace cairn::cypher::semantic {

struct Variable {
  StaticType type;
  ast::SourcePosition declared;
};

class Scope {
 public:
  // nullptr when `name` is not bound.
  const Variable* find(std::string_view name) const;
  bool contains(std::string_view name) const { return find(name) != nullptr; }
  // Binds `name`, replacing an earlier binding (shadowing in a local scope, or a projection).
  void bind(const std::string& name, StaticType type, ast::SourcePosition declared);
  bool empty() const { return variables_.empty(); }
  // The bound names in ascending order (the column order of RETURN *).
  std::vector<std::string> names() const;
  const std::map<std::string, Variable, std::less<>>& variables() const { return variables_; }

 private:
  std::map<std::string, Variable, std::less<>> variables_;
};

}  // namespace cairn::cypher::semantic
