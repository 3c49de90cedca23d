#include "query/exec/left_join.h"

namespace cairn::query {

LeftJoin::LeftJoin(ExecContext& ctx, OperatorPtr left, OperatorPtr right,
                   const std::vector<Expr>& filters, const GraphScope& scope)
    : Operator(ctx, "LeftJoin", joinedVariables(*left, *right)),
      left_(std::move(left)),
      right_(std::move(right)),
      scope_(scope),
      table_(ctx, "LeftJoin", columnsOf(*right_, sharedVariables(*left_, *right_))),
      row_(ctx, variables(), scope_) {
  auto shared = sharedVariables(*left_, *right_);
  leftKeys_ = columnsOf(*left_, shared);
  for (const auto& v : right_->variables()) rightToOut_.push_back(column(v));
  key_.resize(shared.size());
  std::string text;
  for (const Expr& f : filters) {
    filters_.push_back(compileFor(f, variables()));
    text += (text.empty() ? "" : " && ") + toString(f);
  }
  addDetail("algorithm", "hash");
  if (!text.empty()) addDetail("filter", text);
}

// Evaluates the filter over the row appended (but not yet counted) at out.rows.
bool LeftJoin::filterHolds(Batch& out) {
  if (filters_.empty()) return true;
  row_.bind(out, out.rows);
  for (const auto& f : filters_) {
    auto v = f.evaluateCondition(row_, ctx_.functions());
    if (!v || !*v) return false;
  }
  return true;
}

bool LeftJoin::produce(Batch& out) {
  if (!built_) {
    table_.build(*right_);
    built_ = true;
  }
  const size_t leftWidth = left_->variables().size();
  auto pushLeft = [&] {
    for (size_t c = 0; c < leftWidth; ++c) out.columns[c].push_back(in_.columns[c][inRow_]);
    for (size_t c = leftWidth; c < out.columns.size(); ++c) out.columns[c].push_back({});
  };
  auto popRow = [&] {
    for (auto& c : out.columns) c.pop_back();
  };
  while (out.rows < ctx_.batchRows()) {
    if (!haveRow_) {
      if (inRow_ >= in_.rows) {
        if (inputDone_ || !left_->next(in_)) {
          inputDone_ = true;
          return false;
        }
        inRow_ = 0;
      }
      for (size_t k = 0; k < leftKeys_.size(); ++k) key_[k] = in_.columns[leftKeys_[k]][inRow_];
      table_.candidates(key_, candidates_);
      candidate_ = 0;
      matched_ = false;
      haveRow_ = true;
    }
    for (; candidate_ < candidates_.size() && out.rows < ctx_.batchRows(); ++candidate_) {
      size_t b = candidates_[candidate_];
      if (!table_.compatible(b, key_)) continue;
      pushLeft();
      const auto row = table_.row(b);
      for (size_t c = 0; c < row.size(); ++c) {
        ValueId& cell = out.columns[rightToOut_[c]].back();
        if (!cell.isBound()) cell = row[c];
      }
      if (filterHolds(out)) {
        ++out.rows;
        matched_ = true;
      } else {
        popRow();
      }
    }
    if (candidate_ >= candidates_.size()) {
      if (!matched_) {
        if (out.rows >= ctx_.batchRows()) return true;
        pushLeft();
        ++out.rows;
      }
      haveRow_ = false;
      ++inRow_;
    }
  }
  return true;
}

}  // namespace cairn::query
