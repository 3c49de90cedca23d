#pragma once
// MergeJoin: the join of two inputs that both come sorted by one shared node variable — a
// star's patterns read from PSOT (or POST with a constant object), each in subject order — as a
// sorted merge: no hash table, no build side held whole, and the output keeps the order, so the
// star's next pattern merges again. For each key, the right input's rows of that key are held
// (one subject's values) and paired with each left row of the key.
//
// Both inputs must ascend by the variable's raw id (ValueId::key: PSOT's subject order, blank
// nodes after IRIs by their id's high bit) and always bind it; the variable must be the only one
// they share. The planner checks this (query/plan/bgp_planner.cpp).

#include <memory>
#include <string>

#include "query/exec/operator.h"

namespace cairn::query {

class MergeJoin final : public Operator {
 public:
  MergeJoin(ExecContext& ctx, OperatorPtr left, OperatorPtr right, const std::string& variable);

 protected:
  bool produce(Batch& out) override;
  std::vector<const Operator*> inputs() const override { return {left_.get(), right_.get()}; }

 private:
  // Whether the left input has a row at leftRow_ (reading the next batch when needed).
  bool leftRow();
  // Makes group_ the right rows of the smallest key >= `key`; false when none is left.
  bool loadGroup(uint64_t key);

  OperatorPtr left_;
  OperatorPtr right_;
  int leftKey_ = -1;
  int rightKey_ = -1;
  std::vector<int> rightToOut_;  // per right column: its output column, -1 for the key
  Batch leftBatch_;
  size_t leftRow_ = 0;
  bool leftDone_ = false;
  Batch rightBatch_;
  size_t rightRow_ = 0;
  bool rightDone_ = false;
  // The right rows of key groupKey_ (row-major, rightWidth_ values each).
  std::vector<ValueId> group_;
  uint64_t groupKey_ = 0;
  bool haveGroup_ = false;
  size_t rightWidth_ = 0;
  size_t pairNext_ = 0;  // the next group row to pair with the current left row
  int64_t groupCharged_ = 0;
};

}  // namespace cairn::query
