#include "query/exec/outer_row.h"

#include "core/check.h"

namespace cairn::query {

OuterRow::OuterRow(ExecContext& ctx, std::vector<std::string> variables)
    : Operator(ctx, "OuterRow", std::move(variables)), row_(this->variables().size()) {
  setEstimatedRows(1);
  std::string text;
  for (const auto& v : this->variables()) text += (text.empty() ? "?" : " ?") + v;
  if (!text.empty()) addDetail("variables", text);
}

void OuterRow::set(ValueRow row) {
  CAIRN_CHECK(row.size() == variables().size(), "an outer row of the wrong width");
  row_ = std::move(row);
}

bool OuterRow::produce(Batch& out) {
  if (!produced_) out.appendRow(row_);
  produced_ = true;
  return false;
}

}  // namespace cairn::query
