#include "query/exec/values.h"

namespace cairn::query {

Values::Values(ExecContext& ctx, std::vector<std::string> variables, std::vector<ValueRow> rows,
               std::string name)
    : Operator(ctx, std::move(name), std::move(variables)), rows_(std::move(rows)) {
  setEstimatedRows(static_cast<double>(rows_.size()));
  addDetail("rows", std::to_string(rows_.size()));
}

bool Values::produce(Batch& out) {
  while (next_ < rows_.size() && out.rows < ctx_.batchRows()) out.appendRow(rows_[next_++]);
  return next_ < rows_.size();
}

}  // namespace cairn::query
