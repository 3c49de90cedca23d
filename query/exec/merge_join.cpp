#include "query/exec/merge_join.h"

#include "query/exec/join_table.h"

namespace cairn::query {

MergeJoin::MergeJoin(ExecContext& ctx, OperatorPtr left, OperatorPtr right,
                     const std::string& variable)
    : Operator(ctx, "MergeJoin", joinedVariables(*left, *right)),
      left_(std::move(left)),
      right_(std::move(right)) {
  leftKey_ = left_->column(variable);
  rightKey_ = right_->column(variable);
  rightWidth_ = right_->variables().size();
  for (const auto& v : right_->variables()) {
    rightToOut_.push_back(v == variable ? -1 : column(v));
  }
  addDetail("algorithm", "merge (both inputs in ?" + variable + " order)");
  addDetail("keys", "?" + variable);
}

bool MergeJoin::leftRow() {
  while (leftRow_ >= leftBatch_.rows) {
    if (leftDone_ || !left_->next(leftBatch_)) {
      leftDone_ = true;
      return false;
    }
    leftRow_ = 0;
  }
  return true;
}

bool MergeJoin::loadGroup(uint64_t key) {
  charge(-groupCharged_);
  groupCharged_ = 0;
  group_.clear();
  haveGroup_ = false;
  while (true) {
    if (rightRow_ >= rightBatch_.rows) {
      if (rightDone_ || !right_->next(rightBatch_)) {
        rightDone_ = true;
        return haveGroup_;
      }
      rightRow_ = 0;
    }
    const auto& keys = rightBatch_.columns[rightKey_];
    for (; rightRow_ < rightBatch_.rows; ++rightRow_) {
      const uint64_t k = keys[rightRow_].key;
      if (!haveGroup_) {
        if (k < key) continue;
        groupKey_ = k;
        haveGroup_ = true;
      } else if (k != groupKey_) {
        return true;  // the group is complete: the next key begins here
      }
      for (size_t c = 0; c < rightWidth_; ++c) group_.push_back(rightBatch_.columns[c][rightRow_]);
      groupCharged_ += static_cast<int64_t>(rightWidth_ * sizeof(ValueId));
      charge(static_cast<int64_t>(rightWidth_ * sizeof(ValueId)));
    }
  }
}

bool MergeJoin::produce(Batch& out) {
  const size_t leftWidth = left_->variables().size();
  while (out.rows < ctx_.batchRows()) {
    if (!leftRow()) return false;
    const uint64_t key = leftBatch_.columns[leftKey_][leftRow_].key;
    // The group behind: move the right input up to this key (or past it); when it has no
    // rows left, no later left row can match.
    if ((!haveGroup_ || groupKey_ < key) && !loadGroup(key)) return false;
    if (groupKey_ != key) {  // the group is ahead: this left row has no match
      ++leftRow_;
      pairNext_ = 0;
      continue;
    }
    const size_t groupRows = group_.size() / rightWidth_;
    for (; pairNext_ < groupRows && out.rows < ctx_.batchRows(); ++pairNext_) {
      for (size_t c = 0; c < leftWidth; ++c) {
        out.columns[c].push_back(leftBatch_.columns[c][leftRow_]);
      }
      for (size_t c = leftWidth; c < out.columns.size(); ++c) out.columns[c].push_back({});
      const ValueId* row = group_.data() + pairNext_ * rightWidth_;
      for (size_t c = 0; c < rightWidth_; ++c) {
        if (rightToOut_[c] >= 0) out.columns[rightToOut_[c]].back() = row[c];
      }
      ++out.rows;
    }
    if (pairNext_ >= groupRows) {
      ++leftRow_;
      pairNext_ = 0;
    }
  }
  return true;
}

}  // namespace cairn::query
