#include "query/exec/union_all.h"

namespace cairn::query {

namespace {
std::vector<std::string> unionVariables(const Operator& a, const Operator& b) {
  std::vector<std::string> out = a.variables();
  for (const auto& v : b.variables()) {
    if (a.column(v) < 0) out.push_back(v);
  }
  return out;
}
}  // namespace

UnionAll::UnionAll(ExecContext& ctx, OperatorPtr left, OperatorPtr right)
    : Operator(ctx, "Union", unionVariables(*left, *right)),
      left_(std::move(left)),
      right_(std::move(right)) {
  for (const auto& v : variables()) {
    leftMap_.push_back(left_->column(v));
    rightMap_.push_back(right_->column(v));
  }
}

bool UnionAll::produce(Batch& out) {
  Operator* input = leftDone_ ? right_.get() : left_.get();
  const auto& map = leftDone_ ? rightMap_ : leftMap_;
  if (!input->next(in_)) {
    if (leftDone_) return false;
    leftDone_ = true;
    return true;
  }
  for (size_t c = 0; c < map.size(); ++c) {
    if (map[c] >= 0) {
      out.columns[c] = in_.columns[map[c]];
    } else {
      out.columns[c].assign(in_.rows, ValueId{});
    }
  }
  out.rows = in_.rows;
  return true;
}

}  // namespace cairn::query
