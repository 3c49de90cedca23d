#pragma once
// RowFanOut: the input loop of operators that turn each input row into zero or more output rows,
// each the input row's values followed by up to two values of its own (an expansion's
// relationship and the node it reaches): Expand, ShortestPath, TrailEnds. The operator says what
// one input row yields (add()); RowFanOut pulls the input batches, asks row by row and copies the
// rows out a batch at a time, so the rows of one input row (a hub's relationships) may span
// output batches.

#include <array>
#include <vector>

#include "query/exec/operator.h"

namespace cairn::query {

class RowFanOut {
 public:
  // `ownColumns`: the output columns of a yielded row's first and second own value (-1: the
  // value is not output).
  explicit RowFanOut(std::array<int, 2> ownColumns = {-1, -1}) : ownColumns_(ownColumns) {}

  // The input row being asked about yields one output row with these own values.
  void add(ValueId first, ValueId second = {}) { pending_.push_back({row_, {first, second}}); }

  // Operator::produce for the operator: fills `out` with the rows that yield(batch, row) adds
  // for each row of `input`, in input order.
  template <typename Yield>
  bool produce(Operator& input, size_t batchRows, Batch& out, Yield&& yield) {
    while (out.rows < batchRows) {
      if (pendingPos_ < pending_.size()) {
        const Pending& p = pending_[pendingPos_++];
        for (size_t c = 0; c < in_.columns.size(); ++c) {
          out.columns[c].push_back(in_.columns[c][p.row]);
        }
        for (size_t i = 0; i < ownColumns_.size(); ++i) {
          if (ownColumns_[i] >= 0) out.columns[ownColumns_[i]].push_back(p.own[i]);
        }
        ++out.rows;
        continue;
      }
      pending_.clear();
      pendingPos_ = 0;
      if (row_ < in_.rows) {
        yield(in_, row_);
        ++row_;
        continue;
      }
      if (inputDone_ || !input.next(in_)) {
        inputDone_ = true;
        return out.rows > 0;
      }
      row_ = 0;
    }
    return true;
  }

  // Starts over (the operator rewinds its input).
  void restart() {
    in_.reset(in_.columns.size());
    row_ = 0;
    inputDone_ = false;
    pending_.clear();
    pendingPos_ = 0;
  }

 private:
  struct Pending {
    size_t row = 0;
    std::array<ValueId, 2> own;
  };

  std::array<int, 2> ownColumns_;
  Batch in_;
  size_t row_ = 0;  // the input row being asked about, then the next one
  bool inputDone_ = false;
  std::vector<Pending> pending_;  // yielded rows not yet copied out
  size_t pendingPos_ = 0;
};

}  // namespace cairn::query
