#include "query/exec/project.h"

namespace cairn::query {

Project::Project(ExecContext& ctx, OperatorPtr input, std::vector<std::string> variables)
    : Operator(ctx, "Project", std::move(variables)), input_(std::move(input)) {
  std::string text;
  for (const auto& v : this->variables()) {
    map_.push_back(input_->column(v));
    text += (text.empty() ? "?" : " ?") + v;
  }
  addDetail("variables", text);
}

bool Project::produce(Batch& out) {
  if (!input_->next(in_)) return false;
  for (size_t c = 0; c < map_.size(); ++c) {
    if (map_[c] >= 0) {
      out.columns[c] = in_.columns[map_[c]];
    } else {
      out.columns[c].assign(in_.rows, ValueId{});
    }
  }
  out.rows = in_.rows;
  return true;
}

}  // namespace cairn::query
