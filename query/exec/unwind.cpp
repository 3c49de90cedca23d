#include "query/exec/unwind.h"

#include <algorithm>

#include "query/exec/cypher_runtime.h"

namespace cairn::query {

// Named, not anonymous: in unity batches this file shares a translation unit with others.
namespace unwind_detail {
std::vector<std::string> unwindVariables(std::vector<std::string> vars,
                                         const std::string& variable) {
  if (std::find(vars.begin(), vars.end(), variable) == vars.end()) vars.push_back(variable);
  return vars;
}
}  // namespace unwind_detail

Unwind::Unwind(ExecContext& ctx, OperatorPtr input, const std::string& variable, const Expr& list)
    : Operator(ctx, "Unwind", unwind_detail::unwindVariables(input->variables(), variable)),
      input_(std::move(input)),
      runtime_(*ctx.cypher()),
      list_(compileCypher(list, input_->variables())),
      target_(column(variable)),
      row_(runtime_) {
  addDetail("unwind", toString(list) + " AS " + variable);
}

void Unwind::releaseCurrent() {
  current_ = value::Value();
  position_ = length_ = 0;
  if (charged_ > 0) charge(-charged_);
  charged_ = 0;
}

bool Unwind::produce(Batch& out) {
  while (out.rows < ctx_.batchRows()) {
    if (position_ < length_) {
      const bool isList = current_.kind() == value::ValueKind::kList;
      const ValueId element = runtime_.toId(isList ? current_.asList()[position_] : current_);
      ++position_;
      for (size_t c = 0; c < out.columns.size(); ++c) {
        out.columns[c].push_back(static_cast<int>(c) == target_ ? element
                                                                : in_.columns[c][currentRow_]);
      }
      ++out.rows;
      continue;
    }
    releaseCurrent();
    if (nextRow_ >= in_.rows) {
      if (!input_->next(in_)) return false;
      nextRow_ = 0;
    }
    currentRow_ = nextRow_++;
    row_.bind(in_, currentRow_);
    current_ = list_.evaluate(row_, runtime_.eval());
    if (current_.isNull()) {
      length_ = 0;
    } else if (current_.kind() == value::ValueKind::kList) {
      length_ = current_.asList().size();
      charged_ = static_cast<int64_t>(valueBytes(current_));
      charge(charged_);
    } else {
      length_ = 1;
    }
  }
  return true;
}

}  // namespace cairn::query
