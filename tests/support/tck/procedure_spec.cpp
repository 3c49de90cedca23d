#include "tests/support/tck/procedure_spec.h"

#include <regex>
#include <stdexcept>

namespace cairn::tck {

namespace {

// "name :: TYPE, name :: TYPE" (empty for "()").
std::vector<ProcedureField> parseProcedureFields(const std::string& text) {
  std::vector<ProcedureField> fields;
  static const std::regex kField(R"(^\s*(\w+)\s*::\s*(\w+\??)\s*$)");
  if (text.find_first_not_of(" \t") == std::string::npos) return fields;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    const std::string part = text.substr(start, comma - start);
    std::smatch match;
    if (!std::regex_match(part, match, kField)) {
      throw std::invalid_argument("malformed procedure field \"" + part + "\"");
    }
    fields.push_back({match[1].str(), match[2].str()});
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return fields;
}

}  // namespace

ProcedureSpec procedureFromStep(const Step& step) {
  static const std::regex kSignature(R"(^([\w.]+)\s*\((.*)\)\s*::\s*\((.*)\)$)");
  std::smatch match;
  if (!std::regex_match(step.procedureSignature, match, kSignature)) {
    throw std::invalid_argument("malformed procedure signature \"" + step.procedureSignature +
                                "\"");
  }
  ProcedureSpec spec;
  spec.name = match[1].str();
  spec.inputs = parseProcedureFields(match[2].str());
  spec.outputs = parseProcedureFields(match[3].str());
  std::vector<std::string> expectedHeader;
  for (const auto& field : spec.inputs) expectedHeader.push_back(field.name);
  for (const auto& field : spec.outputs) expectedHeader.push_back(field.name);
  if (step.table.empty() || step.table.front() != expectedHeader) {
    throw std::invalid_argument("procedure table header does not list the inputs then outputs of " +
                                spec.name);
  }
  for (size_t r = 1; r < step.table.size(); ++r) {
    if (step.table[r].size() != expectedHeader.size()) {
      throw std::invalid_argument("procedure table row of the wrong width");
    }
    std::vector<TckValue> row;
    for (const std::string& cell : step.table[r]) row.push_back(parseTckValue(cell));
    spec.rows.push_back(std::move(row));
  }
  return spec;
}

}  // namespace cairn::tck
