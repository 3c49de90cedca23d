#include "cypher/semantic/scope.h"

namespace cairn::cypher::semantic {

const Variable* Scope::find(std::string_view name) const {
  auto it = variables_.find(name);
  return it == variables_.end() ? nullptr : &it->second;
}

void Scope::bind(const std::string& name, StaticType type, ast::SourcePosition declared) {
  variables_[name] = Variable{type, declared};
}

std::vector<std::string> Scope::names() const {
  std::vector<std::string> out;
  out.reserve(variables_.size());
  for (const auto& [name, variable] : variables_) out.push_back(name);
  return out;
}

}  // namespace cairn::cypher::semantic
