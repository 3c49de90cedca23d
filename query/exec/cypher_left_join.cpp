#include "query/exec/cypher_left_join.h"

#include <algorithm>
#include <unordered_set>

#include "core/check.h"
#include "query/exec/cypher_runtime.h"
#include "query/exec/values.h"

namespace cairn::query {

namespace {

std::vector<std::string> leftThenRight(const Operator& left,
                                       const std::vector<std::string>& right) {
  std::vector<std::string> out = left.variables();
  for (const auto& v : right) {
    if (left.column(v) < 0 && std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  }
  return out;
}

std::string joinedNames(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace

CypherLeftJoin::CypherLeftJoin(ExecContext& ctx, OperatorPtr left,
                               std::vector<std::string> rightVariables, RightFactory right,
                               std::vector<std::string> seedVariables,
                               const std::vector<Expr>& conditions)
    : Operator(ctx, "CypherLeftJoin", leftThenRight(*left, rightVariables)),
      left_(std::move(left)),
      factory_(std::move(right)),
      seedVariables_(std::move(seedVariables)),
      runtime_(*ctx.cypher()),
      row_(runtime_) {
  for (const auto& v : rightVariables) {
    if (left_->column(v) >= 0) shared_.push_back(v);
  }
  leftKeys_ = columnsOf(*left_, shared_);
  key_.resize(shared_.size());
  std::string text;
  for (const Expr& c : conditions) {
    conditions_.push_back(compileCypher(c, variables()));
    text += (text.empty() ? "" : " AND ") + toString(c);
  }
  if (seedVariables_.empty()) {
    right_ = factory_(ctx_, nullptr);
    addDetail("algorithm", "hash");
  } else {
    // Shown: the right side as planned over no keys, after a run the last batch's.
    right_ = factory_(
        ctx_, std::make_unique<Values>(ctx_, seedVariables_, std::vector<ValueRow>{}, "BatchKeys"));
    addDetail("algorithm", "per left batch: the pattern matched from the batch's " +
                               joinedNames(seedVariables_) + " (right side as of the last batch)");
  }
  if (!shared_.empty()) addDetail("keys", joinedNames(shared_));
  if (!text.empty()) addDetail("condition", text);
}

std::vector<const Operator*> CypherLeftJoin::inputs() const { return {left_.get(), right_.get()}; }

void CypherLeftJoin::buildRight() {
  if (!seedVariables_.empty()) {
    // The batch's distinct key rows; a null key matches nothing, so it is not looked for.
    const std::vector<int> columns = columnsOf(*left_, seedVariables_);
    std::unordered_set<ValueRow, ValueRowHash> seen;
    std::vector<ValueRow> keys;
    for (size_t r = 0; r < in_.rows; ++r) {
      ValueRow key(columns.size());
      bool complete = true;
      for (size_t k = 0; k < columns.size(); ++k) {
        key[k] = in_.columns[columns[k]][r];
        complete = complete && key[k].isBound();
      }
      if (complete && seen.insert(key).second) keys.push_back(std::move(key));
    }
    const double rows = static_cast<double>(keys.size());
    auto values = std::make_unique<Values>(ctx_, seedVariables_, std::move(keys), "BatchKeys");
    values->setEstimatedRows(rows);
    right_.reset();  // the previous batch's
    right_ = factory_(ctx_, std::move(values));
  }
  Operator& right = *right_;
  tableKeys_ = columnsOf(right, shared_);
  for (int c : tableKeys_) CAIRN_CHECK(c >= 0, "the right side of a left join binds its keys");
  rightToOut_.clear();
  for (const auto& v : right.variables()) {
    rightToOut_.push_back(left_->column(v) >= 0 ? -1 : column(v));
  }
  table_.reset();  // release the previous batch's rows first
  table_ = std::make_unique<JoinTable>(ctx_, name(), tableKeys_);
  table_->build(right);
}

bool CypherLeftJoin::matches(size_t i) const {
  const auto row = table_->row(i);
  for (size_t k = 0; k < tableKeys_.size(); ++k) {
    const ValueId& v = row[tableKeys_[k]];
    if (!v.isBound() || v != key_[k]) return false;
  }
  return true;
}

bool CypherLeftJoin::conditionsHold(const Batch& out) {
  if (conditions_.empty()) return true;
  row_.bind(out, out.rows);
  for (const auto& c : conditions_) {
    if (!c.evaluatePredicate(row_, runtime_.eval())) return false;
  }
  return true;
}

bool CypherLeftJoin::produce(Batch& out) {
  const size_t leftWidth = left_->variables().size();
  auto pushLeft = [&] {
    for (size_t c = 0; c < leftWidth; ++c) out.columns[c].push_back(in_.columns[c][inRow_]);
    for (size_t c = leftWidth; c < out.columns.size(); ++c) out.columns[c].push_back({});
  };
  while (out.rows < ctx_.batchRows()) {
    if (!haveRow_) {
      if (inRow_ >= in_.rows) {
        if (inputDone_ || !left_->next(in_)) {
          inputDone_ = true;
          table_.reset();
          return out.rows > 0;
        }
        inRow_ = 0;
        if (!table_ || !seedVariables_.empty()) buildRight();
      }
      nullKey_ = false;
      for (size_t k = 0; k < leftKeys_.size(); ++k) {
        key_[k] = in_.columns[leftKeys_[k]][inRow_];
        nullKey_ = nullKey_ || !key_[k].isBound();
      }
      if (nullKey_) {
        candidates_.clear();
      } else {
        table_->candidates(key_, candidates_);
      }
      candidate_ = 0;
      matched_ = false;
      haveRow_ = true;
    }
    for (; candidate_ < candidates_.size() && out.rows < ctx_.batchRows(); ++candidate_) {
      const size_t b = candidates_[candidate_];
      if (!matches(b)) continue;
      pushLeft();
      const auto row = table_->row(b);
      for (size_t c = 0; c < row.size(); ++c) {
        if (rightToOut_[c] >= 0) out.columns[rightToOut_[c]].back() = row[c];
      }
      if (conditionsHold(out)) {
        ++out.rows;
        matched_ = true;
      } else {
        for (auto& column : out.columns) column.pop_back();
      }
    }
    if (candidate_ < candidates_.size()) break;  // the batch is full
    if (!matched_) {
      if (out.rows >= ctx_.batchRows()) break;
      pushLeft();
      ++out.rows;
    }
    haveRow_ = false;
    ++inRow_;
  }
  return true;
}

}  // namespace cairn::query
