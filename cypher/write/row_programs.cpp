#include "cypher/write/row_programs.h"

#include <algorithm>

#include "core/error.h"
#include "cypher/translate/expression_translator.h"

namespace cairn::cypher {

int RowPrograms::slotOf(std::string_view name) const {
  auto it = std::find(scope_.begin(), scope_.end(), name);
  return it == scope_.end() ? -1 : static_cast<int>(it - scope_.begin());
}

query::value::ValueProgram RowPrograms::compile(const ast::Expression& e) const {
  const query::Expr expr = translateExpression(e);
  for (const std::string& name : query::referencedVariables(expr)) {
    if (slotOf(name) < 0) {
      throw core::Error(core::ErrorCode::kSyntaxError, "UndefinedVariable",
                        "variable `" + name + "` not defined", e.position.line, e.position.column);
    }
  }
  return query::value::ValueProgram::compile(expr,
                                             [this](std::string_view n) { return slotOf(n); });
}

query::value::ValueProgram RowPrograms::variable(const std::string& name) const {
  return query::value::ValueProgram::compile(query::Expr::makeVariable(name),
                                             [this](std::string_view n) { return slotOf(n); });
}

std::vector<query::value::Value> RowPrograms::values(const BoundVariables& row) const {
  std::vector<query::value::Value> out;
  out.reserve(scope_.size());
  for (const std::string& name : scope_) {
    auto it = row.find(name);
    out.push_back(it == row.end() ? query::value::Value() : it->second);
  }
  return out;
}

}  // namespace cairn::cypher
