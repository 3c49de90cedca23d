#include "query/exec/batched_left_join.h"

#include <unordered_set>

#include "query/exec/distinct.h"
#include "query/exec/left_join.h"
#include "query/exec/values.h"

namespace cairn::query {

namespace {
std::vector<std::string> joined(const Operator& left, const std::vector<std::string>& right) {
  std::vector<std::string> out = left.variables();
  for (const auto& v : right) {
    if (left.column(v) < 0) out.push_back(v);
  }
  return out;
}
}  // namespace

BatchedLeftJoin::BatchedLeftJoin(ExecContext& ctx, OperatorPtr left,
                                 std::vector<std::string> rightVariables, RightFactory right,
                                 const std::vector<Expr>& filters, const GraphScope& scope)
    : Operator(ctx, "BatchedLeftJoin", joined(*left, rightVariables)),
      left_(std::move(left)),
      right_(std::move(right)),
      filters_(filters),
      scope_(scope) {
  for (const auto& v : rightVariables) {
    if (left_->column(v) >= 0) shared_.push_back(v);
  }
  std::string keys;
  for (const auto& v : shared_) keys += (keys.empty() ? "?" : " ?") + v;
  addDetail("algorithm", "per left batch: right side probed with the batch's key values");
  if (!keys.empty()) addDetail("keys", keys);
  std::string text;
  for (const Expr& f : filters_) text += (text.empty() ? "" : " && ") + toString(f);
  if (!text.empty()) addDetail("filter", text);
}

bool BatchedLeftJoin::produce(Batch& out) {
  while (pendingRow_ >= pending_.rows) {
    if (!left_->next(in_)) return false;
    // The batch's distinct key rows (unbound values stay unbound: the BGP leaves them free).
    std::vector<int> keyColumns;
    for (const auto& v : shared_) keyColumns.push_back(left_->column(v));
    std::unordered_set<ValueRow, ValueRowHash> seen;
    std::vector<ValueRow> keyRows;
    for (size_t r = 0; r < in_.rows; ++r) {
      ValueRow key(keyColumns.size());
      for (size_t k = 0; k < keyColumns.size(); ++k) key[k] = in_.columns[keyColumns[k]][r];
      if (seen.insert(key).second) keyRows.push_back(std::move(key));
    }
    std::vector<ValueRow> leftRows;
    for (size_t r = 0; r < in_.rows; ++r) leftRows.push_back(in_.row(r));
    auto keys = std::make_unique<Values>(ctx_, shared_, std::move(keyRows), "BatchKeys");
    auto right = std::make_unique<Distinct>(ctx_, right_(ctx_, std::move(keys)));
    LeftJoin join(ctx_, std::make_unique<Values>(ctx_, left_->variables(), std::move(leftRows)),
                  std::move(right), filters_, scope_);
    pending_.reset(variables().size());
    pendingRow_ = 0;
    Batch part;
    std::vector<int> map;
    for (const auto& v : variables()) map.push_back(join.column(v));
    while (join.next(part)) {
      for (size_t r = 0; r < part.rows; ++r) {
        for (size_t c = 0; c < map.size(); ++c) {
          pending_.columns[c].push_back(map[c] >= 0 ? part.columns[map[c]][r] : ValueId{});
        }
        ++pending_.rows;
      }
    }
    charge(-pendingBytes_);
    pendingBytes_ = static_cast<int64_t>(pending_.rows * pending_.width() * sizeof(ValueId));
    charge(pendingBytes_);
  }
  while (pendingRow_ < pending_.rows && out.rows < ctx_.batchRows()) {
    out.appendFrom(pending_, pendingRow_++);
  }
  return true;
}

}  // namespace cairn::query
